import { z } from 'zod';
import { REQUEST_LIMITS, requiredText, optionalText } from './requests';

/**
 * The public song-request API (spec 001 §3, §5, §7): `GET|POST /song-request-api`,
 * also under `/api/public/`. These schemas validate requests on the server
 * and generate its part of the OpenAPI document.
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

/** Every error of the public APIs: the site-wide error shape plus `success: false` and `message`. */
export const PublicApiErrorSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  error: z.object({ code: z.string(), message: z.string(), details: z.record(z.string(), z.unknown()).optional() }),
});

/** The messages of the fairness rules, written once for the server and the docs. */
export const REQUEST_RULE_MESSAGES = {
  closed: 'Requests are closed',
  repeat: (minutes: number) => `This song was already requested in the last ${minutes} minutes. Please choose another song.`,
  tooMany: (seconds: number) => `Too many requests. Please wait ${seconds} seconds and try again.`,
  idempotencyMismatch: 'This Idempotency-Key was already used for a different request.',
  badIdempotencyKey: 'Idempotency-Key must be 8 to 128 letters, digits or the characters - _ . :',
} as const;

const json = (schema: z.ZodType, io: 'input' | 'output' = 'output'): Record<string, unknown> => {
  const { $schema, ...rest } = z.toJSONSchema(schema, { io, target: 'draft-2020-12' });
  void $schema;
  return rest;
};

const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: json(PublicApiErrorSchema) } } });

/**
 * The song-request API's OpenAPI 3.1 path items, generated from the schemas
 * above, for the document at `/api/openapi.json`. Both mount points are listed.
 */
export function songRequestApiOpenApiPaths(): Record<string, unknown> {
  const get = {
    summary: 'Search tracks for a song request',
    description:
      "`action=search` searches the station's track library (title, artist or album contains the query, case-insensitive). `action=spotify-search` searches Spotify by artist and/or title when the station has configured Spotify; otherwise it answers 503 `not_configured`.",
    parameters: [
      { name: 'action', in: 'query', required: true, schema: { type: 'string', enum: [...SONG_REQUEST_API_ACTIONS] } },
      { name: 'query', in: 'query', required: false, description: 'Required for action=search.', schema: { type: 'string', maxLength: REQUEST_LIMITS.searchQuery } },
      { name: 'artist', in: 'query', required: false, description: 'action=spotify-search: artist and/or title.', schema: { type: 'string', maxLength: REQUEST_LIMITS.artist } },
      { name: 'title', in: 'query', required: false, description: 'action=spotify-search: artist and/or title.', schema: { type: 'string', maxLength: REQUEST_LIMITS.title } },
      { name: 'limit', in: 'query', required: false, schema: { type: 'integer', minimum: 1, maximum: 50 } },
    ],
    responses: {
      '200': {
        description: 'Matching tracks',
        content: { 'application/json': { schema: { oneOf: [json(SongRequestApiSearchResponseSchema), json(SongRequestApiSpotifyResponseSchema)] } } },
      },
      '400': errorResponse('Missing or invalid parameters (the message names the problem).'),
      '429': errorResponse('Too many searches from this address; see Retry-After.'),
      '502': errorResponse('Spotify failed or answered something unexpected.'),
      '503': errorResponse('Spotify is not configured on this station, or is rate limiting it (see Retry-After).'),
    },
  };
  const post = {
    summary: 'Send a song request',
    description:
      "Creates a pending song request. Rules: requests must be open (`403 Requests are closed`); the same song (artist and title, ignoring case, accents and punctuation) is refused for a configurable interval after it was last requested (`409`); requests are limited per address and per session (`X-Session-Id`) (`429` with Retry-After). Send an `Idempotency-Key` header to retry safely: a repeated key returns the original request instead of creating another.",
    parameters: [
      { name: 'Idempotency-Key', in: 'header', required: false, schema: { type: 'string', pattern: '^[A-Za-z0-9_.:-]{8,128}$' } },
      { name: 'X-Session-Id', in: 'header', required: false, description: 'A stable anonymous id for the listener (counts toward the per-session limit).', schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{8,128}$' } },
    ],
    requestBody: { required: true, content: { 'application/json': { schema: json(SongRequestApiBodySchema, 'input') } } },
    responses: {
      '201': { description: 'The request was created (or, with a repeated Idempotency-Key, the original is returned).', content: { 'application/json': { schema: json(SongRequestApiResponseSchema) } } },
      '400': errorResponse('A field is missing or invalid (e.g. "Artist is required").'),
      '403': errorResponse('Requests are closed'),
      '409': errorResponse('The same song was requested recently, or the Idempotency-Key was used for a different request.'),
      '415': errorResponse('The body is not JSON.'),
      '429': errorResponse('Too many requests; see Retry-After.'),
    },
  };
  const item = { get: { ...get, tags: ['Song Requests'] }, post: { ...post, tags: ['Song Requests'] } };
  return { '/song-request-api': item, '/api/public/song-request-api': item };
}
