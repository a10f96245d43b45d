import type { Knex } from 'knex';
import { hashPassword } from '../auth/passwords';

/**
 * Creates an owner account. With `onlyIfNoOwner` (first start with
 * OWNER_EMAIL/OWNER_PASSWORD) it does nothing when a real owner exists.
 * Returns whether an account was created.
 */
export async function ensureOwner(knex: Knex, opts: { email: string; password: string; username?: string; onlyIfNoOwner: boolean }): Promise<boolean> {
  // Stored in lower case, as accounts created by staff are; lookups are case-insensitive anyway.
  const email = opts.email.trim().toLowerCase();
  if (opts.onlyIfNoOwner) {
    const owner = await knex('profiles').where({ role: 'owner', is_demo: false }).first('id');
    if (owner) return false;
  }
  const existing = await knex('profiles').whereRaw('lower(email) = lower(?)', [email]).first('id');
  if (existing) {
    if (opts.onlyIfNoOwner) return false;
    throw new Error(`An account with the email ${email} already exists.`);
  }
  await knex('profiles').insert({
    email,
    username: opts.username ?? email.split('@')[0] ?? 'owner',
    role: 'owner',
    is_admin: true,
    password_hash: await hashPassword(opts.password),
  });
  await knex('user_action_logs').insert({ user_email: email, action_type: 'create', resource_type: 'user', resource_name: email, details: JSON.stringify({ via: 'bootstrap', role: 'owner' }) });
  return true;
}
