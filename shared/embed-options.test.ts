import { describe, expect, it } from 'vitest';
import { EMBED_WIDGETS, embedQuery, embedSnippets, isEmbedResizeMessage, parseEmbedOptions } from './embed-options';
import { EmbedSettingsSchema, frameAncestorsSources } from './embeds';

const q = (s: string) => new URLSearchParams(s);

describe('widget options in the URL', () => {
  it('defaults: neon in its own dark mode, full layout (the player compact), autoplay off, five recent songs, today in the visitor zone', () => {
    const np = parseEmbedOptions('now-playing', q(''));
    expect(np).toMatchObject({ theme: 'neon', mode: 'dark', accent: null, layout: 'full', autoplay: false, parent: null });
    expect(np.show).toEqual(['art', 'presenter', 'elapsed']);
    expect(parseEmbedOptions('player', q('')).layout).toBe('compact');
    expect(parseEmbedOptions('recent', q('')).count).toBe(5);
    expect(parseEmbedOptions('schedule', q(''))).toMatchObject({ range: 'today', tz: 'visitor' });
  });

  it('reads every option, and a light theme takes light mode by default', () => {
    const o = parseEmbedOptions('schedule', q('theme=ocean-wave&mode=light&accent=FF8800&layout=compact&show=live&range=week&tz=station&parent=https://blog.example.org'));
    expect(o).toMatchObject({ theme: 'ocean-wave', mode: 'light', accent: '#ff8800', layout: 'compact', show: ['live'], range: 'week', tz: 'station', parent: 'https://blog.example.org' });
    expect(parseEmbedOptions('player', q('autoplay=1')).autoplay).toBe(true);
  });

  it('falls back to the defaults on unknown or malformed values, and keeps the recent count within 1–15', () => {
    const o = parseEmbedOptions('recent', q('theme=nope&mode=sepia&accent=red&layout=huge&show=votes,bogus,votes&count=99&parent=javascript:alert(1)'));
    expect(o).toMatchObject({ theme: 'neon', mode: 'dark', accent: null, layout: 'full', show: ['votes'], count: 15, parent: null });
    expect(parseEmbedOptions('recent', q('count=0')).count).toBe(1);
    expect(parseEmbedOptions('recent', q('count=abc')).count).toBe(5);
  });

  it('writes only what differs from the defaults, and reads back what it wrote', () => {
    for (const widget of EMBED_WIDGETS) expect(embedQuery(parseEmbedOptions(widget, q('')))).toBe('');
    const o = parseEmbedOptions('recent', q('theme=aurora&mode=light&accent=00aa55&count=8&show=art,votes'));
    const written = embedQuery(o);
    expect(written).toBe('?theme=aurora&mode=light&accent=00aa55&show=art%2Cvotes&count=8');
    expect(parseEmbedOptions('recent', q(written.slice(1)))).toEqual(o);
  });

  it('builds both snippets, escaping what goes into attributes', () => {
    const s = embedSnippets('https://radio.example', parseEmbedOptions('schedule', q('range=week')));
    expect(s.loader).toBe('<div data-airdeck-widget="schedule" data-range="week"></div><script src="https://radio.example/embed.js" async></script>');
    expect(s.iframe).toContain('src="https://radio.example/embed/schedule?range=week"');
    expect(s.iframe).toContain('title="Schedule"');
  });

  it('accepts only well-formed resize messages', () => {
    expect(isEmbedResizeMessage({ type: 'airdeck:resize', widget: 'schedule', height: 320 })).toBe(true);
    expect(isEmbedResizeMessage({ type: 'airdeck:resize', widget: 'admin', height: 320 })).toBe(false);
    expect(isEmbedResizeMessage({ type: 'airdeck:resize', widget: 'schedule', height: Infinity })).toBe(false);
    expect(isEmbedResizeMessage('airdeck:resize')).toBe(false);
  });
});

describe('the framing allow-list', () => {
  it('takes sites (scheme and host, optional port and wildcard), lower-cased, without a trailing slash, once each', () => {
    const parsed = EmbedSettingsSchema.parse({ frameAncestors: ['https://Forum.Example.org/', 'https://*.partner.example', 'http://127.0.0.1:8080', 'https://forum.example.org'] });
    expect(parsed.frameAncestors).toEqual(['https://forum.example.org', 'https://*.partner.example', 'http://127.0.0.1:8080']);
  });

  it('refuses anything else with one clear message', () => {
    for (const bad of ['javascript:alert(1)', 'forum.example.org', 'https://example.org/page', "https://a.example 'unsafe-inline'", 'https://a.example;script-src *', '*']) {
      const r = EmbedSettingsSchema.safeParse({ frameAncestors: [bad] });
      expect(r.success, bad).toBe(false);
      expect(r.error!.issues[0]!.message).toBe('Each site must be an address such as https://example.org or https://*.example.org (a scheme and a host, nothing after it).');
    }
  });

  it('frames from any site when empty, else from the station itself and the listed sites', () => {
    expect(frameAncestorsSources([])).toBe('*');
    expect(frameAncestorsSources(['https://a.example', 'https://b.example'])).toBe("'self' https://a.example https://b.example");
  });
});
