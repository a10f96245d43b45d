import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../support/auth';
import { request, startTestServer, type TestServer } from '../support/server';

/**
 * Station widgets over HTTP: the widget pages may be framed (by any site, or
 * by the allow-list of Settings → Widgets) and set no cookie; every other
 * route keeps `frame-ancestors 'none'`. The allow-list is owner and manager
 * only, validated, audited. (The widgets themselves run in Chromium:
 * tests/browser/embeds.test.ts.)
 */
let t: TestServer;
let owner: TestUser;
let manager: TestUser;
let admin: TestUser;
const WIDGETS = ['player', 'now-playing', 'schedule', 'recent', 'request'];
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'airdeck-embed-dist-'));

beforeAll(async () => {
  fs.mkdirSync(path.join(dist, 'embed'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head></head><body><div id="root"></div></body></html>');
  for (const w of WIDGETS) fs.writeFileSync(path.join(dist, 'embed', `${w}.html`), `<!doctype html><title>${w}</title>`);
  t = await startTestServer({ env: { WEB_DIST_DIR: dist } });
  [owner, manager, admin] = await Promise.all([createUser(t, { role: 'owner' }), createUser(t, { role: 'manager' }), createUser(t, { role: 'admin' })]);
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const frameAncestors = (csp: string | null) => /frame-ancestors ([^;]*)/.exec(csp ?? '')?.[1];

describe('framing', () => {
  it('lets any site frame every widget page, with no cookie and no X-Frame-Options', async () => {
    for (const w of WIDGETS) {
      const res = await fetch(`${t.url}/embed/${w}?theme=aurora`, { headers: { Cookie: 'airdeck_refresh=x', Authorization: 'Bearer nonsense' } });
      expect(res.status, w).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await res.text()).toContain(`<title>${w}</title>`);
      expect(frameAncestors(res.headers.get('content-security-policy')), w).toBe('*');
      expect(res.headers.get('x-frame-options')).toBeNull();
      expect(res.headers.get('set-cookie')).toBeNull();
    }
  });

  it('keeps every other route unframable', async () => {
    for (const p of ['/', '/admin/settings', '/song-request', '/api/now-playing', '/embed.js', '/api/settings/widgets']) {
      const res = await fetch(t.url + p);
      expect(frameAncestors(res.headers.get('content-security-policy')), p).toBe("'none'");
      expect(res.headers.get('x-frame-options'), p).toBe('SAMEORIGIN');
    }
  });

  it('answers an unknown widget with 404', async () => {
    const res = await request(t.url, '/embed/admin');
    expect(res.status).toBe(404);
    expect(res.body.error).toEqual({ code: 'not_found', message: 'There is no such widget.', key: 'error.noSuchWidget' });
  });
});

describe('the allow-list (Settings → Widgets)', () => {
  it('is refused to anonymous callers and below manager', async () => {
    expect((await request(t.url, '/api/settings/widgets')).status).toBe(401);
    const res = await request(t.url, '/api/settings/widgets', { method: 'PUT', token: admin.token, body: { frameAncestors: ['https://evil.example'] } });
    expect(res.status).toBe(403);
    expect(res.body.error.message).toBe("Access Denied: You don't have permission to access the settings page.");
  });

  it('refuses a malformed site with a clear message and changes nothing', async () => {
    const res = await request(t.url, '/api/settings/widgets', { method: 'PUT', token: owner.token, body: { frameAncestors: ['https://ok.example', "https://x.example 'unsafe-inline'"] } });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('Each site must be an address such as https://example.org or https://*.example.org (a scheme and a host, nothing after it).');
    expect((await request(t.url, '/api/settings/widgets', { token: owner.token })).body).toEqual({ frameAncestors: [] });
  });

  it('once saved, limits widget framing to the station and the listed sites at once, audited; emptied, any site again', async () => {
    const res = await request(t.url, '/api/settings/widgets', { method: 'PUT', token: manager.token, body: { frameAncestors: ['https://Forum.example.org/', 'https://*.partner.example'] } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ frameAncestors: ['https://forum.example.org', 'https://*.partner.example'] });
    const page = await fetch(`${t.url}/embed/schedule`);
    expect(frameAncestors(page.headers.get('content-security-policy'))).toBe("'self' https://forum.example.org https://*.partner.example");
    expect(frameAncestors((await fetch(`${t.url}/`)).headers.get('content-security-policy'))).toBe("'none'");
    const log = await t.server.ctx.knex('user_action_logs').orderBy('id', 'desc').first();
    expect(log).toMatchObject({ user_id: manager.id, action_type: 'update', resource_type: 'embed_settings' });

    await request(t.url, '/api/settings/widgets', { method: 'PUT', token: owner.token, body: { frameAncestors: [] } });
    expect(frameAncestors((await fetch(`${t.url}/embed/schedule`)).headers.get('content-security-policy'))).toBe('*');
  });
});

describe('the widget page\'s language (issue 35)', () => {
  /** The page and the texts inlined for the widget (the JSON element the widget reads). */
  const page = async (p: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${t.url}${p}`, { headers });
    const html = await res.text();
    const json = /<script type="application\/json" id="embed-texts">([^<]*)<\/script>/.exec(html)?.[1];
    return { res, html, lang: /<html lang="([^"]+)"/.exec(html)?.[1], dir: /<html [^>]*dir="([^"]+)"/.exec(html)?.[1], texts: JSON.parse(json ?? 'null') as Record<string, string> | null };
  };

  it('is ?lang= when given (the loader passes data-lang), with only the widget texts of that language', async () => {
    const es = await page('/embed/schedule?lang=es', { 'Accept-Language': 'de' });
    expect(es.res.status).toBe(200);
    expect(es.lang).toBe('es');
    expect(es.dir).toBe('ltr');
    expect(es.texts?.['embed.schedule.today']).toBe('Hoy');
    expect(es.texts?.['embed.request.send']).toBe('Enviar petición');
    expect(Object.keys(es.texts ?? {}).every((k) => k.startsWith('embed.'))).toBe(true);
    expect(es.res.headers.get('vary') ?? '').toMatch(/Accept-Language/i);
    // The content policy still allows it: a JSON element, no inline script.
    expect(es.res.headers.get('content-security-policy')).not.toMatch(/unsafe-inline'[^;]*script|script-src[^;]*unsafe-inline/);
  });

  it('takes the pseudo-locale for the layout checks: accented, longer, in brackets', async () => {
    const xa = await page('/embed/schedule?lang=en-XA');
    expect(xa.lang).toBe('en-XA');
    expect(xa.texts?.['embed.schedule.today']).toMatch(/^\[Ţöðáý .+\]$/);
    expect(xa.texts?.['embed.request.onAir']).toContain('{title}');
  });

  it('else the visitor\'s Accept-Language (German), Arabic right to left, English as before', async () => {
    const de = await page('/embed/now-playing', { 'Accept-Language': 'de-AT,de;q=0.9,en;q=0.5' });
    expect(de.lang).toBe('de');
    expect(de.texts?.['embed.nowPlaying.heading']).toBe('Läuft gerade');
    const ar = await page('/embed/player', { 'Accept-Language': 'ar' });
    expect(ar.lang).toBe('ar');
    expect(ar.dir).toBe('rtl');
    const en = await page('/embed/recent', { 'Accept-Language': 'ja' });
    expect(en.lang).toBe('en');
    expect(en.texts?.['embed.widget.recent']).toBe('Recently played');
    expect(en.html).toContain('<title>recent</title>');
  });

  it('else the station\'s default language', async () => {
    const current = (await request(t.url, '/api/settings/station', { token: owner.token })).body as Record<string, unknown>;
    const saved = await request(t.url, '/api/settings/station', { method: 'PUT', token: owner.token, body: { ...current, language: 'fr' } });
    expect(saved.status).toBe(200);
    try {
      await expect.poll(async () => (await page('/embed/request', { 'Accept-Language': 'ja' })).lang, { timeout: 15_000 }).toBe('fr');
      const fr = await page('/embed/request', { 'Accept-Language': 'ja' });
      expect(fr.texts?.['embed.request.heading']).toBe('Demander une chanson');
      expect((await page('/embed/request?lang=pt-br', { 'Accept-Language': 'ja' })).lang).toBe('pt-BR');
    } finally {
      await request(t.url, '/api/settings/station', { method: 'PUT', token: owner.token, body: current });
    }
  });
});
