import { z } from 'zod';

/**
 * External services as the UI and the server agree on them: music links,
 * Discord sign-in for applicants, and the outgoing Discord webhooks.
 */

/** One link to a song on a streaming or shop platform (spec 001 §7 music-search). */
export interface MusicLink {
  type: 'stream' | 'purchase';
  platform: string;
  url: string;
}

/** The answer of `GET /api/music-links`. */
export interface MusicLinksResponse {
  links: MusicLink[];
  /** The aggregator's own page for the song, when it has one. */
  pageUrl: string | null;
}

/** The staff music-link lookup: by title and artist, optionally from a link the listener picked. */
export const MusicLinksQuerySchema = z.object({
  title: z.string({ error: 'Title is required' }).trim().min(1, 'Title is required').max(200, 'Title must be at most 200 characters.').refine((v) => !v.includes('\u0000'), 'Title contains characters that are not allowed.'),
  artist: z.string({ error: 'Artist is required' }).trim().min(1, 'Artist is required').max(200, 'Artist must be at most 200 characters.').refine((v) => !v.includes('\u0000'), 'Artist contains characters that are not allowed.'),
  url: z
    .string()
    .max(500)
    .regex(/^https:\/\/[^\s]+$/, 'The song link must start with https://.')
    .optional()
    .transform((v) => v || undefined),
});

/** The spec's texts for the music-link lookup (001 §8). */
export const MUSIC_LINK_TEXTS = {
  noLinks: { title: 'No Links Found', description: 'Could not find streaming or purchase links for this song.' },
  failed: { title: 'Search Failed', description: 'Failed to search for music links. Please try again.' },
  opening: { title: 'Opening Link' },
  empty: 'No links found',
} as const;

/** `POST /api/discord/callback`: the code and state Discord sent back. */
export const DiscordCallbackInputSchema = z.object({
  code: z.string({ error: 'Invalid callback parameters from Discord.' }).min(1, 'Invalid callback parameters from Discord.').max(512, 'Invalid callback parameters from Discord.').regex(/^[A-Za-z0-9._~-]+$/, 'Invalid callback parameters from Discord.'),
  state: z.string({ error: 'Invalid callback parameters from Discord.' }).min(1, 'Invalid callback parameters from Discord.').max(256, 'Invalid callback parameters from Discord.').regex(/^[A-Za-z0-9_-]+$/, 'Invalid callback parameters from Discord.'),
});

/** The answer of `GET /api/discord/authorize`: where to send the browser. */
export interface DiscordAuthorizeResponse {
  url: string;
}

/** The answer of `POST /api/discord/callback` (spec 001 §7 discord-oauth: success, user{username}). */
export interface DiscordCallbackResponse {
  success: true;
  user: { username: string };
}

/** The texts of the /discord-callback page (001 §2). */
export const DISCORD_CALLBACK_TEXTS = {
  title: 'Discord Connection',
  loading: 'Connecting your Discord account...',
  success: 'Discord account connected successfully!',
  successToast: { title: 'Discord Connected', description: 'Your Discord account has been linked to your application.' },
  invalid: 'Invalid callback parameters from Discord.',
  authFailedToast: 'Discord Authentication Failed',
  failed: 'Failed to connect Discord account. Please try again.',
  failedToast: 'Connection Failed',
  successDelayMs: 2000,
  failureDelayMs: 3000,
} as const;

/** The events staff can point a webhook at. */
export const WEBHOOK_EVENTS = [
  { id: 'presenter.live', label: 'Presenter goes live', description: 'A presenter starts broadcasting.' },
  { id: 'show.booked', label: 'New show booked', description: 'A show or event is booked on the schedule.' },
  { id: 'application.received', label: 'New presenter application', description: 'Someone applies on the Become a DJ page.' },
  { id: 'station.dead_air', label: 'Dead air', description: 'The station goes silent, off air or stuck, and recovers (after the escalation delay).' },
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number]['id'];
const EVENT_IDS = WEBHOOK_EVENTS.map((e) => e.id) as [WebhookEvent, ...WebhookEvent[]];

/** A Discord webhook URL as Discord shows it: https://discord.com/api/webhooks/{id}/{token}. */
export const DISCORD_WEBHOOK_URL_RE = /^https:\/\/(?:(?:ptb|canary)\.)?discord(?:app)?\.com\/api(?:\/v\d{1,2})?\/webhooks\/(\d{5,25})\/([A-Za-z0-9_-]{20,200})\/?$/;

/** Adding a webhook: a name, a Discord webhook URL and at least one event. */
export const WebhookCreateSchema = z.object({
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(100, 'Name must be at most 100 characters.').refine((v) => !v.includes('\u0000'), 'Name contains characters that are not allowed.'),
  url: z.string({ error: 'Webhook URL is required' }).trim().max(400, 'The webhook URL is too long.').regex(DISCORD_WEBHOOK_URL_RE, 'Enter a Discord webhook URL (https://discord.com/api/webhooks/…).'),
  events: z.array(z.enum(EVENT_IDS, { error: 'Unknown event.' }), { error: 'Choose at least one event.' }).min(1, 'Choose at least one event.').max(EVENT_IDS.length).transform((v) => [...new Set(v)]),
  active: z.boolean().default(true),
});
export type WebhookCreateInput = z.input<typeof WebhookCreateSchema>;

/** Changing a webhook: its name, events or whether it is active. */
export const WebhookUpdateSchema = z
  .object({
    name: WebhookCreateSchema.shape.name.optional(),
    events: WebhookCreateSchema.shape.events.optional(),
    active: z.boolean().optional(),
  })
  .refine((v) => v.name !== undefined || v.events !== undefined || v.active !== undefined, 'Nothing to change.');

/** A webhook as the staff screen shows it (the token is never sent back). */
export interface WebhookEndpointView {
  id: string;
  name: string;
  url_masked: string;
  events: WebhookEvent[];
  active: boolean;
  created_at: string;
  updated_at: string;
}

/** One delivery of an event to a webhook, with its outcome. */
export interface WebhookDeliveryView {
  id: string;
  endpoint_id: string;
  endpoint_name: string;
  event: WebhookEvent | 'test';
  status: 'pending' | 'succeeded' | 'failed';
  attempts: number;
  last_status_code: number | null;
  last_error: string | null;
  next_attempt_at: string | null;
  created_at: string;
  delivered_at: string | null;
}
