import type { Knex } from 'knex';

/**
 * The live domain's tables (migration 150): `live_input_settings` (one row),
 * `live_streamer_accounts` (a presenter's AzuraCast DJ account) and
 * `live_sessions` (sessions Airdeck's live input opened). Rows in, rows out;
 * secrets arrive and leave sealed (settings/secrets.ts): the rules are in
 * service.ts.
 */

type Db = Knex | Knex.Transaction;

export interface LiveSettingsRow {
  lead_minutes: number;
  grace_minutes: number;
  icecast_server: string | null;
  icecast_mount: string | null;
  icecast_password_enc: string | null;
  azuracast_server: string | null;
  azuracast_dj_port: number | null;
  azuracast_dj_mount: string | null;
}

const SETTINGS_COLUMNS = ['lead_minutes', 'grace_minutes', 'icecast_server', 'icecast_mount', 'icecast_password_enc', 'azuracast_server', 'azuracast_dj_port', 'azuracast_dj_mount'];

/** The settings row, or undefined before the first save. */
export async function liveSettingsRow(db: Db): Promise<LiveSettingsRow | undefined> {
  return db('live_input_settings').where({ id: 1 }).first<LiveSettingsRow | undefined>(SETTINGS_COLUMNS);
}

/** Creates or replaces the settings row. */
export async function upsertLiveSettings(db: Db, values: LiveSettingsRow & { updated_by: string }): Promise<void> {
  await db('live_input_settings')
    .insert({ id: 1, ...values, updated_at: db.fn.now() })
    .onConflict('id')
    .merge();
}

export interface StreamerRow {
  presenter_id: string;
  username: string;
  password_enc: string | null;
}

/** Every streamer account. */
export async function streamerRows(db: Db): Promise<StreamerRow[]> {
  return db('live_streamer_accounts').select<StreamerRow[]>('presenter_id', 'username', 'password_enc').orderBy('username');
}

/** One presenter's streamer account. */
export async function streamerRow(db: Db, presenterId: string): Promise<StreamerRow | undefined> {
  return db('live_streamer_accounts').where({ presenter_id: presenterId }).first<StreamerRow | undefined>('presenter_id', 'username', 'password_enc');
}

/** Replaces the whole list of streamer accounts. */
export async function replaceStreamers(db: Db, rows: StreamerRow[]): Promise<void> {
  await db('live_streamer_accounts').del();
  if (rows.length > 0) await db('live_streamer_accounts').insert(rows.map((r) => ({ ...r, updated_at: db.fn.now() })));
}

export interface LiveSessionRow {
  id: string;
  user_id: string | null;
  presenter_id: string | null;
  name: string;
  show_id: string | null;
  unscheduled: boolean;
  started_at: Date;
  closes_at: Date | null;
  last_seen_at: Date;
  ended_at: Date | null;
  end_reason: string | null;
  now_playing: string | null;
}

const SESSION_COLUMNS = ['id', 'user_id', 'presenter_id', 'name', 'show_id', 'unscheduled', 'started_at', 'closes_at', 'last_seen_at', 'ended_at', 'end_reason', 'now_playing'];

/** Opens a session row. */
export async function insertLiveSession(db: Db, values: { user_id: string; presenter_id: string | null; name: string; show_id: string | null; unscheduled: boolean; closes_at: Date | null; started_at: Date; ticket_hash: string }): Promise<LiveSessionRow> {
  const [row] = await db('live_sessions').insert({ ...values, last_seen_at: values.started_at }).returning<LiveSessionRow[]>(SESSION_COLUMNS);
  return row!;
}

/** The open session seen since `seenSince` (any instance keeps its own session's `last_seen_at` fresh), newest first. */
export async function openLiveSession(db: Db, seenSince: Date): Promise<LiveSessionRow | undefined> {
  return db('live_sessions').whereNull('ended_at').where('last_seen_at', '>=', seenSince).orderBy('started_at', 'desc').first<LiveSessionRow | undefined>(SESSION_COLUMNS);
}

/** One session by id. */
export async function liveSessionById(db: Db, id: string): Promise<LiveSessionRow | undefined> {
  return db('live_sessions').where({ id }).first<LiveSessionRow | undefined>(SESSION_COLUMNS);
}

/** Marks a session as still alive. */
export async function touchLiveSession(db: Db, id: string, at: Date): Promise<void> {
  await db('live_sessions').where({ id }).whereNull('ended_at').update({ last_seen_at: at });
}

/** Moves a session's closing time (a manager let the show overrun). */
export async function setLiveSessionCloses(db: Db, id: string, closesAt: Date | null): Promise<void> {
  await db('live_sessions').where({ id }).update({ closes_at: closesAt });
}

/** Ends a session (once: an ended session keeps its first reason). */
export async function endLiveSession(db: Db, id: string, at: Date, reason: string): Promise<boolean> {
  const n = await db('live_sessions').where({ id }).whereNull('ended_at').update({ ended_at: at, end_reason: reason });
  return n > 0;
}

/** The presenter's "now playing" text of a session (null clears it). */
export async function setLiveSessionNowPlaying(db: Db, id: string, text: string | null): Promise<void> {
  await db('live_sessions').where({ id }).update({ now_playing: text });
}

/** The sessions matched to these shows (listen again: when each show really went on and off air). */
export async function liveSessionsOfShows(db: Db, showIds: readonly string[]): Promise<LiveSessionRow[]> {
  if (showIds.length === 0) return [];
  return db('live_sessions').whereIn('show_id', [...showIds]).orderBy('started_at').select<LiveSessionRow[]>(SESSION_COLUMNS);
}
