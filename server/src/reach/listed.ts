import QRCode from 'qrcode';
import type { AppContext } from '../context';
import { fail, HttpError } from '../http/errors';
import { siteOrigin } from '../http/public-url';
import { listenAgainSettings } from '../listen-again/settings';
import { resolveListenUrl } from '../radio/sources';
import type { SecretBox } from '../settings/secrets';
import { cachedStationInfo } from '../settings/service';
import { recordAction, type AuditActor } from '../users/audit';
import type { ListingSettings, ListingView, StreamCheck, StreamCheckResult } from '../../../shared/listed';
import { readListing, writeListing, type ListingRow } from './listed/repo';

/**
 * Settings → Get listed (issue 36 item 3): the stream's own checks, the station's radio-browser.info entry
 * (registered through its API, its uuid kept), the Icecast `<http-headers>` block that claims it, the playlist
 * files, the stream's QR code, the voice-assistant page and the podcast feed. The TuneIn AIR pushes are in
 * tunein.ts.
 */

/** Who directories are told made the request (radio-browser asks every client to name itself). */
export const LISTING_USER_AGENT = 'Airdeck/1.0 (community radio station software)';
const STREAM_TIMEOUT_MS = 8_000;
const API_TIMEOUT_MS = 10_000;

/** The public address of `path` on this site: PUBLIC_URL, else relative (the request's Host is never trusted). */
const onSite = (ctx: AppContext, path: string) => `${siteOrigin(ctx.config)}${path}`;

/** The station's public stream, absolute when it can be (PUBLIC_URL); the server's own path stays relative otherwise. */
export async function publicStreamUrl(ctx: AppContext): Promise<string> {
  await ctx.radio.ready;
  const url = await resolveListenUrl(ctx, ctx.radio.store.current?.station.listen_url ?? null);
  return /^https?:\/\//i.test(url) ? url : onSite(ctx, url.startsWith('/') ? url : `/${url}`);
}

/** What directories get from General Settings and the stream. */
async function stationFacts(ctx: AppContext): Promise<ListingView['station']> {
  const station = await cachedStationInfo(ctx);
  const logo = station.logoUrl ? (/^https?:\/\//i.test(station.logoUrl) ? station.logoUrl : onSite(ctx, station.logoUrl)) : null;
  return { name: station.name, stream_url: await publicStreamUrl(ctx), homepage: onSite(ctx, '/'), favicon: logo };
}

const xmlAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The Icecast `<http-headers>` block (Icecast 2.4+, inside the station's `<mount>`) with the extended `icy-*`
 * headers radio-browser.info reads from the stream itself: headers only the stream's operator can set, so they
 * show the entry is the station's own and keep its logo, country, languages and location right.
 */
export function icecastHeadersBlock(row: Pick<ListingRow, 'country_code' | 'language' | 'geo_lat' | 'geo_long'> | null, facts: ListingView['station']): string {
  const headers: [string, string][] = [['icy-index-metadata', '1']];
  if (facts.favicon) headers.push(['icy-logo', facts.favicon]);
  headers.push(['icy-main-stream-url', facts.stream_url]);
  if (row?.country_code) headers.push(['icy-country-code', row.country_code]);
  if (row?.language) headers.push(['icy-language-codes', row.language]);
  if (row?.geo_lat !== null && row?.geo_lat !== undefined && row.geo_long !== null) headers.push(['icy-geo-lat-long', `${row.geo_lat},${row.geo_long}`]);
  return ['<http-headers>', ...headers.map(([n, v]) => `  <header name="${n}" value="${xmlAttr(v)}" />`), '</http-headers>'].join('\n');
}

/** GET /api/settings/listing. */
export async function listingView(ctx: AppContext): Promise<ListingView> {
  const row = await readListing(ctx.knex);
  const facts = await stationFacts(ctx);
  const podcasts = (await listenAgainSettings(ctx)).downloads_enabled;
  return {
    country_code: row?.country_code ?? null,
    language: row?.language ?? null,
    tags: row?.tags ?? null,
    geo_lat: row?.geo_lat ?? null,
    geo_long: row?.geo_long ?? null,
    tunein_enabled: row?.tunein_enabled ?? false,
    tunein_station_id: row?.tunein_station_id ?? null,
    tunein_partner_id: row?.tunein_partner_id ?? null,
    tunein_partner_key_set: Boolean(row?.tunein_partner_key_enc),
    tunein_last_push: row?.tunein_pushed_at ? { at: row.tunein_pushed_at.toISOString(), ok: row.tunein_push_ok === true, message: row.tunein_push_message ?? '' } : null,
    radio_browser: row?.radio_browser_uuid && row.radio_browser_registered_at ? { uuid: row.radio_browser_uuid, registered_at: row.radio_browser_registered_at.toISOString() } : null,
    station: facts,
    icecast_headers: icecastHeadersBlock(row, facts),
    links: { m3u: onSite(ctx, '/listen.m3u'), pls: onSite(ctx, '/listen.pls'), qr_svg: onSite(ctx, '/listen.svg'), voice_page: onSite(ctx, '/listen-everywhere') },
    podcast_feed: podcasts ? onSite(ctx, '/podcasts/station.xml') : null,
  };
}

/** PUT /api/settings/listing: a blank or missing partner key keeps the stored one; TuneIn needs all three to be on. */
export async function saveListing(ctx: AppContext, box: SecretBox, input: ListingSettings, actor: AuditActor): Promise<ListingView> {
  const old = await readListing(ctx.knex);
  const keyEnc = input.tunein_partner_key ? box.seal(input.tunein_partner_key) : (old?.tunein_partner_key_enc ?? null);
  if (input.tunein_enabled && (!input.tunein_station_id || !input.tunein_partner_id || !keyEnc)) {
    throw fail.badRequest('TuneIn AIR needs the station id, the partner id and the partner key.');
  }
  await ctx.knex.transaction(async (trx) => {
    await writeListing(trx, {
      country_code: input.country_code,
      language: input.language,
      tags: input.tags,
      geo_lat: input.geo_lat,
      geo_long: input.geo_long,
      tunein_enabled: input.tunein_enabled,
      tunein_station_id: input.tunein_station_id,
      tunein_partner_id: input.tunein_partner_id,
      tunein_partner_key_enc: keyEnc,
      updated_by: actor.id,
    });
    await recordAction(trx, { actor, action: 'update', resourceType: 'station_listing', resourceId: 1, resourceName: 'Get listed', details: { tunein_enabled: input.tunein_enabled, tunein_key_changed: Boolean(input.tunein_partner_key) } });
  });
  return listingView(ctx);
}

/** The stream's address the server itself can reach: the public one, or its own path on its own loopback port. */
async function checkableStreamUrl(ctx: AppContext): Promise<string> {
  const url = await publicStreamUrl(ctx);
  if (/^https?:\/\//i.test(url)) return url;
  if (ctx.radio.ownOrigin) return new URL(url, ctx.radio.ownOrigin).toString();
  throw fail.unavailable('The stream has no address the server can check yet.');
}

const AUDIO_TYPES = /^(audio\/(mpeg|mp3|aac|aacp|ogg|opus|flac|x-flac|webm)|application\/ogg)$/i;
const MPEG_KBPS: Record<number, number[]> = {
  3: [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  2: [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
};

/** The bitrate of the first MPEG audio Layer III frame in `buf`, or null. */
export function mp3Bitrate(buf: Uint8Array): number | null {
  for (let i = 0; i + 4 <= buf.length; i++) {
    if (buf[i] !== 0xff || (buf[i + 1]! & 0xe0) !== 0xe0) continue;
    const version = (buf[i + 1]! >> 3) & 3;
    const layer = (buf[i + 1]! >> 1) & 3;
    const bi = buf[i + 2]! >> 4;
    if (layer !== 1 || version === 1 || bi === 0 || bi === 15) continue;
    return (version === 3 ? MPEG_KBPS[3]! : MPEG_KBPS[2]!)[bi]!;
  }
  return null;
}

/** The icy-* headers directories read. */
const ICY_HEADERS = ['icy-name', 'icy-description', 'icy-genre', 'icy-url', 'icy-br', 'icy-pub'] as const;

/**
 * POST /api/settings/listing/check: the server plays the station's public stream as a directory's checker does
 * (with an `Origin`, asking for in-band titles) and reads its answer and first bytes (16 KiB at most).
 */
export async function checkStream(ctx: AppContext): Promise<StreamCheckResult> {
  const publicUrl = await publicStreamUrl(ctx);
  const url = await checkableStreamUrl(ctx);
  const checks: StreamCheck[] = [];
  const https = /^https:\/\//i.test(publicUrl);
  checks.push({ key: 'https', ok: https, detail: https ? publicUrl : `${publicUrl} is not served over https: directories and https sites cannot play it.` });
  const ac = new AbortController();
  const timer = setTimeout(() => ac.abort(), STREAM_TIMEOUT_MS);
  try {
    const res = await fetch(url, { signal: ac.signal, headers: { Origin: 'https://www.radio-browser.info', 'Icy-MetaData': '1', 'User-Agent': LISTING_USER_AGENT } });
    checks.push({ key: 'reachable', ok: res.ok, detail: `HTTP ${res.status}` });
    const allow = res.headers.get('access-control-allow-origin');
    checks.push({ key: 'cors', ok: allow === '*' || allow === 'https://www.radio-browser.info', detail: allow ? `Access-Control-Allow-Origin: ${allow}` : 'No Access-Control-Allow-Origin header: web players on other sites cannot read the stream.' });
    const type = (res.headers.get('content-type') ?? '').split(';')[0]!.trim();
    checks.push({ key: 'content_type', ok: AUDIO_TYPES.test(type), detail: type || 'No Content-Type header.' });
    // The first bytes, for the bitrate when the server does not say it.
    let head = new Uint8Array(0);
    if (res.body) {
      const reader = res.body.getReader();
      while (head.length < 16_384) {
        const { value, done } = await reader.read();
        if (done || !value) break;
        const next = new Uint8Array(head.length + value.length);
        next.set(head);
        next.set(value, head.length);
        head = next;
      }
      await reader.cancel().catch(() => undefined);
    }
    const declared = Number(res.headers.get('icy-br')?.split(',')[0]);
    const kbps = Number.isFinite(declared) && declared > 0 ? declared : /mpeg|mp3/i.test(type) ? mp3Bitrate(head) : null;
    checks.push({ key: 'bitrate', ok: kbps !== null && kbps >= 32 && kbps <= 320, detail: kbps === null ? 'Unknown: no icy-br header and no MP3 frame read.' : `${kbps} kb/s` });
    const present = ICY_HEADERS.filter((h) => res.headers.get(h));
    const missing = ICY_HEADERS.filter((h) => !res.headers.get(h));
    checks.push({ key: 'icy', ok: present.includes('icy-name') && present.includes('icy-genre'), detail: `${present.map((h) => `${h}: ${res.headers.get(h)}`).join('; ') || 'none'}${missing.length > 0 ? ` (missing: ${missing.join(', ')})` : ''}` });
  } catch (err) {
    const why = ac.signal.aborted ? `no answer within ${STREAM_TIMEOUT_MS / 1000} s` : (err as Error).message;
    checks.push({ key: 'reachable', ok: false, detail: `Could not play ${url}: ${why}` });
  } finally {
    clearTimeout(timer);
  }
  return { url: publicUrl, checked_at: new Date(ctx.now()).toISOString(), checks };
}

/**
 * POST /api/settings/listing/radio-browser: adds the station through radio-browser's API (`POST /json/add`, form
 * fields as its documentation names them) and keeps the uuid it answers. Needs the country saved first.
 */
export async function registerRadioBrowser(ctx: AppContext, actor: AuditActor): Promise<ListingView> {
  const row = await readListing(ctx.knex);
  if (!row?.country_code) throw fail.badRequest('Save the station’s country first: radio-browser.info lists stations by country.');
  const facts = await stationFacts(ctx);
  if (!/^https?:\/\//i.test(facts.stream_url) || !/^https?:\/\//i.test(facts.homepage)) {
    throw fail.badRequest('Set PUBLIC_URL (or a Stream URL in General Settings): directories need the stream’s full address.');
  }
  const form = new URLSearchParams({ name: facts.name, url: facts.stream_url, homepage: facts.homepage, countrycode: row.country_code });
  if (facts.favicon) form.set('favicon', facts.favicon);
  if (row.language) form.set('language', row.language);
  if (row.tags) form.set('tags', row.tags);
  if (row.geo_lat !== null && row.geo_long !== null) {
    form.set('geo_lat', String(row.geo_lat));
    form.set('geo_long', String(row.geo_long));
  }
  const base = ctx.config.RADIO_BROWSER_URL.replace(/\/+$/, '');
  let answer: { ok?: unknown; message?: unknown; uuid?: unknown };
  try {
    const res = await fetch(`${base}/json/add`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json', 'User-Agent': LISTING_USER_AGENT },
      body: form.toString(),
      signal: AbortSignal.timeout(API_TIMEOUT_MS),
    });
    answer = (await res.json().catch(() => ({ ok: false, message: `HTTP ${res.status}` }))) as typeof answer;
  } catch (err) {
    ctx.log.warn({ err }, 'radio-browser.info did not answer');
    throw new HttpError('upstream_failed', 'radio-browser.info did not answer. Try again later.');
  }
  if (answer.ok !== true || typeof answer.uuid !== 'string' || !/^[0-9a-f-]{8,64}$/i.test(answer.uuid)) {
    const why = typeof answer.message === 'string' ? answer.message.slice(0, 200) : 'no station id in its answer';
    throw new HttpError('upstream_failed', `radio-browser.info refused the station: ${why}`);
  }
  await ctx.knex.transaction(async (trx) => {
    await writeListing(trx, { radio_browser_uuid: answer.uuid as string, radio_browser_registered_at: new Date(ctx.now()), updated_by: actor.id });
    await recordAction(trx, { actor, action: 'create', resourceType: 'station_listing', resourceId: 1, resourceName: 'radio-browser.info', details: { uuid: answer.uuid } });
  });
  return listingView(ctx);
}

/** GET /listen.svg: the stream's address as a QR code (SVG, drawn by the `qrcode` package). */
export async function streamQrSvg(ctx: AppContext): Promise<string> {
  const url = await publicStreamUrl(ctx);
  return QRCode.toString(url, { type: 'svg', margin: 2, errorCorrectionLevel: 'M', color: { dark: '#000000', light: '#ffffff' } });
}
