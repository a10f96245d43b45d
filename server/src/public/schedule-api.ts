import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import Router from '@koa/router';
import type Koa from 'koa';
import { errorLocale, localizeErrorBody } from '../i18n/errors';
import { todayInZone } from '../../../shared/schedule';
import type { AppRouter } from '../http/router';
import type { AppContext, RequestState } from '../context';
import { imagePolicyOf } from '../http/public-images';
import { siteOrigin } from '../http/public-url';
import { peekScheduleVersion, scheduleVersion } from '../schedule/version';
import { getStationInfo, stationTimezone } from '../settings/service';
import { requestLocale, LOCALE_COOKIE, translatorFor } from '../i18n/catalogues';
import { asLocale, DEFAULT_LOCALE, type Locale } from '../../../shared/i18n/locales';
import { translationLanguages } from '../content/languages';
import {
  API_DEFAULTS,
  ICAL_DEFAULTS,
  PublicParamError,
  fetchPublicShows,
  parsePublicQuery,
  publicScheduleResponse,
  renderIcs,
  type ContentLanguage,
  type PublicScheduleQuery,
} from './schedule-feed';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/** Browsers and proxies may reuse an answer this long; after that they revalidate with the ETag. */
const MAX_AGE_SECONDS = 15;
/** Distinct queries remembered per schedule version. */
const MAX_ENTRIES = 500;

interface Entry {
  etag: string;
  type: string;
  identity: Buffer;
  gzip?: Promise<Buffer>;
  br?: Promise<Buffer>;
}

/**
 * A response cache keyed by the resolved query (concrete dates, so "current
 * week" rolls over by itself) and emptied whenever the schedule version
 * changes. Compressed forms are made once per entry.
 */
class ResponseCache {
  private version = -1;
  private entries = new Map<string, Promise<Entry>>();

  get(version: number, key: string, build: () => Promise<Entry>): Promise<Entry> {
    if (version !== this.version) {
      this.version = version;
      this.entries.clear();
    }
    let entry = this.entries.get(key);
    if (!entry) {
      if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
      entry = build();
      this.entries.set(key, entry);
      entry.catch(() => this.entries.delete(key));
    }
    return entry;
  }
}

function etagFor(version: number, key: string): string {
  return `W/"s${version}-${createHash('sha1').update(key).digest('base64url').slice(0, 16)}"`;
}

/** Sends a cached entry: 304 when the client's ETag matches, else the best encoding it accepts. */
async function send(c: Koa.ParameterizedContext<RequestState>, entry: Entry): Promise<void> {
  c.set('ETag', entry.etag);
  c.set('Cache-Control', `public, max-age=${MAX_AGE_SECONDS}, must-revalidate`);
  c.vary('Accept-Encoding');
  const inm = c.get('If-None-Match');
  if (inm && inm.split(',').some((t) => t.trim() === entry.etag || t.trim() === '*')) {
    c.status = 304;
    return;
  }
  c.type = entry.type;
  const enc = entry.identity.length >= 1024 ? c.acceptsEncodings('br', 'gzip', 'identity') : 'identity';
  if (enc === 'br') {
    entry.br ??= brotli(entry.identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } });
    c.set('Content-Encoding', 'br');
    c.body = await entry.br;
  } else if (enc === 'gzip') {
    entry.gzip ??= gzip(entry.identity, { level: 6 });
    c.set('Content-Encoding', 'gzip');
    c.body = await entry.gzip;
  } else {
    c.body = entry.identity;
  }
}

async function paramError(c: Koa.ParameterizedContext<RequestState>, err: PublicParamError): Promise<void> {
  c.status = 400;
  c.set('Cache-Control', 'no-store');
  // In the requester's language, with the message's stable key (i18n/errors.ts).
  const { error } = await localizeErrorBody({ error: { code: 'validation_failed', message: err.message, details: { parameter: err.parameter } } }, errorLocale(c));
  c.body = { success: false, error, message: error.message };
}

/**
 * The public schedule API (spec 001 §3, §7) at /schedule-api and
 * /api/public/schedule, and its iCalendar feed at /api/schedule.ics and
 * /api/public/schedule.ics. Open to every origin (see isPublicApiPath),
 * cached per schedule version with an ETag and a short max-age.
 */
export function publicScheduleRoutes(ctx: AppContext): AppRouter {
  const router = new Router<RequestState>();
  const cache = new ResponseCache();
  // The station's date in the time zone of General Settings, worked out at most once a second per zone (it changes at midnight; zone maths per request is measurable).
  let todayMemo = { at: -Infinity, zone: '', date: '' };
  const today = (zone: string): string => {
    const now = ctx.now();
    if (zone !== todayMemo.zone || Math.abs(now - todayMemo.at) >= 1000) todayMemo = { at: now, zone, date: todayInZone(now, zone) };
    return todayMemo.date;
  };
  // PUBLIC_URL or relative links: never the request's Host.
  const baseUrl = (_c: Koa.Context): string => siteOrigin(ctx.config);
  // The answer, as sent, is replayed by the fast lane (http/fast-lane.ts) while the schedule version and
  // the settings (time zone) it was made from still hold: the same events that empty this cache drop it.
  // An answer read in the language of the request's cookie or Accept-Language (issue 35) is not replayed by URL alone.
  const replayable = (c: Koa.ParameterizedContext<RequestState>, version: number, lang?: { byHeaders: boolean }): void => {
    const info = ctx.settings.peek();
    if (info && !lang?.byHeaders) ctx.fastLane.mark(c, () => peekScheduleVersion(ctx) === version && ctx.settings.peek() === info);
  };
  /**
   * The language of the shows' texts (issue 35): `?lang=`, else the language cookie, Accept-Language, the station's
   * default. `byHeaders` when the answer depends on the headers (a station with translations and no `?lang=`).
   */
  const contentLanguage = async (c: Koa.ParameterizedContext<RequestState>, q: PublicScheduleQuery): Promise<ContentLanguage & { byHeaders: boolean }> => {
    const station = await ctx.settings.station();
    const multilingual = translationLanguages(station).length > 0;
    const locale = requestLocale({ param: q.lang, cookie: c.cookies.get(LOCALE_COOKIE), acceptLanguage: c.get('Accept-Language') }, station.language);
    const byHeaders = multilingual && !q.lang;
    if (byHeaders) {
      c.vary('Accept-Language');
      c.vary('Cookie');
    }
    return { locale: multilingual ? locale : station.language, stationDefault: station.language, multilingual, byHeaders };
  };

  const json = async (c: Koa.ParameterizedContext<RequestState>): Promise<void> => {
    let q: PublicScheduleQuery;
    try {
      q = parsePublicQuery(c.query, today(await stationTimezone(ctx)), API_DEFAULTS);
    } catch (err) {
      if (err instanceof PublicParamError) return await paramError(c, err);
      throw err;
    }
    const base = baseUrl(c);
    const images = imagePolicyOf(await ctx.settings.station(), ctx.config);
    const lang = await contentLanguage(c, q);
    const key = `json|${base}|${q.start}|${q.end}|${q.status}|${q.presenter ?? ''}|${q.presenterId ?? ''}|${q.limit}|${images.approved.join(' ')}|${q.broadcastLanguage ?? ''}|${lang.locale}/${lang.stationDefault}/${lang.multilingual}`;
    const version = await scheduleVersion(ctx);
    replayable(c, version, lang);
    const entry = await cache.get(version, key, async () => {
      const rows = await fetchPublicShows(ctx.knex, q);
      const body = Buffer.from(JSON.stringify(publicScheduleResponse(rows, q, base, images, lang)));
      return { etag: etagFor(version, key), type: 'application/json; charset=utf-8', identity: body };
    });
    await send(c, entry);
  };

  const ics = async (c: Koa.ParameterizedContext<RequestState>): Promise<void> => {
    const zone = await stationTimezone(ctx);
    let q: PublicScheduleQuery;
    try {
      q = parsePublicQuery(c.query, today(zone), ICAL_DEFAULTS);
    } catch (err) {
      if (err instanceof PublicParamError) return await paramError(c, err);
      throw err;
    }
    const base = baseUrl(c);
    const lang = await contentLanguage(c, q);
    // The feed's own words ("Presented by", the calendar's name): the ?lang= asked for, else the content's language.
    const words = (asLocale(q.lang) ?? asLocale(lang.locale) ?? DEFAULT_LOCALE) as Locale;
    const key = `ics|${zone}|${base}|${q.start}|${q.end}|${q.status}|${q.presenter ?? ''}|${q.presenterId ?? ''}|${q.limit}|${q.broadcastLanguage ?? ''}|${lang.locale}/${lang.stationDefault}/${lang.multilingual}|${words}`;
    const version = await scheduleVersion(ctx);
    replayable(c, version, lang);
    const entry = await cache.get(version, key, async () => {
      const [rows, station] = await Promise.all([fetchPublicShows(ctx.knex, q), getStationInfo(ctx.knex, ctx.config)]);
      const t = await translatorFor(words);
      const text = renderIcs(rows, { zone, calendarName: t('ical.calendarName', { station: station.name }), base, nowMs: ctx.now(), lang, t });
      return { etag: etagFor(version, key), type: 'text/calendar; charset=utf-8', identity: Buffer.from(text) };
    });
    c.set('Content-Disposition', 'inline; filename="schedule.ics"');
    await send(c, entry);
  };

  router.get('/schedule-api', json);
  router.get('/api/public/schedule', json);
  router.get('/api/schedule.ics', ics);
  router.get('/api/public/schedule.ics', ics);
  return router;
}
