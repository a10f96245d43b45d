import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { NOTIFICATION_TYPES } from '../../shared/notifications';
import { createUser, type TestUser } from '../support/auth';
import { request, startTestServer, type TestServer } from '../support/server';

/**
 * Staff notifications end to end (001 §2, §3, §4, §7): who receives what
 * (listed and pushed over a real WebSocket), preferences, per-user state,
 * hidden types and announcements.
 */

let t: TestServer;
let owner: TestUser;
let moderator: TestUser;
let moderator2: TestUser;
let presenter: TestUser;

const session = () => `session_${randomBytes(6).toString('hex')}`;
const songRequest = (over: Record<string, unknown> = {}) =>
  request(t.url, '/api/requests/song', { method: 'POST', body: { title: `Song ${randomBytes(3).toString('hex')}`, artist: 'Test Artist', requester: 'Sam', user_session: session(), ...over } });
const application = (name: string) =>
  request(t.url, '/api/applications', {
    method: 'POST',
    body: { name, email: `${randomBytes(3).toString('hex')}@listener.example`, experience: 'Ten years of community radio.', showIdea: 'A weekly jazz hour.', availableTimes: ['weekday-evening'], termsAccepted: true, discordUsername: '' },
  });

interface Frame {
  type: string;
  channel?: string;
  name?: string;
  data?: { id?: string; type?: string; title?: string };
}

/** A real WebSocket client signed in as `user` and subscribed to the notifications channel. */
async function listen(user: TestUser): Promise<{ frames: Frame[]; created: () => Frame[]; close: () => void }> {
  const ws = new WebSocket(`${t.url.replace('http', 'ws')}/api/realtime`);
  const frames: Frame[] = [];
  ws.on('message', (m) => frames.push(JSON.parse(m.toString()) as Frame));
  await new Promise((r) => ws.once('open', r));
  ws.send(JSON.stringify({ type: 'hello', token: user.token }));
  await expect.poll(() => frames.filter((f) => f.type === 'welcome').length).toBe(2);
  ws.send(JSON.stringify({ type: 'subscribe', channel: 'notifications' }));
  await expect.poll(() => frames.some((f) => f.type === 'subscribed')).toBe(true);
  return { frames, created: () => frames.filter((f) => f.type === 'event' && f.name === 'notification.created'), close: () => ws.close() };
}

const list = async (u: TestUser, limit = 200) => {
  const res = await request(t.url, `/api/notifications?limit=${limit}`, { token: u.token });
  expect(res.status).toBe(200);
  return res.body as { notifications: { id: string; type: string; title: string; user_is_read: boolean; read_at: string | null; dismissed_at: string | null; priority: string }[]; unread: number };
};

beforeAll(async () => {
  t = await startTestServer({ env: { REQUEST_LIMIT_SESSION: '100', REQUEST_LIMIT_IP: '1000', APPLICATION_LIMIT_PER_HOUR: '100' } });
  owner = await createUser(t, { role: 'owner' });
  moderator = await createUser(t, { role: 'moderator' });
  moderator2 = await createUser(t, { role: 'moderator' });
  presenter = await createUser(t, { role: 'presenter' });
});
afterAll(() => t?.close());

describe('targeting', () => {
  it('never gives a presenter a notification meant for moderators: not listed, not pushed', async () => {
    const mod = await listen(moderator);
    const pres = await listen(presenter);
    const app = await application('Ada Applicant');
    expect(app.status).toBe(201);
    await expect.poll(() => mod.created().map((f) => f.data?.type)).toContain('application_received');
    // A request reaches everyone who may manage requests, presenters included: once the
    // presenter has it, the earlier application event would have arrived before it.
    const song = await songRequest({ title: 'Marker Song' });
    expect(song.status).toBe(201);
    await expect.poll(() => pres.created().map((f) => f.data?.title)).toContain('New Song Request');
    expect(pres.created().map((f) => f.data?.type)).toEqual(['song_request']);
    expect(mod.created().map((f) => f.data?.type)).toEqual(['application_received', 'song_request']);
    mod.close();
    pres.close();

    const presList = await list(presenter);
    expect(presList.notifications.map((n) => n.type)).not.toContain('application_received');
    expect(presList.notifications.map((n) => n.type)).toContain('song_request');
    const modList = await list(moderator);
    expect(modList.notifications.find((n) => n.type === 'application_received')).toMatchObject({ title: 'New Presenter Application', priority: 'high', user_is_read: false });
    // And the presenter cannot act on it by id either.
    const appNote = modList.notifications.find((n) => n.type === 'application_received')!;
    const refused = await request(t.url, `/api/notifications/${appNote.id}/read`, { method: 'POST', token: presenter.token });
    expect(refused.status).toBe(404);
    expect(refused.body.error.message).toBe('Notification not found');
  });

  it('tells a show’s presenter about a change to it, and conflicts only to those who may resolve them', async () => {
    const [pres] = await t.server.ctx.knex('presenters').insert({ name: 'Pat Presenter', role: 'presenter', user_id: presenter.id }).returning<{ id: string }[]>('id');
    const booked = await request(t.url, '/api/schedule/bookings', {
      method: 'POST',
      token: moderator.token,
      body: { title: 'Morning Jazz', event_date: '2031-05-05', start_time: '09:00', end_time: '10:00', mode: 'daily', presenter_id: pres!.id },
    });
    expect(booked.status).toBe(201);
    const id = booked.body.events[0].id as string;
    const edited = await request(t.url, `/api/schedule/events/${id}`, { method: 'PATCH', token: moderator.token, body: { title: 'Morning Jazz Extra', description: '', start_time: '09:00', end_time: '10:30' } });
    expect(edited.status).toBe(200);
    const presTypes = (await list(presenter)).notifications.filter((n) => n.type.startsWith('show_')).map((n) => n.type);
    expect(presTypes).toEqual(['show_updated', 'show_added']);
    // The actor is told through their role (moderators review the schedule); a second moderator too.
    expect((await list(moderator2)).notifications.filter((n) => n.type.startsWith('show_')).map((n) => n.type)).toEqual(['show_updated', 'show_added']);

    // An overlapping booking made anyway: the conflict goes to moderators and above, not to the presenter.
    const clash = await request(t.url, '/api/schedule/bookings', {
      method: 'POST',
      token: moderator.token,
      body: { title: 'Clashing Show', event_date: '2031-05-05', start_time: '09:30', end_time: '11:00', mode: 'daily', presenter_id: pres!.id, proceed: true },
    });
    expect(clash.status).toBe(201);
    expect((await list(moderator2)).notifications.filter((n) => n.type.startsWith('show_')).map((n) => n.type)).toEqual(['show_conflicts', 'show_added', 'show_updated', 'show_added']);
    expect((await list(presenter)).notifications.filter((n) => n.type.startsWith('show_')).map((n) => n.type)).toEqual(['show_added', 'show_updated', 'show_added']);
  });

  it('hides user_added and user_removed from the lists and the unread count', async () => {
    const before = await list(owner);
    const created = await request(t.url, '/api/users', { method: 'POST', token: owner.token, body: { email: `new-${randomBytes(3).toString('hex')}@test.airdeck`, username: 'Newbie', password: 'secret123', role: 'presenter' } });
    expect(created.status).toBe(201);
    const removed = await request(t.url, `/api/users/${created.body.id ?? created.body.user?.id}`, { method: 'DELETE', token: owner.token });
    expect(removed.status).toBe(204);
    const stored = await t.server.ctx.knex('admin_notifications').whereIn('type', ['user_added', 'user_removed']).orderBy('created_at');
    expect(stored.map((r: { type: string }) => r.type)).toEqual(['user_added', 'user_removed']);
    expect([...stored[0].target_roles].sort()).toEqual(['admin', 'manager', 'moderator', 'owner']);
    const after = await list(owner);
    expect(after.notifications.map((n) => n.type)).not.toContain('user_added');
    expect(after.unread).toBe(before.unread);
  });
});

describe('preferences', () => {
  it('start all on, save a change, and stop both listing and pushing a type turned off', async () => {
    const initial = await request(t.url, '/api/notifications/preferences', { token: moderator.token });
    expect(initial.status).toBe(200);
    expect(Object.keys(initial.body.preferences).sort()).toEqual([...NOTIFICATION_TYPES].sort());
    expect(Object.values(initial.body.preferences).every((v) => v === true)).toBe(true);

    const bad = await request(t.url, '/api/notifications/preferences', { method: 'PUT', token: moderator.token, body: { song_request: 'no' } });
    expect(bad.status).toBe(400);
    expect((await request(t.url, '/api/notifications/preferences', { method: 'PUT', token: moderator.token, body: { not_a_type: true } })).status).toBe(400);

    const saved = await request(t.url, '/api/notifications/preferences', { method: 'PUT', token: moderator.token, body: { song_request: false } });
    expect(saved.status).toBe(200);
    expect(saved.body.preferences).toMatchObject({ song_request: false, shoutout_request: true, announcement: true });

    const mod = await listen(moderator);
    const mod2 = await listen(moderator2);
    const song = await songRequest({ title: 'Quiet Song' });
    await expect.poll(() => mod2.created().map((f) => f.data?.type)).toContain('song_request');
    const shout = await request(t.url, '/api/requests/shoutout', { method: 'POST', body: { requester_name: 'Jo', recipient_name: 'Mum', message: 'Hi mum', user_session: session() } });
    expect(shout.status).toBe(201);
    await expect.poll(() => mod.created().map((f) => f.data?.type)).toContain('shoutout_request');
    expect(mod.created().map((f) => f.data?.type)).toEqual(['shoutout_request']);
    mod.close();
    mod2.close();

    const modList = await list(moderator);
    expect(modList.notifications.some((n) => n.type === 'song_request')).toBe(false);
    expect((await list(moderator2)).notifications.some((n) => n.title === 'New Song Request')).toBe(true);
    expect(song.status).toBe(201);

    // Turning it back on lists them again (preferences filter at read time).
    await request(t.url, '/api/notifications/preferences', { method: 'PUT', token: moderator.token, body: { song_request: true } });
    expect((await list(moderator)).notifications.some((n) => n.type === 'song_request')).toBe(true);
  });
});

describe('recipients', () => {
  it('reads staff and preferences once per change, not per notification, and follows a change at once', async () => {
    // Every read of the preferences table the server makes, while listeners send requests.
    const reads: string[] = [];
    const onQuery = (q: { sql: string }) => {
      if (q.sql.startsWith('select') && q.sql.includes('"notification_preferences"')) reads.push(q.sql);
    };
    t.server.ctx.knex.on('query', onQuery);
    try {
      const mod = await listen(moderator);
      for (let i = 0; i < 5; i++) expect((await songRequest()).status).toBe(201);
      await expect.poll(() => mod.created().length).toBe(5);
      expect(reads.length).toBeLessThanOrEqual(1);

      // A saved preference applies to the very next notification: one fresh read, then none again.
      reads.length = 0;
      expect((await request(t.url, '/api/notifications/preferences', { method: 'PUT', token: moderator.token, body: { song_request: false } })).status).toBe(200);
      // (The preferences screen's own read of this user's row has a where clause; the directory reads them all.)
      const directoryReads = () => reads.filter((sql) => !sql.includes('where')).length;
      const shout = () => request(t.url, '/api/requests/shoutout', { method: 'POST', body: { requester_name: 'Jo', recipient_name: 'Mum', message: 'Hi mum', user_session: session() } });
      expect((await songRequest()).status).toBe(201);
      expect((await shout()).status).toBe(201);
      await expect.poll(() => mod.created().map((f) => f.data?.type).slice(5)).toEqual(['shoutout_request']);
      expect((await songRequest()).status).toBe(201);
      expect((await shout()).status).toBe(201);
      await expect.poll(() => mod.created().length).toBe(7);
      expect(directoryReads()).toBe(1);

      // A new staff account created through the API is reached at once.
      const made = await request(t.url, '/api/users', { method: 'POST', token: owner.token, body: { email: `mod-${randomBytes(3).toString('hex')}@test.airdeck`, username: 'New Mod', password: 'correct horse battery', role: 'moderator' } });
      expect(made.status).toBe(201);
      const signedIn = await request(t.url, '/api/auth/token', { method: 'POST', body: { email: made.body.email, password: 'correct horse battery', client: 'desktop' } });
      const newcomer = await listen({ ...moderator, id: made.body.id, token: signedIn.body.access_token });
      expect((await shout()).status).toBe(201);
      await expect.poll(() => newcomer.created().map((f) => f.data?.type)).toEqual(['shoutout_request']);
      mod.close();
      newcomer.close();
    } finally {
      t.server.ctx.knex.off('query', onQuery);
      await request(t.url, '/api/notifications/preferences', { method: 'PUT', token: moderator.token, body: { song_request: true } });
    }
  });
});

describe('per-user state', () => {
  it('keeps read and dismissed per user, and mark all read for one user only', async () => {
    const mine = await list(moderator);
    const theirs = await list(moderator2);
    const target = mine.notifications.find((n) => !n.user_is_read)!;
    expect(mine.unread).toBeGreaterThan(1);

    const read = await request(t.url, `/api/notifications/${target.id}/read`, { method: 'POST', token: moderator.token });
    expect(read.status).toBe(200);
    expect(read.body.notification).toMatchObject({ id: target.id, user_is_read: true, dismissed_at: null });
    expect(read.body.notification.read_at).toEqual(expect.any(String));
    expect((await list(moderator)).unread).toBe(mine.unread - 1);
    expect((await list(moderator2)).notifications.find((n) => n.id === target.id)?.user_is_read).toBe(false);
    expect((await request(t.url, '/api/notifications/unread-count', { token: moderator.token })).body.unread).toBe(mine.unread - 1);

    const dismissed = await request(t.url, `/api/notifications/${target.id}/dismiss`, { method: 'POST', token: moderator.token });
    expect(dismissed.status).toBe(200);
    expect(dismissed.body.notification.dismissed_at).toEqual(expect.any(String));
    expect((await list(moderator)).notifications.map((n) => n.id)).not.toContain(target.id);
    expect((await list(moderator2)).notifications.map((n) => n.id)).toContain(target.id);

    const all = await request(t.url, '/api/notifications/read-all', { method: 'POST', token: moderator.token });
    expect(all.status).toBe(200);
    expect(all.body.updated).toBeGreaterThan(0);
    const afterAll = await list(moderator);
    expect(afterAll.unread).toBe(0);
    expect(afterAll.notifications.every((n) => n.user_is_read)).toBe(true);
    expect((await list(moderator2)).unread).toBe(theirs.unread);

    expect((await request(t.url, `/api/notifications/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}/read`, { method: 'POST', token: moderator.token })).status).toBe(404);
    expect((await request(t.url, '/api/notifications?limit=500', { token: moderator.token })).status).toBe(400);
  });

  it('pushes a state change to the user’s other tabs only', async () => {
    const mod = await listen(moderator);
    const mod2 = await listen(moderator2);
    const note = (await list(moderator2)).notifications.find((n) => !n.user_is_read)!;
    await request(t.url, `/api/notifications/${note.id}/read`, { method: 'POST', token: moderator2.token });
    await expect.poll(() => mod2.frames.some((f) => f.name === 'notification.updated')).toBe(true);
    expect(mod.frames.some((f) => f.name === 'notification.updated')).toBe(false);
    mod.close();
    mod2.close();
  });
});

describe('announcements', () => {
  it('lets the owner post one to every staff member; others are refused; bad input is a 400', async () => {
    const pres = await listen(presenter);
    const refused = await request(t.url, '/api/notifications/announcements', { method: 'POST', token: moderator.token, body: { title: 'Hi', message: 'x' } });
    expect(refused.status).toBe(403);
    const empty = await request(t.url, '/api/notifications/announcements', { method: 'POST', token: owner.token, body: { title: '  ', message: 'x' } });
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toBe('Title is required');
    const posted = await request(t.url, '/api/notifications/announcements', { method: 'POST', token: owner.token, body: { title: 'Studio closed Friday', message: 'Maintenance all day.', priority: 'high' } });
    expect(posted.status).toBe(201);
    await expect.poll(() => pres.created().map((f) => f.data?.title)).toContain('Studio closed Friday');
    pres.close();
    expect((await list(presenter)).notifications[0]).toMatchObject({ type: 'announcement', priority: 'high', title: 'Studio closed Friday' });
    const log = await t.server.ctx.knex('user_action_logs').where({ resource_type: 'announcement' }).first();
    expect(log).toMatchObject({ user_email: owner.email, action_type: 'create', resource_name: 'Studio closed Friday' });
  });
});
