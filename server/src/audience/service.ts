import type { Knex } from 'knex';
import {
  AUDIENCE_CSV_COLUMNS,
  AUDIENCE_RANGE_SPECS,
  PREVIOUS_EPISODES,
  percentChange,
  type AudienceFigures,
  type AudienceHeatmap,
  type AudienceRange,
  type AudienceReport,
  type AudienceSeries,
  type AudienceShowSpan,
  type PresenterAudience,
  type PresenterAverage,
  type ShowAudience,
} from '../../../shared/audience';
import { isoWeekday, localDateTime, MS_PER_DAY, MS_PER_HOUR } from '../../../shared/time';
import type { Logger } from '../log';
import { listPresenterRows, presenterOfUser } from '../presenters/repo';
import { showsBetween, type TimedShow } from '../radio/schedule';
import { sessionsBetween } from '../radio/stats';
import * as repo from './repo';
import { csvDocument } from '../http/csv';

/**
 * Audience figures: recording each station reading, and joining the minute
 * rows to the schedule (shows, live sessions, presenters). Listening hours are
 * listener-minutes / 60; an average is listener-minutes over the minutes with
 * a reading, so a gap in the readings is unknown rather than zero.
 */

type Db = Knex | Knex.Transaction;

/** How far back earlier episodes of a show are looked for. */
const EPISODE_LOOKBACK_MS = 5 * 7 * MS_PER_DAY;
/** How far back the AutoDJ average of an hour of the week is taken. */
const AUTODJ_LOOKBACK_MS = repo.MINUTE_RETENTION_DAYS * MS_PER_DAY;
/** Statuses of shows that went (or go) on air. */
const AIRED = ['scheduled', 'completed'] as const;

const round1 = (n: number) => Math.round(n * 10) / 10;
const round2 = (n: number) => Math.round(n * 100) / 100;

// ---------------------------------------------------------------------------
// Recording

/** One station reading as the recorder takes it. */
export interface Reading {
  atMs: number;
  listeners: number;
  live: boolean;
}

/** The poller's recorder: one upsert per reading; once an hour, the finished hours roll up and old minutes go. */
export interface AudienceRecorder {
  record(reading: Reading): Promise<void>;
}

/** Creates the recorder of the instance that polls the station. */
export function createAudienceRecorder(db: Db, log: Logger): AudienceRecorder {
  /** Hours before this instant are rolled up; `undefined` until read from the database. */
  let rolledTo: number | null | undefined;
  return {
    async record(r) {
      await repo.addReading(db, r.atMs, Math.max(0, Math.round(r.listeners)), r.live);
      const hour = Math.floor(r.atMs / MS_PER_HOUR) * MS_PER_HOUR;
      if (rolledTo === undefined) {
        const last = await repo.lastRolledHour(db);
        rolledTo = last !== null ? last + MS_PER_HOUR : null;
      }
      if (rolledTo !== null && rolledTo >= hour) return;
      try {
        const first = rolledTo ?? (await repo.firstMinute(db));
        if (first !== null && first < hour) await repo.rollUpHours(db, first, hour);
        await repo.pruneMinutes(db, r.atMs - repo.MINUTE_RETENTION_DAYS * MS_PER_DAY);
        rolledTo = hour;
      } catch (err) {
        log.warn({ err }, 'could not roll up audience hours');
      }
    },
  };
}

// ---------------------------------------------------------------------------
// Figures

/** Every presenter's name by id (a small table: the station's DJs). */
async function presenterNames(db: Db): Promise<Map<string, string>> {
  return new Map((await listPresenterRows(db)).map((p) => [p.id, p.name]));
}

/** The presenter records whose shows are a user's own. */
export async function ownPresenterIds(db: Db, userId: string): Promise<string[]> {
  const p = await presenterOfUser(db, userId);
  return p ? [p.id] : [];
}

/** Which shows a reader may see: everything, or the shows of their own presenter records. */
export type AudienceFilter = { kind: 'all' } | { kind: 'own'; presenterIds: readonly string[] };

function figures(t: repo.WindowTotals | undefined): AudienceFigures {
  if (!t || t.minutes === 0) return { peak: null, average: null, listening_hours: 0, minutes: 0 };
  return { peak: t.peak, average: round1(t.listenerMinutes / t.minutes), listening_hours: round2(t.listenerMinutes / 60), minutes: t.minutes };
}

/** The same show on another day: same title, same presenter. */
const episodeKey = (s: TimedShow) => `${s.title.trim().toLowerCase()}|${s.presenter_id ?? (s.presenter_name ?? s.host ?? '').trim().toLowerCase()}`;

/**
 * The AutoDJ average of the hours of the week a span covers, weighted by the
 * time spent in each; `null` when none of them has an AutoDJ reading.
 */
/** The weekday:hour key of an hour in the station's zone, remembered (a report asks for the same hours many times). */
const slotCache = new Map<string, string>();
function slotOf(hourMs: number, zone: string): string {
  const key = `${zone}|${hourMs}`;
  let slot = slotCache.get(key);
  if (slot === undefined) {
    const local = localDateTime(hourMs, zone);
    slot = `${isoWeekday(local.date)}:${Number(local.time.slice(0, 2))}`;
    if (slotCache.size > 50_000) slotCache.clear();
    slotCache.set(key, slot);
  }
  return slot;
}

function autodjBaseline(startMs: number, endMs: number, zone: string, byHour: Map<string, number>): number | null {
  let weighted = 0;
  let weight = 0;
  for (let t = startMs; t < endMs; ) {
    const next = Math.min(endMs, Math.floor(t / MS_PER_HOUR) * MS_PER_HOUR + MS_PER_HOUR);
    const avg = byHour.get(slotOf(Math.floor(t / MS_PER_HOUR) * MS_PER_HOUR, zone));
    if (avg !== undefined) {
      weighted += avg * (next - t);
      weight += next - t;
    }
    t = next;
  }
  return weight > 0 ? weighted / weight : null;
}

function inScope(presenterId: string | null, filter: AudienceFilter): boolean {
  return filter.kind === 'all' || (presenterId !== null && filter.presenterIds.includes(presenterId));
}

/** What a report is computed over. */
export interface ReportOptions {
  fromMs: number;
  toMs: number;
  nowMs: number;
  zone: string;
  filter: AudienceFilter;
}

interface Span {
  kind: 'show' | 'session';
  id: string;
  key: string;
  title: string;
  booked: boolean;
  presenter_id: string | null;
  presenter_name: string | null;
  startMs: number;
  endMs: number;
}

/** Shows (and their earlier episodes) and live sessions around [from, to), as spans clipped to now. */
async function spansFor(db: Db, o: ReportOptions): Promise<{ shows: Span[]; sessions: Span[] }> {
  const [timed, sessionRows] = await Promise.all([
    showsBetween(db, o.fromMs - EPISODE_LOOKBACK_MS, o.toMs, o.zone, AIRED),
    sessionsBetween(db, o.fromMs - EPISODE_LOOKBACK_MS, o.toMs),
  ]);
  const names = await presenterNames(db);
  const showById = new Map(timed.map((s) => [s.id, s]));
  const shows: Span[] = timed
    .filter((s) => s.startMs < o.nowMs && inScope(s.presenter_id, o.filter))
    .map((s) => ({
      kind: 'show',
      booked: true,
      id: s.id,
      key: episodeKey(s),
      title: s.title,
      presenter_id: s.presenter_id,
      presenter_name: (s.presenter_id ? names.get(s.presenter_id) : undefined) ?? s.presenter_name ?? s.host,
      startMs: s.startMs,
      endMs: Math.min(s.endMs, o.nowMs),
    }));
  const sessions: Span[] = sessionRows
    .filter((s) => inScope(s.presenter_id, o.filter))
    .map((s) => {
      const show = s.schedule_event_id ? showById.get(s.schedule_event_id) : undefined;
      const name = (s.presenter_id ? names.get(s.presenter_id) : undefined) ?? s.streamer_name;
      return {
        kind: 'session',
        id: s.id,
        key: show ? episodeKey(show) : `live|${s.presenter_id ?? (s.streamer_name ?? '').toLowerCase()}`,
        title: show?.title ?? `Live session${name ? `: ${name}` : ''}`,
        booked: show !== undefined,
        presenter_id: s.presenter_id,
        presenter_name: name,
        startMs: s.started_at.getTime(),
        endMs: Math.min(s.ended_at?.getTime() ?? o.nowMs, o.nowMs),
      };
    });
  return { shows, sessions };
}

function judge(spans: Span[], o: ReportOptions, totals: Map<string, repo.WindowTotals>, autodj: Map<string, number>): ShowAudience[] {
  const byKey = new Map<string, Span[]>();
  for (const s of spans) byKey.set(s.key, [...(byKey.get(s.key) ?? []), s]);
  return spans
    .filter((s) => s.endMs > o.fromMs && s.startMs < o.toMs && s.endMs > s.startMs)
    .map((s) => {
      const f = figures(totals.get(`${s.kind}:${s.id}`));
      const earlier = (byKey.get(s.key) ?? [])
        .filter((e) => e.startMs < s.startMs)
        .sort((a, b) => b.startMs - a.startMs)
        .slice(0, PREVIOUS_EPISODES)
        .map((e) => figures(totals.get(`${e.kind}:${e.id}`)).average)
        .filter((a): a is number => a !== null);
      const previous = earlier.length > 0 ? round1(earlier.reduce((x, y) => x + y, 0) / earlier.length) : null;
      const baseline = autodjBaseline(s.startMs, s.endMs, o.zone, autodj);
      const autodjAverage = baseline === null ? null : round1(baseline);
      return {
        kind: s.kind,
        id: s.id,
        title: s.title,
        booked: s.booked,
        presenter_id: s.presenter_id,
        presenter_name: s.presenter_name,
        starts_at: s.startMs,
        ends_at: s.endMs,
        ...f,
        previous_average: previous,
        previous_episodes: earlier.length,
        change_vs_previous: percentChange(f.average, previous),
        autodj_average: autodjAverage,
        change_vs_autodj: percentChange(f.average, autodjAverage),
      };
    });
}

const mean = (xs: number[]) => (xs.length > 0 ? round1(xs.reduce((a, b) => a + b, 0) / xs.length) : null);

/** Each presenter over their shows: peak, average over all their minutes, listening hours, and the mean of their shows' changes. */
function byPresenter(shows: ShowAudience[], totals: Map<string, repo.WindowTotals>): PresenterAudience[] {
  const groups = new Map<string, ShowAudience[]>();
  for (const s of shows) {
    const name = s.presenter_name ?? '';
    if (!s.presenter_id && !name) continue;
    const key = s.presenter_id ?? `name:${name.toLowerCase()}`;
    groups.set(key, [...(groups.get(key) ?? []), s]);
  }
  return [...groups.values()].map((list) => {
    let minutes = 0;
    let lm = 0;
    let peak: number | null = null;
    for (const s of list) {
      const t = totals.get(`${s.kind}:${s.id}`);
      if (!t || t.minutes === 0) continue;
      minutes += t.minutes;
      lm += t.listenerMinutes;
      peak = Math.max(peak ?? 0, t.peak ?? 0);
    }
    return {
      presenter_id: list[0]!.presenter_id,
      presenter_name: list[0]!.presenter_name ?? '',
      shows: list.length,
      peak,
      average: minutes > 0 ? round1(lm / minutes) : null,
      listening_hours: round2(lm / 60),
      minutes,
      change_vs_previous: mean(list.map((s) => s.change_vs_previous).filter((c): c is number => c !== null)),
      change_vs_autodj: mean(list.map((s) => s.change_vs_autodj).filter((c): c is number => c !== null)),
    };
  });
}

/**
 * The figures of every show and live session in [from, to) (both clipped to
 * now), with the change against the same show's previous four episodes and
 * the AutoDJ average of its hours of the week, and each presenter over their
 * shows. Shows are ranked by average listeners.
 */
export async function audienceFigures(db: Db, o: ReportOptions): Promise<Omit<AudienceReport, 'range' | 'scope'>> {
  const { shows, sessions } = await spansFor(db, o);
  const windows = [...shows, ...sessions].map((s) => ({ id: `${s.kind}:${s.id}`, startMs: s.startMs, endMs: Math.max(s.startMs, s.endMs) }));
  const [totals, autodj] = await Promise.all([repo.windowTotals(db, windows), repo.autodjByHourOfWeek(db, o.zone, o.fromMs - AUTODJ_LOOKBACK_MS, o.toMs)]);
  const rank = (a: ShowAudience, b: ShowAudience) => (b.average ?? -1) - (a.average ?? -1) || b.listening_hours - a.listening_hours || a.starts_at - b.starts_at;
  const showFigures = judge(shows, o, totals, autodj).sort(rank);
  const sessionFigures = judge(sessions, o, totals, autodj).sort(rank);
  const presenters = byPresenter(showFigures, totals).sort((a, b) => (b.average ?? -1) - (a.average ?? -1) || a.presenter_name.localeCompare(b.presenter_name));
  return { from: o.fromMs, to: o.toMs, shows: showFigures, sessions: sessionFigures, presenters };
}

/** The figures of one span of air time (a live session in the end-of-show summary). */
export async function spanFigures(db: Db, startMs: number, endMs: number): Promise<{ peak: number | null; average: number | null; listening_hours: number }> {
  const totals = await repo.windowTotals(db, [{ id: 'span', startMs, endMs: Math.max(startMs, endMs) }]);
  const f = figures(totals.get('span'));
  return { peak: f.peak, average: f.average, listening_hours: f.listening_hours };
}

/** The scope a filter gives. */
const scopeOf = (f: AudienceFilter) => (f.kind === 'all' ? 'all' : 'own');

/** GET /api/audience/shows. */
export async function audienceReport(db: Db, range: AudienceRange, nowMs: number, zone: string, filter: AudienceFilter): Promise<AudienceReport> {
  const fromMs = nowMs - AUDIENCE_RANGE_SPECS[range].ms;
  return { range, scope: scopeOf(filter), ...(await audienceFigures(db, { fromMs, toMs: nowMs, nowMs, zone, filter })) };
}

/** The scheduled shows of [from, to) in a filter's scope, for the chart's shading and the own-shows restriction. */
async function showSpans(db: Db, fromMs: number, toMs: number, zone: string, filter: AudienceFilter): Promise<AudienceShowSpan[]> {
  const shows = (await showsBetween(db, fromMs, toMs, zone, AIRED)).filter((s) => inScope(s.presenter_id, filter));
  const names = await presenterNames(db);
  return shows.map((s) => ({
    id: s.id,
    title: s.title,
    presenter_name: (s.presenter_id ? names.get(s.presenter_id) : undefined) ?? s.presenter_name ?? s.host,
    starts_at: s.startMs,
    ends_at: s.endMs,
  }));
}

const windowsOf = (spans: AudienceShowSpan[]) => spans.map((s) => ({ id: s.id, startMs: s.starts_at, endMs: s.ends_at }));

/** GET /api/audience/series: the listener line with the shows shaded; a presenter sees the line of their own shows only. */
export async function audienceSeries(db: Db, range: AudienceRange, nowMs: number, zone: string, filter: AudienceFilter): Promise<AudienceSeries> {
  const spec = AUDIENCE_RANGE_SPECS[range];
  const fromMs = nowMs - spec.ms;
  const shows = await showSpans(db, fromMs, nowMs, zone, filter);
  const points = await repo.series(db, fromMs, nowMs, spec.bucketMinutes, filter.kind === 'own' ? windowsOf(shows) : undefined);
  return {
    range,
    scope: scopeOf(filter),
    from: fromMs,
    to: nowMs,
    bucket_minutes: spec.bucketMinutes,
    points: points.map((p) => ({ at: p.at, average: round1(p.average), peak: p.peak })),
    shows,
  };
}

/** GET /api/audience/heatmap: average listeners per weekday and hour (station time); a presenter's covers their own shows only. */
export async function audienceHeatmap(db: Db, range: AudienceRange, nowMs: number, zone: string, filter: AudienceFilter): Promise<AudienceHeatmap> {
  const fromMs = nowMs - AUDIENCE_RANGE_SPECS[range].ms;
  const windows = filter.kind === 'own' ? windowsOf(await showSpans(db, fromMs, nowMs, zone, filter)) : undefined;
  const rows = await repo.heatmap(db, zone, fromMs, nowMs, windows);
  const byCell = new Map(rows.map((r) => [`${r.weekday}:${r.hour}`, r.average]));
  const cells = [];
  for (let weekday = 1; weekday <= 7; weekday++) {
    for (let hour = 0; hour < 24; hour++) {
      const v = byCell.get(`${weekday}:${hour}`);
      cells.push({ weekday, hour, average: v === undefined ? null : round1(v) });
    }
  }
  return { range, scope: scopeOf(filter), time_zone: zone, cells };
}

/** Today's line (station day so far) in 15-minute buckets, for the dashboard's sparkline. */
export async function todayLine(db: Db, nowMs: number, zone: string): Promise<{ at: number; average: number; peak: number }[]> {
  const local = localDateTime(nowMs, zone);
  const [h, m] = local.time.split(':').map(Number) as [number, number];
  const fromMs = nowMs - (h * 60 + m) * 60_000 - (nowMs % 60_000);
  const rows = await repo.series(db, fromMs, nowMs + 60_000, 15);
  return rows.map((p) => ({ at: p.at, average: round1(p.average), peak: p.peak }));
}

/** Average listeners per show over the last 90 days, per presenter (DJs & Staff, the public DJ profile). */
export async function presenterAverages(db: Db, nowMs: number, zone: string, presenterIds?: readonly string[]): Promise<PresenterAverage[]> {
  const fromMs = nowMs - repo.MINUTE_RETENTION_DAYS * MS_PER_DAY;
  const shows = (await showsBetween(db, fromMs, nowMs, zone, AIRED)).filter((s) => s.presenter_id !== null && s.startMs < nowMs && (!presenterIds || presenterIds.includes(s.presenter_id)));
  const totals = await repo.windowTotals(db, shows.map((s) => ({ id: s.id, startMs: s.startMs, endMs: Math.min(s.endMs, nowMs) })));
  const per = new Map<string, number[]>();
  for (const s of shows) {
    const f = figures(totals.get(s.id));
    if (f.average === null) continue;
    per.set(s.presenter_id!, [...(per.get(s.presenter_id!) ?? []), f.average]);
  }
  const ids = presenterIds ?? [...per.keys()];
  return ids.map((id) => {
    const list = per.get(id) ?? [];
    return { presenter_id: id, average: mean(list), shows: list.length };
  });
}

/** The per-show figures as CSV (the Audience screen's export). */
export function figuresCsv(report: AudienceReport, zone: string): string {
  const when = (ms: number) => {
    const l = localDateTime(ms, zone);
    return `${l.date} ${l.time.slice(0, 5)}`;
  };
  return csvDocument(
    AUDIENCE_CSV_COLUMNS,
    [...report.shows, ...report.sessions].map((s) => [s.kind, s.title, s.presenter_name, when(s.starts_at), when(s.ends_at), s.peak, s.average, s.listening_hours, s.previous_average, s.change_vs_previous, s.autodj_average, s.change_vs_autodj]),
  );
}
