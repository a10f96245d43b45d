import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPoller, type Poller } from '../../server/src/radio/poller';
import { demoPlayAt } from '../../server/src/radio/sources/demo';
import { createUser, type TestUser } from '../support/auth';
import { request, startTestServer, type TestServer } from '../support/server';

/**
 * Music-licensing reports (issue 34), known answers. The demo station plays
 * two-minute tracks under a test clock; the poller records its plays and its
 * listener counts (audience minutes); the listeners are real HTTP clients of
 * /api/stream, each from its own loopback address, which a country table maps
 * to GB or US. Every figure below is worked out by hand from the definitions
 * (README "Music-licensing reports"):
 *
 * Day 2026-06-10, Europe/London (BST). T0 = 10:00:00 local; plays start at
 * T0-600, -480, -360, -240, -120 (the demo's history at the first poll), T0,
 * T0+120, T0+240, T0+360 s: 9 plays.
 *
 * Listeners (seconds after T0):
 *   A 127.0.0.2 (GB) 10 → 340 (330 s)
 *   B 127.0.0.1 (—)  30 → 89  (59 s: not a performance, not a stream)
 *   C 127.0.0.4 (US) 130 → 190 (60 s exactly: counts)
 *   D 127.0.0.3 (GB) 200 → 330 (130 s)
 * Per-play performances: T0 → A = 1 (the play started before A joined);
 * T0+120 → A, C, D = 3; T0+240 → A, D = 2; T0+360 → 0; earlier plays 0.
 * Polls at T0+5 (0 listening), +60 (A, B: 2), +150 (A, C: 2), +250 (A, D: 2), +365 (0):
 * listener-minutes 6, TLH 0.1. Streams: A, C, D = 3 (GB 2, US 1).
 * The report is read the next day: the period is the whole 24-hour day, so
 * tracks per hour = 9 / 24 = 0.375 → 0.38; TLH over a year = 0.1 × 365 = 36.5. PPL's performances
 * ("streams") = tracks per hour × TLH = 0.375 × 0.1 = 0.0375 → 0; over a year 0.0375 × 365 = 13.6875 → 14,
 * Linear Webcast Licence band 1 (up to 150,000 a year).
 */

const ZONE = 'Europe/London';
const DAY = '2026-06-10';
const T0 = Date.UTC(2026, 5, 10, 9, 0, 0); // 10:00 BST
const S = 1000;

describe('licensing reports from the demo station and real listeners', () => {
  let t: TestServer;
  let poller: Poller;
  let owner: TestUser;
  let clock = T0 + 5 * S;
  const clients = new Map<string, http.ClientRequest>();
  let geoFile: string;

  beforeAll(async () => {
    geoFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'airdeck-geo-')), 'countries.csv');
    fs.writeFileSync(geoFile, ['"127.0.0.2","127.0.0.3","GB"', '127.0.0.4,127.0.0.4,US', '10.0.0.0,10.255.255.255,FR', 'not,a,line'].join('\n'));
    t = await startTestServer({
      env: { STATION_SOURCE: 'demo', DEMO_TRACK_SECONDS: '120', STATION_TIMEZONE: ZONE, GEOIP_COUNTRY_CSV: geoFile },
      now: () => clock,
      jobs: (ctx) => {
        poller = startPoller(ctx, ctx.radio, { intervalMs: 3_600_000 });
        return [poller];
      },
    });
    owner = await createUser(t, { role: 'owner' });
  }, 90_000);
  afterAll(async () => {
    for (const c of clients.values()) c.destroy();
    await t?.close();
  });

  const sessions = () => t.database.db.knex('listener_sessions').orderBy('id');
  const listening = () => t.server.ctx.radio.stream.listenerCount();
  const join = async (name: string, localAddress: string) => {
    const before = (await sessions()).length;
    await new Promise<void>((resolve, reject) => {
      const url = new URL(`${t.url}/api/stream`);
      const req = http.get({ host: url.hostname, port: url.port, path: url.pathname, localAddress }, (res) => {
        res.on('data', () => undefined);
        res.on('error', () => undefined);
        resolve();
      });
      req.on('error', (err) => (clients.has(name) ? undefined : reject(err)));
      clients.set(name, req);
    });
    await expect.poll(async () => (await sessions()).length, { timeout: 20_000 }).toBe(before + 1);
  };
  const leave = async (name: string) => {
    const open = (await sessions()).filter((r: { ended_at: Date | null }) => r.ended_at === null).length;
    clients.get(name)!.destroy();
    await expect.poll(async () => (await sessions()).filter((r: { ended_at: Date | null }) => r.ended_at === null).length, { timeout: 20_000 }).toBe(open - 1);
  };
  const pollWith = async (n: number) => {
    await expect.poll(listening, { timeout: 20_000 }).toBe(n);
    await poller.pollNow();
  };

  it('records plays, listener sessions and audience minutes as the station runs', async () => {
    clock = T0 + 5 * S;
    await pollWith(0);
    clock = T0 + 10 * S;
    await join('A', '127.0.0.2');
    clock = T0 + 30 * S;
    await join('B', '127.0.0.1');
    clock = T0 + 60 * S;
    await pollWith(2);
    clock = T0 + 89 * S;
    await leave('B');
    clock = T0 + 130 * S;
    await join('C', '127.0.0.4');
    clock = T0 + 150 * S;
    await pollWith(2);
    clock = T0 + 190 * S;
    await leave('C');
    clock = T0 + 200 * S;
    await join('D', '127.0.0.3');
    clock = T0 + 250 * S;
    await pollWith(2);
    clock = T0 + 330 * S;
    await leave('D');
    clock = T0 + 340 * S;
    await leave('A');
    clock = T0 + 365 * S;
    await pollWith(0);

    const rows = await sessions();
    expect(rows.map((r: { started_at: Date; ended_at: Date; country: string | null }) => [(r.started_at.getTime() - T0) / S, (r.ended_at.getTime() - T0) / S, r.country])).toEqual([
      [10, 340, 'GB'],
      [30, 89, null],
      [130, 190, 'US'],
      [200, 330, 'GB'],
    ]);
    // No address is kept: only times and the country.
    expect(Object.keys(rows[0]).sort()).toEqual(['country', 'ended_at', 'id', 'started_at']);
    // The next day, when the report is run.
    clock = Date.UTC(2026, 5, 11, 1, 0, 0);
  }, 180_000);

  const q = `from=${DAY}&to=${DAY}`;

  it('PPL: tracks per hour, total listening hours, streams and band', async () => {
    const res = await request(t.url, `/api/reports/ppl?${q}`, { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ plays: 9, hours: 24, tracks_per_hour: 0.38, total_listening_hours: 0.1, streams: 3, performances: 0, projected_annual_listening_hours: 37, projected_annual_performances: 14, band: '1' });
  });

  it('PPL territory: each country’s share of the streams (the 59 s listener left out)', async () => {
    const res = await request(t.url, `/api/reports/ppl-territory?${q}`, { token: owner.token });
    expect(res.body).toEqual({ from: DAY, to: DAY, streams: 3, territories: [{ country: 'GB', streams: 2, share: 0.6667 }, { country: 'US', streams: 1, share: 0.3333 }] });
  });

  const starts = [-600, -480, -360, -240, -120, 0, 120, 240, 360];
  const performances = [0, 0, 0, 0, 0, 1, 3, 2, 0];
  const hhmmss = (offset: number) => {
    const secs = 10 * 3600 + offset;
    return [Math.floor(secs / 3600), Math.floor((secs % 3600) / 60), secs % 60].map((n) => String(n).padStart(2, '0')).join(':');
  };
  const trackAt = (offset: number) => demoPlayAt(T0 + offset * S + 1, 120).track;

  it('the play log CSV: one line per play with its end, source and listeners', async () => {
    const res = await fetch(`${t.url}/api/reports/plays?${q}`, { headers: { Authorization: `Bearer ${owner.token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="plays-${DAY}-${DAY}.csv"`);
    const lines = (await res.text()).split('\r\n');
    expect(lines[0]).toBe('"Date","Start","End","Duration (s)","Artist","Title","Album","Label","Catalogue number","ISRC","Writer/composer","Source","Show","Presenter","Listeners","Listening hours"');
    expect(lines).toHaveLength(starts.length + 2);
    expect(lines.at(-1)).toBe('');
    // Listening hours: every session's overlap with the play (B's 59 s too). T0: A 110 s + B 59 s = 169 s.
    const hours = [0, 0, 0, 0, 0, 169 / 3600, (120 + 60 + 40) / 3600, (100 + 90) / 3600, 0];
    starts.forEach((s, i) => {
      const tr = trackAt(s);
      const cells = [DAY, hhmmss(s), hhmmss(s + 120), '120', tr.artist, tr.title, tr.album, '', '', '', '', 'automation', '', '', String(performances[i]), String(Math.round(hours[i]! * 10_000) / 10_000)];
      expect(lines[i + 1]).toBe(cells.map((c) => `"${c.replace(/"/g, '""')}"`).join(','));
    });
  });

  it('SoundExchange: passes a checker written from the published format, one line per play with its performances', async () => {
    const res = await fetch(`${t.url}/api/reports/soundexchange?${q}`, { headers: { Authorization: `Bearer ${owner.token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const text = await res.text();
    const problems = checkSoundExchange(text);
    expect(problems).toEqual([]);
    const lines = text.split('\r\n').slice(1, -1);
    expect(lines).toHaveLength(9);
    lines.forEach((line, i) => {
      const f = line.split('^');
      const tr = trackAt(starts[i]!);
      expect(f[2]).toBe(`"${tr.artist}"`);
      expect(f[3]).toBe(`"${tr.title}"`);
      expect(f[7]).toBe(String(performances[i]));
      expect(f[9]).toBe(`"${DAY}"`);
      expect(f[10]).toBe(`"${hhmmss(starts[i]!)}"`);
    });
  });

  it('PRS: per work and time-of-day band, with its plays and duration', async () => {
    const res = await fetch(`${t.url}/api/reports/prs?${q}`, { headers: { Authorization: `Bearer ${owner.token}` } });
    const lines = (await res.text()).split('\r\n');
    expect(lines[0]).toBe('"Title","Writer/composer","Performer","Duration","Time of day","Number of plays"');
    // 2026-06-10 is a Wednesday: 09:50–10:06 lie in weekday peak time (06:00–19:00); each work once, 2:00 long.
    expect(lines.slice(1, -1).map((l) => l.split('","').slice(3).join('|'))).toEqual(starts.map(() => '2:00|Peak|1"'));
  });

  it('answers 400 for a bad range, and only owner and manager get the reports', async () => {
    expect((await request(t.url, `/api/reports/ppl?from=${DAY}&to=2026-06-01`, { token: owner.token })).status).toBe(400);
    expect((await request(t.url, `/api/reports/ppl?from=2026-13-01&to=${DAY}`, { token: owner.token })).status).toBe(400);
    const manager = await createUser(t, { role: 'manager' });
    const admin = await createUser(t, { role: 'admin' });
    expect((await request(t.url, `/api/reports/ppl?${q}`, { token: manager.token })).status).toBe(200);
    expect((await request(t.url, `/api/reports/ppl?${q}`, { token: admin.token })).status).toBe(403);
    expect((await request(t.url, `/api/reports/ppl?${q}`)).status).toBe(401);
  });

  it('compliance mode UK or US: no public API or feed names an upcoming song; none: as before', async () => {
    const setMode = async (mode: string) => {
      const current = (await request(t.url, '/api/settings/station', { token: owner.token })).body;
      const saved = await request(t.url, '/api/settings/station', { method: 'PUT', token: owner.token, body: { ...current, compliance_mode: mode } });
      expect(saved.status).toBe(200);
      expect(saved.body.compliance_mode).toBe(mode);
      await poller.pollNow();
    };
    const upcoming = async () => {
      const doc = (await request(t.url, '/api/now-playing')).body;
      const feed = (await request(t.url, '/api/nowplaying/1')).body;
      const station = (await request(t.url, '/api/station')).body;
      return { doc: doc.playing_next?.song?.title ?? null, feed: feed.playing_next?.song?.title ?? null, mode: station.compliance_mode };
    };
    await poller.pollNow();
    const next = demoPlayAt(clock, 120);
    const nextTitle = demoPlayAt(next.endsAt + 1, 120).track.title;
    expect(await upcoming()).toEqual({ doc: nextTitle, feed: nextTitle, mode: 'none' });
    await setMode('uk');
    expect(await upcoming()).toEqual({ doc: null, feed: null, mode: 'uk' });
    await setMode('none');
    expect(await upcoming()).toEqual({ doc: nextTitle, feed: nextTitle, mode: 'none' });
    await setMode('us');
    expect(await upcoming()).toEqual({ doc: null, feed: null, mode: 'us' });
    expect((await request(t.url, '/api/settings/station', { method: 'PUT', token: owner.token, body: { ...(await request(t.url, '/api/settings/station', { token: owner.token })).body, compliance_mode: 'eu' } })).status).toBe(400);
  });
});

/**
 * A checker written from SoundExchange's report-of-use format (37 CFR 370.4(e)): a text file, one header line
 * naming the fields, one record per line, fields separated by the caret (^), text fields in double quotes with
 * no carets or quotes inside, the actual total performances a whole number, no footer.
 */
function checkSoundExchange(text: string): string[] {
  const problems: string[] = [];
  if (!text.endsWith('\r\n')) problems.push('the file does not end with a line break');
  const lines = text.split('\r\n').slice(0, -1);
  const header = lines[0]?.split('^') ?? [];
  for (const need of ['NAME_OF_SERVICE', 'TRANSMISSION_CATEGORY', 'FEATURED_ARTIST', 'SOUND_RECORDING_TITLE', 'ISRC', 'ALBUM_TITLE', 'MARKETING_LABEL', 'ACTUAL_TOTAL_PERFORMANCES']) {
    if (!header.includes(need)) problems.push(`header lacks ${need}`);
  }
  const atp = header.indexOf('ACTUAL_TOTAL_PERFORMANCES');
  lines.slice(1).forEach((line, i) => {
    const fields = line.split('^');
    if (fields.length !== header.length) problems.push(`line ${i + 2}: ${fields.length} fields, not ${header.length}`);
    fields.forEach((f, j) => {
      if (j === atp) {
        if (!/^\d+$/.test(f)) problems.push(`line ${i + 2}: performances "${f}" is not a whole number`);
      } else if (!/^"[^"^\r\n]*"$/.test(f)) problems.push(`line ${i + 2}: field ${header[j]} is not a quoted text`);
    });
    const quoted = (j: number) => fields[j]?.slice(1, -1) ?? '';
    if (!quoted(header.indexOf('FEATURED_ARTIST')) || !quoted(header.indexOf('SOUND_RECORDING_TITLE'))) problems.push(`line ${i + 2}: no artist or title`);
    if (!quoted(header.indexOf('NAME_OF_SERVICE'))) problems.push(`line ${i + 2}: no service name`);
  });
  if (lines.length < 2) problems.push('no records');
  return problems;
}
