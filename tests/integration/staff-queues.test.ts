import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { Role } from '../../shared/permissions';
import type { RealtimeEvent } from '../../shared/realtime';
import { createUser, type TestUser } from '../support/auth';
import { startFakeDiscord, type FakeDiscord } from '../support/fake-services';
import { request, startTestServer, type TestServer } from '../support/server';

/**
 * Staff workflows (issue 6): the request queues, leave of absence,
 * application review and the DJs & Staff directory, against the real server
 * and database, with the spec's texts (001 §4, §5, §6, §8).
 */

/** 2026-03-10 12:00 UTC, a Tuesday: 12:00 in Europe/London. */
let clock = Date.UTC(2026, 2, 10, 12, 0, 0);
let t: TestServer;
let discord: FakeDiscord & { apiUrl: string };
const events: RealtimeEvent[] = [];
const users = {} as Record<Role, TestUser>;

const knex = () => t.server.ctx.knex;
const ROLES: Role[] = ['owner', 'manager', 'admin', 'moderator', 'presenter', 'guest', 'probation'];

beforeAll(async () => {
  discord = await startFakeDiscord({ clientId: '998877665544', clientSecret: 'client-secret', botToken: 'bot-secret' });
  t = await startTestServer({
    now: () => clock,
    env: { DISCORD_CLIENT_ID: '998877665544', DISCORD_CLIENT_SECRET: 'client-secret', DISCORD_BOT_TOKEN: 'bot-secret', DISCORD_API_URL: discord.apiUrl, EXTERNAL_TIMEOUT_MS: '1500' },
  });
  for (const role of ROLES) users[role] = await createUser(t, { role });
  t.server.ctx.bus.subscribe((e) => events.push(e));
});
afterAll(async () => {
  await t?.close();
  await discord?.close();
});
beforeEach(() => {
  events.length = 0;
});

const created = new Date(Date.UTC(2026, 2, 9, 18, 0, 0));
async function song(over: Record<string, unknown> = {}): Promise<string> {
  const [r] = await knex()('song_requests')
    .insert({ title: 'Teardrop', artist: 'Massive Attack', requester: 'Sam', status: 'pending', request_type: 'song', user_session: 'session_abcdefgh', created_at: created, updated_at: created, ...over })
    .returning<{ id: string }[]>('id');
  return r!.id;
}
async function shoutout(over: Record<string, unknown> = {}): Promise<string> {
  const [r] = await knex()('shoutout_requests')
    .insert({ requester_name: 'Ana', recipient_name: 'Mum', message: 'Happy birthday!', status: 'pending', created_at: created, updated_at: created, ...over })
    .returning<{ id: string }[]>('id');
  return r!.id;
}
async function general(over: Record<string, unknown> = {}): Promise<string> {
  const [r] = await knex()('general_requests')
    .insert({ name: 'Lee', email: 'lee@example.com', subject: 'feedback', message: 'Love the show', status: 'pending', created_at: created, updated_at: created, ...over })
    .returning<{ id: string }[]>('id');
  return r!.id;
}
const MAKERS = { song, shoutout, general } as const;
const STATUSES = {
  song: ['approved', 'rejected', 'played', 'pending'],
  shoutout: ['approved', 'rejected', 'completed', 'pending'],
  general: ['responded', 'closed', 'archived', 'pending'],
} as const;
const MISSING = '00000000-0000-4000-8000-000000000000';

describe('request queues', () => {
  for (const kind of ['song', 'shoutout', 'general'] as const) {
    describe(kind, () => {
      it('lists newest first with a status filter; all and no filter list everything', async () => {
        const a = await MAKERS[kind]({ status: 'pending' });
        const b = await MAKERS[kind]({ status: STATUSES[kind][0], created_at: new Date(created.getTime() + 60_000) });
        const all = await request(t.url, `/api/requests/${kind}`, { token: users.guest.token });
        expect(all.status).toBe(200);
        const ids = all.body.requests.map((r: { id: string }) => r.id);
        expect(ids.indexOf(b)).toBeLessThan(ids.indexOf(a));
        const pending = await request(t.url, `/api/requests/${kind}?status=pending`, { token: users.presenter.token });
        expect(pending.body.requests.every((r: { status: string }) => r.status === 'pending')).toBe(true);
        expect(pending.body.requests.map((r: { id: string }) => r.id)).toContain(a);
        expect(pending.body.requests.map((r: { id: string }) => r.id)).not.toContain(b);
        const explicitAll = await request(t.url, `/api/requests/${kind}?status=all`, { token: users.presenter.token });
        expect(explicitAll.body.requests.length).toBe(all.body.requests.length);
        const newest = await request(t.url, `/api/requests/${kind}?status=all&limit=1`, { token: users.presenter.token });
        expect(newest.body.requests.map((r: { id: string }) => r.id)).toEqual([all.body.requests[0].id]);
        for (const bad of ['0', '501', 'x']) {
          const res = await request(t.url, `/api/requests/${kind}?limit=${bad}`, { token: users.presenter.token });
          expect(res.status).toBe(400);
          expect(res.body.error.message).toBe('Limit must be a whole number from 1 to 500.');
        }
      });

      it('refuses an unknown status filter with the statuses of this queue', async () => {
        const res = await request(t.url, `/api/requests/${kind}?status=bogus`, { token: users.owner.token });
        expect(res.status).toBe(400);
        expect(res.body.error.message).toContain(STATUSES[kind].filter((s) => s !== 'pending')[0]);
      });

      it('lets every staff role set each of its statuses, stamping updated_at, auditing and pushing request.updated', async () => {
        const id = await MAKERS[kind]();
        for (const [i, status] of STATUSES[kind].entries()) {
          clock += 60_000;
          const actor = users[ROLES[i % ROLES.length]!];
          const res = await request(t.url, `/api/requests/${kind}/${id}`, { method: 'PATCH', token: actor.token, body: { status } });
          expect(res.status).toBe(200);
          expect(res.body).toMatchObject({ id, status });
          expect(res.body.updated_at).toBe(new Date(clock).toISOString());
          const row = await knex()(`${kind}_requests`).where({ id }).first('status', 'updated_at');
          expect(row.status).toBe(status);
          const log = await knex()('user_action_logs').where({ resource_id: id, action_type: 'update' }).orderBy('created_at', 'desc').first();
          expect(log).toMatchObject({ user_email: actor.email, resource_type: `${kind}_requests` });
        }
        const pushed = events.filter((e) => e.channel === 'requests' && e.name === 'request.updated');
        expect(pushed.map((e) => (e.data as { request: { status: string } }).request.status)).toEqual([...STATUSES[kind]]);
        expect((pushed[0]!.data as { kind: string }).kind).toBe(kind);
      });

      it('refuses a status of another queue and changes nothing', async () => {
        const id = await MAKERS[kind]();
        const wrong = kind === 'general' ? 'played' : 'responded';
        const res = await request(t.url, `/api/requests/${kind}/${id}`, { method: 'PATCH', token: users.owner.token, body: { status: wrong } });
        expect(res.status).toBe(400);
        expect(res.body.error.message).toBe(`Status must be one of: ${['pending', ...STATUSES[kind].filter((s) => s !== 'pending')].join(', ')}.`);
        expect((await knex()(`${kind}_requests`).where({ id }).first('status')).status).toBe('pending');
      });

      it("answers 404 'Request not found or no changes made.' for a missing or malformed id", async () => {
        for (const id of [MISSING, 'nope']) {
          const res = await request(t.url, `/api/requests/${kind}/${id}`, { method: 'PATCH', token: users.owner.token, body: { status: 'pending' } });
          expect(res.status).toBe(404);
          expect(res.body.error.message).toBe('Request not found or no changes made.');
        }
      });

      it('deletes for moderators and above only, with the spec texts, and pushes request.deleted', async () => {
        const id = await MAKERS[kind]();
        for (const role of ['presenter', 'guest', 'probation'] as const) {
          const res = await request(t.url, `/api/requests/${kind}/${id}`, { method: 'DELETE', token: users[role].token });
          expect(res.status).toBe(403);
          expect(res.body.error.message).toBe('You do not have permission to delete this request. Please contact an administrator.');
        }
        expect(await knex()(`${kind}_requests`).where({ id }).first('id')).toBeTruthy();
        const ok = await request(t.url, `/api/requests/${kind}/${id}`, { method: 'DELETE', token: users.moderator.token });
        expect(ok.status).toBe(204);
        expect(await knex()(`${kind}_requests`).where({ id }).first('id')).toBeUndefined();
        expect(events.some((e) => e.name === 'request.deleted' && (e.data as { id: string }).id === id)).toBe(true);
        const log = await knex()('user_action_logs').where({ resource_id: id, action_type: 'delete' }).first();
        expect(log.user_email).toBe(users.moderator.email);
        const again = await request(t.url, `/api/requests/${kind}/${id}`, { method: 'DELETE', token: users.owner.token });
        expect(again.status).toBe(404);
        expect(again.body.error.message).toBe('Record not found');
      });

      it('refuses anonymous callers', async () => {
        const id = await MAKERS[kind]();
        expect((await request(t.url, `/api/requests/${kind}`)).status).toBe(401);
        expect((await request(t.url, `/api/requests/${kind}/${id}`, { method: 'PATCH', body: { status: 'pending' } })).status).toBe(401);
        expect((await request(t.url, `/api/requests/${kind}/${id}`, { method: 'DELETE' })).status).toBe(401);
      });

      it('bulk: sets many to one status or deletes them (moderator and above), each audited and pushed; ids gone meanwhile are answered missing (issue 30)', async () => {
        const ids = [await MAKERS[kind](), await MAKERS[kind](), await MAKERS[kind]()];
        const status = STATUSES[kind][0];
        const bulk = (token: string, body: unknown) => request(t.url, `/api/requests/${kind}/bulk`, { method: 'POST', token, body });
        const set = await bulk(users.presenter.token, { action: 'status', status, ids: [...ids, MISSING] });
        expect(set.status).toBe(200);
        expect(set.body).toEqual({ done: ids, missing: [MISSING] });
        expect((await knex()(`${kind}_requests`).whereIn('id', ids).pluck('status')).sort()).toEqual([status, status, status]);
        expect(Number((await knex()('user_action_logs').whereIn('resource_id', ids).where({ action_type: 'update' }).count<{ n: string }[]>({ n: '*' }))[0]!.n)).toBe(3);
        expect(events.filter((e) => e.name === 'request.updated' && ids.includes((e.data as { request: { id: string } }).request.id)).length).toBe(3);

        // Refusals: a status of another queue, no ids, too many, deleting below moderator; nothing changes.
        const wrong = await bulk(users.owner.token, { action: 'status', status: kind === 'general' ? 'played' : 'responded', ids });
        expect(wrong.status).toBe(400);
        expect((await bulk(users.owner.token, { action: 'status', status, ids: [] })).body.error.message).toBe('Choose at least one request.');
        expect((await bulk(users.owner.token, { action: 'delete', ids: Array.from({ length: 101 }, () => MISSING) })).body.error.message).toBe('Choose at most 100 requests at once.');
        const denied = await bulk(users.presenter.token, { action: 'delete', ids });
        expect(denied.status).toBe(403);
        expect(denied.body.error.message).toBe('You do not have permission to delete this request. Please contact an administrator.');
        expect(await knex()(`${kind}_requests`).whereIn('id', ids).count<{ n: string }[]>({ n: '*' }).then((r) => Number(r[0]!.n))).toBe(3);

        const del = await bulk(users.moderator.token, { action: 'delete', ids: ids.slice(0, 2) });
        expect(del.body).toEqual({ done: ids.slice(0, 2), missing: [] });
        expect(await knex()(`${kind}_requests`).whereIn('id', ids).pluck('id')).toEqual([ids[2]]);
        expect(events.filter((e) => e.name === 'request.deleted').map((e) => (e.data as { id: string }).id)).toEqual(ids.slice(0, 2));
        expect((await request(t.url, `/api/requests/${kind}/bulk`, { method: 'POST', body: { action: 'delete', ids } })).status).toBe(401);
      });
    });
  }

  it('shows each request field for field: instants in UTC to the millisecond, texts as sent, nothing internal', async () => {
    const text = 'Say "hi" to\\the night\nshift ☕ — ünï\tcode </script>';
    const at = { created_at: '2026-03-09T18:00:00.123999+00:00', updated_at: '2026-03-10T09:30:05.5+01:00' };
    const ids = {
      song: await song({ title: text, artist: 'Björk', requester: 'Zoë', message: text, status: 'approved', request_type: 'custom', source: 'api', external_url: 'https://open.spotify.com/track/abc', client_key: 'key-fields-1', ...at }),
      shoutout: await shoutout({ requester_name: 'Zoë', recipient_name: 'Mum & Dad', message: text, status: 'completed', ...at }),
      general: await general({ name: 'Zoë', email: 'zoe@example.com', subject: 'technical', message: text, status: 'archived', ...at }),
    };
    const instants = { created_at: '2026-03-09T18:00:00.123Z', updated_at: '2026-03-10T08:30:05.500Z' };
    const expected = {
      song: { id: ids.song, title: text, artist: 'Björk', requester: 'Zoë', message: text, status: 'approved', request_type: 'custom', source: 'api', track_id: null, external_url: 'https://open.spotify.com/track/abc', ...instants },
      shoutout: { id: ids.shoutout, requester_name: 'Zoë', recipient_name: 'Mum & Dad', message: text, status: 'completed', ...instants },
      general: { id: ids.general, name: 'Zoë', email: 'zoe@example.com', subject: 'technical', message: text, status: 'archived', ...instants },
    };
    for (const kind of ['song', 'shoutout', 'general'] as const) {
      const res = await request(t.url, `/api/requests/${kind}`, { token: users.moderator.token });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(res.body.requests.find((r: { id: string }) => r.id === ids[kind])).toStrictEqual(expected[kind]);
      // Keys in the order the pushes and single answers use.
      expect(Object.keys(res.body.requests[0])).toEqual(Object.keys(expected[kind]));
    }
    const noMessage = await song({ message: null, ...at });
    const res = await request(t.url, '/api/requests/song?status=pending', { token: users.moderator.token });
    expect(res.body.requests.find((r: { id: string }) => r.id === noMessage).message).toBeNull();
  });

  it('breaks ties of the same instant by id, newest first, and the limit keeps the newest', async () => {
    const same = new Date(Date.UTC(2030, 0, 1, 0, 0, 0));
    const made = [await song({ created_at: same }), await song({ created_at: same }), await song({ created_at: same })];
    const byIdDesc = [...made].sort().reverse();
    const top = await request(t.url, '/api/requests/song?limit=3', { token: users.presenter.token });
    expect(top.body.requests.map((r: { id: string }) => r.id)).toEqual(byIdDesc);
    const two = await request(t.url, '/api/requests/song?status=pending&limit=2', { token: users.presenter.token });
    expect(two.body.requests.map((r: { id: string }) => r.id)).toEqual(byIdDesc.slice(0, 2));
  });

  it('lists custom song requests with the others, marked as custom, so none is hidden from staff', async () => {
    const custom = await song({ request_type: 'custom', title: 'My own jingle' });
    const res = await request(t.url, '/api/requests/song', { token: users.owner.token });
    const row = res.body.requests.find((r: { id: string }) => r.id === custom);
    expect(row).toMatchObject({ title: 'My own jingle', request_type: 'custom' });
  });

  it("tells the listener's session when their song is played (the request loop), once", async () => {
    const id = await song({ user_session: 'session_loop1234', title: 'Unfinished Sympathy' });
    await request(t.url, `/api/requests/song/${id}`, { method: 'PATCH', token: users.presenter.token, body: { status: 'played' } });
    await request(t.url, `/api/requests/song/${id}`, { method: 'PATCH', token: users.presenter.token, body: { status: 'played' } });
    const told = events.filter((e) => e.channel === 'session:session_loop1234' && e.name === 'request.handled');
    expect(told).toHaveLength(1);
    expect((told[0]!.data as { title: string }).title).toBe('Unfinished Sympathy');
  });
});

describe('the requests realtime channel', () => {
  async function connect(token?: string) {
    const ws = new WebSocket(`${t.url.replace('http', 'ws')}/api/realtime`);
    const frames: { type: string; name?: string; channel?: string; code?: string; data?: { kind: string; id?: string; request?: { id: string; status: string } } }[] = [];
    ws.on('message', (m) => frames.push(JSON.parse(m.toString())));
    await new Promise((r) => ws.once('open', r));
    if (token) {
      ws.send(JSON.stringify({ type: 'hello', token }));
      await expect.poll(() => frames.filter((f) => f.type === 'welcome').length).toBe(2);
    }
    ws.send(JSON.stringify({ type: 'subscribe', channel: 'requests' }));
    await expect.poll(() => frames.some((f) => f.type === 'subscribed' || f.type === 'error')).toBe(true);
    return { ws, frames };
  }

  it('delivers status changes and deletions to signed-in staff, and nothing to anonymous clients', async () => {
    const staff = await connect(users.probation.token);
    const anon = await connect();
    expect(anon.frames.find((f) => f.type === 'error')?.code).toBe('forbidden');
    const id = await song();
    await request(t.url, `/api/requests/song/${id}`, { method: 'PATCH', token: users.guest.token, body: { status: 'approved' } });
    await request(t.url, `/api/requests/song/${id}`, { method: 'DELETE', token: users.admin.token });
    await expect.poll(() => staff.frames.filter((f) => f.type === 'event').map((f) => f.name)).toEqual(['request.updated', 'request.deleted']);
    const [updated, deleted] = staff.frames.filter((f) => f.type === 'event');
    expect(updated!.data).toMatchObject({ kind: 'song', request: { id, status: 'approved' } });
    expect(deleted!.data).toEqual({ kind: 'song', id });
    expect(anon.frames.filter((f) => f.type === 'event')).toEqual([]);
    staff.ws.close();
    anon.ws.close();
  });
});

describe('leave of absence', () => {
  let own: string; // the presenter account's linked presenter record
  let other: string;

  beforeAll(async () => {
    const [a] = await knex()('presenters').insert({ name: 'Pat Presenter', role: 'presenter', user_id: users.presenter.id }).returning<{ id: string }[]>('id');
    const [b] = await knex()('presenters').insert({ name: 'Robin Other', role: 'presenter' }).returning<{ id: string }[]>('id');
    own = a!.id;
    other = b!.id;
  });

  // From tomorrow (the clock is 10 March): a presenter's leave may not start in the past (issue 30).
  const body = (over: Record<string, unknown> = {}) => ({ start_date: '2026-03-11', end_date: '2026-03-17', reason: 'vacation', additional_notes: '', ...over });

  it('lets a presenter file their own leave, pending, with the day count and null notes', async () => {
    const res = await request(t.url, '/api/loa', { method: 'POST', token: users.presenter.token, body: body() });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ presenter_id: own, presenter_name: 'Pat Presenter', presenter_email: users.presenter.email, status: 'pending', days: 7, additional_notes: null, reviewed_at: null });
    const log = await knex()('user_action_logs').where({ resource_id: res.body.id, action_type: 'create' }).first();
    expect(log.resource_type).toBe('loa_requests');
  });

  it('refuses a presenter filing for someone else, and an account without a presenter record', async () => {
    const res = await request(t.url, '/api/loa', { method: 'POST', token: users.presenter.token, body: body({ presenter_id: other }) });
    expect(res.status).toBe(403);
    expect(res.body.error.message).toBe('You can only request leave for yourself.');
    const none = await request(t.url, '/api/loa', { method: 'POST', token: users.guest.token, body: body() });
    expect(none.status).toBe(400);
    expect(none.body.error.message).toBe('Contact admin to set up presenter profile');
  });

  it("requires a presenter from moderators and above ('Please select a presenter for the LOA request.')", async () => {
    const res = await request(t.url, '/api/loa', { method: 'POST', token: users.moderator.token, body: body() });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('Please select a presenter for the LOA request.');
  });

  it("refuses an end date on or before the start ('End date must be after start date.') and missing fields", async () => {
    for (const end of ['2026-03-11', '2026-03-01']) {
      const res = await request(t.url, '/api/loa', { method: 'POST', token: users.moderator.token, body: body({ presenter_id: other, end_date: end }) });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe('End date must be after start date.');
    }
    const noReason = await request(t.url, '/api/loa', { method: 'POST', token: users.moderator.token, body: body({ presenter_id: other, reason: 'holiday' }) });
    expect(noReason.status).toBe(400);
    expect(noReason.body.error.message).toBe('Reason is required');
    const badDate = await request(t.url, '/api/loa', { method: 'POST', token: users.moderator.token, body: body({ presenter_id: other, start_date: '2026-02-30' }) });
    expect(badDate.status).toBe(400);
    expect(badDate.body.error.message).toBe('Start date is required');
  });

  it('lets a moderator file for any presenter; presenters see only their own leave, reviewers all', async () => {
    const res = await request(t.url, '/api/loa', { method: 'POST', token: users.moderator.token, body: body({ presenter_id: other, reason: 'medical', additional_notes: 'Surgery' }) });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ presenter_name: 'Robin Other', reason: 'medical', additional_notes: 'Surgery' });
    const mine = await request(t.url, '/api/loa', { token: users.presenter.token });
    expect(mine.body.requests.every((r: { presenter_id: string }) => r.presenter_id === own)).toBe(true);
    const all = await request(t.url, '/api/loa', { token: users.manager.token });
    expect(all.body.requests.map((r: { id: string }) => r.id)).toContain(res.body.id);
    const filtered = await request(t.url, '/api/loa?status=approved', { token: users.manager.token });
    expect(filtered.body.requests.map((r: { id: string }) => r.id)).not.toContain(res.body.id);
  });

  it("refuses review by presenters ('You do not have permission to update this request.')", async () => {
    const filed = await request(t.url, '/api/loa', { method: 'POST', token: users.presenter.token, body: body() });
    for (const role of ['presenter', 'guest', 'probation'] as const) {
      const res = await request(t.url, `/api/loa/${filed.body.id}`, { method: 'PATCH', token: users[role].token, body: { status: 'approved' } });
      expect(res.status).toBe(403);
      expect(res.body.error.message).toBe('You do not have permission to update this request.');
    }
    expect((await knex()('loa_requests').where({ id: filed.body.id }).first('status')).status).toBe('pending');
  });

  it('approval stamps reviewed_at and updated_at, shows on the public profile and the staff directory, and clears outstanding bookings that week', async () => {
    const before = await request(t.url, '/api/schedule/outstanding?week=2026-03-10', { token: users.owner.token });
    expect(before.body.outstandingBookings.map((o: { id: string }) => o.id)).toContain(other);
    const filed = await request(t.url, '/api/loa', { method: 'POST', token: users.moderator.token, body: body({ presenter_id: other, start_date: '2026-03-08', end_date: '2026-03-14' }) });
    clock += 3600_000;
    const res = await request(t.url, `/api/loa/${filed.body.id}`, { method: 'PATCH', token: users.manager.token, body: { status: 'approved' } });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('approved');
    expect(res.body.reviewed_at).toBe(new Date(clock).toISOString());
    expect(res.body.updated_at).toBe(new Date(clock).toISOString());
    expect(events.some((e) => e.channel === 'requests' && e.name === 'request.updated' && (e.data as { kind: string }).kind === 'loa')).toBe(true);
    const profile = await request(t.url, `/api/presenters/${other}`);
    expect(profile.body.leave).toMatchObject({ onLeave: true, returnsInDays: 5 });
    const djs = await request(t.url, '/api/djs', { token: users.guest.token });
    expect(djs.body.djs.find((d: { id: string }) => d.id === other).leave).toEqual({ start_date: '2026-03-08', end_date: '2026-03-14', reason: 'vacation', current: true });
    const after = await request(t.url, '/api/schedule/outstanding?week=2026-03-10', { token: users.owner.token });
    expect(after.body.outstandingBookings.map((o: { id: string }) => o.id)).not.toContain(other);
    const nextWeek = await request(t.url, '/api/schedule/outstanding?week=2026-03-17', { token: users.owner.token });
    expect(nextWeek.body.outstandingBookings.map((o: { id: string }) => o.id)).toContain(other);
  });

  it('sets every LOA status, refuses others, and answers 404 for a missing request', async () => {
    const filed = await request(t.url, '/api/loa', { method: 'POST', token: users.admin.token, body: body({ presenter_id: own }) });
    for (const status of ['approved', 'rejected', 'cancelled', 'pending']) {
      const res = await request(t.url, `/api/loa/${filed.body.id}`, { method: 'PATCH', token: users.moderator.token, body: { status } });
      expect(res.status).toBe(200);
      expect(res.body.status).toBe(status);
    }
    const bad = await request(t.url, `/api/loa/${filed.body.id}`, { method: 'PATCH', token: users.owner.token, body: { status: 'played' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('Status must be one of: pending, approved, rejected, cancelled.');
    const missing = await request(t.url, `/api/loa/${MISSING}`, { method: 'PATCH', token: users.owner.token, body: { status: 'approved' } });
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe('Request not found or no changes made.');
  });

  it('deletes for moderators and above with the spec texts', async () => {
    const filed = await request(t.url, '/api/loa', { method: 'POST', token: users.presenter.token, body: body() });
    const denied = await request(t.url, `/api/loa/${filed.body.id}`, { method: 'DELETE', token: users.presenter.token });
    expect(denied.status).toBe(403);
    expect(denied.body.error.message).toBe('You do not have permission to delete this request. Please contact an administrator.');
    expect((await request(t.url, `/api/loa/${filed.body.id}`, { method: 'DELETE', token: users.admin.token })).status).toBe(204);
    const again = await request(t.url, `/api/loa/${filed.body.id}`, { method: 'DELETE', token: users.admin.token });
    expect(again.status).toBe(404);
    expect(again.body.error.message).toBe('Record not found');
  });
});

describe('applications review', () => {
  async function application(over: Record<string, unknown> = {}): Promise<string> {
    const [r] = await knex()('presenter_applications')
      .insert({
        name: 'Jamie Rivers',
        email: 'jamie@example.com',
        experience: 'Five years of student radio.',
        show_idea: 'Sunday soul and funk hour.',
        available_times: ['weekend-morning'],
        has_discord: false,
        terms_accepted: true,
        status: 'pending',
        ...over,
      })
      .returning<{ id: string }[]>('id');
    return r!.id;
  }

  beforeEach(() => {
    discord.messages.length = 0;
    discord.messageFaults.length = 0;
  });

  it('lists applications with a count per tab, for moderators and above only', async () => {
    await application();
    await application({ status: 'approved' });
    const res = await request(t.url, '/api/applications', { token: users.moderator.token });
    expect(res.status).toBe(200);
    expect(res.body.counts.pending).toBeGreaterThanOrEqual(1);
    expect(res.body.counts.approved).toBeGreaterThanOrEqual(1);
    const pending = await request(t.url, '/api/applications?status=pending', { token: users.admin.token });
    expect(pending.body.applications.every((a: { status: string }) => a.status === 'pending')).toBe(true);
    expect(pending.body.counts).toEqual(res.body.counts);
    for (const role of ['presenter', 'guest', 'probation'] as const) {
      expect((await request(t.url, '/api/applications', { token: users[role].token })).status).toBe(403);
      expect((await request(t.url, `/api/applications/${MISSING}`, { method: 'PATCH', token: users[role].token, body: { status: 'approved' } })).status).toBe(403);
    }
  });

  it('approves once, stamping reviewed_at; a second decision is refused and changes nothing', async () => {
    const id = await application();
    clock += 60_000;
    const res = await request(t.url, `/api/applications/${id}`, { method: 'PATCH', token: users.manager.token, body: { status: 'approved' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, status: 'approved', reviewed_at: new Date(clock).toISOString() });
    const again = await request(t.url, `/api/applications/${id}`, { method: 'PATCH', token: users.owner.token, body: { status: 'rejected' } });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe('This application has already been approved; decisions are final.');
    const row = await knex()('presenter_applications').where({ id }).first('status', 'reviewed_by');
    expect(row).toEqual({ status: 'approved', reviewed_by: users.manager.id });
    const [counted] = await knex()('user_action_logs').where({ resource_id: id, action_type: 'update' }).count<{ n: string | number }[]>('* as n');
    expect(Number(counted!.n)).toBe(1);
  });

  it('rejects, refuses pending or unknown statuses, and answers 404 for a missing application', async () => {
    const id = await application();
    const bad = await request(t.url, `/api/applications/${id}`, { method: 'PATCH', token: users.owner.token, body: { status: 'pending' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('Status must be approved or rejected.');
    const res = await request(t.url, `/api/applications/${id}`, { method: 'PATCH', token: users.owner.token, body: { status: 'rejected' } });
    expect(res.body.status).toBe('rejected');
    const missing = await request(t.url, `/api/applications/${MISSING}`, { method: 'PATCH', token: users.owner.token, body: { status: 'approved' } });
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe('Application not found.');
  });

  it('messages the applicant on Discord when their account is linked', async () => {
    const id = await application({ has_discord: true, discord_username: 'jamie', discord_user_id: '123456789012' });
    const res = await request(t.url, `/api/applications/${id}`, { method: 'PATCH', token: users.owner.token, body: { status: 'approved' } });
    expect(res.status).toBe(200);
    await expect.poll(() => discord.messages.length).toBe(1);
    expect(discord.messages[0]).toMatchObject({ recipientId: '123456789012' });
    expect(discord.messages[0]!.content).toContain('approved');
  });

  it('still records the decision when Discord refuses the message (only logged)', async () => {
    for (let i = 0; i < 4; i++) discord.messageFaults.push({ kind: 'status', status: 403, body: { message: 'Cannot send messages to this user', code: 50007 } });
    const id = await application({ has_discord: true, discord_username: 'jo', discord_user_id: '223456789012' });
    const res = await request(t.url, `/api/applications/${id}`, { method: 'PATCH', token: users.owner.token, body: { status: 'rejected' } });
    expect(res.status).toBe(200);
    expect((await knex()('presenter_applications').where({ id }).first('status')).status).toBe('rejected');
    expect(discord.messages).toHaveLength(0);
  });
});

describe('DJs & Staff', () => {
  it('adds a DJ with the default role and empty fields saved as null, audited', async () => {
    const res = await request(t.url, '/api/djs', { method: 'POST', token: users.moderator.token, body: { name: '  Nova ', bio: '', azuracast_id: '', social_links: { twitter: '', website: 'https://nova.example' } } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'Nova', role: 'presenter', bio: null, azuracast_id: null, leave: null });
    expect(res.body.social_links).toEqual({ twitter: null, instagram: null, twitch: null, youtube: null, facebook: null, kick: null, website: 'https://nova.example' });
    const row = await knex()('presenters').where({ id: res.body.id }).first('social_links');
    expect(row.social_links.twitter).toBeNull();
    const log = await knex()('user_action_logs').where({ resource_id: res.body.id }).first();
    expect(log).toMatchObject({ action_type: 'create', resource_type: 'presenters', resource_name: 'Nova' });
  });

  it("refuses a missing name ('Name is required') and a social link that is not a URL", async () => {
    const noName = await request(t.url, '/api/djs', { method: 'POST', token: users.owner.token, body: { name: '  ' } });
    expect(noName.status).toBe(400);
    expect(noName.body.error.message).toBe('Name is required');
    const badUrl = await request(t.url, '/api/djs', { method: 'POST', token: users.owner.token, body: { name: 'X', social_links: { instagram: 'javascript:alert(1)' } } });
    expect(badUrl.status).toBe(400);
    expect(badUrl.body.error.message).toBe('Instagram must be a valid URL (starting with http:// or https://).');
  });

  it('edits and deletes for moderators and above; others are refused; missing is 404', async () => {
    const made = await request(t.url, '/api/djs', { method: 'POST', token: users.admin.token, body: { name: 'Echo', role: 'probation' } });
    for (const role of ['presenter', 'guest', 'probation'] as const) {
      expect((await request(t.url, '/api/djs', { method: 'POST', token: users[role].token, body: { name: 'Nope' } })).status).toBe(403);
      expect((await request(t.url, `/api/djs/${made.body.id}`, { method: 'PATCH', token: users[role].token, body: { name: 'Nope' } })).status).toBe(403);
      expect((await request(t.url, `/api/djs/${made.body.id}`, { method: 'DELETE', token: users[role].token })).status).toBe(403);
    }
    const edited = await request(t.url, `/api/djs/${made.body.id}`, { method: 'PATCH', token: users.moderator.token, body: { name: 'Echo Park', role: 'presenter', bio: 'Indie', social_links: { twitch: 'https://twitch.tv/echo' } } });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ name: 'Echo Park', role: 'presenter', bio: 'Indie' });
    expect(edited.body.social_links.twitch).toBe('https://twitch.tv/echo');
    const list = await request(t.url, '/api/djs', { token: users.presenter.token });
    expect(list.body.djs.map((d: { name: string }) => d.name)).toContain('Echo Park');
    expect((await request(t.url, `/api/djs/${made.body.id}`, { method: 'DELETE', token: users.moderator.token })).status).toBe(204);
    const gone = await request(t.url, `/api/djs/${made.body.id}`, { method: 'PATCH', token: users.owner.token, body: { name: 'Ghost' } });
    expect(gone.status).toBe(404);
    expect(gone.body.error.message).toBe('DJ not found');
    expect((await request(t.url, `/api/djs/${made.body.id}`, { method: 'DELETE', token: users.owner.token })).status).toBe(404);
  });

  it("shows the linked account's avatar", async () => {
    await knex()('profiles').where({ id: users.admin.id }).update({ avatar_url: '/media/avatars/a/avatar.png' });
    await knex()('presenters').insert({ name: 'Avatar Al', role: 'admin', user_id: users.admin.id, image_url: 'https://cdn.example/old.png' });
    const list = await request(t.url, '/api/djs', { token: users.owner.token });
    expect(list.body.djs.find((d: { name: string }) => d.name === 'Avatar Al').image_url).toBe('/media/avatars/a/avatar.png');
  });
});
