import { describe, expect, it } from 'vitest';
import {
  contrastRatio,
  DEFAULT_THEME,
  getTheme,
  gradientStops,
  isThemeKey,
  relativeLuminance,
  resolveThemeKey,
  THEME_KEYS,
  THEME_STORAGE_KEY,
  THEMES,
  type ThemeDefinition,
} from './themes';

/** The 15 keys listed in spec section 3 (the spec's "fourteen" count is a known typo). */
const SPEC_KEYS = [
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
];

const AA = 4.5;
const AA_LARGE = 3;
const HEX6 = /^#[0-9a-f]{6}$/i;

const SOLID_FIELDS = [
  'accent',
  'accentHover',
  'accentText',
  'onAccent',
  'glowColor',
  'background',
  'backgroundAlt',
  'backgroundSecondary',
  'backgroundTertiary',
  'text',
  'textMuted',
] as const satisfies readonly (keyof ThemeDefinition)[];

const SURFACES = ['background', 'backgroundAlt', 'backgroundSecondary', 'backgroundTertiary'] as const;

const all = THEME_KEYS.map((k) => THEMES[k]);

describe('theme keys', () => {
  it('are exactly the 15 spec keys, each in the table once', () => {
    expect([...THEME_KEYS]).toEqual(SPEC_KEYS);
    expect(new Set(THEME_KEYS).size).toBe(15);
    expect(Object.keys(THEMES).sort()).toEqual([...SPEC_KEYS].sort());
  });

  it('each entry carries its own key and a non-empty name', () => {
    for (const k of THEME_KEYS) {
      expect(THEMES[k].key).toBe(k);
      expect(getTheme(k)).toBe(THEMES[k]);
      expect(THEMES[k].name.trim()).not.toBe('');
    }
    expect(new Set(all.map((t) => t.name)).size).toBe(15);
  });

  it('defaults to neon and stores under airdeck.theme', () => {
    expect(DEFAULT_THEME).toBe('neon');
    expect(THEME_STORAGE_KEY).toBe('airdeck.theme');
  });
});

describe('isThemeKey / resolveThemeKey', () => {
  it('accepts every known key and restores it', () => {
    for (const k of SPEC_KEYS) {
      expect(isThemeKey(k)).toBe(true);
      expect(resolveThemeKey(k)).toBe(k);
    }
  });

  it.each([
    ['unknown string', 'vaporwave'],
    ['wrong case', 'Neon'],
    ['padded', ' neon '],
    ['empty', ''],
    ['null (nothing stored)', null],
    ['undefined', undefined],
    ['number', 3],
    ['object', { key: 'neon' }],
    ['array', ['neon']],
    ['prototype name', 'toString'],
    ['JSON-quoted key', '"neon"'],
  ])('falls back to neon for %s', (_label, value) => {
    expect(isThemeKey(value)).toBe(false);
    expect(resolveThemeKey(value)).toBe('neon');
  });
});

describe('WCAG helpers', () => {
  it('relativeLuminance matches the WCAG endpoints and a known value', () => {
    expect(relativeLuminance('#000000')).toBe(0);
    expect(relativeLuminance('#ffffff')).toBeCloseTo(1, 10);
    expect(relativeLuminance('#fff')).toBeCloseTo(1, 10);
    // sRGB 0x80 -> 0.2158605 linear
    expect(relativeLuminance('#808080')).toBeCloseTo(0.2158605, 6);
  });

  it('contrastRatio is 21 for black/white, 1 for equal colours, symmetric', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 10);
    expect(contrastRatio('#123456', '#123456')).toBe(1);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(contrastRatio('#ff2bd6', '#0b0814')).toBe(contrastRatio('#0b0814', '#ff2bd6'));
  });

  it('rejects non-hex input', () => {
    expect(() => relativeLuminance('red')).toThrow();
    expect(() => relativeLuminance('#12345')).toThrow();
  });

  it('gradientStops extracts hex stops in order', () => {
    expect(gradientStops('linear-gradient(90deg, #ABCDEF 0%, #fff 50%, #000000 100%)')).toEqual([
      '#ABCDEF',
      '#fff',
      '#000000',
    ]);
  });
});

describe.each(all.map((t) => [t.key, t] as const))('theme %s', (_key, t) => {
  it('has hex solid colours and CSS gradients with hex stops', () => {
    for (const f of SOLID_FIELDS) expect(t[f], f).toMatch(HEX6);
    for (const g of [t.gradient, t.textGradient, t.cardGradient]) {
      expect(g).toMatch(/^linear-gradient\(.+\)$/);
      expect(gradientStops(g).length).toBeGreaterThanOrEqual(2);
    }
  });

  it('mode matches the background lightness', () => {
    const l = relativeLuminance(t.background);
    if (t.mode === 'dark') expect(l).toBeLessThan(0.05);
    else expect(l).toBeGreaterThan(0.8);
  });

  it('body text is >= 4.5:1 on every surface and every card gradient stop', () => {
    for (const s of SURFACES) expect(contrastRatio(t.text, t[s]), s).toBeGreaterThanOrEqual(AA);
    for (const stop of gradientStops(t.cardGradient)) {
      expect(contrastRatio(t.text, stop), stop).toBeGreaterThanOrEqual(AA);
    }
  });

  it('muted text is >= 4.5:1 on every surface and every card gradient stop', () => {
    for (const s of SURFACES) expect(contrastRatio(t.textMuted, t[s]), s).toBeGreaterThanOrEqual(AA);
    for (const stop of gradientStops(t.cardGradient)) {
      expect(contrastRatio(t.textMuted, stop), stop).toBeGreaterThanOrEqual(AA);
    }
  });

  it('accentText (links, outlined/text buttons, focus ring) is >= 4.5:1 on every surface and card stop', () => {
    for (const s of SURFACES) expect(contrastRatio(t.accentText, t[s]), s).toBeGreaterThanOrEqual(AA);
    for (const stop of gradientStops(t.cardGradient)) {
      expect(contrastRatio(t.accentText, stop), stop).toBeGreaterThanOrEqual(AA);
    }
  });

  it('raw accent is also >= 4.5:1 on every surface (components that default to primary.main)', () => {
    for (const s of SURFACES) expect(contrastRatio(t.accent, t[s]), s).toBeGreaterThanOrEqual(AA);
  });

  it('onAccent is >= 4.5:1 on accent and accentHover (contained buttons, at rest and hovered)', () => {
    expect(contrastRatio(t.onAccent, t.accent)).toBeGreaterThanOrEqual(AA);
    expect(contrastRatio(t.onAccent, t.accentHover)).toBeGreaterThanOrEqual(AA);
  });

  it('gradient headline text stops are >= 3:1 on the page background (large text)', () => {
    for (const stop of gradientStops(t.textGradient)) {
      expect(contrastRatio(stop, t.background), stop).toBeGreaterThanOrEqual(AA_LARGE);
    }
  });
});

describe('the set of themes', () => {
  it('offers at least two light themes, including prismatic and tropical-fusion, and neon is dark', () => {
    const light = all.filter((t) => t.mode === 'light').map((t) => t.key);
    expect(light.length).toBeGreaterThanOrEqual(2);
    expect(light).toEqual(expect.arrayContaining(['prismatic', 'tropical-fusion']));
    expect(THEMES.neon.mode).toBe('dark');
  });

  it('themes are visually distinct: unique accents, backgrounds and gradients', () => {
    for (const f of ['accent', 'background', 'gradient', 'cardGradient'] as const) {
      expect(new Set(all.map((t) => t[f].toLowerCase())).size, f).toBe(all.length);
    }
  });
});
