import type { Knex } from 'knex';

/**
 * The privacy domain's tables (issue 37 item 1): `privacy_settings` (the
 * retention periods, the analytics level and today's salt) and
 * `retention_runs` (what each run of the retention job removed).
 */

type Db = Knex | Knex.Transaction;

/** The retention periods (days) and the analytics level. */
export interface PrivacySettingsRow {
  analytics_level: 'full' | 'hashed' | 'none';
  request_days: number;
  vote_days: number;
  page_view_days: number;
  inquiry_days: number;
  application_days: number;
  failed_signin_days: number;
  audit_days: number;
  email_days: number;
  policy_intro: string | null;
  policy_extra: string | null;
  updated_at: Date | string;
}

export const PRIVACY_COLUMNS = ['analytics_level', 'request_days', 'vote_days', 'page_view_days', 'inquiry_days', 'application_days', 'failed_signin_days', 'audit_days', 'email_days', 'policy_intro', 'policy_extra', 'updated_at'] as const;

export async function privacySettingsRow(db: Db): Promise<PrivacySettingsRow> {
  const row = await db('privacy_settings').where({ id: 1 }).first<PrivacySettingsRow | undefined>(...PRIVACY_COLUMNS);
  if (!row) throw new Error('privacy_settings row missing');
  return row;
}

export async function updatePrivacySettings(db: Db, patch: Partial<Omit<PrivacySettingsRow, 'updated_at'>>, by: string, at: Date): Promise<PrivacySettingsRow> {
  const [row] = await db('privacy_settings').where({ id: 1 }).update({ ...patch, updated_by: by, updated_at: at }).returning<PrivacySettingsRow[]>([...PRIVACY_COLUMNS]);
  return row!;
}

/** Today's salt: made once per day (the first caller of a new day replaces yesterday's, which is then gone). */
export async function saltOfDay(db: Db, day: string, fresh: string): Promise<string> {
  await db('privacy_settings').where({ id: 1 }).andWhere((q) => q.whereNull('daily_salt_day').orWhereNot('daily_salt_day', day)).update({ daily_salt: fresh, daily_salt_day: day });
  const row = await db('privacy_settings').where({ id: 1 }).first<{ daily_salt: string }>('daily_salt');
  return row.daily_salt;
}

/** Records a run of the retention job. */
export async function insertRetentionRun(db: Db, at: Date, removed: Record<string, number>): Promise<void> {
  await db('retention_runs').insert({ ran_at: at, removed: JSON.stringify(removed) });
  // The runs themselves are kept a year.
  await db('retention_runs').where('ran_at', '<', new Date(at.getTime() - 365 * 86_400_000)).delete();
}

/** The latest runs, newest first. */
export async function latestRetentionRuns(db: Db, limit: number): Promise<{ ran_at: Date; removed: Record<string, number> }[]> {
  return db('retention_runs').orderBy([{ column: 'ran_at', order: 'desc' }, { column: 'id', order: 'desc' }]).limit(limit).select('ran_at', 'removed');
}

/** When the job last ran (any instance), or null. */
export async function lastRetentionRunAt(db: Db): Promise<Date | null> {
  const row = await db('retention_runs').orderBy('ran_at', 'desc').first<{ ran_at: Date } | undefined>('ran_at');
  return row ? new Date(row.ran_at) : null;
}
