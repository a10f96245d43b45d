import { z } from 'zod';
import { REQUEST_LIMITS, requiredText, optionalText } from './requests';

/**
 * The public song-request API (spec 001 §3, §5, §7): `GET|POST /song-request-api`,
 * also under `/api/public/`. These schemas validate requests on the server
 * (server/src/requests/routes.ts) and are the very objects the OpenAPI
 * document is generated from (server/src/docs/openapi.ts).
 */

/** `POST /song-request-api`: artist, title and requester required; message optional; request_type song or custom. */
export const SongRequestApiBodySchema = z.object({
  artist: requiredText('Artist', REQUEST_LIMITS.artist),
  title: requiredText('Title', REQUEST_LIMITS.title),
  requester: requiredText('Requester', REQUEST_LIMITS.requester),
  message: optionalText('Message', REQUEST_LIMITS.songMessage),
  request_type: z.enum(['song', 'custom'], { error: "Request type must be 'song' or 'custom'." }).default('song'),
});
export type SongRequestApiBody = z.input<typeof SongRequestApiBodySchema>;

/** The answer of a successful `POST /song-request-api` (spec 001 §3). */
export const SongRequestApiResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    request_id: z.uuid(),
    status: z.enum(['pending', 'approved', 'rejected', 'played']),
    submitted_at: z.iso.datetime({ offset: true }),
  }),
  message: z.string(),
});
export type SongRequestApiResponse = z.infer<typeof SongRequestApiResponseSchema>;

/** The actions `GET /song-request-api` knows. */
export const SONG_REQUEST_API_ACTIONS = ['search', 'spotify-search'] as const;
/** The message for a missing or unknown action. */
export const INVALID_ACTION_MESSAGE = "Invalid action. Use action=search or action=spotify-search.";

/** `GET /song-request-api?action=search&query=…`: the station's own track library. */
export const SongRequestApiSearchQuerySchema = z.object({
  action: z.literal('search'),
  query: requiredText('Query', REQUEST_LIMITS.searchQuery, 'The query parameter is required.'),
  limit: z.coerce.number({ error: 'The limit must be a number from 1 to 50.' }).int('The limit must be a number from 1 to 50.').min(1, 'The limit must be a number from 1 to 50.').max(50, 'The limit must be a number from 1 to 50.').default(20),
});

/** `GET /song-request-api?action=spotify-search&artist=…&title=…`: Spotify, when the station configured it. */
export const SongRequestApiSpotifyQuerySchema = z
  .object({
    action: z.literal('spotify-search'),
    artist: optionalText('Artist', REQUEST_LIMITS.artist),
    title: optionalText('Title', REQUEST_LIMITS.title),
    limit: z.coerce.number({ error: 'The limit must be a number from 1 to 50.' }).int('The limit must be a number from 1 to 50.').min(1, 'The limit must be a number from 1 to 50.').max(50, 'The limit must be a number from 1 to 50.').default(10),
  })
  .refine((q) => q.artist || q.title, { message: 'Give an artist or a title to search for.', path: ['title'] });

/**
 * Both actions of `GET /song-request-api`, for the document: the route picks
 * the schema by `action` (answering INVALID_ACTION_MESSAGE for any other) and
 * parses with exactly that option.
 */
export const SongRequestApiQuerySchema = z.discriminatedUnion('action', [SongRequestApiSearchQuerySchema, SongRequestApiSpotifyQuerySchema]);

const LibraryTrackSchema = z.object({ id: z.uuid(), title: z.string(), artist: z.string(), album: z.string(), artwork_url: z.string().nullable() });
const SpotifyTrackSchema = z.object({ id: z.string(), title: z.string(), artist: z.string(), album: z.string(), art: z.string().nullable(), link: z.string(), duration_ms: z.number().nullable() });

/** The answer of `action=search`. */
export const SongRequestApiSearchResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ tracks: z.array(LibraryTrackSchema), total: z.number().int() }),
  message: z.string(),
});

/** The answer of `action=spotify-search`. */
export const SongRequestApiSpotifyResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ tracks: z.array(SpotifyTrackSchema), total: z.number().int() }),
  message: z.string(),
});

/** The answer of `GET /song-request-api`: one of the two above, by action. */
export const SongRequestApiGetResponseSchema = z.union([SongRequestApiSearchResponseSchema, SongRequestApiSpotifyResponseSchema]);

/** Every error of the public APIs: the site-wide error shape plus `success: false` and `message`. */
export const PublicApiErrorSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  // `key`/`values`: the message's stable catalogue key and its values (shared/errors.ts ErrorBody).
  error: z.object({ code: z.string(), message: z.string(), key: z.string().optional(), values: z.record(z.string(), z.unknown()).optional(), details: z.record(z.string(), z.unknown()).optional() }),
});

/** A wait as people say it (issue 38 item 9: never "578 seconds"): "45 seconds", "1 minute", "10 minutes", rounded up. */
export function waitText(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return s === 1 ? '1 second' : `${s} seconds`;
  const m = Math.ceil(s / 60);
  return m === 1 ? '1 minute' : `${m} minutes`;
}

/** The messages of the fairness rules, written once for the server and the docs. */
export const REQUEST_RULE_MESSAGES = {
  closed: 'Requests are closed',
  repeat: (minutes: number) => `This song was already requested in the last ${minutes} minutes. Please choose another song.`,
  tooMany: (seconds: number) => `Too many requests. Please wait ${waitText(seconds)} and try again.`,
  idempotencyMismatch: 'This Idempotency-Key was already used for a different request.',
  badIdempotencyKey: 'Idempotency-Key must be 8 to 128 letters, digits or the characters - _ . :',
} as const;
