/**
 * What a fresh install shows until General Settings are saved. Zod-free and typed by its value (shared/station.ts
 * re-exports it as a `StationInfo`, which checks it): the listener's first load needs it, not the schema.
 */
export const DEFAULT_STATION = {
  name: 'Airdeck Radio',
  tagline: 'Community radio from the UK to the world',
  logoUrl: '/favicon.svg',
  streamUrl: '/api/stream',
  contactEmail: 'hello@airdeck.example',
  timezone: 'Europe/London',
  social: {
    chat: 'https://discord.gg/airdeck-demo',
    streaming: 'https://www.mixcloud.com/airdeck-demo/',
    instagram: 'https://instagram.com/airdeck.demo',
    facebook: 'https://facebook.com/airdeck.demo',
    x: 'https://x.com/airdeck_demo',
  },
  googlePlayUrl: 'https://play.google.com/store/apps/details?id=example.airdeck.radio',
  chatInviteUrl: 'https://discord.gg/airdeck-demo',
  donation: { providerUrl: 'https://www.paypal.com/donate', account: 'donations@airdeck.example', currency: 'GBP' as const },
  requestsOpen: true,
};
