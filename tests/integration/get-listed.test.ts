import http from 'node:http';
import type net from 'node:net';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJobs } from '../../server/src/jobs';
import { createUser, type TestUser } from '../support/auth';
import { request, startTestServer, type TestServer } from '../support/server';

/**
 * Settings → Get listed (issue 36 item 3), against local stand-ins of the two outside services:
 * - radio-browser.info: `POST /json/add` with form fields, answering its JSON (`{ ok, message, uuid }`);
 * - TuneIn AIR: `GET /Playing.ashx?partnerId&partnerKey&id&title&artist`, answering its OPML (`<status>`, `<fault>`).
 * The TuneIn pushes come from the real now-playing producer: the demo station's poller, its tracks 3 s long.
 */

const PARTNER_ID = 'p-airdeck';
const PARTNER_KEY = 'k3y-Shh-9f2c';
const STATION_ID = 's123456';

interface AddCall {
  contentType: string;
  userAgent: string;
  fields: Record<string, string>;
}
interface AirCall {
  query: Record<string, string>;
  at: number;
}

let t: TestServer;
let owner: TestUser;
let rb: http.Server;
let air: http.Server;
const adds: AddCall[] = [];
const pushes: AirCall[] = [];
let publicUrl = '';

const listen = async (s: http.Server) => {
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(s.address() as net.AddressInfo).port}`;
};
const freePort = async () => {
  const s = http.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as net.AddressInfo;
  await new Promise((r) => s.close(r));
  return port;
};

beforeAll(async () => {
  // radio-browser's /json/add: every field optional but name, url and countrycode as its checks want them.
  rb = http.createServer((req, res) => {
    let body = '';
    req.on('data', (d: Buffer) => (body += d.toString('utf8')));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/json/add') {
        res.writeHead(404).end();
        return;
      }
      const type = req.headers['content-type'] ?? '';
      const fields = type.includes('json') ? (JSON.parse(body) as Record<string, string>) : Object.fromEntries(new URLSearchParams(body));
      adds.push({ contentType: type, userAgent: req.headers['user-agent'] ?? '', fields });
      res.writeHead(200, { 'Content-Type': 'application/json' });
      if (!fields.name || !fields.url || !/^https?:\/\//.test(fields.url)) res.end(JSON.stringify({ ok: false, message: 'url is not a valid url' }));
      else res.end(JSON.stringify({ ok: true, message: 'added station successfully', uuid: randomUUID() }));
    });
  });
  // TuneIn AIR's Playing.ashx: 200 with <status>200</status>, or 403 with a fault for bad credentials.
  air = http.createServer((req, res) => {
    const u = new URL(req.url ?? '/', 'http://x');
    if (u.pathname !== '/Playing.ashx') {
      res.writeHead(404).end();
      return;
    }
    const query = Object.fromEntries(u.searchParams);
    pushes.push({ query, at: Date.now() });
    const good = query.partnerId === PARTNER_ID && query.partnerKey === PARTNER_KEY && query.id === STATION_ID && Boolean(query.title);
    res.writeHead(good ? 200 : 403, { 'Content-Type': 'text/xml; charset=utf-8' });
    res.end(
      good
        ? '<?xml version="1.0" encoding="UTF-8"?><opml version="1"><head><title>AIR API</title><status>200</status></head><body /></opml>'
        : '<?xml version="1.0" encoding="UTF-8"?><opml version="1"><head><status>403</status><fault>Invalid partner credentials</fault></head><body /></opml>',
    );
  });
  const [rbUrl, airUrl, port] = await Promise.all([listen(rb), listen(air), freePort()]);
  publicUrl = `http://127.0.0.1:${port}`;
  t = await startTestServer({
    seed: true,
    jobs: startJobs,
    env: { PORT: String(port), PUBLIC_URL: publicUrl, RADIO_BROWSER_URL: rbUrl, TUNEIN_AIR_URL: airUrl, STATION_SOURCE: 'demo', DEMO_TRACK_SECONDS: '3', POLL_INTERVAL_MS: '1000' },
  });
  owner = await createUser(t, { role: 'owner' });
}, 120_000);

afterAll(async () => {
  await t?.close();
  rb?.close();
  air?.close();
});

describe('Settings → Get listed', () => {
  it("checks the station's public stream as a directory would: it plays, audio/mpeg at 48 kb/s, icy-* headers; not https", async () => {
    const res = await request(t.url, '/api/settings/listing/check', { method: 'POST', token: owner.token, body: {} });
    expect(res.status).toBe(200);
    expect(res.body.url).toBe(`${publicUrl}/api/stream`);
    const by = Object.fromEntries((res.body.checks as { key: string; ok: boolean; detail: string }[]).map((c) => [c.key, c]));
    expect(by.reachable).toMatchObject({ ok: true, detail: 'HTTP 200' });
    expect(by.https!.ok).toBe(false);
    expect(by.content_type).toMatchObject({ ok: true, detail: 'audio/mpeg' });
    expect(by.bitrate).toMatchObject({ ok: true, detail: '48 kb/s' });
    expect(by.icy!.ok).toBe(true);
    expect(by.icy!.detail).toContain('icy-name: ');
    expect(by.cors).toBeDefined();
  }, 60_000);

  it('registers the station on radio-browser.info with its fields, keeps the uuid, and shows the Icecast headers that claim it', async () => {
    // No country yet: refused before any call.
    const early = await request(t.url, '/api/settings/listing/radio-browser', { method: 'POST', token: owner.token, body: {} });
    expect(early.status).toBe(400);
    expect(adds).toHaveLength(0);

    const saved = await request(t.url, '/api/settings/listing', {
      method: 'PUT',
      token: owner.token,
      body: { country_code: 'gb', language: 'english', tags: 'community,indie', geo_lat: '51.4545', geo_long: -2.5879, tunein_enabled: false, tunein_station_id: '', tunein_partner_id: '' },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ country_code: 'GB', language: 'english', tags: 'community,indie', geo_lat: 51.4545, geo_long: -2.5879, radio_browser: null });

    const reg = await request(t.url, '/api/settings/listing/radio-browser', { method: 'POST', token: owner.token, body: {} });
    expect(reg.status).toBe(200);
    expect(adds).toHaveLength(1);
    const call = adds[0]!;
    expect(call.contentType).toContain('application/x-www-form-urlencoded');
    expect(call.userAgent).toMatch(/^Airdeck\//);
    expect(call.fields).toMatchObject({
      url: `${publicUrl}/api/stream`,
      homepage: `${publicUrl}/`,
      countrycode: 'GB',
      language: 'english',
      tags: 'community,indie',
      geo_lat: '51.4545',
      geo_long: '-2.5879',
    });
    expect(call.fields.name).toBeTruthy();
    expect(reg.body.radio_browser.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    // Kept: read back.
    const view = await request(t.url, '/api/settings/listing', { token: owner.token });
    expect(view.body.radio_browser.uuid).toBe(reg.body.radio_browser.uuid);
    // The Icecast block: well-formed <http-headers> with the extended icy headers radio-browser reads.
    const block = view.body.icecast_headers as string;
    expect(block.split('\n')[0]).toBe('<http-headers>');
    expect(block).toContain('<header name="icy-index-metadata" value="1" />');
    expect(block).toContain(`<header name="icy-main-stream-url" value="${publicUrl}/api/stream" />`);
    expect(block).toContain('<header name="icy-country-code" value="GB" />');
    expect(block).toContain('<header name="icy-geo-lat-long" value="51.4545,-2.5879" />');
    expect(block.trim().endsWith('</http-headers>')).toBe(true);
    expect(view.body.links).toEqual({ m3u: `${publicUrl}/listen.m3u`, pls: `${publicUrl}/listen.pls`, qr_svg: `${publicUrl}/listen.svg`, voice_page: `${publicUrl}/listen-everywhere` });
    // The demo station's listen-again downloads are on by default: the podcast feed to submit.
    expect(view.body.podcast_feed).toBe(`${publicUrl}/podcasts/station.xml`);
  }, 60_000);

  it('refuses bad fields in its own words, and a manager may save while a presenter may not', async () => {
    const bad = await request(t.url, '/api/settings/listing', { method: 'PUT', token: owner.token, body: { country_code: 'Britain', geo_lat: 120, tunein_enabled: false } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('Country must be a two-letter ISO code such as GB');
    const needsKey = await request(t.url, '/api/settings/listing', { method: 'PUT', token: owner.token, body: { country_code: 'GB', tunein_enabled: true, tunein_station_id: STATION_ID, tunein_partner_id: PARTNER_ID } });
    expect(needsKey.status).toBe(400);
    expect(needsKey.body.error.message).toBe('TuneIn AIR needs the station id, the partner id and the partner key.');
    const manager = await createUser(t, { role: 'manager' });
    expect((await request(t.url, '/api/settings/listing', { token: manager.token })).status).toBe(200);
    const presenter = await createUser(t, { role: 'presenter' });
    expect((await request(t.url, '/api/settings/listing', { token: presenter.token })).status).toBe(403);
  });

  it('pushes now-playing to TuneIn AIR on every track change of the demo station, with the partner id and key; the key is sealed at rest and never answered', async () => {
    const saved = await request(t.url, '/api/settings/listing', {
      method: 'PUT',
      token: owner.token,
      body: { country_code: 'GB', language: 'english', tunein_enabled: true, tunein_station_id: STATION_ID, tunein_partner_id: PARTNER_ID, tunein_partner_key: PARTNER_KEY },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.tunein_partner_key_set).toBe(true);
    expect(JSON.stringify(saved.body)).not.toContain(PARTNER_KEY);
    const row = await t.server.ctx.knex('station_listing').first();
    expect(row.tunein_partner_key_enc).toBeTruthy();
    expect(String(row.tunein_partner_key_enc)).not.toContain(PARTNER_KEY);

    // Three track changes at 3 s each: at least two distinct songs pushed, each once, each the song then on air.
    const from = pushes.length;
    await expect.poll(() => new Set(pushes.slice(from).map((p) => `${p.query.artist}|${p.query.title}`)).size, { timeout: 30_000, interval: 250 }).toBeGreaterThanOrEqual(2);
    const mine = pushes.slice(from);
    for (const p of mine) expect(p.query).toMatchObject({ partnerId: PARTNER_ID, partnerKey: PARTNER_KEY, id: STATION_ID });
    const np = (await request(t.url, '/api/now-playing')).body as { now_playing: { song: { title: string; artist: string } } };
    await expect.poll(() => pushes.some((p) => p.query.title === np.now_playing.song.title && p.query.artist === np.now_playing.song.artist), { timeout: 10_000 }).toBe(true);
    // Consecutive pushes are of different songs (one push per change, not per poll).
    for (let i = 1; i < mine.length; i++) expect(`${mine[i]!.query.artist}|${mine[i]!.query.title}`).not.toBe(`${mine[i - 1]!.query.artist}|${mine[i - 1]!.query.title}`);
    await expect.poll(async () => (await request(t.url, '/api/settings/listing', { token: owner.token })).body.tunein_last_push?.ok, { timeout: 10_000 }).toBe(true);

    // A key TuneIn refuses: its fault is kept for the screen. A blank key keeps the stored one.
    const keep = await request(t.url, '/api/settings/listing', { method: 'PUT', token: owner.token, body: { country_code: 'GB', tunein_enabled: true, tunein_station_id: STATION_ID, tunein_partner_id: PARTNER_ID, tunein_partner_key: '' } });
    expect(keep.body.tunein_partner_key_set).toBe(true);
    await request(t.url, '/api/settings/listing', { method: 'PUT', token: owner.token, body: { country_code: 'GB', tunein_enabled: true, tunein_station_id: STATION_ID, tunein_partner_id: PARTNER_ID, tunein_partner_key: 'wrong' } });
    await expect
      .poll(async () => (await request(t.url, '/api/settings/listing', { token: owner.token })).body.tunein_last_push, { timeout: 20_000, interval: 250 })
      .toMatchObject({ ok: false, message: 'Invalid partner credentials' });

    // Off: nothing more is pushed.
    await request(t.url, '/api/settings/listing', { method: 'PUT', token: owner.token, body: { country_code: 'GB', tunein_enabled: false, tunein_station_id: STATION_ID, tunein_partner_id: PARTNER_ID } });
    const off = pushes.length;
    await new Promise((r) => setTimeout(r, 4500));
    expect(pushes.length).toBe(off);
  }, 90_000);

  it('serves the stream as a QR code (SVG) and the "Alexa / Google, play …" page in the listener\'s language', async () => {
    const qr = await fetch(`${t.url}/listen.svg`);
    expect(qr.status).toBe(200);
    expect(qr.headers.get('content-type')).toContain('image/svg+xml');
    const svg = await qr.text();
    expect(svg).toMatch(/^<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg).toContain('<path');

    const en = await fetch(`${t.url}/listen-everywhere`, { headers: { 'Accept-Language': 'en-GB' } });
    expect(en.status).toBe(200);
    const page = await en.text();
    const name = (await request(t.url, '/api/settings/listing', { token: owner.token })).body.station.name as string;
    expect(page).toContain(`<q>Alexa, play ${name} on TuneIn</q>`);
    expect(page).toContain(`<q>Hey Google, play ${name}</q>`);
    expect(page).toContain('href="/listen.m3u"');
    expect(page).toContain('src="/listen.svg"');
    const fr = await (await fetch(`${t.url}/listen-everywhere?lang=fr`)).text();
    expect(fr).toContain('<html lang="fr" dir="ltr">');
    expect(fr).toContain(`<q>Alexa, joue ${name} sur TuneIn</q>`);
    const ar = await (await fetch(`${t.url}/listen-everywhere?lang=ar`)).text();
    expect(ar).toContain('<html lang="ar" dir="rtl">');
  });
});
