import type { Knex } from 'knex';
import {
  PERFORMANCE_MIN_SECONDS,
  pplBand,
  prsBand,
  UNKNOWN_COUNTRY,
  type PplReport,
  type PplTerritoryReport,
  type ReportQuery,
} from '../../../shared/licensing';
import { addDays, localDateTime, zonedInstant } from '../../../shared/time';
import { windowTotals } from '../audience/repo';
import { csvDocument } from '../http/csv';
import { nextPlayStart, playLogRows } from '../radio/repo';
import { showsBetween } from '../radio/schedule';
import type { CountryLookup } from './geo';
import { closeListenerSession, closeOpenListenerSessions, insertListenerSession, listenerSessionsOverlapping, type ListenerSessionRow } from './repo';

/**
 * Music-licensing reports (issue 34), computed from what the station really
 * did: every recorded play (the station source's plays, live sessions, plays
 * logged by hand), the listener sessions of the demo stream and the audience
 * figures' listener-minutes. Definitions (README "Music-licensing reports"):
 *
 * - A report's period is [from 00:00, the day after `to` 00:00) in the
 *   station's time zone, cut at now.
 * - A play ends when the next play starts, or when its length runs out if
 *   that is sooner (a play logged by hand may carry its own end); the last
 *   play with no known length runs until now.
 * - A play's listeners (its "actual total performances"): the listener
 *   sessions of at least 60 s that overlap it, however briefly; its listening
 *   hours: the time those sessions overlap it.
 * - Streams: listener sessions of at least 60 s that started in the period.
 * - Total listening hours: the audience figures' listener-minutes of the
 *   period (the sum of the minute averages) ÷ 60, from every source.
 */

type Db = Knex | Knex.Transaction;

const HOUR = 3_600_000;
const round = (n: number, places: number) => Math.round(n * 10 ** places) / 10 ** places;

/** A period as instants. */
export interface Period {
  startMs: number;
  /** The period's end, cut at now. */
  endMs: number;
}

/** The instants of a report's days in the station's zone, cut at now. */
export function periodOf(q: ReportQuery, zone: string, nowMs: number): Period {
  const startMs = zonedInstant(q.from, '00:00', zone);
  const endMs = Math.max(startMs, Math.min(nowMs, zonedInstant(addDays(q.to, 1), '00:00', zone)));
  return { startMs, endMs };
}

/** One line of the play log. */
export interface PlayLogEntry {
  id: number;
  startMs: number;
  endMs: number;
  durationSeconds: number;
  artist: string;
  title: string;
  album: string;
  label: string;
  catalogueNumber: string;
  isrc: string;
  composer: string;
  source: 'automation' | 'live' | 'manual';
  show: string;
  presenter: string;
  /** Actual total performances: listener sessions of 60 s or more that overlap the play. */
  listeners: number;
  /** Aggregate tuning hours of the play: the time every listener session overlaps it. */
  listeningHours: number;
}

const sessionEnd = (s: ListenerSessionRow, nowMs: number) => (s.ended_at ? s.ended_at.getTime() : nowMs);
const counts = (s: ListenerSessionRow, nowMs: number) => sessionEnd(s, nowMs) - s.started_at.getTime() >= PERFORMANCE_MIN_SECONDS * 1000;

/** The play log of a period: one entry per play, oldest first. */
export async function playLog(db: Db, period: Period, zone: string, nowMs: number): Promise<PlayLogEntry[]> {
  const from = new Date(period.startMs);
  const to = new Date(period.endMs);
  const [rows, shows] = await Promise.all([playLogRows(db, from, to), showsBetween(db, period.startMs, period.endMs, zone)]);
  if (rows.length === 0) return [];
  const after = await nextPlayStart(db, to);
  const lastEnd = Math.max(...rows.map((r) => r.played_at.getTime() + (r.duration_seconds ?? 0) * 1000), period.endMs);
  const sessions = await listenerSessionsOverlapping(db, from, new Date(Math.min(Math.max(lastEnd, after?.getTime() ?? 0), nowMs) + 1));
  return rows.map((r, i) => {
    const startMs = r.played_at.getTime();
    const nextStart = i + 1 < rows.length ? rows[i + 1]!.played_at.getTime() : (after?.getTime() ?? null);
    let endMs = r.ended_at ? r.ended_at.getTime() : r.duration_seconds ? startMs + r.duration_seconds * 1000 : (nextStart ?? nowMs);
    if (nextStart !== null && nextStart < endMs) endMs = nextStart;
    endMs = Math.max(startMs, Math.min(endMs, nowMs));
    let listeners = 0;
    let overlapMs = 0;
    for (const s of sessions) {
      const ss = s.started_at.getTime();
      const se = sessionEnd(s, nowMs);
      if (ss >= endMs || se <= startMs) continue;
      overlapMs += Math.min(se, endMs) - Math.max(ss, startMs);
      if (counts(s, nowMs)) listeners++;
    }
    const show = r.session_show || r.session_streamer ? null : shows.filter((sh) => sh.startMs <= startMs && sh.endMs > startMs).pop();
    return {
      id: r.play_id,
      startMs,
      endMs,
      durationSeconds: Math.round((endMs - startMs) / 1000),
      artist: r.artist,
      title: r.title,
      album: r.album,
      label: r.label,
      catalogueNumber: r.catalogue_number,
      isrc: r.isrc,
      composer: r.composer,
      source: r.origin,
      show: r.session_show ?? show?.title ?? '',
      presenter: r.session_streamer ?? r.streamer_name ?? show?.presenter_name ?? show?.host ?? '',
      listeners,
      listeningHours: overlapMs / HOUR,
    };
  });
}

/** Listener sessions of at least 60 s that started in the period. */
async function streamsOf(db: Db, period: Period, nowMs: number): Promise<ListenerSessionRow[]> {
  const sessions = await listenerSessionsOverlapping(db, new Date(period.startMs), new Date(period.endMs));
  return sessions.filter((s) => s.started_at.getTime() >= period.startMs && s.started_at.getTime() < period.endMs && counts(s, nowMs));
}

/** PPL webcasting figures of a period. */
export async function pplReport(db: Db, q: ReportQuery, zone: string, nowMs: number): Promise<PplReport> {
  const period = periodOf(q, zone, nowMs);
  const [plays, streams, totals] = await Promise.all([
    playLogRows(db, new Date(period.startMs), new Date(period.endMs)),
    streamsOf(db, period, nowMs),
    windowTotals(db, [{ id: 'period', startMs: period.startMs, endMs: period.endMs }]),
  ]);
  const hours = (period.endMs - period.startMs) / HOUR;
  const tlh = (totals.get('period')?.listenerMinutes ?? 0) / 60;
  const projected = hours > 0 ? (tlh / hours) * 24 * 365 : 0;
  // PPL: performances ("streams") = tracks per hour × TLH.
  const performances = hours > 0 ? (plays.length / hours) * tlh : 0;
  const projectedPerformances = hours > 0 ? (performances / hours) * 24 * 365 : 0;
  return {
    from: q.from,
    to: q.to,
    plays: plays.length,
    hours: round(hours, 4),
    tracks_per_hour: hours > 0 ? round(plays.length / hours, 2) : 0,
    total_listening_hours: round(tlh, 2),
    streams: streams.length,
    performances: Math.round(performances),
    projected_annual_listening_hours: round(projected, 0),
    projected_annual_performances: Math.round(projectedPerformances),
    band: pplBand(projectedPerformances),
  };
}

/** PPL territory figures: streams per country (unknown as ZZ), most first, with each one's share. */
export async function pplTerritoryReport(db: Db, q: ReportQuery, zone: string, nowMs: number): Promise<PplTerritoryReport> {
  const streams = await streamsOf(db, periodOf(q, zone, nowMs), nowMs);
  const per = new Map<string, number>();
  for (const s of streams) per.set(s.country ?? UNKNOWN_COUNTRY, (per.get(s.country ?? UNKNOWN_COUNTRY) ?? 0) + 1);
  const territories = [...per]
    .map(([country, n]) => ({ country, streams: n, share: round(n / streams.length, 4) }))
    .sort((a, b) => b.streams - a.streams || a.country.localeCompare(b.country));
  return { from: q.from, to: q.to, streams: streams.length, territories };
}

const local = (ms: number, zone: string) => localDateTime(ms, zone);
const mmss = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/** The plain play log as CSV (every cell quoted, formulas neutralised). */
export function playLogCsv(entries: readonly PlayLogEntry[], zone: string): string {
  const header = ['Date', 'Start', 'End', 'Duration (s)', 'Artist', 'Title', 'Album', 'Label', 'Catalogue number', 'ISRC', 'Writer/composer', 'Source', 'Show', 'Presenter', 'Listeners', 'Listening hours'];
  return csvDocument(
    header,
    entries.map((e) => {
      const s = local(e.startMs, zone);
      const en = local(e.endMs, zone);
      return [s.date, s.time, en.date === s.date ? en.time : `${en.date} ${en.time}`, e.durationSeconds, e.artist, e.title, e.album, e.label, e.catalogueNumber, e.isrc, e.composer, e.source, e.show, e.presenter, e.listeners, round(e.listeningHours, 4)];
    }),
  );
}

/** PPL music usage / programme report as CSV: one line per play. */
export function pplUsageCsv(entries: readonly PlayLogEntry[], zone: string): string {
  const header = ['Date', 'Time', 'Artist', 'Title', 'Label', 'Catalogue number', 'ISRC', 'Duration', 'Programme'];
  return csvDocument(
    header,
    entries.map((e) => {
      const s = local(e.startMs, zone);
      return [s.date, s.time, e.artist, e.title, e.label, e.catalogueNumber, e.isrc, mmss(e.durationSeconds), e.show];
    }),
  );
}

/** PRS programme return as CSV: per work and time-of-day band, its plays and total duration. */
export function prsCsv(entries: readonly PlayLogEntry[], zone: string): string {
  const groups = new Map<string, { title: string; composer: string; performer: string; band: string; seconds: number; plays: number; first: number }>();
  for (const e of entries) {
    const at = local(e.startMs, zone);
    const band = prsBand(new Date(`${at.date}T00:00:00Z`).getUTCDay(), Number(at.time.slice(0, 2)));
    const key = JSON.stringify([e.title.toLowerCase(), e.artist.toLowerCase(), e.composer.toLowerCase(), band]);
    const g = groups.get(key) ?? { title: e.title, composer: e.composer, performer: e.artist, band, seconds: 0, plays: 0, first: e.startMs };
    g.seconds += e.durationSeconds;
    g.plays += 1;
    groups.set(key, g);
  }
  const header = ['Title', 'Writer/composer', 'Performer', 'Duration', 'Time of day', 'Number of plays'];
  return csvDocument(
    header,
    [...groups.values()].sort((a, b) => a.first - b.first).map((g) => [g.title, g.composer, g.performer, mmss(g.seconds), g.band, g.plays]),
  );
}

/** SoundExchange's field names, in the order of the report of use (census, per play). */
export const SOUNDEXCHANGE_FIELDS = [
  'NAME_OF_SERVICE',
  'TRANSMISSION_CATEGORY',
  'FEATURED_ARTIST',
  'SOUND_RECORDING_TITLE',
  'ISRC',
  'ALBUM_TITLE',
  'MARKETING_LABEL',
  'ACTUAL_TOTAL_PERFORMANCES',
  'CHANNEL_OR_PROGRAM_NAME',
  'DATE_OF_PERFORMANCE',
  'TIME_OF_PERFORMANCE',
] as const;

/** A text field of the report: no carets, no double quotes, no line breaks inside; surrounded by double quotes. */
const seText = (v: string) => `"${v.replace(/[\^"\r\n\t]/g, ' ').replace(/\s+/g, ' ').trim()}"`;

/**
 * SoundExchange report of use: a header line of the field names, then one
 * line per play; fields separated by a caret (^), text fields in double
 * quotes, the actual total performances a bare whole number, lines ended by
 * CRLF, no footer.
 */
export function soundExchangeReport(entries: readonly PlayLogEntry[], zone: string, service: string, category: string): string {
  const lines = [SOUNDEXCHANGE_FIELDS.join('^')];
  for (const e of entries) {
    const s = local(e.startMs, zone);
    lines.push(
      [seText(service), seText(category), seText(e.artist), seText(e.title), seText(e.isrc), seText(e.album), seText(e.label), String(e.listeners), seText(e.show), seText(s.date), seText(s.time)].join('^'),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

/**
 * Records the demo stream's listener sessions: `open` when a connection
 * starts (the country looked up from the address, the address forgotten),
 * the returned `close` when it ends.
 */
export interface ListenerSessionRecorder {
  open(address: string): { close(): void };
  /** Resolves once every write started so far has finished (tests, shutdown). */
  settled(): Promise<void>;
}

/**
 * With `sweep`, sessions a previous run left open (its connections are gone) are closed first, before any new
 * one is opened: a single process only, since with several instances the others' sessions are still open.
 */
export function createListenerSessionRecorder(db: Knex, geo: CountryLookup, now: () => number, onError: (err: unknown) => void, opts: { sweep: boolean }): ListenerSessionRecorder {
  const pending = new Set<Promise<unknown>>();
  let swept: Promise<unknown> | null = null;
  const ready = () => (swept ??= opts.sweep ? closeOpenListenerSessions(db, new Date(now())).catch(onError) : Promise.resolve());
  const track = <T>(p: Promise<T>) => {
    pending.add(p);
    void p.catch(onError).finally(() => pending.delete(p));
    return p;
  };
  return {
    open(address) {
      const started = new Date(now());
      const country = geo.country(address);
      const id = track(ready().then(() => insertListenerSession(db, started, country)));
      let closed = false;
      return {
        close() {
          if (closed) return;
          closed = true;
          const at = new Date(now());
          track(id.then((n) => closeListenerSession(db, n, at)));
        },
      };
    },
    async settled() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}
