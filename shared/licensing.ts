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
 * PPL webcasting figures. `band` is the licence band the station is heading
 * for: the period's total listening hours projected over a year
 * (TLH ÷ period days × 365), against {@link PPL_BANDS}.
 */
export interface PplReport {
  from: string;
  to: string;
  plays: number;
  hours: number;
  tracks_per_hour: number;
  total_listening_hours: number;
  streams: number;
  projected_annual_listening_hours: number;
  band: string;
}

/**
 * The bands of projected annual total listening hours the report names, lowest
 * first; the last band has no ceiling. The station checks its own licence's
 * figures: these are the UK small-webcaster tiers as the report prints them.
 */
export const PPL_BANDS: readonly { band: string; maxAnnualHours: number | null }[] = [
  { band: 'A', maxAnnualHours: 10_000 },
  { band: 'B', maxAnnualHours: 50_000 },
  { band: 'C', maxAnnualHours: 200_000 },
  { band: 'D', maxAnnualHours: null },
];

/** The band of a projected annual TLH. */
export function pplBand(annualHours: number): string {
  for (const b of PPL_BANDS) if (b.maxAnnualHours === null || annualHours <= b.maxAnnualHours) return b.band;
  return PPL_BANDS[PPL_BANDS.length - 1]!.band;
}

/** PPL territory report: streams per country and each country's share of them. */
export interface PplTerritoryReport {
  from: string;
  to: string;
  streams: number;
  territories: { country: string; streams: number; share: number }[];
}

/** PRS time-of-day bands (station time), hours [start, end). */
export const PRS_BANDS: readonly { band: string; start: number; end: number }[] = [
  { band: 'Overnight', start: 0, end: 6 },
  { band: 'Breakfast', start: 6, end: 10 },
  { band: 'Daytime', start: 10, end: 16 },
  { band: 'Drivetime', start: 16, end: 19 },
  { band: 'Evening', start: 19, end: 24 },
];

/** The PRS band of an hour of the day (0–23). */
export function prsBand(hour: number): string {
  return PRS_BANDS.find((b) => hour >= b.start && hour < b.end)?.band ?? PRS_BANDS[0]!.band;
}
