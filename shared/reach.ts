import { z } from 'zod';

/**
 * Follow a show without an account (issue 36): the browser's standard
 * `PushSubscription` JSON (`subscription.toJSON()`), nothing personal.
 */
/** The bytes of a base64url text (browser and Node alike: no Buffer). */
function fromBase64url(v: string): Uint8Array {
  const b64 = v.replace(/=+$/, '').replace(/-/g, '+').replace(/_/g, '/');
  const bin = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  return Uint8Array.from(bin, (ch) => ch.charCodeAt(0));
}

const base64url = (bytes: number, what: string) =>
  z
    .string({ error: `${what} is required` })
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, `${what} must be base64url`)
    .refine((v) => fromBase64url(v).length === bytes, `${what} must be ${bytes} bytes`);

export const PushSubscriptionSchema = z.object({
  endpoint: z.url({ protocol: /^https?$/, error: 'endpoint must be a push service URL' }).max(2048),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    /** The browser's P-256 public key, uncompressed (65 bytes). */
    p256dh: base64url(65, 'keys.p256dh').refine((v) => fromBase64url(v)[0] === 4, 'keys.p256dh must be an uncompressed P-256 point'),
    /** The 16-byte authentication secret. */
    auth: base64url(16, 'keys.auth'),
  }),
});

export const FollowInputSchema = z.object({
  show_id: z.uuid({ error: 'show_id must be a show id' }),
  subscription: PushSubscriptionSchema,
});
export type FollowInput = z.output<typeof FollowInputSchema>;

export const UnfollowInputSchema = z.object({
  endpoint: z.url({ protocol: /^https?$/, error: 'endpoint must be a push service URL' }).max(2048),
  /** One show; without it, every show this browser follows. */
  show_id: z.uuid({ error: 'show_id must be a show id' }).optional(),
});

/** What a "live now" notification carries (the service worker shows it and opens `url`). */
export interface LiveNotificationPayload {
  type: 'show.live';
  show_id: string;
  title: string;
  body: string;
  url: string;
}

/** GET /api/follows/counts (staff): followers per show. */
export interface FollowerCount {
  show_id: string;
  title: string;
  followers: number;
}
