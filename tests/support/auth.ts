import { randomBytes } from 'node:crypto';
import type { Role } from '../../shared/permissions';
import { hashPassword } from '../../server/src/auth/passwords';
import type { TestServer } from './server';

/** A signed-in test account: its row, its password and a valid access token for a live session. */
export interface TestUser {
  id: string;
  email: string;
  username: string;
  password: string;
  role: Role;
  token: string;
  sessionId: string;
}

let cachedHash: { password: string; hash: string } | null = null;

/**
 * Creates an account of the given role with a live session and an access
 * token, straight in the database: the fast way for API tests to act as a role.
 */
export async function createUser(t: TestServer, opts: { role: Role; email?: string; username?: string; password?: string; isActive?: boolean }): Promise<TestUser> {
  const knex = t.server.ctx.knex;
  const password = opts.password ?? 'correct horse battery';
  if (!cachedHash || cachedHash.password !== password) cachedHash = { password, hash: await hashPassword(password) };
  const suffix = randomBytes(4).toString('hex');
  const email = opts.email ?? `${opts.role}-${suffix}@test.airdeck`;
  const username = opts.username ?? `${opts.role} ${suffix}`;
  const [row] = await knex('profiles')
    .insert({ email, username, role: opts.role, password_hash: cachedHash.hash, is_active: opts.isActive ?? true })
    .returning<{ id: string }[]>('id');
  // Written behind the server's back: tell its notification recipients, as the users service does.
  t.server.ctx.recipients.invalidate();
  const [session] = await knex('auth_sessions')
    .insert({ user_id: row!.id, expires_at: new Date(Date.now() + 30 * 86400_000) })
    .returning<{ id: string }[]>('id');
  const { token } = await t.server.ctx.tokens.sign({ userId: row!.id, sessionId: session!.id, role: opts.role, email });
  return { id: row!.id, email, username, password, role: opts.role, token, sessionId: session!.id };
}
