import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../support/auth';
import { buildShow } from '../support/schedule';
import { request, startTestServer, type TestServer } from '../support/server';

/**
 * Issue 30 item 1: a staff account and its DJ profile belong together. The
 * owner of a brand-new station (SEED_DEMO=false) creates the account with its
 * DJ profile, or links an existing one, in User Management (POST/PATCH
 * /api/users) and in DJs & Staff (POST/PATCH /api/djs); duplicate DJ names and
 * usernames are refused with a clear message (item 7).
 */

let t: TestServer;
let owner: TestUser;
let manager: TestUser;
beforeAll(async () => {
  t = await startTestServer();
  owner = await createUser(t, { role: 'owner' });
  manager = await createUser(t, { role: 'manager' });
});
afterAll(async () => t?.close());

const knex = () => t.server.ctx.knex;
/** A date `n` days ahead (YYYY-MM-DD): bookings are for the future, and sign-in's tokens follow the real clock. */
const ahead = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const signIn = async (email: string, password: string) => {
  const res = await request(t.url, '/api/auth/token', { method: 'POST', body: { email, password } });
  expect(res.status).toBe(200);
  return { token: res.body.access_token as string, id: res.body.user.id as string };
};
const post = (who: { token: string }, path: string, body: unknown) => request(t.url, path, { method: 'POST', token: who.token, body });
const patch = (who: { token: string }, path: string, body: unknown) => request(t.url, path, { method: 'PATCH', token: who.token, body });

describe('POST /api/users with the DJ profile', () => {
  it('creates the account with its DJ profile: the presenter is offered their own record and can book', async () => {
    const res = await post(owner, '/api/users', { email: 'sam@station.example', username: 'Sam', password: 'sam-secret', role: 'presenter', presenter: { name: 'Sam Rivers' } });
    expect(res.status).toBe(201);
    expect(res.body.presenter).toMatchObject({ name: 'Sam Rivers' });

    const sam = await signIn('sam@station.example', 'sam-secret');
    const me = await request(t.url, '/api/schedule/me', { token: sam.token });
    expect(me.status).toBe(200);
    expect(me.body.ownPresenter).toMatchObject({ name: 'Sam Rivers', role: 'presenter' });
    expect(me.body.lockedMessage).toBeNull();

    const booked = await post(sam, '/api/schedule/bookings', { mode: 'daily', title: 'Sam at Sunrise', event_date: ahead(10), start_time: '07:00', end_time: '09:00' });
    expect(booked.status).toBe(201);
    expect(booked.body.events[0]).toMatchObject({ presenter_name: 'Sam Rivers', presenter_user_id: sam.id });

    // The DJs & Staff directory and User Management both show the link.
    const djs = await request(t.url, '/api/djs', { token: owner.token });
    expect(djs.body.djs.find((d: { name: string }) => d.name === 'Sam Rivers')).toMatchObject({ user_id: sam.id });
    const users = await request(t.url, '/api/users', { token: owner.token });
    expect(users.body.users.find((u: { id: string }) => u.id === sam.id).presenter).toMatchObject({ name: 'Sam Rivers' });
  });

  it('links an existing DJ profile, and the shows a manager booked for that DJ become the presenter’s to edit', async () => {
    const dj = await post(manager, '/api/djs', { name: 'Jo Nightly' });
    expect(dj.status).toBe(201);
    const showId = await buildShow(t, { event_date: ahead(11), start_time: '21:00', end_time: '22:00', title: 'Jo at Night', presenter_id: dj.body.id, created_by: manager.id });

    const res = await post(owner, '/api/users', { email: 'jo@station.example', username: 'Jo', password: 'jo-secret', presenter_id: dj.body.id });
    expect(res.status).toBe(201);
    expect(res.body.presenter).toEqual({ id: dj.body.id, name: 'Jo Nightly' });

    const jo = await signIn('jo@station.example', 'jo-secret');
    expect((await request(t.url, '/api/schedule/me', { token: jo.token })).body.ownPresenter).toMatchObject({ id: dj.body.id, name: 'Jo Nightly' });
    const edited = await patch(jo, `/api/schedule/events/${showId}`, { title: 'Jo at Night, edited', start_time: '21:00', end_time: '22:00' });
    expect(edited.status).toBe(200);
    expect(edited.body.event.title).toBe('Jo at Night, edited');
  });

  it('refuses a DJ profile that is another account’s, a DJ name already taken and both choices at once, creating nothing', async () => {
    const first = await post(owner, '/api/users', { email: 'alex@station.example', username: 'Alex', password: 'alex-secret', presenter: { name: 'Alex Avenue' } });
    expect(first.status).toBe(201);
    const before = Number((await knex()('profiles').count<{ n: string }[]>({ n: '*' }))[0]!.n);

    const linked = await post(owner, '/api/users', { email: 'alex2@station.example', username: 'Alex Two', password: 'alex-secret', presenter_id: first.body.presenter.id });
    expect(linked.status).toBe(409);
    expect(linked.body.error.message).toBe('That DJ profile is already linked to alex@station.example.');

    const sameName = await post(owner, '/api/users', { email: 'alex3@station.example', username: 'Alex Three', password: 'alex-secret', presenter: { name: '  alex avenue ' } });
    expect(sameName.status).toBe(409);
    expect(sameName.body.error.message).toBe('A DJ with this name already exists. Choose another name, or link the existing DJ profile.');

    const both = await post(owner, '/api/users', { email: 'alex4@station.example', username: 'Alex Four', password: 'alex-secret', presenter: { name: 'Alex Four' }, presenter_id: first.body.presenter.id });
    expect(both.status).toBe(400);
    expect(both.body.error.message).toBe('Create a new DJ profile or link an existing one, not both.');

    const missing = await post(owner, '/api/users', { email: 'alex5@station.example', username: 'Alex Five', password: 'alex-secret', presenter_id: '00000000-0000-4000-8000-000000000000' });
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toBe('That DJ profile no longer exists.');

    expect(Number((await knex()('profiles').count<{ n: string }[]>({ n: '*' }))[0]!.n)).toBe(before);
    expect(Number((await knex()('presenters').whereRaw('lower(name) = ?', ['alex avenue']).count<{ n: string }[]>({ n: '*' }))[0]!.n)).toBe(1);
  });

  it('refuses a username already taken, in any letter case, on create and on edit (item 7)', async () => {
    const a = await post(owner, '/api/users', { email: 'river@station.example', username: 'River', password: 'river-secret' });
    expect(a.status).toBe(201);
    const again = await post(owner, '/api/users', { email: 'river2@station.example', username: ' river ', password: 'river-secret' });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe('A user with this username already exists. Choose another username.');
    const b = await post(owner, '/api/users', { email: 'lake@station.example', username: 'Lake', password: 'lake-secret' });
    const rename = await patch(owner, `/api/users/${b.body.id}`, { username: 'RIVER' });
    expect(rename.status).toBe(409);
    expect(rename.body.error.message).toBe('A user with this username already exists. Choose another username.');
    // Renaming to one's own name in another case is not a clash.
    expect((await patch(owner, `/api/users/${b.body.id}`, { username: 'LAKE' })).status).toBe(200);
  });

  it('links, unlinks and creates the DJ profile from Edit User', async () => {
    const u = await post(owner, '/api/users', { email: 'kit@station.example', username: 'Kit', password: 'kit-secret' });
    expect(u.body.presenter).toBeNull();
    const made = await patch(owner, `/api/users/${u.body.id}`, { presenter: { name: 'Kit Kaleidoscope' } });
    expect(made.status).toBe(200);
    expect(made.body.presenter).toMatchObject({ name: 'Kit Kaleidoscope' });
    const twice = await patch(owner, `/api/users/${u.body.id}`, { presenter: { name: 'Kit Again' } });
    expect(twice.status).toBe(409);
    expect(twice.body.error.message).toBe('This account already has a DJ profile (Kit Kaleidoscope). Unlink it first.');
    const unlinked = await patch(owner, `/api/users/${u.body.id}`, { presenter_id: null });
    expect(unlinked.status).toBe(200);
    expect(unlinked.body.presenter).toBeNull();
    // The DJ profile stays (its shows and leave with it), only the link goes.
    expect(await knex()('presenters').where({ id: made.body.presenter.id }).first('user_id')).toEqual({ user_id: null });
    const relinked = await patch(owner, `/api/users/${u.body.id}`, { presenter_id: made.body.presenter.id });
    expect(relinked.body.presenter).toEqual(made.body.presenter);
  });
});

describe('DJs & Staff links the account', () => {
  it('adds a DJ linked to an account, refuses an account that already has one, and refuses duplicate names (item 7)', async () => {
    const acct = await post(owner, '/api/users', { email: 'mo@station.example', username: 'Mo', password: 'mo-secret' });
    const dj = await post(manager, '/api/djs', { name: 'Mo Melody', user_id: acct.body.id });
    expect(dj.status).toBe(201);
    expect(dj.body.user_id).toBe(acct.body.id);
    const mo = await signIn('mo@station.example', 'mo-secret');
    expect((await request(t.url, '/api/schedule/me', { token: mo.token })).body.ownPresenter).toMatchObject({ name: 'Mo Melody' });

    const second = await post(manager, '/api/djs', { name: 'Mo Again', user_id: acct.body.id });
    expect(second.status).toBe(409);
    expect(second.body.error.message).toBe('That account already has a DJ profile (Mo Melody).');

    const dup = await post(manager, '/api/djs', { name: 'MO MELODY' });
    expect(dup.status).toBe(409);
    expect(dup.body.error.message).toBe('A DJ with this name already exists. Choose another name, or link the existing DJ profile.');

    const other = await post(manager, '/api/djs', { name: 'Nia North' });
    const rename = await patch(manager, `/api/djs/${other.body.id}`, { name: 'mo melody' });
    expect(rename.status).toBe(409);
    expect((await request(t.url, '/api/djs', { token: owner.token })).body.djs.filter((d: { name: string }) => d.name.toLowerCase() === 'mo melody')).toHaveLength(1);

    // Unlinking from DJs & Staff: the account is locked out of booking again.
    const unlink = await patch(manager, `/api/djs/${dj.body.id}`, { name: 'Mo Melody', user_id: null });
    expect(unlink.status).toBe(200);
    expect(unlink.body.user_id).toBeNull();
    expect((await request(t.url, '/api/schedule/me', { token: mo.token })).body.ownPresenter).toBeNull();
  });
});
