/**
 * Dead air's constants without zod (issue 33), so the listener player (in every page's first load) can
 * use them; shared/dead-air.ts re-exports them with the schemas.
 */

/** What can go wrong, worst first. */
export const INCIDENT_KINDS = ['off_air', 'live_silent', 'silence', 'stuck'] as const;
export type IncidentKind = (typeof INCIDENT_KINDS)[number];

/** The Uptime screen's ranges. */
export const UPTIME_RANGES = ['24h', '7d', '30d'] as const;
export type UptimeRange = (typeof UPTIME_RANGES)[number];
