import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addDays, localDateTime } from '../../shared/time';
import { startPoller, type Poller } from '../../server/src/radio/poller';
import { createAzuraCastSource } from '../../server/src/radio/sources/azuracast';
import { SourceError, type StationSource } from '../../server/src/radio/sources/types';
import type { RealtimeEvent } from '../../shared/realtime';
import { fixtureAsOfNow } from '../support/azuracast-standin';
import { connectRealtime, scriptedSource, snapshot, snapTrack } from '../support/radio';
import { request, startTestServer, type TestServer } from '../support/server';

let t: TestServer;
let poller: Poller;
const source = scriptedSource();
/** The source the poller reads through: the scripted one, or a real adapter a test swaps in. */
let active: StationSource = source;
const busEvents: RealtimeEvent[] = [];
let presenterA: string;
let presenterB: string;
let userA: string;

beforeAll(async () => {
  t = await startTestServer({
    jobs: (ctx) => {
      poller = startPoller(ctx, ctx.radio, { source: { kind: 'azuracast', read: (s) => active.read(s) }, intervalMs: 3_600_000 });
      return [poller];
    },
  });
  t.server.ctx.bus.subscribe((e) => busEvents.push(e));
  const knex = t.database.db.knex;
  const [user] = await knex('profiles').insert({ email: 'ngozi@test.example', username: 'Ngozi', role: 'presenter', password_hash: 'x' }).returning<{ id: string }[]>('id');
  userA = user!.id;
  const [a] = await knex('presenters').insert({ name: 'Ngozi Adébáyọ̀', azuracast_id: '3', user_id: userA }).returning<{ id: string }[]>('id');
  const [b] = await knex('presenters').insert({ name: 'DJ Fjord', azuracast_id: '9' }).returning<{ id: string }[]>('id');
  presenterA = a!.id;
  presenterB = b!.id;
});
afterAll(async () => t?.close());
beforeEach(() => {
  active = source;
});

const knex = () => t.database.db.knex;
const plays = async (title: string) => Number((await knex()('play_history as p').join('tracks as t', 't.id', 'p.track_id').where('t.title', title).count<{ c: string }[]>({ c: '*' }))[0]!.c);
const openSessions = () => knex()('broadcast_sessions').whereNull('ended_at').select('*');

describe('the station poller', () => {
  it('records a play once however often the same play is read, and a new play when the song changes (Icecast-style, no start time)', async () => {
    source.next = snapshot({ source: 'icecast', track: snapTrack({ title: 'Eple', artist: 'Röyksopp', startedAt: null }) });
    for (let i = 0; i < 3; i++) expect((await poller.pollNow()).ok).toBe(true);
    expect(await plays('Eple')).toBe(1);
    source.next = snapshot({ source: 'icecast', track: snapTrack({ title: 'Hoppípolla', artist: 'Sigur Rós', startedAt: null }) });
    await poller.pollNow();
    await poller.pollNow();
    source.next = snapshot({ source: 'icecast', track: snapTrack({ title: 'Eple', artist: 'RÖYKSOPP ', startedAt: null }) });
    await poller.pollNow();
    expect(await plays('Eple')).toBe(2);
    expect(await plays('Hoppípolla')).toBe(1);
    // One track row for both spellings of the artist.
    expect(await knex()('tracks').where('title', 'Eple').count<{ c: string }[]>({ c: '*' })).toEqual([{ c: 1 }]);
  });

  it('keys plays on the station play id and start time, and backfills recent history without duplicates', async () => {
    const start = Date.now() - 60_000;
    const history = [
      { title: 'Glory Box', artist: 'Portishead', album: 'Dummy', artUrl: null, durationSeconds: 306, playedAt: start - 306_000, sourceId: '101', songId: null, isRequest: false, playlist: 'x', streamer: null },
      { title: 'Kerala', artist: 'Bonobo', album: 'Migration', artUrl: null, durationSeconds: 241, playedAt: start - 547_000, sourceId: '100', songId: null, isRequest: true, playlist: null, streamer: null },
    ];
    source.next = snapshot({ track: snapTrack({ title: 'Baby', artist: 'Four Tet', startedAt: start, sourceId: '102' }), history });
    const first = await poller.pollNow();
    expect(first.record?.playsAdded).toBe(3);
    for (let i = 0; i < 3; i++) expect((await poller.pollNow()).record?.playsAdded).toBe(0);
    expect([await plays('Baby'), await plays('Glory Box'), await plays('Kerala')]).toEqual([1, 1, 1]);
    // The same play reported later as history (as AzuraCast does) is still one play.
    source.next = snapshot({ track: snapTrack({ title: 'Gosh', artist: 'Jamie xx', startedAt: start + 300_000, sourceId: '103' }), history: [{ ...history[0]!, title: 'Baby', artist: 'Four Tet', playedAt: start, sourceId: '102' }] });
    expect((await poller.pollNow()).record?.playsAdded).toBe(1);
    expect(await plays('Baby')).toBe(1);
  });

  it('opens a live session matched by station-panel id, keeps it across polls, and closes it when the DJ leaves', async () => {
    const broadcastStart = Date.now() - 120_000;
    source.next = snapshot({ live: { isLive: true, streamerName: 'Ngozi', broadcastStart, artUrl: null, streamerId: '3' }, track: snapTrack({ title: 'Zombie', artist: 'Fela Kuti' }) });
    const out = await poller.pollNow();
    expect(out.record?.sessionOpened).toBe(true);
    await poller.pollNow();
    const open = await openSessions();
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({ presenter_id: presenterA, source: 'azuracast' });
    expect(new Date(open[0].started_at).getTime()).toBe(broadcastStart);
    const np = await request(t.url, '/api/now-playing');
    expect(np.body.live).toMatchObject({ is_live: true, streamer_name: 'Ngozi', presenter_id: presenterA, broadcast_start: Math.floor(broadcastStart / 1000) });
    expect(np.body.presenter).toBe('Ngozi');
    // The play on air belongs to the session.
    const play = await knex()('play_history as p').join('tracks as t', 't.id', 'p.track_id').where('t.title', 'Zombie').first('p.broadcast_session_id', 'p.is_live');
    expect(play).toEqual({ broadcast_session_id: open[0].id, is_live: true });

    source.next = snapshot({ track: snapTrack({ title: 'Zombie', artist: 'Fela Kuti' }) });
    expect((await poller.pollNow()).record?.sessionClosed).toBe(true);
    expect(await openSessions()).toHaveLength(0);
    const closed = await knex()('broadcast_sessions').where({ id: open[0].id }).first();
    expect(closed.ended_at).not.toBeNull();
    expect((await request(t.url, '/api/now-playing')).body.presenter).toBe('Auto DJ');
  });

  it('matches a presenter by name when the station gives no id, and switches sessions when another DJ takes over', async () => {
    source.next = snapshot({ live: { isLive: true, streamerName: 'dj fjord', broadcastStart: Date.now() - 5_000, artUrl: null, streamerId: null } });
    await poller.pollNow();
    expect((await openSessions())[0]).toMatchObject({ presenter_id: presenterB, streamer_name: 'dj fjord' });
    source.next = snapshot({ live: { isLive: true, streamerName: 'Someone Unknown', broadcastStart: Date.now(), artUrl: null, streamerId: null } });
    const out = await poller.pollNow();
    expect(out.record).toMatchObject({ sessionOpened: true, sessionClosed: true });
    const open = await openSessions();
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({ presenter_id: null, streamer_name: 'Someone Unknown' });
    source.next = snapshot({ live: { isLive: true, streamerName: '', broadcastStart: Date.now(), artUrl: null, streamerId: null } });
    await poller.pollNow();
    expect((await request(t.url, '/api/now-playing')).body.presenter).toBe('Live Presenter');
    source.next = snapshot();
    await poller.pollNow();
    expect(await openSessions()).toHaveLength(0);
  });

  it('keeps the last state marked stale when the source fails, pushes that, and recovers', async () => {
    source.next = snapshot({ track: snapTrack({ title: 'Archangel', artist: 'Burial' }) });
    await poller.pollNow();
    const ws = await connectRealtime(t.url);
    ws.send({ type: 'subscribe', channel: 'now-playing' });
    await expect.poll(() => ws.events('now-playing').length).toBe(1);
    expect(ws.events('now-playing')[0]).toMatchObject({ snapshot: true, data: { stale: false, now_playing: { song: { title: 'Archangel' } } } });

    const failures = [
      new SourceError('http', 'AzuraCast server error 503', { status: 503 }),
      new SourceError('timeout', 'did not answer within 8000 ms'),
      new SourceError('parse', 'AzuraCast did not return JSON'),
    ];
    for (const [i, failure] of failures.entries()) {
      source.next = failure;
      const out = await poller.pollNow();
      expect(out.ok).toBe(false);
      expect(out.error?.kind).toBe(failure.kind);
      if (i === 0) {
        // One failed read: the last state is kept, marked stale.
        const stale = await request(t.url, '/api/now-playing');
        expect(stale.status).toBe(200);
        expect(stale.body).toMatchObject({ stale: true, station: { state: 'on_air' }, now_playing: { song: { title: 'Archangel' } } });
        await expect.poll(() => ws.events('now-playing').length).toBe(2);
        expect(ws.events('now-playing')[1]?.data).toMatchObject({ stale: true });
      }
    }
    // Three failed reads in a row: the station counts as stopped, and no song is shown as playing.
    const stopped = await request(t.url, '/api/now-playing');
    expect(stopped.body).toMatchObject({ stale: true, station: { state: 'stopped' }, now_playing: { song: { title: null, artist: null }, duration: null }, live: { is_live: false } });
    await expect.poll(() => ws.events('now-playing').length).toBe(3);
    expect(ws.events('now-playing')[2]?.data).toMatchObject({ station: { state: 'stopped' } });
    const state = await knex()('station_state').first();
    expect(state.last_error).toContain('JSON');

    source.next = snapshot({ track: snapTrack({ title: 'Archangel', artist: 'Burial' }) });
    expect((await poller.pollNow()).ok).toBe(true);
    expect((await request(t.url, '/api/now-playing')).body).toMatchObject({ stale: false, station: { state: 'on_air' }, now_playing: { song: { title: 'Archangel' } } });
    await expect.poll(() => ws.events('now-playing').length).toBe(4);
    ws.close();
  });

  it('reads a real AzuraCast over HTTP through 5xx, bad JSON and a hang, and never stops', async () => {
    // The live document as a running panel serves it: the show started `elapsed` seconds ago, not months ago.
    const live = JSON.stringify(fixtureAsOfNow('live'));
    let mode: 'ok' | '500' | 'junk' | 'hang' = 'ok';
    const server = http.createServer((req, res) => {
      if (mode === 'hang') return; // never answers
      if (mode === '500') {
        res.writeHead(500, { 'content-type': 'application/json' }).end('{"code":500,"type":"Exception","message":"Database is down","success":false}');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(mode === 'junk' ? '<html>Login</html>' : live);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    active = createAzuraCastSource({ baseUrl: base, stationId: 'riverside_community_radio', timeoutMs: 300 });
    try {
      const ok = await poller.pollNow();
      expect(ok.ok).toBe(true);
      expect((await openSessions())[0]).toMatchObject({ presenter_id: presenterA });
      const np = (await request(t.url, '/api/now-playing')).body;
      expect(np.now_playing.song).toMatchObject({ title: 'Water No Get Enemy', artist: 'Fela Kuti' });
      // A live item of unknown length: no invented duration, only the elapsed time.
      expect(np.now_playing).toMatchObject({ duration: null, duration_is_estimate: true });
      expect(np.station).toMatchObject({ state: 'live', is_online: true });
      // The station's history is recorded too, names intact.
      expect(await knex()('tracks').where({ artist: 'Björk' }).count<{ c: string }[]>({ c: '*' })).toEqual([{ c: 1 }]);
      for (const m of ['500', 'junk', 'hang'] as const) {
        mode = m;
        const out = await poller.pollNow();
        expect(out.error?.kind).toBe(m === '500' ? 'http' : m === 'junk' ? 'parse' : 'timeout');
      }
      expect((await request(t.url, '/api/health')).status).toBe(200);
      expect((await request(t.url, '/api/now-playing')).body.stale).toBe(true);
      mode = 'ok';
      expect((await poller.pollNow()).ok).toBe(true);
    } finally {
      server.closeAllConnections();
      server.close();
    }
    source.next = snapshot();
    await poller.pollNow();
  });

  it('tells the presenter and moderators once when a scheduled show has nobody live 5 minutes in', async () => {
    const zone = t.config.STATION_TIMEZONE;
    const now = Date.now();
    const [user] = await knex()('profiles').insert({ email: 'kwame@test.example', username: 'Kwame', role: 'presenter', password_hash: 'x' }).returning<{ id: string }[]>('id');
    const [kwame] = await knex()('presenters').insert({ name: 'Kwame', azuracast_id: '12', user_id: user!.id }).returning<{ id: string }[]>('id');
    const start = localDateTime(now - 10 * 60_000, zone);
    const end = localDateTime(now + 50 * 60_000, zone);
    const [show] = await knex()('schedule_events')
      .insert({ title: 'Ghost Hour', type: 'show', status: 'scheduled', event_date: start.date, start_time: start.time, end_time: end.time, presenter_id: kwame!.id, presenter_name: 'Kwame' })
      .returning<{ id: string }[]>('id');
    source.next = snapshot();
    busEvents.length = 0;
    await poller.pollNow();
    await poller.pollNow();
    const rows = await knex()('admin_notifications').where({ related_id: show!.id });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ type: 'system_alert', priority: 'high', target_user_ids: [user!.id] });
    expect(rows[0].target_roles).toEqual(expect.arrayContaining(['owner', 'manager', 'admin', 'moderator']));
    expect(rows[0].title).toContain('Ghost Hour');
    const pushed = busEvents.filter((e) => e.channel === 'notifications');
    expect(pushed).toHaveLength(1);
    expect(pushed[0]).toMatchObject({ name: 'notification.created' });
    expect(pushed[0]!.userIds).toContain(user!.id);

    // The report shows it as a no-show until the presenter goes live (late).
    t.server.ctx.realtime = { ...t.server.ctx.realtime, verifyToken: async (tok) => (tok === 'staff-token' ? { userId: userA, role: 'presenter', exp: Date.now() / 1000 + 60 } : null) };
    const from = start.date;
    const to = addDays(end.date, 0);
    expect((await request(t.url, `/api/radio/on-air-report?from=${from}&to=${to}`)).status).toBe(401);
    const report = await request(t.url, `/api/radio/on-air-report?from=${from}&to=${to}`, { token: 'staff-token' });
    expect(report.status).toBe(200);
    expect(report.body.find((e: { show: { id: string } }) => e.show.id === show!.id)?.statuses).toEqual(['no_show']);

    source.next = snapshot({ live: { isLive: true, streamerName: 'Kwame', broadcastStart: Date.now(), artUrl: null, streamerId: '12' }, track: snapTrack({ title: 'Victory Dance', artist: 'Ezra Collective' }) });
    await poller.pollNow();
    const session = (await openSessions())[0];
    expect(session.schedule_event_id).toBe(show!.id);
    const after = await request(t.url, `/api/radio/on-air-report?from=${from}&to=${to}`, { token: 'staff-token' });
    const entry = after.body.find((e: { show: { id: string } }) => e.show.id === show!.id);
    expect(entry.statuses).toEqual(['late_start', 'on_air']);
    expect(entry.start_delta_minutes).toBeGreaterThanOrEqual(9);
    source.next = snapshot();
    await poller.pollNow();
    // His DJ stats are the real sessions.
    const stats = await request(t.url, `/api/radio/dj-stats/${kwame!.id}`);
    expect(stats.body.recent_shows[0]).toMatchObject({ title: 'Ghost Hour' });
    expect(stats.body.total_plays).toBeGreaterThan(0);
  });
});
