import type { Knex } from 'knex';
import { DEAD_AIR_DEFAULTS, type DeadAirSettings, type IncidentKind, type StationIncident } from '../../../../shared/dead-air';
import type { Role } from '../../../../shared/permissions';

type Db = Knex | Knex.Transaction;

/** A `station_incidents` row. */
export interface IncidentRow {
  id: string;
  kind: IncidentKind;
  started_at: Date;
  ended_at: Date | null;
  show_id: string | null;
  show_title: string | null;
  presenter_id: string | null;
  presenter_name: string | null;
  detail: string | null;
  escalated_at: Date | null;
  /** Present on reads that ask for it (incidentsBetween, latestIncident). */
  has_sample?: boolean;
}

const iso = (d: Date | string) => new Date(d).toISOString();

/** The public shape of an incident. */
export function presentIncident(row: IncidentRow): StationIncident {
  const ended = row.ended_at ? new Date(row.ended_at) : null;
  return {
    id: row.id,
    kind: row.kind,
    started_at: iso(row.started_at),
    ended_at: ended ? ended.toISOString() : null,
    duration_seconds: ended ? Math.max(0, Math.round((ended.getTime() - new Date(row.started_at).getTime()) / 1000)) : null,
    show_id: row.show_id,
    show_title: row.show_title,
    presenter_id: row.presenter_id,
    presenter_name: row.presenter_name,
    escalated: row.escalated_at !== null,
    has_sample: row.has_sample === true,
  };
}

/** Opens an incident; null when one of that kind is already open (another leader opened it). */
export async function insertIncident(db: Db, values: { kind: IncidentKind; started_at: Date; show_id: string | null; show_title: string | null; presenter_id: string | null; presenter_name: string | null; detail: string | null }): Promise<IncidentRow | null> {
  const rows = await db('station_incidents')
    .insert({ ...values, show_title: values.show_title?.slice(0, 200) ?? null, presenter_name: values.presenter_name?.slice(0, 200) ?? null, detail: values.detail?.slice(0, 500) ?? null })
    .onConflict(db.raw('(kind) WHERE ended_at IS NULL'))
    .ignore()
    .returning('*');
  return (rows[0] as IncidentRow | undefined) ?? null;
}

/** Ends the open incident of a kind; returns it, or null when none was open. */
export async function closeIncident(db: Db, kind: IncidentKind, endedAt: Date): Promise<IncidentRow | null> {
  const rows = await db('station_incidents').where({ kind }).whereNull('ended_at').update({ ended_at: db.raw('GREATEST(started_at, ?::timestamptz)', [endedAt.toISOString()]) }).returning('*');
  return (rows[0] as IncidentRow | undefined) ?? null;
}

/** Marks an open incident escalated; false when it was already (another instance did it) or has ended. */
export async function claimEscalation(db: Db, id: string, at: Date): Promise<IncidentRow | null> {
  const rows = await db('station_incidents').where({ id }).whereNull('escalated_at').whereNull('ended_at').update({ escalated_at: at }).returning('*');
  return (rows[0] as IncidentRow | undefined) ?? null;
}

/** The incidents still open. */
export async function openIncidents(db: Db): Promise<IncidentRow[]> {
  return db('station_incidents').whereNull('ended_at').orderBy('started_at');
}

const withSample = (db: Db) => db.raw('EXISTS (SELECT 1 FROM station_incident_samples s WHERE s.incident_id = station_incidents.id) AS has_sample');

/** The latest incident, open or ended. */
export async function latestIncident(db: Db): Promise<IncidentRow | null> {
  return ((await db('station_incidents').select('station_incidents.*', withSample(db)).orderBy('started_at', 'desc').first()) as IncidentRow | undefined) ?? null;
}

/** Incidents overlapping [from, to), newest first. */
export async function incidentsBetween(db: Db, from: Date, to: Date): Promise<IncidentRow[]> {
  return db('station_incidents')
    .select('station_incidents.*', withSample(db))
    .where('started_at', '<', to)
    .where((q) => q.whereNull('ended_at').orWhere('ended_at', '>', from))
    .orderBy('started_at', 'desc')
    .limit(5000);
}

/** Keeps an incident's sample (MP3 bytes of the stream from `from` to `to`); false when the incident is gone. */
export async function insertIncidentSample(db: Db, incidentId: string, sample: { contentType: string; audio: Buffer; from: Date; to: Date }): Promise<boolean> {
  const rows = await db('station_incident_samples')
    .insert({ incident_id: incidentId, content_type: sample.contentType.slice(0, 100), audio: sample.audio, from_at: sample.from, to_at: sample.to })
    .onConflict('incident_id')
    .ignore()
    .returning('incident_id');
  return rows.length > 0;
}

/** Whether an incident has a sample. */
export async function hasIncidentSample(db: Db, incidentId: string): Promise<boolean> {
  return (await db('station_incident_samples').where({ incident_id: incidentId }).first('incident_id')) !== undefined;
}

/** An incident's sample, or null. */
export async function incidentSample(db: Db, incidentId: string): Promise<{ content_type: string; audio: Buffer; from_at: Date; to_at: Date } | null> {
  const row = (await db('station_incident_samples').where({ incident_id: incidentId }).first('content_type', 'audio', 'from_at', 'to_at')) as { content_type: string; audio: Buffer | Uint8Array; from_at: Date; to_at: Date } | undefined;
  return row ? { ...row, audio: Buffer.from(row.audio) } : null;
}

interface SettingsRow {
  silence_threshold_db: number;
  silence_seconds: number;
  off_air_seconds: number;
  stuck_factor: number;
  stuck_unknown_minutes: number;
  escalate_after_seconds: number;
  duty_roles: Role[];
  backup_stream_url: string | null;
  keep_samples: boolean;
  email_alerts: boolean;
}

/** The watch's settings (the defaults when the row is missing). */
export async function readDeadAirSettings(db: Db): Promise<DeadAirSettings> {
  const row = (await db('dead_air_settings').where({ id: 1 }).first()) as SettingsRow | undefined;
  if (!row) return { ...DEAD_AIR_DEFAULTS };
  return {
    silence_threshold_db: Number(row.silence_threshold_db),
    silence_seconds: row.silence_seconds,
    off_air_seconds: row.off_air_seconds,
    stuck_factor: Number(row.stuck_factor),
    stuck_unknown_minutes: row.stuck_unknown_minutes,
    escalate_after_minutes: Math.round((row.escalate_after_seconds / 60) * 100) / 100,
    duty_roles: row.duty_roles,
    backup_stream_url: row.backup_stream_url,
    keep_samples: row.keep_samples,
    email_alerts: row.email_alerts,
  };
}

/** Saves the settings (the whole set, already checked). */
export async function writeDeadAirSettings(db: Db, s: DeadAirSettings): Promise<void> {
  const values = {
    silence_threshold_db: s.silence_threshold_db,
    silence_seconds: s.silence_seconds,
    off_air_seconds: s.off_air_seconds,
    stuck_factor: s.stuck_factor,
    stuck_unknown_minutes: s.stuck_unknown_minutes,
    escalate_after_seconds: Math.round(s.escalate_after_minutes * 60),
    duty_roles: s.duty_roles,
    backup_stream_url: s.backup_stream_url,
    keep_samples: s.keep_samples,
    email_alerts: s.email_alerts,
    updated_at: db.fn.now(),
  };
  await db('dead_air_settings').insert({ id: 1, ...values }).onConflict('id').merge();
}
