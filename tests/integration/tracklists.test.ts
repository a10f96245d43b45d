import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { remindTracklistGaps } from '../../server/src/tracklists/service';
import { decodeExport } from '../../shared/tracklist-import';
import { createUser, type TestUser } from '../support/auth';
import { request, startTestServer, type TestServer } from '../support/server';

/**
 * Live-show tracklists (issue 34 item 2) through the API: a presenter logs
 * their own show (typed, from the library, a Serato CSV, a rekordbox .txt),
 * removes a play that did not happen, cannot touch another presenter's show;
 * the plays reach the play-log report with the show, the presenter and their
 * listeners; a show that ended with gaps reminds its presenter once; in US
 * compliance mode the 4th track from one album in 3 hours is flagged.
 *
 * The show: "Night Shift", 2026-11-27 20:00–22:00 Europe/London (GMT, so UTC).
 * The clock stands at 22:30.
 */

const ZONE = 'Europe/London';
const START = Date.UTC(2026, 10, 27, 20, 0);
const END = Date.UTC(2026, 10, 27, 22, 0);
const NOW = Date.UTC(2026, 10, 27, 22, 30);
const fixture = (name: string) => decodeExport(new Uint8Array(readFileSync(new URL(`../fixtures/tracklists/${name}`, import.meta.url))));

describe('live-show tracklists', () => {
  let t: TestServer;
  let maya: TestUser;
  let other: TestUser;
  let manager: TestUser;
  let owner: TestUser;
  let show: string;
  let otherShow: string;

  beforeAll(async () => {
    t = await startTestServer({ env: { STATION_TIMEZONE: ZONE }, now: () => NOW, jobs: () => [] });
    const knex = t.server.ctx.knex;
    [maya, other, manager, owner] = await Promise.all([createUser(t, { role: 'presenter' }), createUser(t, { role: 'presenter' }), createUser(t, { role: 'manager' }), createUser(t, { role: 'owner' })]);
    const [mp] = await knex('presenters').insert({ user_id: maya.id, name: 'Maya Okafor' }).returning<{ id: string }[]>('id');
    const [op] = await knex('presenters').insert({ user_id: other.id, name: 'Sam Other' }).returning<{ id: string }[]>('id');
    const [ev] = await knex('schedule_events')
      .insert({ title: 'Night Shift', type: 'show', event_date: '2026-11-27', start_time: '20:00:00', end_time: '22:00:00', status: 'scheduled', host: 'Maya Okafor', recurrence_type: 'once', booking_type: 'single' })
      .returning<{ id: string }[]>('id');
    const [s1] = await knex('broadcast_sessions').insert({ presenter_id: mp!.id, streamer_name: 'Maya Okafor', schedule_event_id: ev!.id, started_at: new Date(START), ended_at: new Date(END), source: 'demo' }).returning<{ id: string }[]>('id');
    const [s2] = await knex('broadcast_sessions').insert({ presenter_id: op!.id, streamer_name: 'Sam Other', schedule_event_id: null, started_at: new Date(START - 5 * 3_600_000), ended_at: new Date(START - 4 * 3_600_000), source: 'demo' }).returning<{ id: string }[]>('id');
    show = s1!.id;
    otherShow = s2!.id;
    // One listener for the show's first hour (a real listener session of an hour: a performance of every play in it).
    await knex('listener_sessions').insert({ started_at: new Date(START), ended_at: new Date(START + 3_600_000), country: 'GB' });
  }, 90_000);
  afterAll(async () => t?.close());

  it('a presenter sees and logs only their own shows; a manager any', async () => {
    const mine = await request(t.url, '/api/tracklists/shows', { token: maya.token });
    expect(mine.status).toBe(200);
    expect(mine.body.shows.map((s: { id: string; title: string; presenter_name: string }) => [s.id, s.title, s.presenter_name])).toEqual([[show, 'Night Shift', 'Maya Okafor']]);
    expect((await request(t.url, `/api/tracklists/shows/${otherShow}`, { token: maya.token })).status).toBe(403);
    expect((await request(t.url, `/api/tracklists/shows/${otherShow}/plays`, { method: 'POST', token: maya.token, body: { title: 'Sneaky', artist: 'X' } })).status).toBe(403);
    const all = await request(t.url, '/api/tracklists/shows', { token: manager.token });
    expect(all.body.shows.map((s: { id: string }) => s.id)).toEqual([show, otherShow]);
    expect((await request(t.url, `/api/tracklists/shows/${otherShow}`, { token: manager.token })).status).toBe(200);
  });

  it('logs a typed play, refuses a time outside the show, and does not log the same play twice', async () => {
    const at = new Date(START + 30 * 60_000).toISOString();
    const first = await request(t.url, `/api/tracklists/shows/${show}/plays`, { method: 'POST', token: maya.token, body: { artist: 'Nina Simone', title: 'Sinnerman', album: 'Pastel Blues', played_at: at } });
    expect(first.status).toBe(201);
    expect(first.body.tracklist.plays.map((p: { title: string; played_at: string; source: string }) => [p.title, p.played_at, p.source])).toEqual([['Sinnerman', at, 'manual']]);
    const again = await request(t.url, `/api/tracklists/shows/${show}/plays`, { method: 'POST', token: maya.token, body: { artist: 'Nina Simone', title: 'Sinnerman', played_at: at } });
    expect(again.status).toBe(200);
    expect(again.body.duplicate).toBe(true);
    const outside = await request(t.url, `/api/tracklists/shows/${show}/plays`, { method: 'POST', token: maya.token, body: { artist: 'A', title: 'B', played_at: new Date(END + 20 * 60_000).toISOString() } });
    expect(outside.status).toBe(400);
    // The library search finds it (accent- and case-insensitive) with when it last played.
    const found = await request(t.url, '/api/tracklists/search?q=sinner', { token: maya.token });
    expect(found.body.results).toEqual([{ track_id: expect.any(String), title: 'Sinnerman', artist: 'Nina Simone', album: 'Pastel Blues', last_played_at: at }]);
  });

  it("imports Serato's CSV at its own times, then rekordbox's in play order from the show's start; again adds nothing", async () => {
    const serato = await request(t.url, `/api/tracklists/shows/${show}/import`, { method: 'POST', token: maya.token, body: { text: fixture('serato-history.csv') } });
    expect(serato.status).toBe(200);
    expect([serato.body.format, serato.body.added, serato.body.duplicates, serato.body.skipped]).toEqual(['serato', 3, 0, 1]);
    const again = await request(t.url, `/api/tracklists/shows/${show}/import`, { method: 'POST', token: maya.token, body: { text: fixture('serato-history.csv') } });
    expect([again.body.added, again.body.duplicates]).toEqual([0, 3]);
    const rb = await request(t.url, `/api/tracklists/shows/${show}/import`, { method: 'POST', token: maya.token, body: { text: fixture('rekordbox-history.txt') } });
    expect([rb.body.format, rb.body.added]).toEqual(['rekordbox', 4]);
    // 20:00:00, then each after the one before for its length: 5:20, 3:27, 4:58.
    const plays = rb.body.tracklist.plays.map((p: { played_at: string; title: string }) => [p.played_at.slice(11, 19), p.title]);
    expect(plays).toEqual([
      ['20:00:00', 'One More Time'],
      ['20:02:10', 'Windowlicker'],
      ['20:05:20', 'Aerodynamic'],
      ['20:08:00', 'Teardrop'],
      ['20:08:47', 'Digital Love'],
      ['20:13:20', 'Xtal'],
      ['20:13:45', 'Harder, Better, Faster, Stronger'],
      ['20:30:00', 'Sinnerman'],
    ]);
    // Gaps: 20:30 → 22:00 (90 minutes) only.
    expect(rb.body.tracklist.gaps).toEqual([{ from: new Date(START + 30 * 60_000).toISOString(), to: new Date(END).toISOString(), minutes: 90 }]);
    // Not US mode: no warnings, though four tracks of one album went out.
    expect(rb.body.tracklist.warnings).toEqual([]);
    expect((await request(t.url, `/api/tracklists/shows/${show}/import`, { method: 'POST', token: maya.token, body: { text: 'foo,bar\n1,2\n' } })).status).toBe(400);
  });

  it('in US compliance mode the 4th track from one album in 3 hours is flagged', async () => {
    const current = (await request(t.url, '/api/settings/station', { token: owner.token })).body;
    expect((await request(t.url, '/api/settings/station', { method: 'PUT', token: owner.token, body: { ...current, compliance_mode: 'us' } })).status).toBe(200);
    const view = await request(t.url, `/api/tracklists/shows/${show}`, { token: maya.token });
    const fourth = view.body.plays.find((p: { title: string }) => p.title === 'Harder, Better, Faster, Stronger');
    expect(view.body.compliance_mode).toBe('us');
    expect(view.body.warnings).toEqual([{ play_id: fourth.id, kind: 'album', name: 'Discovery', count: 4, limit: 3 }]);
    await request(t.url, '/api/settings/station', { method: 'PUT', token: owner.token, body: { ...current, compliance_mode: 'none' } });
  });

  it('removes a play that did not happen, but not the station’s own plays', async () => {
    const view = await request(t.url, `/api/tracklists/shows/${show}`, { token: maya.token });
    const xtal = view.body.plays.find((p: { title: string }) => p.title === 'Xtal');
    expect((await request(t.url, `/api/tracklists/shows/${show}/plays/${xtal.id}`, { method: 'DELETE', token: other.token })).status).toBe(403);
    const gone = await request(t.url, `/api/tracklists/shows/${show}/plays/${xtal.id}`, { method: 'DELETE', token: maya.token });
    expect(gone.status).toBe(200);
    expect(gone.body.plays.map((p: { title: string }) => p.title)).not.toContain('Xtal');
    expect((await request(t.url, `/api/tracklists/shows/${show}/plays/${xtal.id}`, { method: 'DELETE', token: maya.token })).status).toBe(404);
    // An automation play attached to the show stays.
    const knex = t.server.ctx.knex;
    const track = (await knex('tracks').where({ title: 'Teardrop' }).first<{ id: string }>('id'))!;
    const [auto] = await knex('play_history').insert({ track_id: track.id, played_at: new Date(START + 60 * 60_000), broadcast_session_id: show, origin: 'automation' }).returning<{ id: number }[]>('id');
    expect((await request(t.url, `/api/tracklists/shows/${show}/plays/${auto!.id}`, { method: 'DELETE', token: manager.token })).status).toBe(404);
    await knex('play_history').where({ id: auto!.id }).delete();
  });

  it('the logged plays are in the play-log report with the show, the presenter and their listeners', async () => {
    const csv = await request(t.url, '/api/reports/plays?from=2026-11-27&to=2026-11-27', { token: owner.token });
    expect(csv.status).toBe(200);
    const lines = String(csv.body).trim().split(/\r?\n/);
    const header = lines[0]!.split(',').map((c) => c.replace(/^"|"$/g, ''));
    const col = (name: string) => header.indexOf(name);
    const rows = lines.slice(1).map((l) => l.split('","').map((c) => c.replace(/^"|"$/g, '')));
    const windowlicker = rows.find((r) => r[col('Title')] === 'Windowlicker')!;
    expect([windowlicker[col('Start')], windowlicker[col('Artist')], windowlicker[col('Source')], windowlicker[col('Show')], windowlicker[col('Presenter')], windowlicker[col('Listeners')]]).toEqual(['20:02:10', 'Aphex Twin', 'manual', 'Night Shift', 'Maya Okafor', '1']);
    const sinnerman = rows.find((r) => r[col('Title')] === 'Sinnerman')!;
    // 20:30 is inside the listener's hour; the play runs to its end as the last of the log.
    expect([sinnerman[col('Show')], sinnerman[col('Listeners')]]).toEqual(['Night Shift', '1']);
    expect(rows.map((r) => r[col('Title')])).not.toContain('Xtal');
    expect(rows).toHaveLength(7);
  });

  it('while a show is on air, "playing now" logs the track at this instant', async () => {
    const knex = t.server.ctx.knex;
    const presenter = (await knex('presenters').where({ user_id: maya.id }).first<{ id: string }>('id'))!;
    const [live] = await knex('broadcast_sessions').insert({ presenter_id: presenter.id, streamer_name: 'Maya Okafor', started_at: new Date(NOW - 10 * 60_000), ended_at: null, source: 'demo' }).returning<{ id: string }[]>('id');
    const found = await request(t.url, '/api/tracklists/search?q=windowlicker', { token: maya.token });
    const now = await request(t.url, `/api/tracklists/shows/${live!.id}/plays`, { method: 'POST', token: maya.token, body: { track_id: found.body.results[0].track_id } });
    expect(now.status).toBe(201);
    expect(now.body.tracklist.show.ended_at).toBeNull();
    expect(now.body.tracklist.plays).toEqual([{ id: now.body.play_id, played_at: new Date(NOW).toISOString(), title: 'Windowlicker', artist: 'Aphex Twin', album: '', source: 'manual' }]);
    // On air, its gaps run to now: 10 minutes so far, none yet.
    expect(now.body.tracklist.gaps).toEqual([]);
    await knex('play_history').where({ broadcast_session_id: live!.id }).delete();
    await knex('broadcast_sessions').where({ id: live!.id }).delete();
  });

  it('a show that ended with gaps reminds its presenter once, in-app', async () => {
    expect(await remindTracklistGaps(t.server.ctx)).toBe(1);
    expect(await remindTracklistGaps(t.server.ctx)).toBe(0);
    const mine = await request(t.url, '/api/notifications', { token: maya.token });
    const reminder = mine.body.notifications.find((n: { title: string }) => n.title === 'Your tracklist has gaps');
    expect(reminder.message).toContain('"Night Shift" ended with 1 stretch of 20 minutes or more with no track logged (90 minutes in all)');
    const theirs = await request(t.url, '/api/notifications', { token: other.token });
    expect(theirs.body.notifications.map((n: { title: string }) => n.title)).not.toContain('Your tracklist has gaps');
  });
});
