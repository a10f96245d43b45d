import type { Knex } from 'knex';
import type { ApplicationStatus, AvailabilitySlot } from '../../../shared/applications';

/**
 * The applications domain's table, `presenter_applications` (the Become a
 * DJ submissions and staff's decisions). Other domains go through the
 * applications service, never the table.
 */

type Db = Knex | Knex.Transaction;

/** One application as staff review it. */
export interface ApplicationRow {
  id: string;
  name: string;
  email: string;
  experience: string;
  show_idea: string;
  available_times: AvailabilitySlot[];
  has_discord: boolean;
  discord_username: string | null;
  discord_user_id: string | null;
  terms_accepted: boolean;
  status: ApplicationStatus;
  created_at: Date | string;
  reviewed_at: Date | string | null;
  updated_at: Date | string;
}

const COLUMNS = ['id', 'name', 'email', 'experience', 'show_idea', 'available_times', 'has_discord', 'discord_username', 'discord_user_id', 'terms_accepted', 'status', 'created_at', 'reviewed_at', 'updated_at'];

/** Stores a new (pending) application; answers its id and creation time. */
export async function insertApplication(
  db: Db,
  row: { name: string; email: string; experience: string; show_idea: string; available_times: unknown; has_discord: boolean; discord_username: string | null; discord_user_id: string | null; language: string | null; at: Date },
): Promise<{ id: string; created_at: Date | string }> {
  const { at, ...fields } = row;
  const [inserted] = await db('presenter_applications')
    .insert({ ...fields, terms_accepted: true, status: 'pending', created_at: at, updated_at: at })
    .returning<{ id: string; created_at: Date | string }[]>(['id', 'created_at']);
  return inserted!;
}

/** The newest applications (of one status, or all), at most `limit`. */
export async function listApplicationRows(db: Db, status: ApplicationStatus | undefined, limit: number): Promise<ApplicationRow[]> {
  const q = db('presenter_applications').select(COLUMNS).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit);
  if (status) q.where({ status });
  return (await q) as ApplicationRow[];
}

/** How many applications there are of each status present. */
export async function countByStatus(db: Db): Promise<{ status: ApplicationStatus; n: number }[]> {
  const rows = (await db('presenter_applications').select('status').count<{ status: ApplicationStatus; n: string | number }[]>('* as n').groupBy('status')) as { status: ApplicationStatus; n: string | number }[];
  return rows.map((r) => ({ status: r.status, n: Number(r.n) }));
}

/** An application's status and name, locked for the transaction; undefined when there is none. */
export async function lockApplication(trx: Knex.Transaction, id: string): Promise<{ status: ApplicationStatus; name: string; email: string; discord_user_id: string | null; language: string | null } | undefined> {
  return trx('presenter_applications').where({ id }).forUpdate().first<{ status: ApplicationStatus; name: string; email: string; discord_user_id: string | null; language: string | null } | undefined>('status', 'name', 'email', 'discord_user_id', 'language');
}

/** Decides a pending application (a decided one is left alone); answers the new row, or undefined. */
export async function decidePending(db: Db, id: string, decision: { status: ApplicationStatus; reviewedBy: string; at: Date }): Promise<ApplicationRow | undefined> {
  const [row] = (await db('presenter_applications')
    .where({ id, status: 'pending' })
    .update({ status: decision.status, reviewed_at: decision.at, reviewed_by: decision.reviewedBy, updated_at: decision.at })
    .returning(COLUMNS)) as ApplicationRow[];
  return row;
}

/** The applicant's name and linked Discord user id, or undefined. */
export async function applicantOf(db: Db, id: string): Promise<{ name: string; discord_user_id: string | null; language: string | null } | undefined> {
  return db('presenter_applications').where({ id }).first<{ name: string; discord_user_id: string | null; language: string | null } | undefined>('name', 'discord_user_id', 'language');
}

/** Applications decided before `cutoff` are deleted (pending ones wait for a decision). Answers how many. */
export async function deleteDecidedApplicationsBefore(db: Db, cutoff: Date): Promise<string[]> {
  return (await db('presenter_applications').whereNot('status', 'pending').andWhere('reviewed_at', '<', cutoff).delete().returning<{ id: string }[]>('id')).map((r) => r.id);
}

/** Applications naming a person (contains, case-insensitive): name, e-mail or Discord handle (issue 37 item 2). */
export async function applicationsNaming(db: Db, pattern: string, limit: number): Promise<ApplicationRow[]> {
  return db('presenter_applications')
    .where((w) =>
      w
        .whereRaw("lower(name) LIKE ? ESCAPE '\\'", [pattern])
        .orWhereRaw("lower(email) LIKE ? ESCAPE '\\'", [pattern])
        .orWhereRaw("lower(coalesce(discord_username, '')) LIKE ? ESCAPE '\\'", [pattern]),
    )
    .orderBy('created_at', 'desc')
    .limit(limit)
    .select(COLUMNS);
}

/** Applications whose e-mail is one of these (an account's own data). */
export async function applicationsByEmail(db: Db, emails: readonly string[]): Promise<ApplicationRow[]> {
  if (emails.length === 0) return [];
  return db('presenter_applications').whereRaw(`lower(email) IN (${emails.map(() => '?').join(', ')})`, emails.map((e) => e.toLowerCase())).orderBy('created_at', 'desc').select(COLUMNS);
}

/** Deletes the chosen applications; answers the deleted ones' ids and e-mail addresses. */
export async function deleteApplicationsById(db: Db, ids: readonly string[]): Promise<{ id: string; email: string }[]> {
  if (ids.length === 0) return [];
  return db('presenter_applications').whereIn('id', ids).delete().returning<{ id: string; email: string }[]>(['id', 'email']);
}
