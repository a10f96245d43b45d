import { z } from 'zod';
import { LOA_STATUSES } from './leave';

/**
 * Listener requests (song, shoutout, general inquiry): the schemas the web
 * forms and the server share, so every limit and message is written once.
 * Messages follow spec 000 §5 and §8 where the spec names one.
 */

/** PostgreSQL refuses NUL in text; every text field refuses it with a 400. */
const hasNoNul = (v: string) => !v.includes('\u0000');

/**
 * A trimmed, required text field with a maximum length. `required` is the
 * message for a missing or blank value (the spec's words where it has them).
 */
export function requiredText(label: string, max: number, required = `${label} is required`) {
  return z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(max, `${label} must be at most ${max} characters.`)
    .refine(hasNoNul, `${label} contains characters that are not allowed.`);
}

/** An optional trimmed text field: blank becomes undefined. */
export function optionalText(label: string, max: number) {
  return z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(max, `${label} must be at most ${max} characters.`)
    .refine(hasNoNul, `${label} contains characters that are not allowed.`)
    .optional()
    .nullable()
    .transform((v) => (v ? v : undefined));
}

/** The browser's anonymous session id for requests: `session_` plus random letters (spec 000 §3). */
export const SESSION_ID_RE = /^[A-Za-z0-9_-]{8,128}$/;
/** The `user_session` field every listener request carries. */
export const SessionIdSchema = z.string({ error: 'A session id is required.' }).regex(SESSION_ID_RE, 'The session id is not valid.');

/** Field limits of listener requests (the database checks the same). */
export const REQUEST_LIMITS = {
  title: 200,
  artist: 200,
  requester: 100,
  songMessage: 500,
  recipient: 100,
  shoutoutMessage: 1000,
  name: 100,
  email: 320,
  generalMessage: 5000,
  searchQuery: 100,
} as const;

/** Shoutout guidance (spec 000 §9): under 250 characters is advised, never enforced. */
export const SHOUTOUT_GUIDANCE_CHARS = 250;

/** A Spotify track link a listener picked from the results, appended to the message. */
export const SPOTIFY_TRACK_URL_RE = /^https:\/\/open\.spotify\.com\/(intl-[a-z]{2}\/)?track\/[A-Za-z0-9]{10,40}(\?[A-Za-z0-9=&_.-]{0,120})?$/;

/** The website's song request (`POST /api/requests/song`). */
export const SongRequestInputSchema = z.object({
  title: requiredText('Song title', REQUEST_LIMITS.title, 'Please enter both song title and artist'),
  artist: requiredText('Artist', REQUEST_LIMITS.artist, 'Please enter both song title and artist'),
  requester: requiredText('Name', REQUEST_LIMITS.requester, 'Please enter your name'),
  message: optionalText('Message', REQUEST_LIMITS.songMessage),
  request_type: z.enum(['song', 'custom'], { error: "Request type must be 'song' or 'custom'." }).default('song'),
  track_id: z.uuid('The chosen track is not valid.').optional().nullable().transform((v) => v ?? undefined),
  spotify_url: z
    .string()
    .max(300, 'The Spotify link is too long.')
    .regex(SPOTIFY_TRACK_URL_RE, 'The Spotify link must be an open.spotify.com track link.')
    .optional()
    .nullable()
    .transform((v) => v ?? undefined),
  user_session: SessionIdSchema,
});
export type SongRequestInput = z.input<typeof SongRequestInputSchema>;

/** The website's shoutout request (`POST /api/requests/shoutout`). */
export const ShoutoutRequestInputSchema = z.object({
  requester_name: requiredText('Your name', REQUEST_LIMITS.requester, 'Please enter your name'),
  recipient_name: requiredText('Recipient', REQUEST_LIMITS.recipient, 'Please enter who the shoutout is for'),
  message: requiredText('Message', REQUEST_LIMITS.shoutoutMessage, 'Please enter your shoutout message'),
  user_session: SessionIdSchema,
});
export type ShoutoutRequestInput = z.input<typeof ShoutoutRequestInputSchema>;

/** The general inquiry subjects, value then label (spec 000 §5). */
export const GENERAL_SUBJECTS = [
  { value: 'general', label: 'General Inquiry' },
  { value: 'feedback', label: 'Feedback' },
  { value: 'technical', label: 'Technical Issue' },
  { value: 'advertising', label: 'Advertising' },
  { value: 'other', label: 'Other' },
] as const;
export type GeneralSubject = (typeof GENERAL_SUBJECTS)[number]['value'];
const SUBJECT_VALUES = GENERAL_SUBJECTS.map((s) => s.value) as [GeneralSubject, ...GeneralSubject[]];

/** The general inquiry form (`POST /api/requests/general`). */
export const GeneralRequestInputSchema = z.object({
  name: requiredText('Name', REQUEST_LIMITS.name, 'Please enter your name'),
  email: z
    .string({ error: 'Please enter a valid email address.' })
    .trim()
    .max(REQUEST_LIMITS.email, `Email must be at most ${REQUEST_LIMITS.email} characters.`)
    .pipe(z.email('Please enter a valid email address.')),
  subject: z.enum(SUBJECT_VALUES, { error: 'Please choose a subject.' }),
  message: requiredText('Message', REQUEST_LIMITS.generalMessage, 'Please enter your message'),
  user_session: SessionIdSchema,
});
export type GeneralRequestInput = z.input<typeof GeneralRequestInputSchema>;

/** What listeners can write to the station about (spec 000 §2). */
export const CONTACT_TOPICS = [
  'General feedback about the station',
  'Technical issues with the stream',
  'Advertising opportunities',
  'Partnership inquiries',
  'Event collaboration requests',
  'Music submission guidelines',
  'Community suggestions',
  'Any other questions',
] as const;

/** The local track search (`GET /api/tracks/search?q=`): search requires non-empty text. */
export const TrackSearchQuerySchema = z.object({
  q: requiredText('Search', REQUEST_LIMITS.searchQuery, 'Please enter something to search for.'),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});

/** A track of the station's library as search results show it. */
export interface LibraryTrack {
  id: string;
  title: string;
  artist: string;
  album: string;
  artwork_url: string | null;
}

/** A Spotify search result: title, artist, album, art and link (issue 8 §1). */
export interface SpotifyTrack {
  id: string;
  title: string;
  artist: string;
  album: string;
  art: string | null;
  link: string;
  duration_ms: number | null;
}

/** Request statuses (spec 001 §4). */
export const SONG_REQUEST_STATUSES = ['pending', 'approved', 'rejected', 'played'] as const;
export const SHOUTOUT_REQUEST_STATUSES = ['pending', 'approved', 'rejected', 'completed'] as const;
export const GENERAL_REQUEST_STATUSES = ['pending', 'responded', 'closed', 'archived'] as const;

/** A song request as the API presents it (never the row as stored). */
export interface SongRequestView {
  id: string;
  title: string;
  artist: string;
  requester: string;
  message: string | null;
  status: (typeof SONG_REQUEST_STATUSES)[number];
  request_type: 'song' | 'custom';
  source: 'website' | 'api';
  track_id: string | null;
  external_url: string | null;
  created_at: string;
  updated_at: string;
}

/** A shoutout request as the API presents it. */
export interface ShoutoutRequestView {
  id: string;
  requester_name: string;
  recipient_name: string;
  message: string;
  status: (typeof SHOUTOUT_REQUEST_STATUSES)[number];
  created_at: string;
  updated_at: string;
}

/** A general inquiry as the API presents it. */
export interface GeneralRequestView {
  id: string;
  name: string;
  email: string;
  subject: GeneralSubject;
  message: string;
  status: (typeof GENERAL_REQUEST_STATUSES)[number];
  created_at: string;
  updated_at: string;
}

/** The realtime event a new request publishes on the staff `requests` channel. */
export type RequestCreatedEvent =
  | { kind: 'song'; request: SongRequestView }
  | { kind: 'shoutout'; request: ShoutoutRequestView }
  | { kind: 'general'; request: GeneralRequestView };

/** The `Idempotency-Key` header a client may send so a retried POST never creates a duplicate. */
export const IDEMPOTENCY_KEY_RE = /^[A-Za-z0-9_.:-]{8,128}$/;

/** Normalises a song for the repeat rule: case, accents, punctuation and spacing do not make a new song. */
export function songKey(artist: string, title: string): string {
  const norm = (s: string) =>
    s
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/&/g, ' and ')
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim();
  return `${norm(artist)}|${norm(title)}`;
}

/** Events of the staff `requests` channel: open queues add, change or drop a row. */
export interface RequestsChannelEvents {
  'request.created': RequestCreatedEvent;
  'request.updated': RequestUpdatedEvent;
  'request.deleted': RequestDeletedEvent;
}

const RequestKindField = z.enum(['song', 'shoutout', 'general', 'loa']);
/** The schemas of the `requests` channel's events. */
export const REQUEST_EVENT_SCHEMAS = {
  requests: {
    'request.created': z.object({ kind: RequestKindField, request: z.object({ id: z.string() }).loose() }).loose() as unknown as z.ZodType<RequestCreatedEvent>,
    'request.updated': z.union([z.object({ kind: RequestKindField, request: z.object({ id: z.string() }).loose() }).loose(), z.object({ kind: z.literal('loa'), id: z.string() })]) as unknown as z.ZodType<RequestUpdatedEvent>,
    'request.deleted': z.object({ kind: RequestKindField, id: z.string() }) as unknown as z.ZodType<RequestDeletedEvent>,
  },
} as const;

// ---------------------------------------------------------------------------
// The staff queues (song, shoutout, general; LOA's queue is shared/leave.ts's statuses)
// ---------------------------------------------------------------------------

/** The three listener request queues (`/api/requests/{kind}`). */
export const REQUEST_KINDS = ['song', 'shoutout', 'general'] as const;
export type RequestKind = (typeof REQUEST_KINDS)[number];
/** Every queue, LOA included. */
export type QueueKind = RequestKind | 'loa';


/** Each queue's own statuses, in the order the filter and the dropdown offer them. */
export const QUEUE_STATUSES = {
  song: SONG_REQUEST_STATUSES,
  shoutout: SHOUTOUT_REQUEST_STATUSES,
  general: GENERAL_REQUEST_STATUSES,
  loa: LOA_STATUSES,
} as const satisfies Record<QueueKind, readonly string[]>;

/** The request row of each listener queue. */
export interface RequestViews {
  song: SongRequestView;
  shoutout: ShoutoutRequestView;
  general: GeneralRequestView;
}
export type AnyRequestView = SongRequestView | ShoutoutRequestView | GeneralRequestView;

/** The spec's request and LOA texts (001 §6, §8). */
export const QUEUE_TEXTS = {
  statusDenied: { title: 'Access Denied', description: "You don't have permission to change request status." },
  noAccess: 'No access',
  deleteDenied: "You don't have permission to delete requests.",
  loadErrorTitle: 'Error Loading Requests',
  loadErrorPanel: (label: string) => `Error loading ${label} requests. Please refresh the page.`,
  loaLoadError: 'Failed to load LOA requests. Please try again.',
  loaLoadErrorPanel: 'Error loading LOA requests. Please refresh the page.',
  statusUpdated: 'Status Updated',
  statusUpdatedText: (status: string) => `Request status changed to ${status}.`,
  loaStatusUpdatedText: (status: string) => `LOA request status changed to ${status}.`,
  updateFailed: 'Update Failed',
  updateForbidden: 'You do not have permission to update this request.',
  updateNotFound: 'Request not found or no changes made.',
  updateFallback: 'Failed to update request status',
  deleteFailed: 'Delete Failed',
  deleteForbidden: 'You do not have permission to delete this request. Please contact an administrator.',
  deleteVerifyFailed: 'Failed to verify record exists',
  deleteNotFound: 'Record not found',
  deleteFallback: 'Failed to delete the request',
  deleted: 'Request Deleted',
  deleteConfirm: 'Are you sure you want to delete this request? This action cannot be undone.',
  loaDeleteConfirm: 'Are you sure you want to delete this LOA request?',
  empty: { song: 'No song requests found.', shoutout: 'No shoutout requests found.', general: 'No general requests found.', loa: 'No LOA requests found.' } satisfies Record<QueueKind, string>,
  noNotes: 'No additional notes',
} as const;

/** `PATCH /api/requests/{kind}/:id` and `PATCH /api/loa/:id`: the new status, checked against the queue's own list. */
export function statusSchema(kind: QueueKind) {
  const statuses = QUEUE_STATUSES[kind] as unknown as [string, ...string[]];
  return z.object({ status: z.enum(statuses, { error: `Status must be one of: ${statuses.join(', ')}.` }) });
}

/** The most requests one bulk action may name (issue 30: bulk actions in the request queues). */
export const QUEUE_BULK_MAX = 100;

/**
 * A bulk action on a listener queue (`POST /api/requests/{kind}/bulk`): every named request set to one status, or
 * deleted. Each is changed as one PATCH or DELETE would (audited, pushed to open queues, the listener told).
 */
export function bulkActionSchema(kind: QueueKind) {
  const statuses = QUEUE_STATUSES[kind] as unknown as [string, ...string[]];
  const ids = z
    .array(z.uuid('Each id must be a request id.'), { error: 'ids must be a list of request ids.' })
    .min(1, 'Choose at least one request.')
    .max(QUEUE_BULK_MAX, `Choose at most ${QUEUE_BULK_MAX} requests at once.`);
  return z.discriminatedUnion(
    'action',
    [
      z.object({ action: z.literal('status'), ids, status: z.enum(statuses, { error: `Status must be one of: ${statuses.join(', ')}.` }) }),
      z.object({ action: z.literal('delete'), ids }),
    ],
    { error: 'action must be status or delete.' },
  );
}

/** What a bulk action answers: the requests it changed and those it did not find (deleted meanwhile). */
export interface BulkActionResult {
  done: string[];
  missing: string[];
}

/** The most rows one queue listing returns (newest first). */
export const QUEUE_LIST_LIMIT = 500;

/**
 * `?status=&limit=` of a queue listing: one of the queue's statuses (all when
 * absent or 'all'), and at most `limit` rows (default and maximum 500; the
 * dashboard asks for 3).
 */
export function statusFilterSchema(kind: QueueKind) {
  const statuses = QUEUE_STATUSES[kind] as unknown as [string, ...string[]];
  return z.object({
    status: z
      .union([z.literal('all'), z.enum(statuses)], { error: `Status must be all or one of: ${statuses.join(', ')}.` })
      .optional()
      .transform((v) => (v === 'all' ? undefined : v)),
    limit: z.coerce.number({ error: `Limit must be a whole number from 1 to ${QUEUE_LIST_LIMIT}.` }).int(`Limit must be a whole number from 1 to ${QUEUE_LIST_LIMIT}.`).min(1, `Limit must be a whole number from 1 to ${QUEUE_LIST_LIMIT}.`).max(QUEUE_LIST_LIMIT, `Limit must be a whole number from 1 to ${QUEUE_LIST_LIMIT}.`).default(QUEUE_LIST_LIMIT),
  });
}

/** The realtime events of the staff `requests` channel beyond `request.created`. */
export type RequestUpdatedEvent = { kind: RequestKind; request: AnyRequestView } | { kind: 'loa'; id: string };
export type RequestDeletedEvent = { kind: QueueKind; id: string };
