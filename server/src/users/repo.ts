import type { Knex } from 'knex';
import type { Role } from '../../../shared/permissions';

/**
 * The users domain's table, `profiles` (one row per staff account, with its
 * password hash). Other domains read accounts through these functions or the
 * users service, never the table. Where one query is the point (the
 * live-session check every request makes, refresh rotation, the presenters'
 * avatars and emails), they join {@link joinableAccounts}: this file names the
 * table and the columns another domain may see, the caller joins it by alias.
 */

type Db = Knex | Knex.Transaction;

/**
 * Accounts as another domain's query joins them, in one round trip: `db(...).join(joinableAccounts(db).as('p'), 'p.id', …)`.
 * Only these columns (never the password hash); PostgreSQL folds the subquery into the join, so the plan is a plain join.
 */
export function joinableAccounts(db: Db): Knex.QueryBuilder {
  return db('profiles').select('id', 'email', 'role', 'is_active', 'avatar_url');
}

/** A profiles row as the users service reads it (never the hash). */
export interface ProfileRow {
  id: string;
  email: string;
  username: string;
  avatar_url: string | null;
  role: string;
  is_admin: boolean;
  is_active: boolean;
  password_reset_required: boolean;
  last_sign_in_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

/** What sign-in needs of an account, the hash included (it never leaves the auth service). */
export interface CredentialRow {
  id: string;
  email: string;
  role: string;
  is_active: boolean;
  password_hash: string;
}

const PROFILE_COLUMNS = ['id', 'email', 'username', 'avatar_url', 'role', 'is_admin', 'is_active', 'password_reset_required', 'last_sign_in_at', 'created_at', 'updated_at'] as const;
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One account by id (undefined for a malformed id); `lock` takes the row for the transaction. */
export async function findProfile(db: Db, id: string, lock = false): Promise<ProfileRow | undefined> {
  if (!UUID_RE.test(id)) return undefined;
  const q = db('profiles').where({ id }).first<ProfileRow | undefined>(...PROFILE_COLUMNS);
  if (lock) q.forUpdate();
  return q;
}

/** All accounts, newest first, filtered by a search text (username or email), a role and active state. */
export async function listProfiles(db: Db, filters: { q?: string | undefined; role?: string | undefined; active?: boolean | undefined }, limit: number): Promise<ProfileRow[]> {
  const q = db('profiles').select<ProfileRow[]>(...PROFILE_COLUMNS).orderBy('created_at', 'desc').orderBy('id').limit(limit);
  if (filters.q) {
    const like = `%${filters.q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    q.where((w) => w.whereILike('username', like).orWhereILike('email', like));
  }
  if (filters.role) q.where({ role: filters.role });
  if (filters.active !== undefined) q.where({ is_active: filters.active });
  return q;
}

/** Whether an account other than `exceptId` has this email (case-insensitively). */
export async function emailTaken(db: Db, email: string, exceptId?: string): Promise<boolean> {
  const q = db('profiles').whereRaw('lower(email) = lower(?)', [email]);
  if (exceptId) q.whereNot({ id: exceptId });
  return Boolean(await q.first('id'));
}

/** Whether an account other than `exceptId` has this username (case-insensitively, ignoring surrounding spaces). */
export async function usernameTaken(db: Db, username: string, exceptId?: string): Promise<boolean> {
  const q = db('profiles').whereRaw('lower(trim(username)) = lower(trim(?))', [username]);
  if (exceptId) q.whereNot({ id: exceptId });
  return Boolean(await q.first('id'));
}

/** Creates an account; answers its row. */
export async function insertProfile(db: Db, row: { email: string; username: string; role: Role; is_admin: boolean; password_hash: string }): Promise<ProfileRow> {
  const [inserted] = await db('profiles').insert(row).returning<ProfileRow[]>([...PROFILE_COLUMNS]);
  return inserted!;
}

/** Changes an account's columns; answers the new row, or undefined when there is no such account. */
export async function updateProfile(db: Db, id: string, patch: Record<string, unknown>): Promise<ProfileRow | undefined> {
  const [row] = await db('profiles').where({ id }).update(patch).returning<ProfileRow[]>([...PROFILE_COLUMNS]);
  return row;
}

/** Deletes an account (its sessions, states and preferences go with it). */
export async function deleteProfile(db: Db, id: string): Promise<void> {
  await db('profiles').where({ id }).delete();
}

/** How many active owners there are besides `exceptId`. */
export async function countOtherActiveOwners(db: Db, exceptId: string): Promise<number> {
  const row = await db('profiles').where({ role: 'owner', is_active: true }).whereNot({ id: exceptId }).count<{ n: number | string }[]>({ n: '*' }).first();
  return Number(row?.n ?? 0);
}

/** Whether a real (not demo) owner account exists. */
export async function realOwnerExists(db: Db): Promise<boolean> {
  return Boolean(await db('profiles').where({ role: 'owner', is_demo: false }).first('id'));
}

/** The account an email signs in to (case-insensitively), with its password hash. */
export async function findCredentials(db: Db, email: string): Promise<CredentialRow | undefined> {
  return db('profiles').whereRaw('lower(email) = lower(?)', [email]).first<CredentialRow | undefined>('id', 'email', 'role', 'is_active', 'password_hash');
}

/** Records a sign-in (and the upgraded hash, when the old one was weaker). */
export async function recordSignIn(db: Db, id: string, at: Date, rehash: string | null): Promise<void> {
  await db('profiles').where({ id }).update({ last_sign_in_at: at, ...(rehash ? { password_hash: rehash } : {}) });
}

/** An account's email (for the audit trail of a sign-out), or null. */
export async function emailOf(db: Db, id: string): Promise<string | null> {
  if (!UUID_RE.test(id)) return null;
  const row = await db('profiles').where({ id }).first<{ email: string } | undefined>('email');
  return row?.email ?? null;
}

/** The e-mail addresses of active accounts among `ids` (dead-air e-mail alerts). */
export async function activeEmailsOf(db: Db, ids: readonly string[]): Promise<{ id: string; email: string; username: string }[]> {
  const valid = ids.filter((id) => UUID_RE.test(id));
  if (valid.length === 0) return [];
  return db('profiles').whereIn('id', valid).where({ is_active: true }).select('id', 'email', 'username');
}

/** An account's username, or null. */
export async function usernameOf(db: Db, id: string): Promise<string | null> {
  if (!UUID_RE.test(id)) return null;
  const row = await db('profiles').where({ id }).first<{ username: string | null } | undefined>('username');
  return row?.username ?? null;
}

/** Every account's id, role and active flag: the notifications recipients directory's half of the data. */
export async function accountDirectory(db: Db): Promise<{ id: string; role: string; is_active: boolean }[]> {
  return db('profiles').select<{ id: string; role: string; is_active: boolean }[]>('id', 'role', 'is_active');
}

/** The stored password hash of an active account (the own-password change proves the current one), or undefined. */
export async function passwordHashOf(db: Db, id: string): Promise<string | undefined> {
  const row = await db('profiles').where({ id, is_active: true }).first<{ password_hash: string } | undefined>('password_hash');
  return row?.password_hash;
}

/** The active demo accounts (seeded by the demo station) with their password hashes. */
export async function activeDemoCredentials(db: Db): Promise<{ email: string; role: string; password_hash: string }[]> {
  return db('profiles').where({ is_demo: true, is_active: true }).orderBy('email').select('email', 'role', 'password_hash');
}

/** Whether any account other than `userId` exists (the owner's first-run checklist, issue 30: staff invited). */
export async function anyOtherAccount(db: Db, userId: string): Promise<boolean> {
  return Boolean(await db('profiles').whereNot({ id: userId }).first('id'));
}

// ---------------------------------------------------------------------------
// Languages and Discord accounts (issue 35: what the server sends each person, in their language)
// ---------------------------------------------------------------------------

/** Each account's chosen language (null = the station's default) and linked Discord user id, by id. */
export async function profileLanguages(db: Db, ids: readonly string[]): Promise<{ id: string; language: string | null; discord_user_id: string | null }[]> {
  const valid = [...new Set(ids)].filter((id) => UUID_RE.test(id));
  if (valid.length === 0) return [];
  return (await db('profiles').whereIn('id', valid).select('id', 'language', 'discord_user_id')) as { id: string; language: string | null; discord_user_id: string | null }[];
}

/** The chosen language of the account with this e-mail address (case-insensitive), or null. */
export async function languageOfEmail(db: Db, email: string): Promise<string | null> {
  const row = (await db('profiles').whereRaw('lower(email) = lower(?)', [email]).first('language')) as { language: string | null } | undefined;
  return row?.language ?? null;
}

/** Links an account to a Discord user (an approved applicant's linked account), for the bot's direct messages. */
export async function setProfileDiscordId(db: Db, id: string, discordUserId: string | null): Promise<void> {
  await db('profiles').where({ id }).update({ discord_user_id: discordUserId });
}
