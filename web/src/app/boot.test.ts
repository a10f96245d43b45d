import fs from 'node:fs';
import path from 'node:path';
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { THEMES } from '../../../shared/themes';
import { AUTH_HINT_STORAGE_KEY, SIGNED_IN_CLASS } from '../../../shared/boot-data';
import { bootScript, bootThemeVars } from '../../boot-plugin.ts';
import { groupThousands } from '../radio/components/BubblesButton';
import { startsAt } from '../radio/components/NowPlayingCard';

/** Runs the boot script in a page holding `stored` as the saved theme; returns the page. */
async function boot(stored: string | null, signedIn = false, themeCookie?: string) {
  const dom = new JSDOM('<!doctype html><html><head><meta name="theme-color" content="#000000" /></head><body></body></html>', { runScripts: 'outside-only', url: 'https://radio.example/' });
  if (themeCookie !== undefined) dom.window.document.cookie = `airdeck_theme=${themeCookie}; path=/`;
  if (stored !== null) dom.window.localStorage.setItem('airdeck.theme', stored);
  if (signedIn) dom.window.localStorage.setItem(AUTH_HINT_STORAGE_KEY, '1');
  dom.window.eval(bootScript('/assets/index-abc.js', ['/assets/react-1.js', '/assets/mui-2.js']));
  return dom;
}

describe('the boot script', () => {
  it("paints the first screen in the listener's saved theme, and neon when the key is unknown", async () => {
    const forest = await boot('forest');
    const style = forest.window.document.documentElement.style;
    expect(style.getPropertyValue('--bd-bg')).toBe(THEMES.forest.background);
    expect(style.getPropertyValue('--bd-text')).toBe(THEMES.forest.text);
    expect(forest.window.document.querySelector('meta[name="theme-color"]')!.getAttribute('content')).toBe(THEMES.forest.backgroundAlt);
    for (const stored of ['not-a-theme', null]) {
      const dom = await boot(stored);
      expect(dom.window.document.documentElement.style.getPropertyValue('--bd-bg')).toBe(THEMES.neon.background);
    }
  });

  it("marks the page signed in before the first paint when this browser has a session, so the bar shows no Login link", async () => {
    const member = await boot(null, true);
    expect(member.window.document.documentElement.classList.contains(SIGNED_IN_CLASS)).toBe(true);
    const listener = await boot(null);
    expect(listener.window.document.documentElement.classList.contains(SIGNED_IN_CLASS)).toBe(false);
    const css = fs.readFileSync(path.resolve(import.meta.dirname, 'global.css'), 'utf8');
    expect(css).toContain(`.${SIGNED_IN_CLASS} .boot-login {\n  display: none;`);
    expect(css).toContain(`.${SIGNED_IN_CLASS} .boot-avatar {\n  display: block;`);
  });

  it('hides a page the server drew in another theme than the saved one until the app draws it', async () => {
    const stale = (dom: JSDOM) => dom.window.document.documentElement.classList.contains('bd-ssr-stale');
    // Saved tropical-fusion, no cookie yet: the server drew neon.
    expect(stale(await boot('tropical-fusion'))).toBe(true);
    expect(stale(await boot('tropical-fusion', false, 'neon'))).toBe(true);
    // The cookie says the theme the listener keeps: drawn right.
    expect(stale(await boot('tropical-fusion', false, 'tropical-fusion'))).toBe(false);
    // Nothing saved, or an unknown key: neon on both sides.
    expect(stale(await boot(null))).toBe(false);
    expect(stale(await boot('not-a-theme', false, 'also-not'))).toBe(false);
    const css = fs.readFileSync(path.resolve(import.meta.dirname, 'global.css'), 'utf8');
    expect(css).toContain('.bd-ssr-stale [data-ssr-theme] {\n  visibility: hidden;');
  });

  it('starts the app after the first frame: the entry module, then its preloads', async () => {
    const dom = await boot(null);
    const doc = dom.window.document;
    expect(doc.querySelector('script[type="module"]')).toBeNull();
    await new Promise((r) => setTimeout(r, 1200));
    const entry = doc.querySelectorAll('script[type="module"]');
    expect(entry).toHaveLength(1);
    expect(entry[0]!.getAttribute('src')).toBe('/assets/index-abc.js');
    expect([...doc.querySelectorAll('link[rel="modulepreload"]')].map((l) => l.getAttribute('href'))).toEqual(['/assets/react-1.js', '/assets/mui-2.js']);
  });

  it("draws the HTML's first screen with neon until the script runs (the stylesheet's defaults are neon's colours)", () => {
    const css = fs.readFileSync(path.resolve(import.meta.dirname, 'global.css'), 'utf8');
    const root = /:root \{([\s\S]*?)\}/.exec(css)![1]!;
    for (const [name, value] of Object.entries(bootThemeVars().neon!)) {
      if (!name.startsWith('--')) continue;
      expect(root, name).toContain(`${name}: ${value};`);
    }
  });
});

describe('first-screen formatting without Intl', () => {
  it('groups thousands the en-GB way', () => {
    expect([0, 7, 999, 1000, 12345, 1234567].map(groupThousands)).toEqual(['0', '7', '999', '1,000', '12,345', '1,234,567']);
    expect(groupThousands(12345)).toBe((12345).toLocaleString('en-GB'));
  });

  it("says when the next show starts in 24-hour time, today or by weekday, in the page's one zone, labelled (issue 38 item 6)", () => {
    // Saturday 21 November 2026, 12:00 in London (GMT).
    const now = Date.UTC(2026, 10, 21, 12, 0);
    expect(startsAt(Date.UTC(2026, 10, 21, 21, 5) / 1000, 'Europe/London', null, now)).toBe('today at 21:05');
    expect(startsAt(Date.UTC(2026, 10, 23, 9, 30) / 1000, 'Europe/London', null, now)).toBe('Monday at 09:30');
    // The same show for a listener in Tokyo (9 hours ahead): Sunday there, and said so.
    expect(startsAt(Date.UTC(2026, 10, 21, 21, 5) / 1000, 'Asia/Tokyo', 'Tokyo time', now)).toBe('Sunday at 06:05 Tokyo time');
    // In New York (5 hours behind) the station's Monday 09:30 is 04:30 the same day.
    expect(startsAt(Date.UTC(2026, 10, 23, 9, 30) / 1000, 'America/New_York', 'New York time', now)).toBe('Monday at 04:30 New York time');
  });
});
