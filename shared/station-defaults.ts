import type { StationInfo } from './station';

/** What a fresh install shows until General Settings are saved. */
export const DEFAULT_STATION: StationInfo = {
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
  donation: { providerUrl: 'https://www.paypal.com/donate', account: 'donations@airdeck.example', currency: 'GBP' },
  requestsOpen: true,
};
