/**
 * Builds the MUI theme for each Airdeck colour theme (see shared/themes.ts).
 *
 * Components read the theme's extra colours (gradients, glow, surfaces) from
 * `theme.airdeck`, e.g. `sx={(t) => ({ backgroundImage: t.airdeck.gradient })}`.
 */
import { alpha, createTheme, type Theme } from '@mui/material/styles';
import { THEMES, type ThemeDefinition, type ThemeKey } from '../../../shared/themes';

/** Extra Airdeck colours exposed on the MUI theme as `theme.airdeck` (the full theme table entry). */
export type AirdeckThemeExtras = ThemeDefinition;

declare module '@mui/material/styles' {
  interface Theme {
    /** Airdeck theme colours beyond the MUI palette (gradients, glow, surfaces). */
    airdeck: AirdeckThemeExtras;
  }
  interface ThemeOptions {
    /** Airdeck theme colours beyond the MUI palette (gradients, glow, surfaces). */
    airdeck?: AirdeckThemeExtras;
  }
}

/** System font stack: no web font is downloaded. */
export const FONT_STACK = [
  'system-ui',
  '-apple-system',
  '"Segoe UI"',
  'Roboto',
  '"Helvetica Neue"',
  'Arial',
  '"Noto Sans"',
  '"Liberation Sans"',
  'sans-serif',
  '"Apple Color Emoji"',
  '"Segoe UI Emoji"',
  '"Segoe UI Symbol"',
  '"Noto Color Emoji"',
].join(', ');

/**
 * The LIVE badge's colours in every theme: white on #c62828 is 5.6:1 (WCAG AA
 * asks 4.5:1 for its small bold text; MUI's error red, #f44336, gives 3.7:1).
 */
export const LIVE_BADGE_COLORS = { bgcolor: '#c62828', color: '#fff' } as const;

/** Width in px of the keyboard focus ring. */
const FOCUS_WIDTH = 3;

const reducedMotionCss = {
  '@media (prefers-reduced-motion: reduce)': {
    '*, *::before, *::after': {
      animationDuration: '0.01ms !important',
      animationIterationCount: '1 !important',
      transitionDuration: '0.01ms !important',
      scrollBehavior: 'auto !important',
    },
  },
} as const;

function create(t: ThemeDefinition, direction: 'ltr' | 'rtl'): Theme {
  const divider = alpha(t.text, t.mode === 'dark' ? 0.14 : 0.16);
  const focusRing = {
    outlineStyle: 'solid',
    outlineColor: t.accentText,
    outlineWidth: FOCUS_WIDTH,
    outlineOffset: 2,
  } as const;

  return createTheme({
    direction,
    airdeck: t,
    palette: {
      mode: t.mode,
      // Filled error, warning, info and success colours pick white or dark text for WCAG AA (4.5:1), not MUI's 3:1
      // (white on the dark themes' error red, #f44336, is 3.7:1: a "No-show" chip failed axe).
      contrastThreshold: 4.5,
      primary: { main: t.accent, dark: t.accentHover, contrastText: t.onAccent },
      background: { default: t.background, paper: t.backgroundSecondary },
      text: { primary: t.text, secondary: t.textMuted },
      divider,
    },
    typography: {
      fontFamily: FONT_STACK,
      h1: { fontWeight: 800, letterSpacing: '-0.02em' },
      h2: { fontWeight: 800, letterSpacing: '-0.015em' },
      h3: { fontWeight: 700 },
      h4: { fontWeight: 700 },
      h5: { fontWeight: 700 },
      h6: { fontWeight: 700 },
      button: { textTransform: 'none', fontWeight: 600 },
    },
    shape: { borderRadius: 12 },
    // MUI components drop transitions/ripples under prefers-reduced-motion.
    motion: { reducedMotion: 'system' },
    // MUI's keyboard focus ring (Mui-focusVisible) on ButtonBase, Link, etc.
    focusVisible: focusRing,
    components: {
      MuiCssBaseline: {
        styleOverrides: {
          ':root': { colorScheme: t.mode },
          body: { backgroundColor: t.background, color: t.text },
          '::selection': { backgroundColor: t.accent, color: t.onAccent },
          // Native elements outside MUI (plain links, summaries, custom tabindex).
          ':where(a, button, summary, [tabindex]):focus-visible': focusRing,
          // Plain links inside prose (e.g. sanitized bios) stay underlined: accentText is
          // under 3:1 against body text, so colour alone would not mark them (WCAG 1.4.1).
          'a:not([class])': { color: t.accentText, textDecoration: 'underline', textUnderlineOffset: '0.15em' },
          ...reducedMotionCss,
        },
      },
      MuiAppBar: {
        defaultProps: { elevation: 0, color: 'inherit' },
        styleOverrides: {
          root: {
            backgroundColor: t.backgroundAlt,
            backgroundImage: 'none',
            color: t.text,
            borderBottom: `1px solid ${divider}`,
          },
        },
      },
      MuiPaper: {
        styleOverrides: {
          // No dark-mode elevation overlay: surfaces keep their tested colours.
          root: { backgroundImage: 'none' },
        },
      },
      MuiCard: {
        defaultProps: { elevation: 0 },
        styleOverrides: {
          root: {
            backgroundColor: t.backgroundSecondary,
            backgroundImage: t.cardGradient,
            border: `1px solid ${divider}`,
          },
        },
      },
      MuiButton: {
        defaultProps: { disableElevation: true },
        styleOverrides: {
          // Phones (issue 38): every button is a 44 px tap target, whatever its size prop.
          root: { textTransform: 'none', fontWeight: 600, '@media (max-width: 599.95px)': { minHeight: 44 } },
        },
        variants: [
          // Accent used as text: the contrast-checked accentText. Contained buttons
          // use primary (accent / accentHover on hover) with onAccent text.
          // (MUI 9 Button reads these custom properties; hover and disabled keep working.)
          {
            props: { variant: 'outlined', color: 'primary' },
            style: {
              '--variant-outlinedColor': t.accentText,
              '--variant-outlinedBorder': alpha(t.accentText, 0.6),
            },
          },
          { props: { variant: 'text', color: 'primary' }, style: { '--variant-textColor': t.accentText } },
        ],
      },
      MuiToggleButton: {
        styleOverrides: { root: { '@media (max-width: 599.95px)': { minHeight: 44 } } },
      },
      MuiLink: {
        defaultProps: { underline: 'hover' },
        styleOverrides: {
          root: { '&:focus-visible': { textDecoration: 'underline' } },
        },
        variants: [{ props: { color: 'primary' }, style: { color: t.accentText } }],
      },
      MuiTooltip: {
        styleOverrides: {
          tooltip: {
            backgroundColor: t.backgroundTertiary,
            color: t.text,
            border: `1px solid ${divider}`,
            fontSize: '0.8125rem',
          },
        },
      },
    },
  });
}

const cache = new Map<string, Theme>();

/** The MUI theme for a theme key and a text direction (right-to-left languages: web/src/i18n); built once each and memoised. */
export function buildMuiTheme(key: ThemeKey, direction: 'ltr' | 'rtl' = 'ltr'): Theme {
  let theme = cache.get(`${key}:${direction}`);
  if (!theme) {
    theme = create(THEMES[key], direction);
    cache.set(`${key}:${direction}`, theme);
  }
  return theme;
}
