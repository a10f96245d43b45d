import type { StationInfo } from './station';

/** The neutral name a station has until its owner gives it one (first-run setup or General Settings). */
export const DEFAULT_STATION_NAME = 'Airdeck';

/**
 * What a fresh install has before its owner sets it up: a neutral name, this
 * server's stream and nothing else. No tagline, contact address, social link,
 * app, chat invite or donation account: an empty setting hides its part of the
 * listener site, so nothing made up is ever shown to listeners. The demo
 * station's details are seeded by the demo seed alone (server/src/db/seed/demo-station.ts).
 */
export const DEFAULT_STATION: StationInfo = {
  name: DEFAULT_STATION_NAME,
  tagline: '',
  logoUrl: '/favicon.svg',
  streamUrl: '/api/stream',
  contactEmail: '',
  timezone: 'Europe/London',
  social: { chat: null, streaming: null, instagram: null, facebook: null, x: null },
  googlePlayUrl: null,
  chatInviteUrl: null,
  donation: { providerUrl: null, account: null, currency: 'GBP' },
  requestsOpen: true,
};
