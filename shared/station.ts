import { z } from 'zod';

/**
 * The station's identity as the listener site and the studio show it: name,
 * logo, stream, contact and social links, app and donation settings. Stored
 * in station_settings, edited in General Settings, never hard-coded in the UI.
 */
export const StationInfoSchema = z.object({
  name: z.string().min(1).max(80),
  tagline: z.string().max(160),
  logoUrl: z.string().max(500),
  streamUrl: z.string().max(500),
  contactEmail: z.email(),
  timezone: z.string(),
  social: z.object({
    chat: z.string().max(500).nullable(),
    streaming: z.string().max(500).nullable(),
    instagram: z.string().max(500).nullable(),
    facebook: z.string().max(500).nullable(),
    x: z.string().max(500).nullable(),
  }),
  googlePlayUrl: z.string().max(500).nullable(),
  chatInviteUrl: z.string().max(500).nullable(),
  donation: z.object({
    providerUrl: z.string().max(500).nullable(),
    account: z.string().max(200).nullable(),
    currency: z.literal('GBP'),
  }),
  requestsOpen: z.boolean(),
});
export type StationInfo = z.infer<typeof StationInfoSchema>;

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
