/**
 * The public schedule: the query parameters of `GET /schedule-api` (spec 001
 * §7), the response shape of spec 001 §3, and the iCalendar feed of the same
 * data. Pure where it can be: parameter parsing and the two renderings are
 * plain functions; only `fetchPublicShows` touches the database.
 */
import type { Knex } from 'knex';
import { IANAZone } from 'luxon';
import type { EventType } from '../../../shared/bookings';
import { allowedImageUrl, type ImagePolicy } from '../../../shared/image-hosts';
import { foldLine, icsText } from '../http/ics';

export { foldLine } from '../http/ics';
import { SCHEDULE_API_MAX_LIMIT, scheduleQuerySchema, type PublicShow, type ScheduleApiResponse } from '../../../shared/public-api';
import {
  addDays,
  addWeeks,
  daysBetween,
  eventEndDate,
  normaliseTime,
  weekBounds,
  type ScheduleEventStatus,
} from '../../../shared/schedule';
import { publicEventRows, type PublicRow } from '../schedule/repo';
import type { Translate } from '../../../shared/i18n/format';
import { readTranslations, textLanguage, translated, type ShowTranslations } from '../../../shared/content-languages';

/** The language content is read in (issue 35): the reader's, and the station's default that untranslated texts are in. */
export interface ContentLanguage {
  locale: string;
  stationDefault: string;
  /** Whether the station offers content in more than one language: the feed then names each text's language. */
  multilingual: boolean;
}

const NO_TRANSLATION: ContentLanguage = { locale: 'en', stationDefault: 'en', multilingual: false };

/** A row's title and description for the reader, and the language each is in. */
function localised(row: PublicRow, lang: ContentLanguage): { title: string; description: string | null; titleLang: string; descriptionLang: string } {
  const tr = readTranslations(row.translations) as ShowTranslations;
  return {
    title: translated(tr, lang.locale, 'title', row.title),
    description: translated(tr, lang.locale, 'description', row.description),
    titleLang: textLanguage(tr, lang.locale, 'title', lang.stationDefault),
    descriptionLang: textLanguage(tr, lang.locale, 'description', lang.stationDefault),
  };
}

/** Default and largest `limit` of the public API (spec 001 §9: default 50). */
export const PUBLIC_LIMIT = { default: 50, max: 500 } as const;
/** Longest date range one request may ask for. */
export const MAX_RANGE_DAYS = 366;

/** A bad query parameter: answered 400 with a message that names it. */
export class PublicParamError extends Error {
  override name = 'PublicParamError';
  constructor(
    readonly parameter: string,
    message: string,
  ) {
    super(message);
  }
}

/** The parameters after parsing: a concrete date range and filters. */
export interface PublicScheduleQuery {
  start: string;
  end: string;
  /** A status, or 'all'. */
  status: string;
  presenter: string | null;
  /** One DJ profile's shows, by its id (exact: a presenter's own calendar feed). */
  presenterId: string | null;
  limit: number;
  /** Only the shows broadcast in this ISO 639 code (issue 35), or null. */
  broadcastLanguage: string | null;
  /** The `lang` the query named (issue 35), or null (the request's language then). */
  lang: string | null;
}

/** Defaults that differ between the JSON API and the calendar feed. */
export interface QueryDefaults {
  /** The range when no week, dates or today are given, as offsets from today. */
  from: number;
  to: number;
  limit: number;
  maxLimit: number;
}

/** The JSON API's defaults: the next seven days from today, 50 shows. */
export const API_DEFAULTS: QueryDefaults = { from: 0, to: 6, limit: PUBLIC_LIMIT.default, maxLimit: SCHEDULE_API_MAX_LIMIT.api };
/** The calendar feed's defaults: a week back to three months ahead, up to 1000 events. */
export const ICAL_DEFAULTS: QueryDefaults = { from: -7, to: 90, limit: 1000, maxLimit: SCHEDULE_API_MAX_LIMIT.ical };

type RawQuery = Record<string, string | string[] | undefined>;

const schemas = new Map<string, ReturnType<typeof scheduleQuerySchema>>();
/** The parameter schema for these defaults (the API's is the one the OpenAPI document lists). */
function schemaFor(defaults: QueryDefaults): ReturnType<typeof scheduleQuerySchema> {
  const key = `${defaults.maxLimit}/${defaults.limit}`;
  let schema = schemas.get(key);
  if (!schema) schemas.set(key, (schema = scheduleQuerySchema(defaults.maxLimit, defaults.limit)));
  return schema;
}

/**
 * Parses the public schedule parameters (spec 001 §7) with the documented
 * schema of shared/public-api.ts — week (current, next, previous, or any date
 * of the week), start_date and end_date (YYYY-MM-DD; one alone covers seven
 * days from start_date, or up to end_date from today), today (true),
 * presenter (partial, case-insensitive), status (default scheduled; 'all'
 * for every status), limit (default 50) — then applies the rules between
 * them. Unknown parameters are ignored. Throws `PublicParamError` naming the
 * parameter at fault.
 */
export function parsePublicQuery(query: RawQuery, today: string, defaults: QueryDefaults = API_DEFAULTS): PublicScheduleQuery {
  const parsed = schemaFor(defaults).safeParse(query);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new PublicParamError(String(issue.path[0] ?? 'query'), issue.message);
  }
  const { week, start_date: startDate, end_date: endDate, today: onlyToday, presenter, presenter_id: presenterId, status, limit, broadcast_language: broadcastLanguage, lang } = parsed.data;
  const hasWeek = week !== undefined;
  const hasDates = startDate !== undefined || endDate !== undefined;
  if ([onlyToday, hasWeek, hasDates].filter(Boolean).length > 1) {
    const names = [onlyToday ? 'today' : null, hasWeek ? 'week' : null, hasDates ? 'start_date/end_date' : null].filter(Boolean).join(' and ');
    throw new PublicParamError(onlyToday ? 'today' : 'week', `Conflicting parameters ${names}: use only one of today, week or start_date/end_date.`);
  }

  let start = addDays(today, defaults.from);
  let end = addDays(today, defaults.to);
  if (onlyToday) {
    start = today;
    end = today;
  } else if (hasWeek) {
    const w = week.toLowerCase();
    const anchor = w === 'current' || w === 'this' ? today : w === 'next' ? addWeeks(today, 1) : w === 'previous' || w === 'last' ? addWeeks(today, -1) : week;
    ({ start, end } = weekBounds(anchor));
  } else if (hasDates) {
    start = startDate ?? today;
    end = endDate ?? addDays(start, 6);
    if (end < start) throw new PublicParamError('end_date', 'Invalid end_date parameter: it must be on or after start_date.');
    if (daysBetween(start, end) + 1 > MAX_RANGE_DAYS) throw new PublicParamError('end_date', `Invalid end_date parameter: a range may cover at most ${MAX_RANGE_DAYS} days.`);
  }
  return { start, end, status, presenter, presenterId, limit, broadcastLanguage: broadcastLanguage ?? null, lang: lang ?? null };
}

export type { PublicRow };

/** The events a public query selects, by date then start time. */
export async function fetchPublicShows(db: Knex, q: PublicScheduleQuery): Promise<PublicRow[]> {
  return publicEventRows(db, q);
}

/** Makes a stored image path absolute for other sites; a missing image is the placeholder. */
export function absoluteImage(url: string | null, base: string): string | null {
  if (!url) return null;
  if (url.startsWith('/')) return base + url;
  return url;
}

/** Where the placeholder show image is served. */
export const PLACEHOLDER_PATH = '/placeholder-show.svg';

/** One show in the public shape (spec 001 §3). */
export function presentPublicShow(row: PublicRow, base: string, images: ImagePolicy, lang: ContentLanguage = NO_TRANSLATION): PublicShow {
  const text = localised(row, lang);
  return {
    id: row.id,
    title: text.title,
    description: text.description,
    date: row.event_date,
    start_time: normaliseTime(row.start_time) ?? row.start_time,
    end_time: normaliseTime(row.end_time) ?? row.end_time,
    presenter: { name: row.presenter_name ?? row.host, bio: row.presenter_bio, image_url: absoluteImage(allowedImageUrl(row.presenter_image, images), base) },
    show_image: absoluteImage(allowedImageUrl(row.image_url, images), base) ?? base + PLACEHOLDER_PATH,
    status: row.status as ScheduleEventStatus,
    type: row.type as EventType,
    broadcast_language: row.broadcast_language ?? null,
  };
}

/** The whole public response: shows, shows_by_date, total_shows, date_range, filters_applied, success, message. */
export function publicScheduleResponse(rows: PublicRow[], q: PublicScheduleQuery, base: string, images: ImagePolicy, lang: ContentLanguage = NO_TRANSLATION): ScheduleApiResponse {
  const shows = rows.map((r) => presentPublicShow(r, base, images, lang));
  const byDate: Record<string, PublicShow[]> = {};
  for (const s of shows) (byDate[s.date] ??= []).push(s);
  return {
    success: true,
    data: {
      shows,
      shows_by_date: byDate,
      total_shows: shows.length,
      date_range: { start: q.start, end: q.end },
      filters_applied: { status: q.status, presenter: q.presenter, limit: q.limit, ...(q.broadcastLanguage ? { broadcast_language: q.broadcastLanguage } : {}) },
    },
    message: shows.length === 0 ? 'No shows found for the selected dates.' : `Found ${shows.length} show${shows.length === 1 ? '' : 's'}.`,
  };
}

// ---------------------------------------------------------------------------
// iCalendar (RFC 5545)
// ---------------------------------------------------------------------------


const compactDate = (d: string): string => d.replace(/-/g, '');
const compactTime = (t: string): string => (normaliseTime(t) ?? '00:00:00').replace(/:/g, '');

function utcStamp(ms: number): string {
  return new Date(ms).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

function offsetString(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const m = Math.abs(minutes);
  return `${sign}${String(Math.floor(m / 60)).padStart(2, '0')}${String(m % 60).padStart(2, '0')}`;
}

/** Offset changes of a zone between two instants, found day by day then to the minute. */
export function zoneTransitions(zone: string, fromMs: number, toMs: number): Array<{ at: number; from: number; to: number }> {
  const z = IANAZone.create(zone);
  const out: Array<{ at: number; from: number; to: number }> = [];
  const DAY = 86_400_000;
  for (let t = fromMs; t < toMs; t += DAY) {
    const a = z.offset(t);
    const b = z.offset(t + DAY);
    if (a === b) continue;
    let lo = t;
    let hi = t + DAY;
    while (hi - lo > 60_000) {
      const mid = lo + Math.max(1, Math.floor((hi - lo) / 120_000)) * 60_000;
      if (z.offset(mid) === a) lo = mid;
      else hi = mid;
    }
    out.push({ at: hi, from: a, to: b });
  }
  return out;
}

const vtimezoneCache = new Map<string, string[]>();

/** A VTIMEZONE for `zone` covering the given years, one observance per transition (computed once per zone and years). */
export function vtimezone(zone: string, firstYear: number, lastYear: number): string[] {
  const key = `${zone}|${firstYear}|${lastYear}`;
  let lines = vtimezoneCache.get(key);
  if (!lines) {
    lines = buildVtimezone(zone, firstYear, lastYear);
    if (vtimezoneCache.size > 64) vtimezoneCache.clear();
    vtimezoneCache.set(key, lines);
  }
  return lines;
}

function buildVtimezone(zone: string, firstYear: number, lastYear: number): string[] {
  const z = IANAZone.create(zone);
  const fromMs = Date.UTC(firstYear, 0, 1);
  const toMs = Date.UTC(lastYear + 1, 0, 1);
  const lines = ['BEGIN:VTIMEZONE', `TZID:${zone}`, `X-LIC-LOCATION:${zone}`];
  const startOffset = z.offset(fromMs);
  const name = (ms: number) => z.offsetName(ms, { format: 'short', locale: 'en-GB' }) ?? zone;
  const wall = (ms: number, offset: number) => utcStamp(ms + offset * 60_000).replace(/Z$/, '');
  lines.push('BEGIN:STANDARD', `DTSTART:${wall(fromMs, startOffset)}`, `TZOFFSETFROM:${offsetString(startOffset)}`, `TZOFFSETTO:${offsetString(startOffset)}`, `TZNAME:${icsText(name(fromMs))}`, 'END:STANDARD');
  for (const t of zoneTransitions(zone, fromMs, toMs)) {
    const kind = t.to > t.from ? 'DAYLIGHT' : 'STANDARD';
    lines.push(`BEGIN:${kind}`, `DTSTART:${wall(t.at, t.from)}`, `TZOFFSETFROM:${offsetString(t.from)}`, `TZOFFSETTO:${offsetString(t.to)}`, `TZNAME:${icsText(name(t.at))}`, `END:${kind}`);
  }
  lines.push('END:VTIMEZONE');
  return lines;
}

const ICS_STATUS: Record<string, string> = { scheduled: 'CONFIRMED', completed: 'CONFIRMED', cancelled: 'CANCELLED' };

/**
 * The schedule as an iCalendar feed: each event with its wall-clock times
 * in the station's zone (TZID plus a generated VTIMEZONE), a midnight-crossing
 * show ending on the next date. RFC 5545 reads a skipped local time with the
 * offset before the gap and a repeated one as its first occurrence, the same
 * rule the schedule uses, so calendar apps place every show where we do.
 */
export function renderIcs(rows: PublicRow[], opts: { zone: string; calendarName: string; base: string; nowMs: number; lang?: ContentLanguage; t?: Translate }): string {
  const lang = opts.lang ?? NO_TRANSLATION;
  const years = rows.map((r) => Number(r.event_date.slice(0, 4)));
  const nowYear = new Date(opts.nowMs).getUTCFullYear();
  const first = Math.max(1970, Math.min(nowYear, ...years) - 1);
  const last = Math.min(Math.max(nowYear, ...years) + 1, first + 12);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Airdeck//Station Schedule//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${icsText(opts.calendarName)}`,
    `X-WR-TIMEZONE:${opts.zone}`,
    'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
    'X-PUBLISHED-TTL:PT1H',
    ...vtimezone(opts.zone, first, last),
  ];
  for (const r of rows) {
    const updated = r.updated_at instanceof Date ? r.updated_at.getTime() : Date.parse(r.updated_at);
    const who = r.presenter_name ?? r.host;
    const text = localised(r, lang);
    // The feed's own words in the requested language, else the station's (issue 35); the show's texts are content.
    const presentedBy = who ? (opts.t ? opts.t('ical.presentedBy', { name: who }) : `Presented by ${who}`) : null;
    const description = [text.description, presentedBy].filter(Boolean).join('\n\n');
    lines.push(
      'BEGIN:VEVENT',
      `UID:${r.id}@airdeck`,
      `DTSTAMP:${utcStamp(updated)}`,
      `LAST-MODIFIED:${utcStamp(updated)}`,
      `DTSTART;TZID=${opts.zone}:${compactDate(r.event_date)}T${compactTime(r.start_time)}`,
      `DTEND;TZID=${opts.zone}:${compactDate(eventEndDate(r))}T${compactTime(r.end_time)}`,
      // RFC 5545 §3.2.10: LANGUAGE names the language of the text (a translation or the station's default).
      `SUMMARY${lang.multilingual ? `;LANGUAGE=${text.titleLang}` : ''}:${icsText(text.title)}`,
      ...(description ? [`DESCRIPTION${lang.multilingual ? `;LANGUAGE=${text.descriptionLang}` : ''}:${icsText(description)}`] : []),
      // The language the show is broadcast in (issue 35): a non-standard property (RFC 5545 §3.8.8.2).
      ...(r.broadcast_language ? [`X-AIRDECK-BROADCAST-LANGUAGE:${r.broadcast_language}`] : []),
      `STATUS:${ICS_STATUS[r.status] ?? 'TENTATIVE'}`,
      `CATEGORIES:${r.type.toUpperCase()}`,
      `URL:${opts.base}/shows`,
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join('\r\n') + '\r\n';
}
