import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runRetention } from '../../server/src/privacy/service';
import { createUser, type TestUser } from '../support/auth';
import { request, startTestServer, type TestServer } from '../support/server';

/**
 * Data kept only as long as needed (issue 37 item 1): the retention job, run
 * with a faked clock on a real database (either engine, as the suite runs),
 * removes exactly what is past each period (README "Personal data") and
 * nothing else; the owner changes a period and the analytics level.
 */

let t: TestServer;
let owner: TestUser;
const DAY = 86_400_000;
/** The job's "now": a year and a bit ahead, so every row below is in the past of it. */
const NOW = Date.now() + 400 * DAY;
const ago = (days: number, extraMs = 0) => new Date(NOW - days * DAY - extraMs);
const knex = () => t.server.ctx.knex;

beforeAll(async () => {
  t = await startTestServer();
  owner = await createUser(t, { role: 'owner' });
});
afterAll(async () => t?.close());

/** Rows on both sides of every period: `old` one hour past it, `kept` one hour inside it. */
async function seed(): Promise<void> {
  const k = knex();
  await k('song_requests').insert([
    { title: 'Old Song', artist: 'A', requester: 'Robin', message: 'for my mum', user_session: 'sess-old-song', status: 'played', created_at: ago(30, 3600_000) },
    { title: 'New Song', artist: 'B', requester: 'Sam', message: 'hello', user_session: 'sess-new-song', status: 'approved', created_at: ago(30, -3600_000) },
  ]);
  await k('shoutout_requests').insert([
    { requester_name: 'Robin', recipient_name: 'Kim', message: 'happy birthday', user_session: 'sess-old-shout', status: 'completed', created_at: ago(31) },
    { requester_name: 'Sam', recipient_name: 'Lee', message: 'congrats', user_session: 'sess-new-shout', status: 'approved', created_at: ago(29) },
  ]);
  await k('general_requests').insert([
    { name: 'Pat', email: 'pat@example.com', subject: 'feedback', message: 'old', user_session: 'sess-old-inq', created_at: ago(181) },
    { name: 'Jo', email: 'jo@example.com', subject: 'feedback', message: 'new', user_session: 'sess-new-inq', created_at: ago(179) },
  ]);
  const [track] = await k('tracks').insert({ track_key: 'retention-track', title: 'T', artist: 'A' }).returning<{ id: string }[]>('id');
  await k('track_votes').insert([
    { track_id: track!.id, user_session: 'sess-old-vote', vote_type: 'up', created_at: ago(31) },
    { track_id: track!.id, user_session: 'sess-new-vote', vote_type: 'up', created_at: ago(29) },
  ]);
  const [page] = await k('custom_pages').insert({ title: 'P', slug: 'retention-page', content: 'x' }).returning<{ id: string }[]>('id');
  await k('page_views').insert([
    { page_id: page!.id, session_id: 'sess-old-view', view_date: ago(32).toISOString().slice(0, 10) },
    { page_id: page!.id, session_id: 'sess-new-view', view_date: ago(28).toISOString().slice(0, 10) },
  ]);
  const app = { experience: 'Ten years of radio.', show_idea: 'A show about things.', available_times: ['weekend-morning'], terms_accepted: true };
  await k('presenter_applications').insert([
    { ...app, name: 'Old Decided', email: 'old@example.com', status: 'rejected', reviewed_at: ago(366), created_at: ago(370) },
    { ...app, name: 'New Decided', email: 'new@example.com', status: 'approved', reviewed_at: ago(364), created_at: ago(370) },
    { ...app, name: 'Old Pending', email: 'pending@example.com', status: 'pending', created_at: ago(700) },
  ]);
  await k('user_action_logs').insert([
    { action_type: 'login_failed', resource_type: 'session', resource_name: 'old-typo@example.com', ip: '203.0.113.9', created_at: ago(91) },
    { action_type: 'login_failed', resource_type: 'session', resource_name: 'new-typo@example.com', ip: '203.0.113.9', created_at: ago(89) },
    { action_type: 'update', resource_type: 'user', resource_name: 'old-edit', created_at: ago(731) },
    { action_type: 'update', resource_type: 'user', resource_name: 'new-edit', created_at: ago(729) },
  ]);
  await k('email_outbox').insert([
    { to_address: 'old@example.com', template: 't', subject: 's', body: 'b', status: 'sent', created_at: ago(31) },
    { to_address: 'new@example.com', template: 't', subject: 's', body: 'b', status: 'sent', created_at: ago(29) },
    { to_address: 'stuck@example.com', template: 't', subject: 's', body: 'b', status: 'pending', created_at: ago(300) },
  ]);
}

describe('the retention job (issue 37 item 1)', () => {
  it('removes exactly what is past each period, says what it removed, and leaves the rest alone', async () => {
    await seed();
    const votesBefore = await knex()('track_vote_totals').first('up_votes');
    const removed = await runRetention(t.server.ctx, NOW);
    expect(removed).toMatchObject({
      song_requests: 1,
      shoutout_requests: 1,
      general_requests: 1,
      track_votes: 1,
      page_views: 1,
      presenter_applications: 1,
      failed_signins: 1,
      email_outbox: 1,
    });
    // Everything that is not one of the seeded "old" rows is untouched; the owner's own log lines are younger than 730 days.
    expect(removed.audit_log).toBe(1);

    const songs = await knex()('song_requests').orderBy('title').select('title', 'requester', 'message', 'user_session', 'status');
    expect(songs).toEqual([
      { title: 'New Song', requester: 'Sam', message: 'hello', user_session: 'sess-new-song', status: 'approved' },
      { title: 'Old Song', requester: 'Listener', message: null, user_session: null, status: 'played' },
    ]);
    const shouts = await knex()('shoutout_requests').orderBy('created_at').select('requester_name', 'message', 'user_session');
    expect(shouts).toEqual([
      { requester_name: 'Listener', message: '(removed)', user_session: null },
      { requester_name: 'Sam', message: 'congrats', user_session: 'sess-new-shout' },
    ]);
    expect(await knex()('general_requests').pluck('email')).toEqual(['jo@example.com']);
    const votes = await knex()('track_votes').orderBy('created_at').pluck('user_session');
    expect(votes[0]).toMatch(/^erased-/);
    expect(votes[1]).toBe('sess-new-vote');
    expect(await knex()('track_vote_totals').first('up_votes')).toEqual(votesBefore);
    const views = await knex()('page_views').orderBy('view_date').pluck('session_id');
    expect(views[0]).toMatch(/^erased-/);
    expect(views[1]).toBe('sess-new-view');
    expect((await knex()('presenter_applications').orderBy('name').pluck('name'))).toEqual(['New Decided', 'Old Pending']);
    const logNames = await knex()('user_action_logs').pluck('resource_name');
    expect(logNames).toContain('new-typo@example.com');
    expect(logNames).toContain('new-edit');
    expect(logNames).not.toContain('old-typo@example.com');
    expect(logNames).not.toContain('old-edit');
    expect((await knex()('email_outbox').orderBy('to_address').pluck('to_address'))).toEqual(['new@example.com', 'stuck@example.com']);

    // A second run the same day finds nothing more.
    const again = await runRetention(t.server.ctx, NOW);
    expect(Object.values(again).every((n) => n === 0)).toBe(true);
    // Each run is on record for the owner.
    const runs = await request(t.url, '/api/privacy/retention', { token: owner.token });
    expect(runs.status).toBe(200);
    expect(runs.body.runs[1].removed).toMatchObject({ general_requests: 1, presenter_applications: 1 });
  });

  it('follows the owner’s periods: a shorter request period erases a younger request', async () => {
    const put = await request(t.url, '/api/privacy/settings', { method: 'PUT', token: owner.token, body: { request_days: 7 } });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ request_days: 7, vote_days: 30, analytics_level: 'hashed' });
    await knex()('song_requests').insert({ title: 'Week Old', artist: 'C', requester: 'Ali', user_session: 'sess-week', created_at: ago(8) });
    const removed = await runRetention(t.server.ctx, NOW);
    expect(removed.song_requests).toBe(2); // the week-old one and "New Song" (29 days)
    expect(Number((await knex()('song_requests').whereNotNull('user_session').count<{ n: string | number }[]>('* as n'))[0]!.n)).toBe(0);
    const manager = await createUser(t, { role: 'manager' });
    expect((await request(t.url, '/api/privacy/settings', { token: manager.token })).status).toBe(403);
  });

  it('records page views by the analytics level: a daily-salted hash by default, the id when full, nothing when none', async () => {
    await knex()('custom_pages').insert({ title: 'Q', slug: 'level-page', content: 'x' });
    const view = (session_id: string) => request(t.url, '/api/content/pages/level-page/views', { method: 'POST', body: { session_id } });
    const stored = () => knex()('page_views as v').join('custom_pages as p', 'p.id', 'v.page_id').where('p.slug', 'level-page').pluck('v.session_id');
    await view('session_hashed_1');
    await expect.poll(stored).toHaveLength(1);
    const [hashed] = await stored();
    expect(hashed).toMatch(/^h-/);
    expect(hashed).not.toContain('session_hashed_1');
    await view('session_hashed_1'); // the same browser the same day: still one
    await request(t.url, '/api/privacy/settings', { method: 'PUT', token: owner.token, body: { analytics_level: 'full' } });
    await view('session_full_1');
    await expect.poll(stored).toContain('session_full_1');
    expect(await stored()).toHaveLength(2);
    await request(t.url, '/api/privacy/settings', { method: 'PUT', token: owner.token, body: { analytics_level: 'none' } });
    await view('session_none_1');
    // Back to full: once the next view is stored, the one made under "none" would have been too.
    await request(t.url, '/api/privacy/settings', { method: 'PUT', token: owner.token, body: { analytics_level: 'full' } });
    await view('session_full_2');
    await expect.poll(stored).toContain('session_full_2');
    expect(await stored()).not.toContain('session_none_1');
    expect(await stored()).toHaveLength(3);
  });
});
