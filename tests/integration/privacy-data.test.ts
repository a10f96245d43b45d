import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../support/auth';
import { placesHolding } from '../support/find-value';
import { request, startTestServer, type TestServer } from '../support/server';

/**
 * A person's data (issue 37 item 2), through the API on a real database (either engine, as the suite runs):
 * a listener sees and deletes what the station holds for their browser by its session ids, after which no
 * column of any table holds the ids; staff find a person by name, e-mail or Discord handle across requests and
 * applications, export it as a file and erase it with a reason that the audit trail keeps; an account downloads
 * its own data and asks to be deleted.
 */

let t: TestServer;
let owner: TestUser;
let manager: TestUser;
let presenter: TestUser;
let trackId: string;
const knex = () => t.server.ctx.knex;
const requestId = () => `session_${randomBytes(8).toString('hex')}`;
const voteId = () => randomBytes(12).toString('hex');

beforeAll(async () => {
  t = await startTestServer({ env: { REQUEST_LIMIT_SESSION: '50', REQUEST_LIMIT_IP: '1000', REQUEST_REPEAT_MINUTES: '1' } });
  owner = await createUser(t, { role: 'owner' });
  manager = await createUser(t, { role: 'manager' });
  presenter = await createUser(t, { role: 'presenter' });
  const [track] = await knex()('tracks').insert({ track_key: 'privacy-data-track', title: 'Teardrop', artist: 'Massive Attack' }).returning<{ id: string }[]>('id');
  trackId = track!.id;
  const page = await request(t.url, '/api/pages', { method: 'POST', token: owner.token, body: { title: 'About us', slug: 'about-us', content: '<p>Hello</p>' } });
  expect(page.status).toBe(201);
});
afterAll(async () => t?.close());

const post = (path: string, body: unknown) => request(t.url, path, { method: 'POST', body });

/** One browser's activity through the public API: a song request with a message, a shoutout, an inquiry, a vote, a page view. */
async function listenerActs(s: { req: string; vote: string }, name: string): Promise<void> {
  expect((await post('/api/requests/song', { title: `Song ${randomBytes(3).toString('hex')}`, artist: 'Portishead', requester: name, message: `${name} says hi`, user_session: s.req })).status).toBe(201);
  expect((await post('/api/requests/shoutout', { requester_name: name, recipient_name: 'Mum', message: 'Happy birthday', user_session: s.req })).status).toBe(201);
  expect((await post('/api/requests/general', { name, email: `${name.toLowerCase()}@example.com`, subject: 'feedback', message: 'Lovely show', user_session: s.req })).status).toBe(201);
  expect((await post(`/api/tracks/${trackId}/votes`, { user_session: s.vote, vote_type: 'up' })).status).toBe(200);
  expect((await post('/api/content/pages/about-us/views', { session_id: s.vote })).status).toBe(202);
}

/** DELETE /api/my-data; tried again if the kept-alive connection was closed under it (after a long database scan). */
async function deleteMine(session_id: string | string[]) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await request(t.url, '/api/my-data', { method: 'DELETE', body: { session_id } });
    } catch (err) {
      if (attempt >= 2) throw err;
    }
  }
}

const myData = (ids: string[]) => request(t.url, `/api/my-data?${ids.map((id) => `session_id=${id}`).join('&')}`);

describe("a listener's own data (issue 37 item 2)", () => {
  it('shows what the station holds for the browser, only that, and deletes it so that no table holds the session ids', async () => {
    // Page views keep the session id itself at the full analytics level.
    expect((await request(t.url, '/api/privacy/settings', { method: 'PUT', token: owner.token, body: { analytics_level: 'full' } })).status).toBe(200);
    const me = { req: requestId(), vote: voteId() };
    const other = { req: requestId(), vote: voteId() };
    await listenerActs(me, 'Robin');
    await listenerActs(other, 'Alex');
    // The page view is counted after the answer: wait for it.
    await expect.poll(async () => (await myData([me.vote])).body.page_views?.length, { timeout: 20_000 }).toBe(1);

    const held = await myData([me.req, me.vote]);
    expect(held.status).toBe(200);
    expect(held.headers.get('cache-control')).toBe('no-store');
    expect(held.body.song_requests).toHaveLength(1);
    expect(held.body.song_requests[0]).toMatchObject({ artist: 'Portishead', requester: 'Robin', message: 'Robin says hi', status: 'pending' });
    expect(held.body.shoutout_requests).toEqual([expect.objectContaining({ requester_name: 'Robin', recipient_name: 'Mum', message: 'Happy birthday' })]);
    expect(held.body.general_requests).toEqual([expect.objectContaining({ name: 'Robin', email: 'robin@example.com', subject: 'feedback' })]);
    expect(held.body.track_votes).toEqual([expect.objectContaining({ title: 'Teardrop', artist: 'Massive Attack', vote_type: 'up' })]);
    expect(held.body.page_views).toEqual([expect.objectContaining({ slug: 'about-us', title: 'About us' })]);
    // Three requests counted against the session's limit: one counter per kind.
    expect(held.body.rate_limit_counters).toBe(3);
    // Nothing of the other browser.
    expect(JSON.stringify(held.body)).not.toContain('Alex');
    // One id alone finds only what it keys.
    const byRequestId = await myData([me.req]);
    expect(byRequestId.body.track_votes).toEqual([]);
    expect(byRequestId.body.song_requests).toHaveLength(1);

    // Before: the ids are in the requests, the votes, the page views and the rate-limit counters.
    expect(await placesHolding(knex(), me.req)).toEqual(expect.arrayContaining(['song_requests.user_session', 'shoutout_requests.user_session', 'general_requests.user_session', 'request_rate_limits.key']));
    expect(await placesHolding(knex(), me.vote)).toEqual(expect.arrayContaining(['track_votes.user_session', 'page_views.session_id']));
    const totalsBefore = await knex()('track_vote_totals').where({ track_id: trackId }).first('up_votes');

    const gone = await deleteMine([me.req, me.vote]);
    expect(gone.status).toBe(200);
    expect(gone.body.removed).toEqual({ song_requests: 1, shoutout_requests: 1, general_requests: 1, track_votes: 1, page_views: 1, rate_limit_counters: 3, notifications: 3, audit_entries: 0, push_follows: 0 });

    // Afterwards no column of any table holds either id, nor the listener's name.
    expect(await placesHolding(knex(), me.req)).toEqual([]);
    expect(await placesHolding(knex(), me.vote)).toEqual([]);
    expect(await placesHolding(knex(), 'Robin')).toEqual([]);
    expect(await placesHolding(knex(), 'robin@example.com')).toEqual([]);
    const after = await myData([me.req, me.vote]);
    expect(after.body).toEqual({ song_requests: [], shoutout_requests: [], general_requests: [], track_votes: [], page_views: [], rate_limit_counters: 0, push_follows: [] });
    // The counts stay: the song's row (without the person), the vote total.
    expect(await knex()('track_vote_totals').where({ track_id: trackId }).first('up_votes')).toEqual(totalsBefore);
    expect(await knex()('song_requests').where({ requester: 'Listener' }).count<{ n: string }[]>({ n: '*' })).toEqual([{ n: expect.anything() }]);
    // The other browser's data is untouched.
    const theirs = await myData([other.req, other.vote]);
    expect(theirs.body.song_requests[0]).toMatchObject({ requester: 'Alex', message: 'Alex says hi' });
    expect(theirs.body.general_requests).toHaveLength(1);
    expect(theirs.body.track_votes).toHaveLength(1);
    expect(await placesHolding(knex(), other.req)).toContain('song_requests.user_session');
    expect((await request(t.url, '/api/privacy/settings', { method: 'PUT', token: owner.token, body: { analytics_level: 'hashed' } })).status).toBe(200);
  });

  it("finds today's page views at the hashed analytics level, though the database holds only the hash", async () => {
    expect((await request(t.url, '/api/privacy/settings', { method: 'PUT', token: owner.token, body: { analytics_level: 'hashed' } })).status).toBe(200);
    const me = { req: requestId(), vote: voteId() };
    expect((await post('/api/content/pages/about-us/views', { session_id: me.vote })).status).toBe(202);
    await expect.poll(async () => (await myData([me.vote])).body.page_views?.length, { timeout: 20_000 }).toBe(1);
    expect(await placesHolding(knex(), me.vote)).toEqual([]);
    const gone = await deleteMine(me.vote);
    expect(gone.body.removed.page_views).toBe(1);
    expect((await myData([me.vote])).body.page_views).toEqual([]);
  });

  it('refuses ids that are not session ids, and more than four', async () => {
    const bad = await request(t.url, '/api/my-data?session_id=short');
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('The session id is not valid.');
    expect((await request(t.url, '/api/my-data')).status).toBe(400);
    expect((await request(t.url, '/api/my-data', { method: 'DELETE', body: {} })).status).toBe(400);
    const five = Array.from({ length: 5 }, () => voteId());
    expect((await myData(five)).status).toBe(400);
  });
});

describe("staff answering a person's written request (issue 37 item 2)", () => {
  const name = `Jordan Quill ${randomBytes(2).toString('hex')}`;
  const email = `jq-${randomBytes(3).toString('hex')}@example.org`;

  it('finds the person by name, e-mail or Discord handle across requests and applications, exports a file, and erases with a logged reason', async () => {
    const s = requestId();
    expect((await post('/api/applications', { name, email, experience: 'Ten years of pirate radio.', showIdea: 'Late-night jazz and talk.', availableTimes: ['weekend-evening'], discordUsername: 'quill_jq', termsAccepted: true })).status).toBe(201);
    expect((await post('/api/requests/general', { name, email, subject: 'other', message: 'Please delete my data.', user_session: s })).status).toBe(201);
    expect((await post('/api/requests/shoutout', { requester_name: name, recipient_name: 'The band', message: 'Great set', user_session: s })).status).toBe(201);
    expect((await post('/api/requests/song', { title: 'Roads', artist: 'Portishead', requester: 'Someone Else', user_session: requestId() })).status).toBe(201);

    for (const q of [name.slice(0, 12).toUpperCase(), email, 'QUILL_JQ']) {
      const found = await request(t.url, `/api/privacy/subjects?q=${encodeURIComponent(q)}`, { token: manager.token });
      expect(found.status).toBe(200);
      expect(found.body.presenter_applications).toEqual([expect.objectContaining({ name, email, discord_username: 'quill_jq', status: 'pending' })]);
      if (q !== 'QUILL_JQ') expect(found.body.general_requests).toEqual([expect.objectContaining({ name, email })]);
    }
    const found = await request(t.url, `/api/privacy/subjects?q=${encodeURIComponent(name)}`, { token: manager.token });
    expect(found.body.shoutout_requests).toEqual([expect.objectContaining({ requester_name: name })]);
    expect(found.body.song_requests).toEqual([]);
    // Wildcards are taken literally.
    expect((await request(t.url, '/api/privacy/subjects?q=%25%25', { token: manager.token })).body.presenter_applications).toEqual([]);
    expect((await request(t.url, '/api/privacy/subjects?q=a', { token: manager.token })).status).toBe(400);
    expect((await request(t.url, `/api/privacy/subjects?q=${encodeURIComponent(name)}`, { token: presenter.token })).status).toBe(403);

    const file = await request(t.url, `/api/privacy/subjects/export?q=${encodeURIComponent(name)}`, { token: manager.token });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toMatch(/^attachment; filename="personal-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(file.body.presenter_applications[0]).toMatchObject({ name, experience: 'Ten years of pirate radio.', show_idea: 'Late-night jazz and talk.', available_times: ['weekend-evening'] });
    expect(file.body.exported_at).toMatch(/^\d{4}-/);

    // An erasure needs a reason and at least one record.
    const noReason = await request(t.url, '/api/privacy/subjects/erase', { method: 'POST', token: manager.token, body: { presenter_applications: [found.body.presenter_applications[0].id] } });
    expect(noReason.status).toBe(400);
    expect((await request(t.url, '/api/privacy/subjects/erase', { method: 'POST', token: manager.token, body: { reason: 'Written request' } })).status).toBe(400);

    const erased = await request(t.url, '/api/privacy/subjects/erase', {
      method: 'POST',
      token: manager.token,
      body: {
        reason: 'Written request of 2 March, ref. DR-7',
        presenter_applications: found.body.presenter_applications.map((a: { id: string }) => a.id),
        general_requests: found.body.general_requests.map((a: { id: string }) => a.id),
        shoutout_requests: found.body.shoutout_requests.map((a: { id: string }) => a.id),
      },
    });
    expect(erased.status).toBe(200);
    expect(erased.body.removed).toMatchObject({ presenter_applications: 1, general_requests: 1, shoutout_requests: 1, song_requests: 0 });
    // The received e-mail to the applicant went too.
    expect(erased.body.removed.notifications).toBeGreaterThanOrEqual(3);

    const again = await request(t.url, `/api/privacy/subjects?q=${encodeURIComponent(name)}`, { token: manager.token });
    expect(again.body).toMatchObject({ song_requests: [], shoutout_requests: [], general_requests: [], presenter_applications: [] });
    // Nothing in the database names the person or their address any more, the audit trail included.
    expect(await placesHolding(knex(), name)).toEqual([]);
    expect(await placesHolding(knex(), email)).toEqual([]);
    // The other listener's song is untouched.
    expect(await knex()('song_requests').where({ requester: 'Someone Else' }).count<{ n: string }[]>({ n: '*' })).toEqual([{ n: expect.anything() }]);

    // The export and the erasure are in the audit trail: who, when, the reason and the counts.
    const logs = await knex()('user_action_logs').where({ resource_type: 'personal_data' }).orderBy('created_at').select('action_type', 'user_email', 'details');
    const details = (d: unknown) => (typeof d === 'string' ? JSON.parse(d) : d) as Record<string, unknown>;
    expect(logs.map((l) => l.action_type)).toEqual(['export', 'delete']);
    expect(logs[1]!.user_email).toBe(manager.email);
    expect(details(logs[1]!.details)).toMatchObject({ reason: 'Written request of 2 March, ref. DR-7', removed: { presenter_applications: 1 } });
  });
});

describe("an account's own data (issue 37 item 2)", () => {
  it('downloads its data as a file and asks for deletion, which reaches the owners and managers', async () => {
    const file = await request(t.url, '/api/me/data', { token: presenter.token });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toMatch(/^attachment; filename="my-account-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(file.body.account).toEqual({ id: presenter.id, email: presenter.email, role: 'presenter' });
    expect(file.body.profile).toMatchObject({ email: presenter.email });
    expect(file.body.sessions).toEqual(expect.arrayContaining([expect.objectContaining({ id: presenter.sessionId })]));
    expect(file.body.two_factor).toMatchObject({ enabled: false });
    expect(JSON.stringify(file.body)).not.toMatch(/password_hash|\$argon2/);
    expect((await request(t.url, '/api/me/data')).status).toBe(401);

    const asked = await request(t.url, '/api/me/deletion-request', { method: 'POST', token: presenter.token, body: { message: 'Leaving the station.' } });
    expect(asked.status).toBe(202);
    expect(asked.body).toEqual({ requested: true });
    for (const who of [owner, manager]) {
      const list = await request(t.url, '/api/notifications', { token: who.token });
      expect(list.body.notifications).toEqual(expect.arrayContaining([expect.objectContaining({ title: 'Account deletion requested', message: expect.stringContaining(presenter.email) })]));
    }
    const admin = await createUser(t, { role: 'admin' });
    const theirs = await request(t.url, '/api/notifications', { token: admin.token });
    expect(JSON.stringify(theirs.body)).not.toContain('Account deletion requested');
    const logged = await knex()('user_action_logs').where({ user_id: presenter.id, resource_name: 'Account deletion requested' }).first('action_type');
    expect(logged).toEqual({ action_type: 'other' });
  });
});

describe("the Privacy Policy's own words (issue 37 item 3)", () => {
  it('the owner writes an introduction and further text; the public figures carry them with the periods in force', async () => {
    const put = await request(t.url, '/api/privacy/settings', { method: 'PUT', token: owner.token, body: { policy_intro: '  We are a volunteer station.\n\nWe keep as little as we can.  ', policy_extra: 'Our data protection lead is Sam.', request_days: 14 } });
    expect(put.status).toBe(200);
    const figures = await request(t.url, '/api/privacy');
    expect(figures.body).toMatchObject({ policy_intro: 'We are a volunteer station.\n\nWe keep as little as we can.', policy_extra: 'Our data protection lead is Sam.', request_days: 14 });
    // Emptied, the standard text is back; too long or with a NUL, refused.
    expect((await request(t.url, '/api/privacy/settings', { method: 'PUT', token: owner.token, body: { policy_extra: '' } })).body.policy_extra).toBeNull();
    expect((await request(t.url, '/api/privacy/settings', { method: 'PUT', token: owner.token, body: { policy_intro: 'x'.repeat(5001) } })).status).toBe(400);
    expect((await request(t.url, '/api/privacy/settings', { method: 'PUT', token: owner.token, body: { policy_intro: 'a\u0000b' } })).status).toBe(400);
    expect((await request(t.url, '/api/privacy/settings', { method: 'PUT', token: manager.token, body: { policy_intro: 'Hijacked' } })).status).toBe(403);
    expect((await request(t.url, '/api/privacy')).body.policy_intro).toBe('We are a volunteer station.\n\nWe keep as little as we can.');
    await request(t.url, '/api/privacy/settings', { method: 'PUT', token: owner.token, body: { policy_intro: null, request_days: 30 } });
  });
});
