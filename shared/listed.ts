import { z } from 'zod';
import { safeText } from './fields';

/**
 * Settings → Get listed (issue 36 item 3): what the directories are told about the station beyond General
 * Settings (country, language, tags, location), the radio-browser.info entry's id, and the TuneIn AIR account
 * that now-playing is pushed to. Owner and manager (`settings.access`).
 */

/** Left out, or blank: none. */
const blankToNull = (v: unknown) => (v === undefined || (typeof v === 'string' && v.trim() === '') ? null : v);

export const ListingInputSchema = z.object({
  /** ISO 3166-1 alpha-2, upper case (radio-browser's `countrycode`). */
  country_code: z.preprocess(
    (v) => (v === undefined ? null : typeof v === 'string' ? (v.trim() === '' ? null : v.trim().toUpperCase()) : v),
    z.string().regex(/^[A-Z]{2}$/, 'Country must be a two-letter ISO code such as GB').nullable(),
  ),
  /** The language(s) the station speaks, as radio-browser lists them ("english", "english,welsh"). */
  language: z.preprocess(blankToNull, safeText(100).nullable()),
  /** Comma-separated tags ("community,indie,talk"). */
  tags: z.preprocess(blankToNull, safeText(200).nullable()),
  geo_lat: z.preprocess(blankToNull, z.coerce.number({ error: 'Latitude must be a number' }).min(-90, 'Latitude must be between -90 and 90').max(90, 'Latitude must be between -90 and 90').nullable()),
  geo_long: z.preprocess(blankToNull, z.coerce.number({ error: 'Longitude must be a number' }).min(-180, 'Longitude must be between -180 and 180').max(180, 'Longitude must be between -180 and 180').nullable()),
  /** TuneIn AIR: the station id (s12345) and the broadcaster's partner id and key. The key goes in, never out. */
  tunein_enabled: z.boolean().default(false),
  tunein_station_id: z.preprocess(blankToNull, z.string().trim().regex(/^s\d{1,10}$/, 'TuneIn station id looks like s123456').nullable()),
  tunein_partner_id: z.preprocess(blankToNull, safeText(100).nullable()),
  /** Left out (or blank): keep the stored key. */
  tunein_partner_key: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), safeText(200).optional()),
});
export type ListingInput = z.input<typeof ListingInputSchema>;
export type ListingSettings = z.output<typeof ListingInputSchema>;

/** One of the stream's own checks. */
export interface StreamCheck {
  key: 'reachable' | 'https' | 'cors' | 'content_type' | 'bitrate' | 'icy';
  ok: boolean;
  /** What was found (a content type, "128 kb/s", the icy-* headers present), in the server's words. */
  detail: string;
}

export interface StreamCheckResult {
  url: string;
  checked_at: string;
  checks: StreamCheck[];
}

/** GET /api/settings/listing. */
export interface ListingView {
  country_code: string | null;
  language: string | null;
  tags: string | null;
  geo_lat: number | null;
  geo_long: number | null;
  tunein_enabled: boolean;
  tunein_station_id: string | null;
  tunein_partner_id: string | null;
  tunein_partner_key_set: boolean;
  /** The last push to TuneIn AIR: when, and whether TuneIn took it. */
  tunein_last_push: { at: string; ok: boolean; message: string } | null;
  radio_browser: { uuid: string; registered_at: string } | null;
  /** What is sent to the directories from General Settings and the stream. */
  station: { name: string; stream_url: string; homepage: string; favicon: string | null };
  /** The Icecast `<http-headers>` block that shows radio-browser the stream is the station's own. */
  icecast_headers: string;
  /** The playlist files, the QR code of the stream and the voice-assistant page, absolute. */
  links: { m3u: string; pls: string; qr_svg: string; voice_page: string };
  /** The station's podcast feed when listen-again downloads are on, else null. */
  podcast_feed: string | null;
}
