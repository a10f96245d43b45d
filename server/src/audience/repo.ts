import type { Knex } from 'knex';

/**
 * The audience tables (migration 100_audience): per-minute rows of listener
 * readings (kept 90 days), hourly rows (kept for good), each instance's demo
 * stream connections, and the two General Settings switches (audience_settings). Only counts are
 * stored, never who listens.
 */

type Db = Knex | Knex.Transaction;

/** How long minute rows are kept. */
export const MINUTE_RETENTION_DAYS = 90;

/** The figures of one time window: minutes with readings, their listener-minutes (sum of minute averages) and the peak. */
export interface WindowTotals {
  id: string;
  minutes: number;
  listenerMinutes: number;
  peak: number | null;
}

/** A window to total: [startMs, endMs). */
export interface Window {
  id: string;
  startMs: number;
  endMs: number;
}

const minuteOf = (ms: number) => new Date(Math.floor(ms / 60_000) * 60_000);
const hourOf = (ms: number) => new Date(Math.floor(ms / 3_600_000) * 3_600_000);

/** Adds one reading to its minute's row: one small upsert per poll. */
export async function addReading(db: Db, atMs: number, listeners: number, live: boolean): Promise<void> {
  await db.raw(
    `INSERT INTO audience_minutes AS m (minute, samples, listeners_sum, peak, live_samples) VALUES (?, 1, ?, ?, ?)
     ON CONFLICT (minute) DO UPDATE SET samples = m.samples + 1, listeners_sum = m.listeners_sum + EXCLUDED.listeners_sum,
       peak = GREATEST(m.peak, EXCLUDED.peak), live_samples = m.live_samples + EXCLUDED.live_samples`,
    [minuteOf(atMs), listeners, listeners, live ? 1 : 0],
  );
}

/** The start of the last hour rolled up, or null when none is. */
export async function lastRolledHour(db: Db): Promise<number | null> {
  const row = await db('audience_hours').max<{ h: Date | null }>({ h: 'hour' }).first();
  return row?.h ? new Date(row.h).getTime() : null;
}

/** Rolls the minute rows of the hours in [fromMs, toMs) into hourly rows (replacing any already there). */
export async function rollUpHours(db: Db, fromMs: number, toMs: number): Promise<void> {
  await db.raw(
    `INSERT INTO audience_hours (hour, minutes, listener_minutes, peak, autodj_minutes, autodj_listener_minutes)
     SELECT date_bin('1 hour', minute, TIMESTAMPTZ '2000-01-01 00:00:00+00') AS h, count(*), sum(listeners_sum::float8 / samples), max(peak),
       count(*) FILTER (WHERE live_samples = 0), coalesce(sum(listeners_sum::float8 / samples) FILTER (WHERE live_samples = 0), 0)
     FROM audience_minutes WHERE minute >= ? AND minute < ? GROUP BY h
     ON CONFLICT (hour) DO UPDATE SET minutes = EXCLUDED.minutes, listener_minutes = EXCLUDED.listener_minutes, peak = EXCLUDED.peak,
       autodj_minutes = EXCLUDED.autodj_minutes, autodj_listener_minutes = EXCLUDED.autodj_listener_minutes`,
    [hourOf(fromMs), hourOf(toMs)],
  );
}

/** The first minute row, or null (where a first roll-up starts). */
export async function firstMinute(db: Db): Promise<number | null> {
  const row = await db('audience_minutes').min<{ m: Date | null }>({ m: 'minute' }).first();
  return row?.m ? new Date(row.m).getTime() : null;
}

/** Deletes minute rows older than the retention. */
export async function pruneMinutes(db: Db, beforeMs: number): Promise<number> {
  return db('audience_minutes').where('minute', '<', new Date(beforeMs)).delete();
}

/** Totals of many windows in one query (a range scan of the minute rows per window). */
export async function windowTotals(db: Db, windows: readonly Window[]): Promise<Map<string, WindowTotals>> {
  const out = new Map<string, WindowTotals>();
  if (windows.length === 0) return out;
  const json = JSON.stringify(windows.map((w) => ({ id: w.id, s: new Date(w.startMs).toISOString(), e: new Date(w.endMs).toISOString() })));
  const res = await db.raw<{ rows: { id: string; minutes: string | number; lm: string | number | null; peak: number | null }[] }>(
    `SELECT w.id, count(m.minute) AS minutes, sum(m.listeners_sum::float8 / m.samples) AS lm, max(m.peak) AS peak
     FROM jsonb_to_recordset(?::jsonb) AS w(id text, s timestamptz, e timestamptz)
     LEFT JOIN audience_minutes m ON m.minute >= w.s AND m.minute < w.e
     GROUP BY w.id`,
    [json],
  );
  for (const r of res.rows) out.set(r.id, { id: r.id, minutes: Number(r.minutes), listenerMinutes: Number(r.lm ?? 0), peak: r.peak === null ? null : Number(r.peak) });
  return out;
}

/** One bucket of the line chart. */
export interface SeriesRow {
  at: number;
  average: number;
  peak: number;
}

/**
 * The listener line of [fromMs, toMs) in buckets of `bucketMinutes`: the
 * average of the minute averages and the peak. With `windows`, only minutes
 * inside one of them count (a presenter's own shows).
 */
export async function series(db: Db, fromMs: number, toMs: number, bucketMinutes: number, windows?: readonly Window[]): Promise<SeriesRow[]> {
  const bucket = `${bucketMinutes} minutes`;
  const restrict = windows
    ? `AND EXISTS (SELECT 1 FROM jsonb_to_recordset(?::jsonb) AS w(s timestamptz, e timestamptz) WHERE m.minute >= w.s AND m.minute < w.e)`
    : '';
  const bindings: unknown[] = [bucket, new Date(fromMs), new Date(toMs)];
  if (windows) bindings.push(JSON.stringify(windows.map((w) => ({ s: new Date(w.startMs).toISOString(), e: new Date(w.endMs).toISOString() }))));
  const res = await db.raw<{ rows: { b: Date; avg: number | string; peak: number }[] }>(
    `SELECT date_bin(?::interval, m.minute, TIMESTAMPTZ '2000-01-01 00:00:00+00') AS b, avg(m.listeners_sum::float8 / m.samples) AS avg, max(m.peak) AS peak
     FROM audience_minutes m WHERE m.minute >= ? AND m.minute < ? ${restrict}
     GROUP BY b ORDER BY b`,
    bindings as Knex.RawBinding[],
  );
  return res.rows.map((r) => ({ at: new Date(r.b).getTime(), average: Number(r.avg), peak: Number(r.peak) }));
}

/** One cell of the weekday × hour grid: ISO weekday (1 = Monday) and hour in the station's zone. */
export interface HeatRow {
  weekday: number;
  hour: number;
  average: number;
}

/**
 * The average audience per weekday and hour (station time) over [fromMs,
 * toMs), from the minute rows; with `windows`, only minutes inside them.
 */
export async function heatmap(db: Db, zone: string, fromMs: number, toMs: number, windows?: readonly Window[]): Promise<HeatRow[]> {
  const restrict = windows
    ? `AND EXISTS (SELECT 1 FROM jsonb_to_recordset(?::jsonb) AS w(s timestamptz, e timestamptz) WHERE m.minute >= w.s AND m.minute < w.e)`
    : '';
  const bindings: unknown[] = [zone, zone, new Date(fromMs), new Date(toMs)];
  if (windows) bindings.push(JSON.stringify(windows.map((w) => ({ s: new Date(w.startMs).toISOString(), e: new Date(w.endMs).toISOString() }))));
  const res = await db.raw<{ rows: { d: number | string; h: number | string; avg: number | string }[] }>(
    `SELECT extract(isodow FROM m.minute AT TIME ZONE ?) AS d, extract(hour FROM m.minute AT TIME ZONE ?) AS h, avg(m.listeners_sum::float8 / m.samples) AS avg
     FROM audience_minutes m WHERE m.minute >= ? AND m.minute < ? ${restrict}
     GROUP BY d, h`,
    bindings as Knex.RawBinding[],
  );
  return res.rows.map((r) => ({ weekday: Number(r.d), hour: Number(r.h), average: Number(r.avg) }));
}

/**
 * The AutoDJ average per weekday and hour (station time) from the hourly rows
 * of [fromMs, toMs): listener-minutes over minutes, counting only minutes
 * with nobody live. Keyed `weekday:hour`.
 */
export async function autodjByHourOfWeek(db: Db, zone: string, fromMs: number, toMs: number): Promise<Map<string, number>> {
  const res = await db.raw<{ rows: { d: number | string; h: number | string; lm: number | string; mins: number | string }[] }>(
    `SELECT extract(isodow FROM hour AT TIME ZONE ?) AS d, extract(hour FROM hour AT TIME ZONE ?) AS h, sum(autodj_listener_minutes) AS lm, sum(autodj_minutes) AS mins
     FROM audience_hours WHERE hour >= ? AND hour < ? AND autodj_minutes > 0 GROUP BY d, h`,
    [zone, zone, new Date(fromMs), new Date(toMs)],
  );
  const out = new Map<string, number>();
  for (const r of res.rows) if (Number(r.mins) > 0) out.set(`${Number(r.d)}:${Number(r.h)}`, Number(r.lm) / Number(r.mins));
  return out;
}

// ---------------------------------------------------------------------------
// Demo stream connections of every instance (PostgreSQL)

/** Records this instance's connection count. */
export async function reportConnections(db: Db, instanceId: string, connections: number): Promise<void> {
  await db.raw(
    `INSERT INTO audience_stream_connections (instance_id, connections, seen_at) VALUES (?, ?, now())
     ON CONFLICT (instance_id) DO UPDATE SET connections = EXCLUDED.connections, seen_at = now()`,
    [instanceId, connections],
  );
}

/** The connections other instances reported recently. */
export async function otherConnections(db: Db, instanceId: string, freshMs: number): Promise<number> {
  const res = await db.raw<{ rows: { n: string | number | null }[] }>(
    `SELECT coalesce(sum(connections), 0) AS n FROM audience_stream_connections WHERE instance_id <> ? AND seen_at > now() - make_interval(secs => ?)`,
    [instanceId, freshMs / 1000],
  );
  return Number(res.rows[0]?.n ?? 0);
}

/** Forgets an instance's row (shutdown). */
export async function forgetInstance(db: Db, instanceId: string): Promise<void> {
  await db('audience_stream_connections').where({ instance_id: instanceId }).delete();
}

// ---------------------------------------------------------------------------
// The General Settings switches

/** Where audience figures may be shown to the public. */
export interface AudienceVisibility {
  /** Average listeners per show on the public DJ profile. */
  profiles: boolean;
  /** "N listening" on the listener player. */
  player: boolean;
}

/** Reads the two switches. */
export async function getVisibility(db: Db): Promise<AudienceVisibility> {
  const row = await db('audience_settings').where({ id: 1 }).first<{ show_on_profiles: boolean; show_listener_count: boolean } | undefined>('show_on_profiles', 'show_listener_count');
  return { profiles: row?.show_on_profiles ?? false, player: row?.show_listener_count ?? false };
}

/** Saves the two switches. */
export async function saveVisibility(db: Db, v: AudienceVisibility, userId: string): Promise<void> {
  await db('audience_settings')
    .insert({ id: 1, show_on_profiles: v.profiles, show_listener_count: v.player, updated_by: userId, updated_at: db.fn.now() })
    .onConflict('id')
    .merge();
}
