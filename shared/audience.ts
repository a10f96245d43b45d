import { z } from 'zod';

/**
 * Audience figures (issue 21): who is listening now, per show, per live
 * session and per presenter, as server and web agree on them. Listening hours
 * are listeners × time; an average is the mean of the minute averages of the
 * minutes with a reading. Changes are percentages (+25 means a quarter more).
 */

/** The ranges of the Audience screen. */
export const AUDIENCE_RANGES = ['24h', '7d', '30d'] as const;
export type AudienceRange = (typeof AUDIENCE_RANGES)[number];

/** Labels of the ranges, as the screen shows them. */
export const AUDIENCE_RANGE_LABELS: Record<AudienceRange, string> = { '24h': 'Last 24 hours', '7d': 'Last 7 days', '30d': 'Last 30 days' };

/** How long each range is, and the width of its chart buckets. */
export const AUDIENCE_RANGE_SPECS: Record<AudienceRange, { ms: number; bucketMinutes: number }> = {
  '24h': { ms: 24 * 3_600_000, bucketMinutes: 5 },
  '7d': { ms: 7 * 24 * 3_600_000, bucketMinutes: 30 },
  '30d': { ms: 30 * 24 * 3_600_000, bucketMinutes: 120 },
};

/** How many earlier episodes of the same show a show is compared with. */
export const PREVIOUS_EPISODES = 4;

/** Query of the Audience screen's reads. */
export const AudienceQuerySchema = z.object({
  range: z.enum(AUDIENCE_RANGES, { error: 'range must be 24h, 7d or 30d' }).default('7d'),
});
export type AudienceQuery = z.output<typeof AudienceQuerySchema>;

/** The presenter of GET /api/presenters/:id/audience. */
export const PresenterIdParamsSchema = z.object({ id: z.guid({ error: 'There is no such presenter.' }) });

/** Whether the reader sees the whole station or only their own shows. */
export type AudienceScope = 'all' | 'own';

/** One bucket of the line chart. `at` is epoch ms (the bucket's start). */
export interface AudiencePoint {
  at: number;
  average: number;
  peak: number;
}

/** A show shaded on the chart. Instants in epoch ms. */
export interface AudienceShowSpan {
  id: string;
  title: string;
  presenter_name: string | null;
  starts_at: number;
  ends_at: number;
}

/** GET /api/audience/series. */
export interface AudienceSeries {
  range: AudienceRange;
  scope: AudienceScope;
  from: number;
  to: number;
  bucket_minutes: number;
  points: AudiencePoint[];
  shows: AudienceShowSpan[];
}

/** One cell of the weekday × hour heat map: ISO weekday (1 = Monday … 7 = Sunday), hour 0–23 in station time. */
export interface AudienceHeatCell {
  weekday: number;
  hour: number;
  /** Average listeners, one decimal; `null` when there is no reading. */
  average: number | null;
}

/** GET /api/audience/heatmap. */
export interface AudienceHeatmap {
  range: AudienceRange;
  scope: AudienceScope;
  time_zone: string;
  cells: AudienceHeatCell[];
}

/** The figures of a span of air time. */
export interface AudienceFigures {
  /** Most listeners at once; `null` with no reading. */
  peak: number | null;
  /** Average listeners, one decimal; `null` with no reading. */
  average: number | null;
  /** Listeners × hours, two decimals. */
  listening_hours: number;
  /** Minutes with a reading. */
  minutes: number;
}

/** One scheduled show or live session with its figures. */
export interface ShowAudience extends AudienceFigures {
  kind: 'show' | 'session';
  id: string;
  /** The show's title; for a live session without a booking, "Live session: {presenter}" (English, as in the CSV). */
  title: string;
  /** False for a live session without a booking: the screen names it in the reader's language. */
  booked: boolean;
  presenter_id: string | null;
  presenter_name: string | null;
  starts_at: number;
  ends_at: number;
  /** Average of the same show's previous episodes (up to four) that have readings. */
  previous_average: number | null;
  previous_episodes: number;
  /** Percent change of the average against {@link previous_average}, one decimal. */
  change_vs_previous: number | null;
  /** The AutoDJ average of the same hours of the week. */
  autodj_average: number | null;
  /** Percent change of the average against {@link autodj_average}, one decimal. */
  change_vs_autodj: number | null;
}

/** One presenter over their shows in the range. */
export interface PresenterAudience extends AudienceFigures {
  presenter_id: string | null;
  presenter_name: string;
  shows: number;
  change_vs_previous: number | null;
  change_vs_autodj: number | null;
}

/** GET /api/audience/shows. */
export interface AudienceReport {
  range: AudienceRange;
  scope: AudienceScope;
  from: number;
  to: number;
  shows: ShowAudience[];
  sessions: ShowAudience[];
  presenters: PresenterAudience[];
}

/** GET /api/audience/now: the figure now and today's line (the dashboard's sparkline). */
export interface AudienceNow {
  current: number;
  at: number | null;
  today: AudiencePoint[];
}

/** General Settings switches: audience figures shown to the public (both off by default). */
export const AudienceVisibilitySchema = z.object({
  profiles: z.boolean({ error: 'profiles must be true or false' }),
  player: z.boolean({ error: 'player must be true or false' }),
});
export type AudienceVisibility = z.output<typeof AudienceVisibilitySchema>;

/** Average listeners per show of one presenter (DJs & Staff, the public DJ profile). */
export interface PresenterAverage {
  presenter_id: string;
  /** Average listeners per show over the last 90 days; `null` with no reading. */
  average: number | null;
  shows: number;
}

/** Percent change from `base` to `value`, one decimal; `null` when either is missing or the base is 0. */
export function percentChange(value: number | null, base: number | null): number | null {
  if (value === null || base === null || base <= 0) return null;
  return Math.round(((value - base) / base) * 1000) / 10;
}

/** A change as the screen writes it: "+12.5%", "−3%", "—". */
export function formatChange(change: number | null): string {
  if (change === null) return '—';
  if (change === 0) return '0%';
  return `${change > 0 ? '+' : '−'}${Math.abs(change)}%`;
}

/** The CSV columns of the per-show export, in order. */
export const AUDIENCE_CSV_COLUMNS = [
  'kind',
  'title',
  'presenter',
  'starts_at',
  'ends_at',
  'peak',
  'average',
  'listening_hours',
  'previous_average',
  'change_vs_previous_percent',
  'autodj_average',
  'change_vs_autodj_percent',
] as const;
