/**
 * Privacy (issue 37): the retention periods and analytics level the owner
 * sets, written once for the server and the forms.
 */
import { z } from 'zod';

const days = z.coerce.number().int().min(1).max(3650);
const policyText = z
  .string()
  .trim()
  .max(5000, 'At most 5000 characters.')
  .refine((s) => !s.includes('\u0000'), 'The text contains characters that are not allowed.')
  .transform((s) => (s === '' ? null : s))
  .nullable();

/** PUT /api/privacy/settings: any of the periods (days) and the analytics level. */
export const PrivacySettingsSchema = z
  .object({
    analytics_level: z.enum(['full', 'hashed', 'none']),
    request_days: days,
    vote_days: days,
    page_view_days: days,
    inquiry_days: days,
    application_days: days,
    failed_signin_days: days,
    audit_days: days,
    email_days: days,
    // The Privacy Policy's own words (issue 37 item 3): plain text, paragraphs split by blank lines; empty = standard text.
    policy_intro: policyText,
    policy_extra: policyText,
  })
  .partial();

/** GET /api/privacy/settings. */
export interface PrivacySettingsView {
  analytics_level: 'full' | 'hashed' | 'none';
  request_days: number;
  vote_days: number;
  page_view_days: number;
  inquiry_days: number;
  application_days: number;
  failed_signin_days: number;
  audit_days: number;
  email_days: number;
  /** The owner's introduction to the Privacy Policy, or null for the standard one. */
  policy_intro: string | null;
  /** The owner's further text, shown after the generated sections, or null. */
  policy_extra: string | null;
}

// ------------------------------------------------ a person's data (issue 37 item 2)

/** A browser's anonymous session id (the request id `session_…` or the voting id): the same rule as requests. */
const SessionId = z.string({ error: 'A session id is required.' }).regex(/^[A-Za-z0-9_-]{8,128}$/, 'The session id is not valid.');

/**
 * `GET /api/my-data?session_id=…` (repeatable) and `DELETE /api/my-data` with `{ session_id }`: one id, or the
 * browser's two (its request id and its voting id), at most four; and/or `push_endpoint`, the browser's push
 * subscription (its follows of shows).
 */
export const MyDataQuerySchema = z
  .object({
    session_id: z
      .union([SessionId, z.array(SessionId).max(4, 'At most 4 session ids.')])
      .optional()
      .transform((v) => [...new Set(v === undefined ? [] : Array.isArray(v) ? v : [v])]),
    /** The browser's own push subscription endpoint (issue 36's follows), which only that browser knows. */
    push_endpoint: z.url({ protocol: /^https?$/, error: 'push_endpoint must be a push service URL.' }).max(2048).optional(),
  })
  .refine((v) => v.session_id.length > 0 || v.push_endpoint !== undefined, { message: 'A session id is required.', path: ['session_id'] });

/** One request as the "Your data" page and a staff export show it. */
export interface HeldSongRequest {
  id: string;
  title: string;
  artist: string;
  requester: string;
  message: string | null;
  status: string;
  created_at: string;
}
export interface HeldShoutoutRequest {
  id: string;
  requester_name: string;
  recipient_name: string;
  message: string;
  status: string;
  created_at: string;
}
export interface HeldGeneralRequest {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  status: string;
  created_at: string;
}

/** What the station holds for a browser: its requests, votes, page views and rate-limit counters. */
export interface MyDataView {
  song_requests: HeldSongRequest[];
  shoutout_requests: HeldShoutoutRequest[];
  general_requests: HeldGeneralRequest[];
  track_votes: { title: string; artist: string; vote_type: string; created_at: string }[];
  page_views: { slug: string; title: string; view_date: string }[];
  rate_limit_counters: number;
  /** The shows this browser's push subscription follows (when the browser named its endpoint). */
  push_follows: { show_id: string; title: string }[];
}

/** What a deletion removed, per kind. */
export interface MyDataRemoved {
  song_requests: number;
  shoutout_requests: number;
  general_requests: number;
  track_votes: number;
  page_views: number;
  rate_limit_counters: number;
  notifications: number;
  /** Audit entries that named the person and no longer do. */
  audit_entries: number;
  /** This browser's push subscription's follows (issue 36's "follow a show"), when the browser named its endpoint. */
  push_follows: number;
}

/** `GET /api/privacy/subjects?q=`: staff find a person by name, e-mail or Discord handle. */
export const SubjectQuerySchema = z.object({
  q: z
    .string({ error: 'Type a name, e-mail or Discord handle.' })
    .trim()
    .min(2, 'Type at least 2 characters.')
    .max(320, 'At most 320 characters.')
    .refine((s) => !s.includes('\u0000'), 'The search contains characters that are not allowed.'),
});

/** One presenter application as a data-subject search shows it (the export carries the whole application). */
export interface HeldApplication {
  id: string;
  name: string;
  email: string;
  discord_username: string | null;
  status: string;
  created_at: string;
  experience?: string;
  show_idea?: string;
  available_times?: string[];
}

/** What the station holds that names a person. */
export interface SubjectDataView {
  q: string;
  song_requests: HeldSongRequest[];
  shoutout_requests: HeldShoutoutRequest[];
  general_requests: HeldGeneralRequest[];
  presenter_applications: HeldApplication[];
}

const ids = z.array(z.uuid('Not a valid id.')).max(500, 'At most 500 records at once.').default([]);

/** `POST /api/privacy/subjects/erase`: the records to erase (from a search) and the reason, which is logged. */
export const SubjectEraseSchema = z
  .object({
    reason: z
      .string({ error: 'Give the reason for the erasure.' })
      .trim()
      .min(3, 'Give the reason for the erasure.')
      .max(500, 'The reason must be at most 500 characters.')
      .refine((s) => !s.includes('\u0000'), 'The reason contains characters that are not allowed.'),
    song_requests: ids,
    shoutout_requests: ids,
    general_requests: ids,
    presenter_applications: ids,
  })
  .refine((v) => v.song_requests.length + v.shoutout_requests.length + v.general_requests.length + v.presenter_applications.length > 0, {
    message: 'Choose at least one record to erase.',
    path: ['song_requests'],
  });

/** What a staff erasure removed. */
export interface SubjectErased {
  song_requests: number;
  shoutout_requests: number;
  general_requests: number;
  presenter_applications: number;
  notifications: number;
  emails: number;
  webhook_deliveries: number;
  /** Audit entries that named the person and no longer do. */
  audit_entries: number;
}

/** `POST /api/me/deletion-request`: an account asks to be deleted, with an optional note. */
export const DeletionRequestSchema = z.object({
  message: z
    .string()
    .trim()
    .max(1000, 'The note must be at most 1000 characters.')
    .refine((s) => !s.includes('\u0000'), 'The note contains characters that are not allowed.')
    .optional(),
});
