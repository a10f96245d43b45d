import type { Knex } from 'knex';
import { localDateTime } from '../../../shared/time';

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

const HOUR_MS = 3_600_000;

/** Where the hourly rows end: hours before this instant are rolled up (0 when none is). */
async function rolledUpTo(db: Db): Promise<number> {
  const last = await lastRolledHour(db);
  return last === null ? 0 : last + HOUR_MS;
}

/**
 * Splits [startMs, endMs) into whole rolled-up hours [hs, he), read from the
 * hourly rows, and the minutes at its edges ([start, hs) and [he, end)), read
 * from the minute rows. The figures are the same as from minutes alone: an
 * hourly row holds its minutes' count, the sum of their averages and their peak.
 */
function splitHours(startMs: number, endMs: number, rolledTo: number): { hs: number; he: number } {
  const hs = Math.ceil(startMs / HOUR_MS) * HOUR_MS;
  const he = Math.min(Math.floor(endMs / HOUR_MS) * HOUR_MS, rolledTo);
  return hs < he ? { hs, he } : { hs: endMs, he: endMs };
}

/**
 * Runs a query with PostgreSQL's JIT compilation off: a query joining a list of
 * windows (jsonb_to_recordset) is estimated far above its real cost, and
 * compiling it took longer (~150 ms) than running it (a few ms).
 */
async function withoutJit<T>(db: Db, fn: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
  return db.transaction(async (trx) => {
    await trx.raw('SET LOCAL jit = off');
    return fn(trx);
  });
}

const iso = (ms: number) => new Date(ms).toISOString();

/** Totals of many windows in one query: whole hours from the hourly rows, the partial hours at the edges from the minute rows. */
export async function windowTotals(db: Db, windows: readonly Window[]): Promise<Map<string, WindowTotals>> {
  const out = new Map<string, WindowTotals>();
  if (windows.length === 0) return out;
  const rolledTo = await rolledUpTo(db);
  const json = JSON.stringify(
    windows.map((w) => {
      const { hs, he } = splitHours(w.startMs, Math.max(w.startMs, w.endMs), rolledTo);
      return { id: w.id, s: iso(w.startMs), e: iso(Math.max(w.startMs, w.endMs)), hs: iso(hs), he: iso(he) };
    }),
  );
  const res = await withoutJit(db, (trx) => trx.raw<{ rows: { id: string; minutes: string | number | null; lm: string | number | null; peak: number | null }[] }>(
    `SELECT w.id, t.minutes, t.lm, t.peak
     FROM jsonb_to_recordset(?::jsonb) AS w(id text, s timestamptz, e timestamptz, hs timestamptz, he timestamptz),
     LATERAL (SELECT sum(x.n) AS minutes, sum(x.lm) AS lm, max(x.peak) AS peak FROM (
       SELECT 1 AS n, m.listeners_sum::float8 / m.samples AS lm, m.peak FROM audience_minutes m WHERE m.minute >= w.s AND m.minute < w.hs
       UNION ALL SELECT 1, m.listeners_sum::float8 / m.samples, m.peak FROM audience_minutes m WHERE m.minute >= w.he AND m.minute < w.e
       UNION ALL SELECT h.minutes, h.listener_minutes, h.peak FROM audience_hours h WHERE h.hour >= w.hs AND h.hour < w.he
     ) AS x) AS t`,
    [json],
  ));
  for (const r of res.rows) out.set(r.id, { id: r.id, minutes: Number(r.minutes ?? 0), listenerMinutes: Number(r.lm ?? 0), peak: r.peak === null ? null : Number(r.peak) });
  return out;
}

/**
 * The rows to aggregate over [fromMs, toMs) as (at, n, lm, peak), inside
 * `windows` when given (a presenter's own shows; overlaps merged so a minute
 * counts once): minute rows (n = 1, lm = the minute's average), or with
 * `useHours`, whole rolled-up hours as hourly rows (n = minutes, lm =
 * listener-minutes) and minute rows only for the partial hours at the edges.
 * An average is sum(lm) / sum(n). One index range scan per window and table.
 */
async function sourceRows(db: Db, fromMs: number, toMs: number, useHours: boolean, windows?: readonly Window[]): Promise<{ sql: string; bindings: Knex.RawBinding[] }> {
  const clipped = (windows ?? [{ id: 'all', startMs: fromMs, endMs: toMs }])
    .map((w) => ({ s: Math.max(fromMs, w.startMs), e: Math.min(toMs, w.endMs) }))
    .filter((w) => w.e > w.s)
    .sort((x, y) => x.s - y.s);
  const merged: { s: number; e: number }[] = [];
  for (const w of clipped) {
    const last = merged[merged.length - 1];
    if (last && w.s <= last.e) last.e = Math.max(last.e, w.e);
    else merged.push({ ...w });
  }
  const rolledTo = useHours ? await rolledUpTo(db) : 0;
  const json = JSON.stringify(
    merged.map((w) => {
      const { hs, he } = useHours ? splitHours(w.s, w.e, rolledTo) : { hs: w.e, he: w.e };
      return { s: iso(w.s), e: iso(w.e), hs: iso(hs), he: iso(he) };
    }),
  );
  return {
    sql: `SELECT x.* FROM jsonb_to_recordset(?::jsonb) AS w(s timestamptz, e timestamptz, hs timestamptz, he timestamptz),
      LATERAL (SELECT m.minute AS at, 1 AS n, m.listeners_sum::float8 / m.samples AS lm, m.peak FROM audience_minutes m WHERE m.minute >= w.s AND m.minute < w.hs
        UNION ALL SELECT m.minute, 1, m.listeners_sum::float8 / m.samples, m.peak FROM audience_minutes m WHERE m.minute >= w.he AND m.minute < w.e
        UNION ALL SELECT h.hour, h.minutes, h.listener_minutes, h.peak FROM audience_hours h WHERE h.hour >= w.hs AND h.hour < w.he) AS x`,
    bindings: [json],
  };
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
  // Buckets of whole hours read the hourly rows (the buckets start on the hour).
  const src = await sourceRows(db, fromMs, toMs, bucketMinutes % 60 === 0, windows);
  const res = await withoutJit(db, (trx) =>
    trx.raw<{ rows: { b: Date; avg: number | string; peak: number }[] }>(
      `SELECT date_bin(?::interval, x.at, TIMESTAMPTZ '2000-01-01 00:00:00+00') AS b, sum(x.lm) / sum(x.n) AS avg, max(x.peak) AS peak
       FROM (${src.sql}) AS x GROUP BY b ORDER BY b`,
      [`${bucketMinutes} minutes`, ...src.bindings],
    ),
  );
  return res.rows.map((r) => ({ at: new Date(r.b).getTime(), average: Number(r.avg), peak: Number(r.peak) }));
}

/** Whether the zone's local hours start on UTC hours over [fromMs, toMs] (so an hourly row falls in one local hour). */
function wholeHourZone(zone: string, fromMs: number, toMs: number): boolean {
  for (let t = fromMs; ; t = Math.min(toMs, t + 7 * 86_400_000)) {
    if (Number(localDateTime(t, zone).time.slice(3, 5)) !== new Date(t).getUTCMinutes()) return false;
    if (t >= toMs) return true;
  }
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
  const src = await sourceRows(db, fromMs, toMs, wholeHourZone(zone, fromMs, toMs), windows);
  const res = await withoutJit(db, (trx) =>
    trx.raw<{ rows: { d: number | string; h: number | string; avg: number | string }[] }>(
      `SELECT extract(isodow FROM x.at AT TIME ZONE ?) AS d, extract(hour FROM x.at AT TIME ZONE ?) AS h, sum(x.lm) / sum(x.n) AS avg
       FROM (${src.sql}) AS x GROUP BY d, h`,
      [zone, zone, ...src.bindings],
    ),
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
