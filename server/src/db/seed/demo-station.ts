import type { Knex } from 'knex';
import type { StationInfo } from '../../../../shared/station';

/**
 * The demo station's identity: made-up name, links, app and donation account.
 * Only the demo seed writes it into station_settings; a real install
 * (SEED_DEMO=false) never shows any of it (shared/station-defaults.ts has the
 * blank defaults).
 */
export const DEMO_STATION: StationInfo = {
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
  approvedImageHosts: [],
  singleDayLeave: false,
  compliance_mode: 'none',
  language: 'en',
  contentLanguages: [],
  taglineTranslations: {},
};

/**
 * The settings the demo seed stores: the demo's identity, marked as the demo
 * and as set up (the owner is not sent to the first-run setup). The stream and
 * time zone are left to configuration (STREAM_URL, STATION_TIMEZONE), as before.
 */
export function demoStationSettings(): Record<string, unknown> {
  const { streamUrl: _stream, timezone: _zone, ...identity } = DEMO_STATION;
  return { ...identity, demo: true, setupCompleted: true };
}

/**
 * A demo database seeded before the demo's details moved out of the defaults
 * holds only `{ demo: true }`: give it the demo's details, so it looks as it
 * did. Anything else is left alone.
 */
export async function upgradeDemoSettings(knex: Knex): Promise<void> {
  const row = await knex('station_settings').where({ id: 1 }).first<{ settings: Record<string, unknown> } | undefined>('settings');
  const saved = row?.settings ?? {};
  if (saved.demo !== true || 'name' in saved) return;
  await knex('station_settings').where({ id: 1 }).update({ settings: JSON.stringify({ ...demoStationSettings(), ...saved }) });
}
