import type { Knex } from 'knex';
import { hashPassword } from '../auth/passwords';
import { recordAction } from './audit';
import { emailTaken, insertProfile, realOwnerExists } from './repo';

/**
 * Creates an owner account. With `onlyIfNoOwner` (first start with
 * OWNER_EMAIL/OWNER_PASSWORD) it does nothing when a real owner exists.
 * Returns whether an account was created. Runs before (or beside) any server:
 * a running server's notification recipients pick the new owner up within
 * a minute (notifications/recipients.ts).
 */
export async function ensureOwner(knex: Knex, opts: { email: string; password: string; username?: string; onlyIfNoOwner: boolean }): Promise<boolean> {
  // Stored in lower case, as accounts created by staff are; lookups are case-insensitive anyway.
  const email = opts.email.trim().toLowerCase();
  if (opts.onlyIfNoOwner && (await realOwnerExists(knex))) return false;
  if (await emailTaken(knex, email)) {
    if (opts.onlyIfNoOwner) return false;
    throw new Error(`An account with the email ${email} already exists.`);
  }
  await insertProfile(knex, {
    email,
    username: opts.username ?? email.split('@')[0] ?? 'owner',
    role: 'owner',
    is_admin: true,
    password_hash: await hashPassword(opts.password),
  });
  await recordAction(knex, { actor: { id: null, email }, action: 'create', resourceType: 'user', resourceName: email, details: { via: 'bootstrap', role: 'owner' } });
  return true;
}
