/** The neutral name a station has until its owner gives it one (first-run setup or General Settings). */
export const DEFAULT_STATION_NAME = 'Airdeck';

const none = null as string | null;

/**
 * What a fresh install has before its owner sets it up: a neutral name, this
 * server's stream and nothing else. No tagline, contact address, social link,
 * app, chat invite or donation account: an empty setting hides its part of the
 * listener site, so nothing made up is ever shown to listeners. The demo
 * station's details are seeded by the demo seed alone (server/src/db/seed/demo-station.ts).
 *
 * Zod-free and typed by its value (shared/station.ts re-exports it as a `StationInfo`, which checks it): the
 * listener's first load needs it, not the schema.
 */
export const DEFAULT_STATION = {
  name: DEFAULT_STATION_NAME,
  tagline: '',
  logoUrl: '/favicon.svg',
  streamUrl: '/api/stream',
  contactEmail: '',
  timezone: 'Europe/London',
  social: { chat: none, streaming: none, instagram: none, facebook: none, x: none },
  googlePlayUrl: none,
  chatInviteUrl: none,
  donation: { providerUrl: none, account: none, currency: 'GBP' as const },
  requestsOpen: true,
  /** No image host is approved until staff add one: images are then this site's own (uploads). */
  approvedImageHosts: [] as string[],
  singleDayLeave: false,
  /** Compliance mode (issue 34): none until the owner or a manager picks UK or US. */
  compliance_mode: 'none' as 'none' | 'uk' | 'us',
  /** English until the owner picks another default language; no other language offered for content (issue 35). */
  language: 'en' as 'en' | 'es' | 'fr' | 'de' | 'pt-BR' | 'ar',
  contentLanguages: [] as ('en' | 'es' | 'fr' | 'de' | 'pt-BR' | 'ar')[],
  taglineTranslations: {} as Partial<Record<'en' | 'es' | 'fr' | 'de' | 'pt-BR' | 'ar', string>>,
};
