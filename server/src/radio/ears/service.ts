import type { Knex } from 'knex';
import { UPTIME_RANGE_HOURS, UPTIME_RANGES, type DeadAirSettings, type StationIncident, type UptimeRange, type UptimeView } from '../../../../shared/dead-air';
import { showsBetween } from '../schedule';
import { incidentsBetween, presentIncident, readDeadAirSettings, writeDeadAirSettings } from './repo';

/** Kinds that count against availability (the station was not heard); stuck metadata does not. */
const DOWN_KINDS = new Set(['off_air', 'silence', 'live_silent']);

/** Seconds of [from, to) covered by the down incidents, overlaps merged. */
export function downSeconds(incidents: readonly StationIncident[], from: number, to: number, now: number): number {
  const spans = incidents
    .filter((i) => DOWN_KINDS.has(i.kind))
    .map((i) => [Math.max(from, Date.parse(i.started_at)), Math.min(to, i.ended_at ? Date.parse(i.ended_at) : now)] as const)
    .filter(([a, b]) => b > a)
    .sort((a, b) => a[0] - b[0]);
  let total = 0;
  let end = -Infinity;
  for (const [a, b] of spans) {
    if (b <= end) continue;
    total += b - Math.max(a, end);
    end = b;
  }
  return total / 1000;
}

/** Percent of the window the station was heard, two decimals. */
export function availability(incidents: readonly StationIncident[], from: number, to: number, now: number): number {
  const span = (to - from) / 1000;
  if (span <= 0) return 100;
  return Math.round((1 - downSeconds(incidents, from, to, now) / span) * 10_000) / 100;
}

const lengthIn = (i: StationIncident, now: number) => Math.max(0, Math.round(((i.ended_at ? Date.parse(i.ended_at) : now) - Date.parse(i.started_at)) / 1000));

/** The Uptime screen's figures. */
export async function uptimeView(knex: Knex, range: UptimeRange, now: number, zone: string): Promise<UptimeView> {
  const longest = Math.max(...Object.values(UPTIME_RANGE_HOURS));
  const all = (await incidentsBetween(knex, new Date(now - longest * 3_600_000), new Date(now))).map(presentIncident);
  const availabilityOf = Object.fromEntries(UPTIME_RANGES.map((r) => [r, availability(all, now - UPTIME_RANGE_HOURS[r] * 3_600_000, now, now)])) as Record<UptimeRange, number>;
  const from = now - UPTIME_RANGE_HOURS[range] * 3_600_000;
  const incidents = all.filter((i) => (i.ended_at ? Date.parse(i.ended_at) : now) > from);
  const byShow = new Map<string, { show_id: string | null; show_title: string; count: number; seconds: number }>();
  const byPresenter = new Map<string, { presenter_id: string | null; presenter_name: string; count: number; seconds: number }>();
  for (const i of incidents) {
    const s = byShow.get(i.show_id ?? `t:${i.show_title ?? ''}`) ?? { show_id: i.show_id, show_title: i.show_title ?? 'No scheduled show', count: 0, seconds: 0 };
    s.count++;
    s.seconds += lengthIn(i, now);
    byShow.set(i.show_id ?? `t:${i.show_title ?? ''}`, s);
    const p = byPresenter.get(i.presenter_id ?? `n:${i.presenter_name ?? ''}`) ?? { presenter_id: i.presenter_id, presenter_name: i.presenter_name ?? 'Auto DJ', count: 0, seconds: 0 };
    p.count++;
    p.seconds += lengthIn(i, now);
    byPresenter.set(i.presenter_id ?? `n:${i.presenter_name ?? ''}`, p);
  }
  const most = <T extends { count: number; seconds: number }>(a: T, b: T) => b.count - a.count || b.seconds - a.seconds;
  const shows = await showsBetween(knex, from, now, zone);
  const { period, periods } = periodsOf(incidents, range, now);
  return {
    range,
    availability: availabilityOf,
    incidents,
    period,
    periods,
    by_show: [...byShow.values()].sort(most),
    by_presenter: [...byPresenter.values()].sort(most),
    schedule: shows.map((s) => ({ id: s.id, title: s.title, presenter_name: s.presenter_name ?? s.host ?? null, starts_at: new Date(s.startMs).toISOString(), ends_at: new Date(s.endMs).toISOString() })),
    from: new Date(from).toISOString(),
    to: new Date(now).toISOString(),
  };
}

const PERIOD: Record<UptimeRange, { unit: UptimeView['period']; ms: number }> = { '24h': { unit: 'hour', ms: 3_600_000 }, '7d': { unit: 'day', ms: 86_400_000 }, '30d': { unit: 'week', ms: 7 * 86_400_000 } };

/** Availability per hour (24 h), day (7 d) or week (30 d), periods ending now, oldest first (the oldest may be shorter). */
export function periodsOf(incidents: readonly StationIncident[], range: UptimeRange, now: number): { period: UptimeView['period']; periods: UptimeView['periods'] } {
  const { unit, ms } = PERIOD[range];
  const start = now - UPTIME_RANGE_HOURS[range] * 3_600_000;
  const periods: UptimeView['periods'] = [];
  for (let to = now; to > start; to -= ms) {
    const from = Math.max(start, to - ms);
    const count = incidents.filter((i) => Date.parse(i.started_at) < to && (i.ended_at ? Date.parse(i.ended_at) : now) > from).length;
    periods.unshift({ from: new Date(from).toISOString(), to: new Date(to).toISOString(), availability: availability(incidents, from, to, now), incidents: count });
  }
  return { period: unit, periods };
}

/** Saves the settings sent (the rest kept) and returns the whole set. */
export async function saveDeadAirSettings(knex: Knex, patch: Partial<DeadAirSettings>): Promise<{ before: DeadAirSettings; after: DeadAirSettings }> {
  return knex.transaction(async (trx) => {
    const before = await readDeadAirSettings(trx);
    const after: DeadAirSettings = { ...before, ...Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) };
    await writeDeadAirSettings(trx, after);
    return { before, after };
  });
}
