import { z } from 'zod';
import { optionalWebUrl, requiredText, safeText, webUrl } from './fields';
import { DEFAULT_STATION as STATION_DEFAULTS } from './station-defaults';
import { ApprovedImageHostsSchema } from './image-hosts';
import { COMPLIANCE_MODES } from './licensing';
import { ContentLocaleSchema, TaglineTranslationsSchema } from './content-languages';

/** True for a time zone name the runtime knows (IANA, e.g. Europe/London). */
export function isTimeZone(tz: string): boolean {
  if (!tz || !/^[A-Za-z_]+(?:\/[A-Za-z0-9_+-]+)*$/.test(tz)) return false;
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/**
 * The station's identity as the listener site and the studio show it: name,
 * logo, stream, contact and social links, app and donation settings. Stored
 * in station_settings, edited in General Settings, never hard-coded in the UI.
 */
export const StationInfoSchema = z.object({
  name: requiredText(80, 'Station name is required'),
  tagline: safeText(160),
  logoUrl: webUrl('Logo URL must be a valid URL (https://… or /path)'),
  streamUrl: webUrl('Stream URL must be a valid URL (https://… or /path)'),
  /** Empty: no contact address yet (the pages that would show it point to the contact form instead). */
  contactEmail: z
    .string({ error: 'Please enter a valid email address' })
    .trim()
    .refine((v) => v === '' || z.email().safeParse(v).success, 'Please enter a valid email address')
    .refine((v) => v.length <= 200, 'Must be at most 200 characters'),
  timezone: z.string().max(64).refine(isTimeZone, 'Time zone must be an IANA name such as Europe/London'),
  social: z.object({
    chat: optionalWebUrl('Chat community link must be a valid URL'),
    streaming: optionalWebUrl('Streaming platform link must be a valid URL'),
    instagram: optionalWebUrl('Instagram link must be a valid URL'),
    facebook: optionalWebUrl('Facebook link must be a valid URL'),
    x: optionalWebUrl('X link must be a valid URL'),
  }),
  googlePlayUrl: optionalWebUrl('Google Play link must be a valid URL'),
  chatInviteUrl: optionalWebUrl('Chat community invite must be a valid URL'),
  donation: z.object({
    providerUrl: optionalWebUrl('Donation provider URL must be a valid URL'),
    account: z.preprocess((v) => (v === '' || v === undefined ? null : v), safeText(200).nullable()),
    currency: z.literal('GBP'),
  }),
  requestsOpen: z.boolean(),
  /** Hosts (https) whose images listeners' browsers may load (issue 29, shared/image-hosts.ts); owner and manager edit them. */
  approvedImageHosts: ApprovedImageHostsSchema.default([]),
  /** Presenters may request leave of a single day (start = end); off, leave ends after it starts (issue 30). */
  singleDayLeave: z.boolean().default(false),
  /**
   * Compliance mode (issue 34): `none`, `uk` (PPL/PRS) or `us` (DMCA). Under `uk` or `us` no public page, widget,
   * feed or API names an upcoming song.
   */
  compliance_mode: z.enum(COMPLIANCE_MODES).default('none'),
  /**
   * The station's default language (issue 35): what a listener whose browser asks for no shipped language gets, and
   * the language the station's own texts (show titles, pages, slides, the tagline) are written in.
   */
  language: ContentLocaleSchema.default('en'),
  /** Languages offered for content (issue 35 item 6): shows, pages, slides and the tagline take a translation in each. */
  contentLanguages: z.array(ContentLocaleSchema).max(20).default([]).transform((list) => [...new Set(list)]),
  /** The tagline (the station's description) per content language; missing: the tagline itself. */
  taglineTranslations: TaglineTranslationsSchema.default({}),
});
export type StationInfo = z.output<typeof StationInfoSchema>;

/** What a fresh install has before its owner sets it up (kept in a zod-free module: the listener's first load needs it, not the schema). */
export const DEFAULT_STATION: StationInfo = STATION_DEFAULTS;
