import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, type Role } from '../../shared/permissions';
import { createUser, type TestUser } from '../support/auth';
import { request, startTestServer, type TestServer } from '../support/server';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => t?.close());

const knex = () => t.server.ctx.knex;
let n = 0;
const newAccount = (role: Role) => ({ email: `New.Person${++n}@Test.Airdeck`, username: `New person ${n}`, password: 'secret-enough', role });
const create = (actor: TestUser, body: unknown) => request(t.url, '/api/users', { method: 'POST', token: actor.token, body });
const patch = (actor: TestUser, id: string, body: unknown) => request(t.url, `/api/users/${id}`, { method: 'PATCH', token: actor.token, body });
const del = (actor: TestUser, id: string) => request(t.url, `/api/users/${id}`, { method: 'DELETE', token: actor.token });

describe('create account', () => {
  it('checks the fields with the spec messages', async () => {
    const owner = await createUser(t, { role: 'owner' });
    const cases: [unknown, string][] = [
      [{ username: 'A', password: 'secret1' }, 'Email is required'],
      [{ email: 'not-an-email', username: 'A', password: 'secret1' }, 'Please enter a valid email address'],
      [{ email: 'a@b.co', username: '  ', password: 'secret1' }, 'Username is required'],
      [{ email: 'a@b.co', username: 'A' }, 'Password is required'],
      [{ email: 'a@b.co', username: 'A', password: 'abc' }, 'Password must be at least 6 characters'],
      [{ email: 'a@b.co', username: 'A\u0000B', password: 'secret1' }, 'Text must not contain the NUL character'],
    ];
    for (const [body, message] of cases) {
      const res = await create(owner, body);
      expect(res.status, message).toBe(400);
      expect(res.body.error.message).toBe(message);
    }
  });

  it('creates a presenter by default, stores the email in lower case, audits it, and the account can sign in', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const input = newAccount('presenter');
    const { role: _role, ...withoutRole } = input;
    const res = await create(admin, withoutRole);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ email: input.email.toLowerCase(), username: input.username, role: 'presenter', is_active: true, password_reset_required: false });
    expect(res.body.password_hash).toBeUndefined();
    const log = await knex()('user_action_logs').where({ action_type: 'create', resource_id: res.body.id }).first();
    expect(log).toMatchObject({ user_id: admin.id, user_email: admin.email, resource_type: 'user', resource_name: input.email.toLowerCase() });
    expect(JSON.stringify(log.details)).not.toContain(input.password);
    const signIn = await request(t.url, '/api/auth/token', { method: 'POST', body: { email: input.email, password: input.password } });
    expect(signIn.status).toBe(200);
  });

  it('refuses a second account with the same email in any letter case', async () => {
    const owner = await createUser(t, { role: 'owner' });
    const input = newAccount('guest');
    expect((await create(owner, input)).status).toBe(201);
    const again = await create(owner, { ...input, email: input.email.toUpperCase() });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe('A user with this email address has already been registered');
  });

  it('lets a moderator create only presenter, guest and probation accounts', async () => {
    const moderator = await createUser(t, { role: 'moderator' });
    const allowed: Role[] = [];
    for (const role of ROLES) {
      const res = await create(moderator, newAccount(role));
      if (res.status === 201) allowed.push(role);
      else expect(res.status, role).toBe(403);
    }
    expect(allowed).toEqual(['presenter', 'guest', 'probation']);
  });

  it('follows the creation rule for every role (owner any; manager not owner; admin not owner or manager; others none)', async () => {
    const expected: Record<Role, Role[]> = {
      owner: [...ROLES],
      manager: ['manager', 'admin', 'moderator', 'presenter', 'guest', 'probation'],
      admin: ['admin', 'moderator', 'presenter', 'guest', 'probation'],
      moderator: ['presenter', 'guest', 'probation'],
      presenter: [],
      guest: [],
      probation: [],
    };
    for (const actorRole of ROLES) {
      const actor = await createUser(t, { role: actorRole });
      const allowed: Role[] = [];
      for (const role of ROLES) if ((await create(actor, newAccount(role))).status === 201) allowed.push(role);
      expect(allowed, actorRole).toEqual(expected[actorRole]);
    }
  });
});

describe('edit user', () => {
  it('edits username, email, role, status and the reset flag, and audits what changed without the password', async () => {
    const owner = await createUser(t, { role: 'owner' });
    const u = await createUser(t, { role: 'presenter' });
    const res = await patch(owner, u.id, { username: 'Renamed', email: 'Renamed@Test.Airdeck', role: 'moderator', password_reset_required: true, password: 'a-new-password' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ username: 'Renamed', email: 'renamed@test.airdeck', role: 'moderator', password_reset_required: true, is_active: true });
    const log = await knex()('user_action_logs').where({ action_type: 'update', resource_id: u.id }).first();
    expect(log.details).toMatchObject({ username: { from: u.username, to: 'Renamed' }, role: { from: 'presenter', to: 'moderator' }, password: 'changed' });
    expect(JSON.stringify(log.details)).not.toContain('a-new-password');
  });

  it('keeps the current password when the new one is blank', async () => {
    const owner = await createUser(t, { role: 'owner' });
    const u = await createUser(t, { role: 'presenter' });
    expect((await patch(owner, u.id, { username: 'Still me', password: '' })).status).toBe(200);
    expect((await request(t.url, '/api/auth/token', { method: 'POST', body: { email: u.email, password: u.password } })).status).toBe(200);
  });

  it('needs a rank at or above the target, and only gives roles the actor could create', async () => {
    const moderator = await createUser(t, { role: 'moderator' });
    const admin = await createUser(t, { role: 'admin' });
    const peer = await createUser(t, { role: 'moderator' });
    const presenter = await createUser(t, { role: 'presenter' });
    const probation = await createUser(t, { role: 'probation' });
    expect((await patch(moderator, admin.id, { username: 'nope' })).status).toBe(403);
    expect((await patch(moderator, peer.id, { username: 'Peer' })).status).toBe(200);
    expect((await patch(moderator, probation.id, { role: 'presenter' })).status).toBe(200);
    const promote = await patch(moderator, presenter.id, { role: 'admin' });
    expect(promote.status).toBe(403);
    expect(promote.body.error.message).toBe("You don't have permission to give that role.");
    expect((await patch(admin, presenter.id, { role: 'admin' })).status).toBe(200);
    expect((await patch(admin, presenter.id, { role: 'manager' })).status).toBe(403);
  });

  it('refuses changing your own role or deactivating yourself', async () => {
    const owner = await createUser(t, { role: 'owner' });
    const selfRole = await patch(owner, owner.id, { role: 'manager' });
    expect(selfRole.status).toBe(403);
    expect(selfRole.body.error.message).toBe('You cannot change your own role.');
    const selfOff = await patch(owner, owner.id, { is_active: false });
    expect(selfOff.status).toBe(403);
    expect(selfOff.body.error.message).toBe('You cannot deactivate your own account.');
    expect((await patch(owner, owner.id, { username: 'Still the owner' })).status).toBe(200);
    const other = await createUser(t, { role: 'owner' });
    expect((await patch(owner, other.id, { is_active: false })).status).toBe(200);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    const owner = await createUser(t, { role: 'owner' });
    expect((await patch(owner, '00000000-0000-4000-8000-000000000000', { username: 'x' })).status).toBe(404);
    expect((await patch(owner, 'not-a-uuid', { username: 'x' })).status).toBe(404);
  });

  it('refuses unknown fields', async () => {
    const owner = await createUser(t, { role: 'owner' });
    const u = await createUser(t, { role: 'guest' });
    expect((await patch(owner, u.id, { password_hash: 'x' })).status).toBe(400);
  });
});

describe('delete user', () => {
  it('refuses an admin deleting a manager with the spec text, and lets the owner do it', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const manager = await createUser(t, { role: 'manager' });
    const res = await del(admin, manager.id);
    expect(res.status).toBe(403);
    expect(res.body.error.message).toBe('You cannot delete users with equal or higher privileges.');
    const owner = await createUser(t, { role: 'owner' });
    expect((await del(owner, manager.id)).status).toBe(204);
    expect(await knex()('profiles').where({ id: manager.id }).first()).toBeUndefined();
    expect((await request(t.url, '/api/me', { token: manager.token })).status).toBe(401);
    const log = await knex()('user_action_logs').where({ action_type: 'delete', resource_id: manager.id }).first();
    expect(log).toMatchObject({ user_id: owner.id, resource_type: 'user', resource_name: manager.email });
  });

  it('needs the actor strictly higher: equal rank is refused, lower rank allowed', async () => {
    const moderator = await createUser(t, { role: 'moderator' });
    const peer = await createUser(t, { role: 'moderator' });
    const guest = await createUser(t, { role: 'guest' });
    expect((await del(moderator, peer.id)).status).toBe(403);
    expect((await del(moderator, moderator.id)).status).toBe(403);
    expect((await del(moderator, guest.id)).status).toBe(204);
  });
});

describe('list users', () => {
  it('lists newest first with search, role and status filters, never the hash', async () => {
    const s = await startTestServer();
    try {
      const owner = await createUser(s, { role: 'owner', username: 'Olive Owner' });
      await createUser(s, { role: 'presenter', username: 'Percy Presenter', email: 'percy@radio.test' });
      await createUser(s, { role: 'guest', username: 'Gina Guest', isActive: false });
      const all = await request(s.url, '/api/users', { token: owner.token });
      expect(all.status).toBe(200);
      expect(all.body.users.map((u: { username: string }) => u.username)).toEqual(['Gina Guest', 'Percy Presenter', 'Olive Owner']);
      expect(JSON.stringify(all.body)).not.toContain('argon2');
      const search = await request(s.url, '/api/users?q=PERCY', { token: owner.token });
      expect(search.body.users.map((u: { email: string }) => u.email)).toEqual(['percy@radio.test']);
      const byRole = await request(s.url, '/api/users?role=guest', { token: owner.token });
      expect(byRole.body.users).toHaveLength(1);
      const inactive = await request(s.url, '/api/users?status=inactive', { token: owner.token });
      expect(inactive.body.users.map((u: { username: string }) => u.username)).toEqual(['Gina Guest']);
      const wildcard = await request(s.url, '/api/users?q=%25', { token: owner.token });
      expect(wildcard.body.users).toHaveLength(0);
    } finally {
      await s.close();
    }
  });
});

describe('my profile', () => {
  it('returns the user, profile and linked presenter; updates the username; email stays read-only', async () => {
    const u = await createUser(t, { role: 'presenter' });
    await knex()('presenters').insert({ user_id: u.id, name: 'DJ Test', social_links: JSON.stringify({ instagram: 'https://instagram.com/djtest' }) });
    const me = await request(t.url, '/api/me', { token: u.token });
    expect(me.body).toMatchObject({ user: { id: u.id, email: u.email, role: 'presenter' }, profile: { username: u.username }, presenter: { name: 'DJ Test', social_links: { instagram: 'https://instagram.com/djtest', twitter: null } } });
    const renamed = await request(t.url, '/api/me', { method: 'PATCH', token: u.token, body: { username: 'Fresh Name' } });
    expect(renamed.status).toBe(200);
    expect(renamed.body.profile.username).toBe('Fresh Name');
    expect((await request(t.url, '/api/me', { method: 'PATCH', token: u.token, body: { email: 'other@x.test' } })).status).toBe(400);
    expect((await request(t.url, '/api/me', { method: 'PATCH', token: u.token, body: { username: '' } })).body.error.message).toBe('Username is required');
  });

  it('saves social links of the linked presenter, and refuses when there is none', async () => {
    const u = await createUser(t, { role: 'presenter' });
    const none = await request(t.url, '/api/me/presenter', { method: 'PATCH', token: u.token, body: { social_links: { twitter: 'https://x.com/me' } } });
    expect(none.status).toBe(404);
    await knex()('presenters').insert({ user_id: u.id, name: 'Linked' });
    const bad = await request(t.url, '/api/me/presenter', { method: 'PATCH', token: u.token, body: { social_links: { twitter: 'javascript:alert(1)' } } });
    expect(bad.status).toBe(400);
    const ok = await request(t.url, '/api/me/presenter', { method: 'PATCH', token: u.token, body: { social_links: { twitter: 'https://x.com/me', website: '' } } });
    expect(ok.status).toBe(200);
    expect(ok.body.presenter.social_links).toMatchObject({ twitter: 'https://x.com/me', website: null });
    const row = await knex()('presenters').where({ user_id: u.id }).first('social_links');
    expect(row.social_links).toEqual({ twitter: 'https://x.com/me' });
  });
});
