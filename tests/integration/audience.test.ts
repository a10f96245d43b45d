import http from 'node:http';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startStreamConnections, type StreamConnections } from '../../server/src/audience/connections';
import { audienceFigures, createAudienceRecorder } from '../../server/src/audience/service';
import { startPoller, type Poller } from '../../server/src/radio/poller';
import { createAzuraCastSource } from '../../server/src/radio/sources/azuracast';
import { createUser, type TestUser } from '../support/auth';
import { startAzuraCastStandIn, type AzuraCastStandIn } from '../support/azuracast-standin';
import { request, startTestServer, type TestServer } from '../support/server';

/**
 * Audience figures (issue 21): the listener count of every source reaches the
 * now-playing document and the staff screen within one poll, each reading is
 * recorded, and a show's figures come out of the recorded minutes with the
 * answers worked out by hand below (across midnight and a clock change).
 */

const ZONE = 'Europe/London';
const MIN = 60_000;
const silentLog = { warn: () => undefined } as unknown as Parameters<typeof createAudienceRecorder>[1];

describe('the demo station counts the connections to its own stream', () => {
  let t: TestServer;
  let poller: Poller;
  let connections: StreamConnections;
  let owner: TestUser;
  const open: http.ClientRequest[] = [];

  beforeAll(async () => {
    t = await startTestServer({
      env: { STATION_SOURCE: 'demo' },
      jobs: (ctx) => {
        connections = startStreamConnections(ctx, ctx.radio);
        poller = startPoller(ctx, ctx.radio, { intervalMs: 3_600_000, listeners: connections.total });
        return [connections, poller];
      },
    });
    owner = await createUser(t, { role: 'owner' });
  }, 60_000);
  afterAll(async () => {
    for (const r of open) r.destroy();
    await t?.close();
  });

  const connect = () =>
    new Promise<void>((resolve, reject) => {
      const req = http.get(`${t.url}/api/stream`, (res) => {
        res.on('data', () => undefined);
        resolve();
      });
      req.on('error', (err) => (open.includes(req) ? undefined : reject(err)));
      open.push(req);
    });
  const closeAll = () => {
    for (const r of open.splice(0)) r.destroy();
  };

  it.each([0, 3, 10])('shows %i listening in /api/now-playing, the AzuraCast-compatible feed and the staff screen after one poll', async (n) => {
    closeAll();
    await expect.poll(() => t.server.ctx.radio.stream.listenerCount()).toBe(0);
    for (let i = 0; i < n; i++) await connect();
    await expect.poll(() => t.server.ctx.radio.stream.listenerCount()).toBe(n);
    await poller.pollNow();
    expect((await request(t.url, '/api/now-playing')).body.listeners).toEqual({ current: n, unique: null, total: n });
    expect((await request(t.url, '/api/nowplaying/1')).body.listeners).toEqual({ current: n, unique: n, total: n });
    const now = await request(t.url, '/api/audience/now', { token: owner.token });
    expect(now.status).toBe(200);
    expect(now.body.current).toBe(n);
  });

  it.skipIf(inject('dbEngine') !== 'postgres')('adds the connections other instances report on PostgreSQL, ignoring a report gone stale', async () => {
    closeAll();
    for (let i = 0; i < 2; i++) await connect();
    const knex = t.database.db.knex;
    await knex('audience_stream_connections').insert([
      { instance_id: 'other-instance', connections: 5, seen_at: knex.fn.now() },
      { instance_id: 'crashed-instance', connections: 7, seen_at: new Date(Date.now() - 10 * 60_000) },
    ]);
    await poller.pollNow();
    expect((await request(t.url, '/api/now-playing')).body.listeners.current).toBe(7);
    await knex('audience_stream_connections').whereIn('instance_id', ['other-instance', 'crashed-instance']).delete();
    closeAll();
  });

  it('records each reading in its minute (one row per minute, the peak and the average kept)', async () => {
    const rows = await t.database.db.knex('audience_minutes').select('samples', 'peak');
    expect(rows.length).toBeGreaterThanOrEqual(1);
    expect(Math.max(...rows.map((r: { peak: number }) => r.peak))).toBe(10);
    // No listener address anywhere: the table holds counts only.
    const columns = Object.keys((await t.database.db.knex('audience_minutes').first()) as object).sort();
    expect(columns).toEqual(['listeners_sum', 'live_samples', 'minute', 'peak', 'samples']);
  });
});

describe('the AzuraCast stand-in', () => {
  let t: TestServer;
  let standin: AzuraCastStandIn;
  let poller: Poller;
  beforeAll(async () => {
    standin = await startAzuraCastStandIn('autodj');
    t = await startTestServer({
      jobs: (ctx) => {
        poller = startPoller(ctx, ctx.radio, { source: createAzuraCastSource({ baseUrl: standin.url, stationId: 'riverside', timeoutMs: 3000 }), intervalMs: 3_600_000 });
        return [poller];
      },
    });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await standin?.close();
  });

  it("carries AzuraCast's listeners (current, unique, total) into the document", async () => {
    await poller.pollNow();
    expect((await request(t.url, '/api/now-playing')).body.listeners).toEqual({ current: 42, unique: 36, total: 42 });
    standin.serve('live');
    await poller.pollNow();
    expect((await request(t.url, '/api/now-playing')).body.listeners).toEqual({ current: 58, unique: 49, total: 58 });
    expect((await request(t.url, '/api/nowplaying/1')).body.listeners).toEqual({ current: 58, unique: 49, total: 58 });
  });
});

describe('figures of shows, live sessions and presenters', () => {
  let t: TestServer;
  let presenterId: string;
  let otherId: string;
  let nightShow: string;
  let presenterUser: TestUser;
  let owner: TestUser;
  let guest: TestUser;

  const at = (iso: string) => Date.parse(iso);
  /** One reading a minute over [from, to) with `n(minuteIndex)` listeners. */
  const readings = (from: number, to: number, n: (i: number) => number, live: boolean) => {
    const out: { atMs: number; listeners: number; live: boolean }[] = [];
    for (let m = from, i = 0; m < to; m += MIN, i++) out.push({ atMs: m + 5_000, listeners: n(i), live });
    return out;
  };

  beforeAll(async () => {
    t = await startTestServer();
    const knex = t.database.db.knex;
    presenterUser = await createUser(t, { role: 'presenter' });
    owner = await createUser(t, { role: 'owner' });
    guest = await createUser(t, { role: 'guest' });
    const [p] = await knex('presenters').insert({ name: 'Ngozi Adébáyọ̀', user_id: presenterUser.id }).returning<{ id: string }[]>('id');
    const [o] = await knex('presenters').insert({ name: 'DJ Fjord' }).returning<{ id: string }[]>('id');
    presenterId = p!.id;
    otherId = o!.id;
    const show = (date: string, start: string, end: string, title = 'Night Shift', presenter = presenterId) => ({ title, type: 'show', status: 'scheduled', event_date: date, start_time: start, end_time: end, presenter_id: presenter });
    // A weekly show crossing midnight (Thursdays 23:00-01:00, London); the clocks go back on Sunday 25 October 2026.
    const rows = await knex('schedule_events')
      .insert([
        show('2026-10-15', '23:00', '01:00'),
        show('2026-10-22', '23:00', '01:00'),
        show('2026-10-29', '23:00', '01:00'),
        show('2026-11-05', '23:00', '01:00'),
        show('2026-11-12', '23:00', '01:00'),
        show('2026-11-19', '23:00', '01:00'),
        // 00:30-02:30 on the night the clocks go back lasts three real hours.
        show('2026-10-25', '00:30', '02:30', 'Clock Change Special'),
        show('2026-11-18', '10:00', '11:00', 'Morning Brew', otherId),
      ])
      .returning<{ id: string; event_date: string }[]>(['id', 'event_date']);
    nightShow = rows[5]!.id;
    // 23:00 London is 22:00 UTC before the change, 23:00 UTC after it.
    const all = [
      // Earlier AutoDJ hours of the same hours of the week (Thursday 23:00 and Friday 00:00): 5 and 8 listeners.
      ...readings(at('2026-10-08T22:00:00Z'), at('2026-10-08T23:00:00Z'), () => 5, false),
      ...readings(at('2026-10-08T23:00:00Z'), at('2026-10-09T00:00:00Z'), () => 8, false),
      ...readings(at('2026-10-15T22:00:00Z'), at('2026-10-16T00:00:00Z'), () => 100, true),
      ...readings(at('2026-10-22T22:00:00Z'), at('2026-10-23T00:00:00Z'), () => 10, true),
      // The clock change show: 6 listeners for 180 minutes, but 12 in minute 100.
      ...readings(at('2026-10-24T23:30:00Z'), at('2026-10-25T02:30:00Z'), (i) => (i === 100 ? 12 : 6), true),
      ...readings(at('2026-10-29T23:00:00Z'), at('2026-10-30T01:00:00Z'), () => 12, true),
      ...readings(at('2026-11-05T23:00:00Z'), at('2026-11-06T01:00:00Z'), () => 8, true),
      ...readings(at('2026-11-12T23:00:00Z'), at('2026-11-13T01:00:00Z'), () => 10, true),
      // This week: 10 listeners before midnight, 20 after.
      ...readings(at('2026-11-19T23:00:00Z'), at('2026-11-20T01:00:00Z'), (i) => (i < 60 ? 10 : 20), true),
      ...readings(at('2026-11-20T01:00:00Z'), at('2026-11-20T01:02:00Z'), () => 1, false),
    ];
    const recorder = createAudienceRecorder(knex, silentLog);
    for (const r of all) await recorder.record(r);
    await knex('broadcast_sessions').insert({ presenter_id: presenterId, streamer_name: 'Ngozi', schedule_event_id: nightShow, started_at: new Date('2026-11-19T23:00:00Z'), ended_at: new Date('2026-11-20T01:00:00Z'), source: 'demo' });
  }, 120_000);
  afterAll(async () => t?.close());

  const report = (filter: Parameters<typeof audienceFigures>[1]['filter'] = { kind: 'all' }) =>
    audienceFigures(t.database.db.knex, { fromMs: at('2026-10-21T02:00:00Z'), toMs: at('2026-11-20T02:00:00Z'), nowMs: at('2026-11-20T02:00:00Z'), zone: ZONE, filter });

  it('gives a show crossing midnight its peak, average, listening hours and the change against its previous four episodes and the AutoDJ', async () => {
    const r = await report();
    const show = r.shows.find((s) => s.id === nightShow)!;
    // 60 minutes of 10 and 60 of 20: peak 20, average 15, 10 + 20 = 30 listening hours.
    expect(show).toMatchObject({ peak: 20, average: 15, listening_hours: 30, minutes: 120 });
    // The four before (12 Nov 10, 5 Nov 8, 29 Oct 12, 22 Oct 10) average 10; the 100 of 15 October is a fifth, not counted.
    expect(show).toMatchObject({ previous_average: 10, previous_episodes: 4, change_vs_previous: 50 });
    // The AutoDJ had 5 at Thursday 23:00 and 8 at Friday 00:00: 6.5 over the show's two hours; 15 is +130.8%.
    expect(show).toMatchObject({ autodj_average: 6.5, change_vs_autodj: 130.8 });
  });

  it('counts the repeated hour of the night the clocks go back', async () => {
    const r = await report();
    const special = r.shows.find((s) => s.title === 'Clock Change Special')!;
    // 180 real minutes: 179 of 6 and one of 12 = 1086 listener-minutes, an average of 6.03.
    expect(special).toMatchObject({ peak: 12, average: 6, listening_hours: 18.1, minutes: 180 });
    expect(special.ends_at - special.starts_at).toBe(3 * 3_600_000);
    expect(special.previous_average).toBeNull();
    expect(special.change_vs_previous).toBeNull();
  });

  it('gives a live session its own figures, and each presenter the figures over their shows', async () => {
    const r = await report();
    expect(r.sessions).toHaveLength(1);
    expect(r.sessions[0]).toMatchObject({ kind: 'session', title: 'Night Shift', peak: 20, average: 15, listening_hours: 30 });
    const ngozi = r.presenters.find((p) => p.presenter_id === presenterId)!;
    // Episodes of 22 Oct (20 h), 29 Oct (24 h), 5 Nov (16 h), 12 Nov (20 h), 19 Nov (30 h) and the special (18.1 h).
    expect(ngozi).toMatchObject({ shows: 6, peak: 20, listening_hours: 128.1, minutes: 780 });
    // 7686 listener-minutes over 780 minutes: 9.85.
    expect(ngozi.average).toBe(9.9);
    // Morning Brew had no reading: it is ranked, with no figures.
    const brew = r.shows.find((s) => s.title === 'Morning Brew')!;
    expect(brew).toMatchObject({ peak: null, average: null, listening_hours: 0 });
    expect(r.shows[r.shows.length - 1]!.title).toBe('Morning Brew');
  });

  it('keeps minute rows 90 days and hourly rows for good, with the AutoDJ hours apart', async () => {
    const knex = t.database.db.knex;
    const hour = await knex('audience_hours').where({ hour: new Date('2026-10-08T22:00:00Z') }).first();
    expect(hour).toMatchObject({ minutes: 60, peak: 5, autodj_minutes: 60 });
    const live = await knex('audience_hours').where({ hour: new Date('2026-11-19T23:00:00Z') }).first();
    expect(live).toMatchObject({ minutes: 60, autodj_minutes: 0 });
    // A reading 91 days later removes the old minutes but not the hours.
    const recorder = createAudienceRecorder(knex, silentLog);
    await recorder.record({ atMs: at('2026-10-08T22:00:00Z') + 91 * 86_400_000, listeners: 1, live: false });
    expect(await knex('audience_minutes').where('minute', '<', new Date('2026-10-09T00:00:00Z')).count<{ c: string }[]>({ c: '*' })).toEqual([{ c: 0 }]);
    expect((await knex('audience_hours').where({ hour: new Date('2026-10-08T22:00:00Z') }).first())?.minutes).toBe(60);
  });

  it('shows a presenter their own shows only, moderators and up everything, and a guest nothing', async () => {
    const own = await report({ kind: 'own', presenterIds: [presenterId] });
    expect(own.shows.every((s) => s.presenter_id === presenterId)).toBe(true);
    expect(own.shows.some((s) => s.title === 'Morning Brew')).toBe(false);
    const mine = await request(t.url, '/api/audience/shows?range=30d', { token: presenterUser.token });
    expect(mine.status).toBe(200);
    expect(mine.body.scope).toBe('own');
    const all = await request(t.url, '/api/audience/shows?range=30d', { token: owner.token });
    expect(all.body.scope).toBe('all');
    expect((await request(t.url, '/api/audience/shows', { token: guest.token })).status).toBe(403);
    const bad = await request(t.url, '/api/audience/shows?range=1y', { token: owner.token });
    expect(bad.status).toBe(400);
    const csv = await fetch(`${t.url}/api/audience/shows.csv?range=24h`, { headers: { Authorization: `Bearer ${owner.token}` } });
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect((await csv.text()).split('\r\n')[0]).toBe('"kind","title","presenter","starts_at","ends_at","peak","average","listening_hours","previous_average","change_vs_previous_percent","autodj_average","change_vs_autodj_percent"');
  });

  it("adds the session's peak, average and listening hours to the presenter's end-of-show summary", async () => {
    const res = await request(t.url, '/api/on-air/summary', { token: presenterUser.token });
    expect(res.body.audience).toEqual({ peak: 20, average: 15, listening_hours: 30 });
  });

  it('keeps average listeners off the public DJ profile until General Settings allow it', async () => {
    expect((await request(t.url, `/api/presenters/${presenterId}/audience`)).status).toBe(404);
    expect((await request(t.url, '/api/audience/visibility')).body).toEqual({ profiles: false, player: false });
    const saved = await request(t.url, '/api/settings/audience', { method: 'PUT', token: owner.token, body: { profiles: true, player: false } });
    expect(saved.body).toEqual({ profiles: true, player: false });
    const pub = await request(t.url, `/api/presenters/${presenterId}/audience`);
    expect(pub.status).toBe(200);
    expect(pub.body.presenter_id).toBe(presenterId);
  });
});
