import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import AppBar from '@mui/material/AppBar';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Link from '@mui/material/Link';
import { ThemeProvider } from '@mui/material/styles';
import { contrastRatio, THEME_KEYS, THEMES } from '../../../shared/themes';
import { buildMuiTheme, FONT_STACK } from './theme';

const AA = 4.5;

describe.each(THEME_KEYS.map((k) => [k] as const))('buildMuiTheme(%s)', (key) => {
  const t = THEMES[key];
  const theme = buildMuiTheme(key);

  it('builds and is memoised by key', () => {
    expect(theme).toBeDefined();
    expect(buildMuiTheme(key)).toBe(theme);
  });

  it('maps the palette from the theme table', () => {
    const p = theme.palette;
    expect(p.mode).toBe(t.mode);
    expect(p.primary.main).toBe(t.accent);
    expect(p.primary.contrastText).toBe(t.onAccent);
    expect(p.background.default).toBe(t.background);
    expect(p.background.paper).toBe(t.backgroundSecondary);
    expect(p.text.primary).toBe(t.text);
    expect(p.text.secondary).toBe(t.textMuted);
    expect(p.divider).toBeTruthy();
  });

  it('primary.contrastText is >= 4.5:1 on primary.main and on primary.dark (hover)', () => {
    const p = theme.palette.primary;
    expect(contrastRatio(p.contrastText, p.main)).toBeGreaterThanOrEqual(AA);
    expect(contrastRatio(p.contrastText, p.dark)).toBeGreaterThanOrEqual(AA);
  });

  it('error, warning, info and success text on their own colour is >= 4.5:1 (filled chips and buttons)', () => {
    // MUI's dark text is rgba(0, 0, 0, 0.87): blended over the colour it sits on.
    const solid = (fg: string, bg: string) => {
      const m = /^rgba\((\d+), (\d+), (\d+), ([\d.]+)\)$/.exec(fg);
      if (!m) return fg;
      const under = bg.replace('#', '').match(/../g)!.map((x) => parseInt(x, 16));
      const a = Number(m[4]);
      return `#${[1, 2, 3].map((i) => Math.round(Number(m[i]) * a + under[i - 1]! * (1 - a)).toString(16).padStart(2, '0')).join('')}`;
    };
    for (const key of ['error', 'warning', 'info', 'success'] as const) {
      const c = theme.palette[key];
      expect(contrastRatio(solid(c.contrastText, c.main), c.main), key).toBeGreaterThanOrEqual(AA);
    }
  });

  it('text.primary and text.secondary are >= 4.5:1 on background.paper and background.default', () => {
    const { text, background } = theme.palette;
    for (const bg of [background.paper, background.default]) {
      expect(contrastRatio(text.primary, bg)).toBeGreaterThanOrEqual(AA);
      expect(contrastRatio(text.secondary, bg)).toBeGreaterThanOrEqual(AA);
    }
  });

  it('exposes the Airdeck extras on theme.airdeck', () => {
    expect(theme.airdeck).toEqual(t);
    expect(theme.airdeck.gradient).toMatch(/gradient\(/);
    expect(theme.airdeck.cardGradient).toBe(t.cardGradient);
  });

  it('uses a system font stack, radius 12, no uppercase buttons', () => {
    expect(theme.typography.fontFamily).toBe(FONT_STACK);
    expect(FONT_STACK).toMatch(/^system-ui,/);
    expect(FONT_STACK).not.toMatch(/url\(/);
    expect(theme.shape.borderRadius).toBe(12);
    expect(theme.typography.button.textTransform).toBe('none');
  });

  it('has a visible keyboard focus ring in the contrast-checked accent and respects reduced motion', () => {
    expect(theme.focusVisible).toBeTruthy();
    const ring = theme.focusVisible || {};
    expect(ring.outlineColor).toBe(t.accentText);
    expect(ring.outlineStyle).toBe('solid');
    expect(Number(ring.outlineWidth)).toBeGreaterThanOrEqual(2);
    expect(contrastRatio(t.accentText, t.background)).toBeGreaterThanOrEqual(3);
    expect(theme.motion.reducedMotion).toBe('system');
    const baseline = theme.components?.MuiCssBaseline?.styleOverrides;
    expect(JSON.stringify(baseline)).toContain('prefers-reduced-motion: reduce');
  });

  it('overrides AppBar, Card, Button and Link', () => {
    const c = theme.components;
    expect(JSON.stringify(c?.MuiAppBar?.styleOverrides)).toContain(t.backgroundAlt);
    expect(JSON.stringify(c?.MuiAppBar?.styleOverrides)).toContain('borderBottom');
    expect(JSON.stringify(c?.MuiCard?.styleOverrides)).toContain(t.cardGradient);
    expect(JSON.stringify(c?.MuiButton?.styleOverrides)).toContain('"textTransform":"none"');
    expect(c?.MuiLink?.defaultProps?.underline).toBe('hover');
  });
});

describe('rendering with each theme', () => {
  let consoleError: MockInstance;
  beforeEach(() => {
    consoleError = vi.spyOn(console, 'error');
  });
  afterEach(() => {
    consoleError.mockRestore();
  });

  it.each(THEME_KEYS.map((k) => [k] as const))('%s renders AppBar, Card, Button and Link without errors', (key) => {
    const t = THEMES[key];
    const html = renderToString(
      createElement(
        ThemeProvider,
        { theme: buildMuiTheme(key) },
        createElement(AppBar, { position: 'static' }, 'Airdeck'),
        createElement(
          Card,
          null,
          createElement(Button, { variant: 'contained' }, 'Listen live'),
          createElement(Button, { variant: 'outlined' }, 'Schedule'),
          createElement(Link, { href: '/djs' }, 'DJs'),
        ),
      ),
    );
    expect(html).toContain('Listen live');
    // Emotion inlines the generated CSS during SSR: the tested colours reach the page.
    expect(html).toContain(t.cardGradient);
    expect(html).toContain(t.backgroundAlt);
    expect(html).toContain(`--variant-outlinedColor:${t.accentText}`);
    expect(html).toContain(`outline-color:${t.accentText}`);
    expect(consoleError).not.toHaveBeenCalled();
  });
});
