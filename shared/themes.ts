/**
 * Airdeck colour themes: the single table of the listener-selectable themes
 * (spec section 3, "Theme") plus the rules for restoring a saved choice
 * (spec section 4: only a known key is restored; otherwise neon).
 *
 * Pure data and pure functions: no DOM, no MUI, nothing from web/server/electron.
 * Solid colours are `#rrggbb` hex so contrast can be computed; gradients are
 * CSS `<image>` strings whose colour stops are hex too.
 */

/** Every theme key, in picker order. The first entry is the default (neon). */
export const THEME_KEYS = [
  'neon',
  'electric-blue',
  'sunset-gradient',
  'ocean-wave',
  'aurora',
  'fire',
  'forest',
  'galaxy',
  'rainbow-burst',
  'cosmic-dream',
  'tropical-fusion',
  'neon-city',
  'abstract-waves',
  'prismatic',
  'chromatic-shift',
] as const;

/** A known theme key. */
export type ThemeKey = (typeof THEME_KEYS)[number];

/** The theme used when nothing (valid) is stored. */
export const DEFAULT_THEME: ThemeKey = 'neon';

/** Browser storage key under which the chosen theme key is saved. */
export const THEME_STORAGE_KEY = 'airdeck.theme';

/** Whether the theme is drawn light-on-dark (`dark`) or dark-on-light (`light`). */
export type ThemeMode = 'dark' | 'light';

/**
 * One theme. The spec's colour fields (accent … backgroundTertiary) plus the
 * text colours needed to use them accessibly.
 */
export interface ThemeDefinition {
  /** The theme's key (same as its key in {@link THEMES}). */
  readonly key: ThemeKey;
  /** Human-readable name for the theme picker. */
  readonly name: string;
  /** Light or dark base. */
  readonly mode: ThemeMode;
  /** Brand accent (hex): contained buttons, slider, active states. */
  readonly accent: string;
  /** Accent on hover/press (hex); `onAccent` stays readable on it. */
  readonly accentHover: string;
  /** Accent when used as text on the backgrounds (links, outlined/text buttons, focus ring), hex. */
  readonly accentText: string;
  /** Text/icon colour on a filled `accent` or `accentHover` surface (hex). */
  readonly onAccent: string;
  /** Decorative CSS gradient (hero banners, player progress, highlights). */
  readonly gradient: string;
  /** CSS gradient for gradient-clipped headline text; stops are readable on `background`. */
  readonly textGradient: string;
  /** Glow colour for neon-style box-shadows (hex; apply alpha at use). */
  readonly glowColor: string;
  /** CSS gradient used as card backgrounds; `text` and `textMuted` stay readable on every stop. */
  readonly cardGradient: string;
  /** Page background (hex). */
  readonly background: string;
  /** Alternate surface: app bar, player bar, menus (hex). */
  readonly backgroundAlt: string;
  /** Secondary surface: paper, inputs, panels (hex). */
  readonly backgroundSecondary: string;
  /** Tertiary surface: raised/hovered/selected areas (hex). */
  readonly backgroundTertiary: string;
  /** Body text colour (hex). */
  readonly text: string;
  /** Secondary/muted text colour (hex). */
  readonly textMuted: string;
}

/** The theme table, keyed by theme key. */
export const THEMES: { readonly [K in ThemeKey]: ThemeDefinition & { readonly key: K } } = {
  neon: {
    key: 'neon',
    name: 'Neon',
    mode: 'dark',
    accent: '#ff2bd6',
    accentHover: '#ff5ee1',
    accentText: '#ff4fdc',
    onAccent: '#0b0814',
    gradient: 'linear-gradient(135deg, #ff2bd6 0%, #7a5cff 50%, #00e5ff 100%)',
    textGradient: 'linear-gradient(90deg, #ff4fdc 0%, #00e5ff 100%)',
    glowColor: '#ff2bd6',
    cardGradient: 'linear-gradient(160deg, #1d1233 0%, #140c24 100%)',
    background: '#0b0814',
    backgroundAlt: '#110c1e',
    backgroundSecondary: '#181029',
    backgroundTertiary: '#231838',
    text: '#f7f2ff',
    textMuted: '#bdb1dc',
  },
  'electric-blue': {
    key: 'electric-blue',
    name: 'Electric Blue',
    mode: 'dark',
    accent: '#3d8bff',
    accentHover: '#63a3ff',
    accentText: '#6aa8ff',
    onAccent: '#040b18',
    gradient: 'linear-gradient(135deg, #0052ff 0%, #3d8bff 50%, #00d4ff 100%)',
    textGradient: 'linear-gradient(90deg, #6aa8ff 0%, #00d4ff 100%)',
    glowColor: '#3d8bff',
    cardGradient: 'linear-gradient(160deg, #0f2040 0%, #0a162c 100%)',
    background: '#050d1c',
    backgroundAlt: '#081325',
    backgroundSecondary: '#0c1a31',
    backgroundTertiary: '#12243f',
    text: '#eaf3ff',
    textMuted: '#a3b9d9',
  },
  'sunset-gradient': {
    key: 'sunset-gradient',
    name: 'Sunset Gradient',
    mode: 'dark',
    accent: '#ff9a4d',
    accentHover: '#ffb173',
    accentText: '#ffa561',
    onAccent: '#1a0c12',
    gradient: 'linear-gradient(135deg, #ff5f6d 0%, #ff9a4d 50%, #ffc371 100%)',
    textGradient: 'linear-gradient(90deg, #ff7a85 0%, #ffc371 100%)',
    glowColor: '#ff7a59',
    cardGradient: 'linear-gradient(160deg, #34182a 0%, #24101c 100%)',
    background: '#180b12',
    backgroundAlt: '#1f0f18',
    backgroundSecondary: '#281420',
    backgroundTertiary: '#351b2b',
    text: '#fff1ea',
    textMuted: '#dcb9b0',
  },
  'ocean-wave': {
    key: 'ocean-wave',
    name: 'Ocean Wave',
    mode: 'dark',
    accent: '#22d3c5',
    accentHover: '#52e0d5',
    accentText: '#3fdccf',
    onAccent: '#031419',
    gradient: 'linear-gradient(135deg, #0b5d8c 0%, #0f8fb8 45%, #22d3c5 100%)',
    textGradient: 'linear-gradient(90deg, #4fc3f7 0%, #3fdccf 100%)',
    glowColor: '#22d3c5',
    cardGradient: 'linear-gradient(160deg, #0b2c38 0%, #071f28 100%)',
    background: '#04151c',
    backgroundAlt: '#061b24',
    backgroundSecondary: '#09232e',
    backgroundTertiary: '#0e2f3c',
    text: '#e6fbff',
    textMuted: '#97c4cd',
  },
  aurora: {
    key: 'aurora',
    name: 'Aurora',
    mode: 'dark',
    accent: '#4bf0a8',
    accentHover: '#7af5be',
    accentText: '#4bf0a8',
    onAccent: '#08101f',
    gradient: 'linear-gradient(135deg, #43e97b 0%, #38f9d7 45%, #7f5af0 100%)',
    textGradient: 'linear-gradient(90deg, #4bf0a8 0%, #38f9d7 50%, #a58bff 100%)',
    glowColor: '#38f9d7',
    cardGradient: 'linear-gradient(160deg, #102a32 0%, #161a3a 100%)',
    background: '#080f1e',
    backgroundAlt: '#0b1426',
    backgroundSecondary: '#101b31',
    backgroundTertiary: '#17243e',
    text: '#eefff7',
    textMuted: '#a6c6bd',
  },
  fire: {
    key: 'fire',
    name: 'Fire',
    mode: 'dark',
    accent: '#ff5a1f',
    accentHover: '#ff7a45',
    accentText: '#ff7040',
    onAccent: '#140806',
    gradient: 'linear-gradient(135deg, #d7000f 0%, #ff5a1f 50%, #ffc300 100%)',
    textGradient: 'linear-gradient(90deg, #ff5a3c 0%, #ffc300 100%)',
    glowColor: '#ff5a1f',
    cardGradient: 'linear-gradient(160deg, #33140c 0%, #220c08 100%)',
    background: '#130806',
    backgroundAlt: '#1a0b08',
    backgroundSecondary: '#23100b',
    backgroundTertiary: '#301610',
    text: '#fff3ec',
    textMuted: '#dab4a6',
  },
  forest: {
    key: 'forest',
    name: 'Forest',
    mode: 'dark',
    accent: '#7bc96f',
    accentHover: '#97d68d',
    accentText: '#86d07a',
    onAccent: '#0a140e',
    gradient: 'linear-gradient(135deg, #1b4332 0%, #2d6a4f 40%, #95d5b2 100%)',
    textGradient: 'linear-gradient(90deg, #86d07a 0%, #b7e4c7 100%)',
    glowColor: '#52b788',
    cardGradient: 'linear-gradient(160deg, #173024 0%, #10231a 100%)',
    background: '#0a140e',
    backgroundAlt: '#0e1a13',
    backgroundSecondary: '#132219',
    backgroundTertiary: '#1a2d21',
    text: '#edf7ef',
    textMuted: '#a9c4b0',
  },
  galaxy: {
    key: 'galaxy',
    name: 'Galaxy',
    mode: 'dark',
    accent: '#a78bfa',
    accentHover: '#bda7fc',
    accentText: '#b29afb',
    onAccent: '#070612',
    gradient: 'linear-gradient(135deg, #1e1b4b 0%, #5b21b6 45%, #a78bfa 80%, #f0abfc 100%)',
    textGradient: 'linear-gradient(90deg, #b29afb 0%, #f0abfc 100%)',
    glowColor: '#8b5cf6',
    cardGradient: 'linear-gradient(160deg, #1c1840 0%, #110f2a 100%)',
    background: '#070612',
    backgroundAlt: '#0c0a1c',
    backgroundSecondary: '#131028',
    backgroundTertiary: '#1c1836',
    text: '#f0edff',
    textMuted: '#afa8d8',
  },
  'rainbow-burst': {
    key: 'rainbow-burst',
    name: 'Rainbow Burst',
    mode: 'dark',
    accent: '#ffd23f',
    accentHover: '#ffdd6b',
    accentText: '#ffd23f',
    onAccent: '#121116',
    gradient:
      'linear-gradient(90deg, #ff3b3b 0%, #ff9f1c 20%, #ffd23f 40%, #3bd16f 60%, #3b8bff 80%, #a259ff 100%)',
    textGradient:
      'linear-gradient(90deg, #ff5c5c 0%, #ffa940 25%, #ffd23f 50%, #4cd97b 75%, #6aa8ff 100%)',
    glowColor: '#ffd23f',
    cardGradient: 'linear-gradient(160deg, #25232e 0%, #1a1920 100%)',
    background: '#121116',
    backgroundAlt: '#18171d',
    backgroundSecondary: '#1f1d25',
    backgroundTertiary: '#2a2832',
    text: '#ffffff',
    textMuted: '#c0bccb',
  },
  'cosmic-dream': {
    key: 'cosmic-dream',
    name: 'Cosmic Dream',
    mode: 'dark',
    accent: '#ff9bd2',
    accentHover: '#ffb6de',
    accentText: '#ff9bd2',
    onAccent: '#120a24',
    gradient: 'linear-gradient(135deg, #3a1c71 0%, #6a3de8 40%, #d76d77 75%, #ff9bd2 100%)',
    textGradient: 'linear-gradient(90deg, #b89cff 0%, #ff9bd2 100%)',
    glowColor: '#c77dff',
    cardGradient: 'linear-gradient(160deg, #2a1850 0%, #1b1036 100%)',
    background: '#120a24',
    backgroundAlt: '#170d2d',
    backgroundSecondary: '#1e1238',
    backgroundTertiary: '#281a47',
    text: '#fbf0ff',
    textMuted: '#c8b5e0',
  },
  'tropical-fusion': {
    key: 'tropical-fusion',
    name: 'Tropical Fusion',
    mode: 'light',
    accent: '#00695c',
    accentHover: '#004d40',
    accentText: '#00695c',
    onAccent: '#ffffff',
    gradient: 'linear-gradient(135deg, #ff6b6b 0%, #ffb347 45%, #2ec4b6 100%)',
    textGradient: 'linear-gradient(90deg, #c2185b 0%, #b33c00 50%, #00695c 100%)',
    glowColor: '#ff8a5c',
    cardGradient: 'linear-gradient(160deg, #ffffff 0%, #fff1dc 100%)',
    background: '#fff8ee',
    backgroundAlt: '#ffffff',
    backgroundSecondary: '#fff1dc',
    backgroundTertiary: '#ffe6c4',
    text: '#1f1a14',
    textMuted: '#5c4a36',
  },
  'neon-city': {
    key: 'neon-city',
    name: 'Neon City',
    mode: 'dark',
    accent: '#ff4575',
    accentHover: '#ff6b91',
    accentText: '#ff6b91',
    onAccent: '#0a0e1f',
    gradient: 'linear-gradient(135deg, #ff2e63 0%, #9d4edd 50%, #08f7fe 100%)',
    textGradient: 'linear-gradient(90deg, #ff6b91 0%, #08f7fe 100%)',
    glowColor: '#08f7fe',
    cardGradient: 'linear-gradient(160deg, #171d3a 0%, #0f1429 100%)',
    background: '#0a0e1f',
    backgroundAlt: '#0e1328',
    backgroundSecondary: '#131a33',
    backgroundTertiary: '#1b2342',
    text: '#e8fbff',
    textMuted: '#a5b4d4',
  },
  'abstract-waves': {
    key: 'abstract-waves',
    name: 'Abstract Waves',
    mode: 'dark',
    accent: '#ff8c7a',
    accentHover: '#ffa799',
    accentText: '#ff8c7a',
    onAccent: '#0f1226',
    gradient: 'linear-gradient(135deg, #3a0ca3 0%, #4361ee 35%, #4cc9f0 65%, #ff8c7a 100%)',
    textGradient: 'linear-gradient(90deg, #6f8cff 0%, #4cc9f0 50%, #ff8c7a 100%)',
    glowColor: '#4cc9f0',
    cardGradient: 'linear-gradient(160deg, #1c2150 0%, #141838 100%)',
    background: '#0f1226',
    backgroundAlt: '#13172f',
    backgroundSecondary: '#191d3a',
    backgroundTertiary: '#222748',
    text: '#f1f3ff',
    textMuted: '#adb3d6',
  },
  prismatic: {
    key: 'prismatic',
    name: 'Prismatic',
    mode: 'light',
    accent: '#5b21b6',
    accentHover: '#4c1d95',
    accentText: '#5b21b6',
    onAccent: '#ffffff',
    gradient:
      'linear-gradient(90deg, #ff4d6d 0%, #ffb703 25%, #06d6a0 50%, #118ab2 75%, #7b2ff7 100%)',
    textGradient:
      'linear-gradient(90deg, #c2185b 0%, #a14a00 25%, #047857 50%, #1d4ed8 75%, #6d28d9 100%)',
    glowColor: '#7b2ff7',
    cardGradient: 'linear-gradient(160deg, #ffffff 0%, #eef0f8 100%)',
    background: '#f7f8fc',
    backgroundAlt: '#ffffff',
    backgroundSecondary: '#eef0f8',
    backgroundTertiary: '#e3e6f3',
    text: '#14162b',
    textMuted: '#484c68',
  },
  'chromatic-shift': {
    key: 'chromatic-shift',
    name: 'Chromatic Shift',
    mode: 'dark',
    accent: '#c6f000',
    accentHover: '#d4f53d',
    accentText: '#c6f000',
    onAccent: '#0d0d0f',
    gradient: 'linear-gradient(120deg, #ff0080 0%, #7928ca 35%, #00dfd8 70%, #c6f000 100%)',
    textGradient: 'linear-gradient(90deg, #ff4da6 0%, #00dfd8 50%, #c6f000 100%)',
    glowColor: '#00dfd8',
    cardGradient: 'linear-gradient(160deg, #222226 0%, #17171a 100%)',
    background: '#0d0d0f',
    backgroundAlt: '#131316',
    backgroundSecondary: '#1a1a1e',
    backgroundTertiary: '#242429',
    text: '#f4f4f6',
    textMuted: '#b3b3bd',
  },
};

/** The theme definition for a key. */
export function getTheme(key: ThemeKey): ThemeDefinition {
  return THEMES[key];
}

/** Whether `x` is one of the known theme keys. */
export function isThemeKey(x: unknown): x is ThemeKey {
  return typeof x === 'string' && (THEME_KEYS as readonly string[]).includes(x);
}

/** The theme to apply for a stored value: the value itself if it is a known key, else {@link DEFAULT_THEME}. */
export function resolveThemeKey(stored: unknown): ThemeKey {
  return isThemeKey(stored) ? stored : DEFAULT_THEME;
}

const HEX_RE = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** Parse `#rgb` or `#rrggbb` into 0–255 channels; throws on anything else. */
function parseHex(hex: string): [number, number, number] {
  if (!HEX_RE.test(hex)) throw new Error(`Not a hex colour: ${hex}`);
  let h = hex.slice(1);
  if (h.length === 3) h = h.replace(/./g, (c) => c + c);
  const n = Number.parseInt(h, 16);
  return [(n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff];
}

/** WCAG 2.x relative luminance (0 = black, 1 = white) of a `#rgb`/`#rrggbb` colour. */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = parseHex(hex).map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2.x contrast ratio (1–21) between two hex colours; order does not matter. */
export function contrastRatio(a: string, b: string): number {
  const la = relativeLuminance(a);
  const lb = relativeLuminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** The hex colour stops in a CSS gradient string, in order (e.g. to check text contrast on a gradient). */
export function gradientStops(gradient: string): string[] {
  return gradient.match(/#[0-9a-f]{6}\b|#[0-9a-f]{3}\b/gi) ?? [];
}

/**
 * The CSS custom properties the page is painted with outside the app's components (web/src/app/global.css: the
 * first screen, the page background, the browser's theme colour): the boot script sets them from the saved theme
 * before the first paint, and the app sets them again whenever the listener picks another theme.
 */
export function themeCssVars(key: ThemeKey): Record<string, string> {
  const t = THEMES[key];
  const [r, g, b] = parseHex(t.text);
  return {
    'color-scheme': t.mode,
    '--bd-bg': t.background,
    '--bd-bar': t.backgroundAlt,
    '--bd-paper': t.backgroundSecondary,
    '--bd-text': t.text,
    '--bd-muted': t.textMuted,
    '--bd-accent': t.accent,
    '--bd-on-accent': t.onAccent,
    '--bd-accent-text': t.accentText,
    '--bd-gradient': t.gradient,
    '--bd-text-gradient': t.textGradient,
    '--bd-divider': `rgba(${r}, ${g}, ${b}, ${t.mode === 'dark' ? 0.14 : 0.16})`,
  };
}
