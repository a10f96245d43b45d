import { z } from 'zod';
import { isValidDate } from './time';

/**
 * Music-licensing reports and compliance mode (issue 34): the query every
 * report takes, the shapes of the JSON reports and the definitions the
 * figures are computed from (README "Music-licensing reports").
 */

/** General Settings → Compliance mode: none, UK (PPL/PRS) or US (DMCA). */
export const COMPLIANCE_MODES = ['none', 'uk', 'us'] as const;
export type ComplianceMode = (typeof COMPLIANCE_MODES)[number];

/** Whether a mode forbids naming an upcoming song anywhere listeners can see it. */
export function hidesUpcomingSongs(mode: ComplianceMode | null | undefined): boolean {
  return mode === 'uk' || mode === 'us';
}

/**
 * US compliance mode (issue 34): a listener's requested song may be played no sooner than this many minutes after
 * the request. The statutory webcasting licence covers non-interactive services only; AzuraCast's "request minimum
 * delay" for DMCA compliance is commonly set to 60 minutes, and so is this.
 */
export const US_REQUEST_MIN_DELAY_MINUTES = 60;

/** The earliest a request made at `createdAt` (epoch ms) may be played under a mode, epoch ms. */
export function requestPlayableAt(mode: ComplianceMode | null | undefined, createdAt: number): number {
  return mode === 'us' ? createdAt + US_REQUEST_MIN_DELAY_MINUTES * 60_000 : createdAt;
}

/** A listener session counts as a performance when it lasts at least this long (the analytics providers' rule). */
export const PERFORMANCE_MIN_SECONDS = 60;

/** Country code for a listener whose country is not known (ISO 3166 user-assigned "unknown"). */
export const UNKNOWN_COUNTRY = 'ZZ';

const day = z.string().refine(isValidDate, 'Dates must be YYYY-MM-DD');

/** `?from=YYYY-MM-DD&to=YYYY-MM-DD`, both days included, in the station's time zone (at most a year and a day). */
export const ReportQuerySchema = z
  .object({ from: day, to: day })
  .refine((q) => q.from <= q.to, { message: 'The first day must not be after the last', path: ['to'] })
  .refine((q) => Date.parse(`${q.to}T00:00:00Z`) - Date.parse(`${q.from}T00:00:00Z`) <= 366 * 86_400_000, { message: 'A report covers at most 366 days', path: ['to'] });
export type ReportQuery = z.output<typeof ReportQuerySchema>;

/**
 * PPL webcasting figures. PPL counts "streams" (performances: one track to one
 * listener) as tracks per hour × total listening hours; `band` is the Linear
 * Webcast Licence band the station is heading for: those performances
 * projected over a year (÷ the period's hours × 24 × 365) against
 * {@link PPL_BANDS}. `streams` here are listener sessions of 60 s or more that
 * started in the period (what the territory report shares out).
 */
export interface PplReport {
  from: string;
  to: string;
  plays: number;
  hours: number;
  tracks_per_hour: number;
  total_listening_hours: number;
  streams: number;
  /** PPL's performances of the period: tracks per hour × TLH (unrounded figures), to the nearest whole one. */
  performances: number;
  projected_annual_listening_hours: number;
  projected_annual_performances: number;
  band: string;
}

/**
 * PPL's Linear Webcast Licence (since 2021), bands by performances ("streams":
 * one track streamed to one listener) per calendar year: band 1 up to 150,000,
 * band 2 150,001 to 270,000, band 3 above (band 3 also for any service with
 * revenue over £5,000 a year or aimed at several territories, which the report
 * cannot know). Source: ppluk.com, "Online radio and services" (2024 fees £193,
 * £321, and £644 advance recouped at 0.1286p a stream). README "Music-licensing reports".
 */
export const PPL_BANDS: readonly { band: string; maxAnnualPerformances: number | null }[] = [
  { band: '1', maxAnnualPerformances: 150_000 },
  { band: '2', maxAnnualPerformances: 270_000 },
  { band: '3', maxAnnualPerformances: null },
];

/** The Linear Webcast Licence band of a projected number of performances a year. */
export function pplBand(annualPerformances: number): string {
  const n = Math.round(annualPerformances);
  for (const b of PPL_BANDS) if (b.maxAnnualPerformances === null || n <= b.maxAnnualPerformances) return b.band;
  return PPL_BANDS[PPL_BANDS.length - 1]!.band;
}

/** PPL territory report: streams per country and each country's share of them. */
export interface PplTerritoryReport {
  from: string;
  to: string;
  streams: number;
  territories: { country: string; streams: number; share: number }[];
}

/**
 * Time-of-day bands of the PRS programme return (station time). PRS for Music
 * publishes no day parts for radio music returns (its distribution rules weight
 * audiovisual broadcasts by time of day and pay radio by duration); the bands
 * are UK radio's published peak time, as Ofcom's local radio Formats define it:
 * weekdays 06:00–19:00 and weekends 08:00–12:00 are "Peak", the rest "Off-peak".
 */
export const PRS_PEAK_HOURS: { weekday: readonly [number, number]; weekend: readonly [number, number] } = { weekday: [6, 19], weekend: [8, 12] };
export const PRS_BANDS = ['Peak', 'Off-peak'] as const;
export type PrsBand = (typeof PRS_BANDS)[number];

/** The PRS band of a local time: `dayOfWeek` 0 = Sunday … 6 = Saturday, `hour` 0–23. */
export function prsBand(dayOfWeek: number, hour: number): PrsBand {
  const [start, end] = dayOfWeek === 0 || dayOfWeek === 6 ? PRS_PEAK_HOURS.weekend : PRS_PEAK_HOURS.weekday;
  return hour >= start && hour < end ? 'Peak' : 'Off-peak';
}

/** A play's track data staff may correct on the Reports screen (`PATCH /api/reports/plays/:id`); a field left out stays. */
export const PlayRightsSchema = z
  .object({
    album: z.string().trim().max(500),
    label: z.string().trim().max(500),
    catalogue_number: z.string().trim().max(100),
    isrc: z
      .string()
      .trim()
      .transform((v) => v.replace(/[\s-]/g, '').toUpperCase())
      .refine((v) => v === '' || /^[A-Z]{2}[A-Z0-9]{3}\d{7}$/.test(v), 'An ISRC is 12 characters: country, registrant, year and number (e.g. GBAYE0601498)'),
    composer: z.string().trim().max(500),
  })
  .partial()
  .strict();
export type PlayRights = z.output<typeof PlayRightsSchema>;
