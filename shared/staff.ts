import { z } from 'zod';
import { APPLICATION_STATUSES, type ApplicationStatus, type AvailabilitySlot } from './applications';
import { PRESENTER_ROLES, type PresenterRole } from './permissions';
import { SOCIAL_PLATFORMS, type SocialPlatform } from './presenters';
import { GENERAL_REQUEST_STATUSES, SHOUTOUT_REQUEST_STATUSES, SONG_REQUEST_STATUSES, type GeneralRequestView, type ShoutoutRequestView, type SongRequestView } from './requests';

/**
 * Staff workflows: the request queues (song, shoutout, general, LOA), leave
 * of absence, application review and the DJs & Staff directory. The schemas,
 * statuses and the spec's texts (001 §4, §5, §8) written once for the server
 * and the staff panel.
 */

/** The three listener request queues (`/api/requests/{kind}`). */
export const REQUEST_KINDS = ['song', 'shoutout', 'general'] as const;
export type RequestKind = (typeof REQUEST_KINDS)[number];
/** Every queue, LOA included. */
export type QueueKind = RequestKind | 'loa';

/** Leave of absence statuses (001 §4). */
export const LOA_STATUSES = ['pending', 'approved', 'rejected', 'cancelled'] as const;
export type LoaStatus = (typeof LOA_STATUSES)[number];

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

// ---------------------------------------------------------------------------
// Leave of absence
// ---------------------------------------------------------------------------

/** LOA reasons, value then label (001 §3). */
export const LOA_REASONS = [
  { value: 'personal', label: 'Personal' },
  { value: 'medical', label: 'Medical' },
  { value: 'family', label: 'Family' },
  { value: 'vacation', label: 'Vacation' },
  { value: 'education', label: 'Education' },
  { value: 'other', label: 'Other' },
] as const;
export type LoaReason = (typeof LOA_REASONS)[number]['value'];
const REASON_VALUES = LOA_REASONS.map((r) => r.value) as [LoaReason, ...LoaReason[]];

/** The Request LOA screen's texts (001 §2, §5, §8). */
export const LOA_TEXTS = {
  guidelines: [
    'Submit your request at least 2 weeks in advance when possible.',
    'All requests need management approval.',
    'You will receive an email confirmation once your request has been reviewed.',
    'For urgent requests, contact management directly.',
    'The schedule is adjusted for you once your leave is approved.',
  ],
  signedOut: 'Please log in to submit a leave of absence request.',
  presenterRequired: { title: 'Presenter Required', description: 'Please select a presenter for the LOA request.' },
  invalidDates: { title: 'Invalid Dates', description: 'End date must be after start date.' },
  submitError: { title: 'Submission Error', description: 'Failed to submit LOA request. Please try again.' },
  submitted: 'LOA Request Submitted!',
  submittedOwn: 'Your leave of absence request has been submitted for review.',
  submittedFor: (name: string) => `The leave of absence request for ${name} has been submitted for review.`,
  noPresenterProfile: 'Contact admin to set up presenter profile',
  forOthersDenied: 'You can only request leave for yourself.',
  presenterNotFound: 'Presenter not found.',
  startRequired: 'Start date is required',
  endRequired: 'End date is required',
  reasonRequired: 'Reason is required',
} as const;

const isoDate = (required: string) => z.string({ error: required }).regex(/^\d{4}-\d{2}-\d{2}$/, required).refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), required);

/** `POST /api/loa`. The presenter is required for moderators and above (checked by the server, which knows the role). */
export const LoaInputSchema = z
  .object({
    presenter_id: z.uuid(LOA_TEXTS.presenterRequired.description).optional().nullable().transform((v) => v ?? undefined),
    start_date: isoDate(LOA_TEXTS.startRequired),
    end_date: isoDate(LOA_TEXTS.endRequired),
    reason: z.enum(REASON_VALUES, { error: LOA_TEXTS.reasonRequired }),
    additional_notes: z
      .string()
      .trim()
      .max(2000, 'Additional notes must be at most 2000 characters.')
      .refine((v) => !v.includes('\u0000'), 'Additional notes contain characters that are not allowed.')
      .optional()
      .nullable()
      .transform((v) => (v ? v : null)),
  })
  .refine((v) => v.end_date > v.start_date, { message: LOA_TEXTS.invalidDates.description, path: ['end_date'] });
export type LoaInput = z.input<typeof LoaInputSchema>;

/** A leave request as the API shows it. */
export interface LoaView {
  id: string;
  presenter_id: string;
  presenter_name: string;
  presenter_email: string | null;
  start_date: string;
  end_date: string;
  /** Calendar days from start to end, both included. */
  days: number;
  reason: LoaReason;
  additional_notes: string | null;
  status: LoaStatus;
  reviewed_at: string | null;
  created_at: string;
  updated_at: string;
}

// ---------------------------------------------------------------------------
// Applications
// ---------------------------------------------------------------------------

/** An application as the review screen shows it. */
export interface ApplicationView {
  id: string;
  name: string;
  email: string;
  experience: string;
  show_idea: string;
  available_times: AvailabilitySlot[];
  has_discord: boolean;
  discord_username: string | null;
  discord_linked: boolean;
  terms_accepted: boolean;
  status: ApplicationStatus;
  created_at: string;
  reviewed_at: string | null;
  updated_at: string;
}

/** `GET /api/applications`: the rows of the asked status (all without one) and the count of each tab. */
export interface ApplicationList {
  applications: ApplicationView[];
  counts: Record<ApplicationStatus, number>;
}

export const ApplicationDecisionSchema = z.object({
  status: z.enum(['approved', 'rejected'], { error: 'Status must be approved or rejected.' }),
});
export const ApplicationFilterSchema = z.object({
  status: z.enum(APPLICATION_STATUSES, { error: 'Status must be pending, approved or rejected.' }).optional(),
});

export const APPLICATION_REVIEW_TEXTS = {
  updated: 'Application Updated',
  updatedText: (name: string, status: string) => `${name}'s application has been ${status}.`,
  failed: 'Failed to update application status.',
  final: (status: string) => `This application has already been ${status}; decisions are final.`,
  notFound: 'Application not found.',
  empty: 'No applications found.',
} as const;

// ---------------------------------------------------------------------------
// DJs & Staff
// ---------------------------------------------------------------------------

/** Approved leave as the staff directory shows it (current, else the next one). */
export interface DjLeave {
  start_date: string;
  end_date: string;
  reason: LoaReason;
  current: boolean;
}

/** A presenter record as the staff directory shows it. */
export interface StaffDj {
  id: string;
  name: string;
  role: string;
  bio: string | null;
  image_url: string | null;
  azuracast_id: string | null;
  social_links: Partial<Record<SocialPlatform, string | null>>;
  user_id: string | null;
  created_at: string;
  updated_at: string;
  leave: DjLeave | null;
}

export const DJ_TEXTS = {
  saved: (name: string) => `DJ ${name} has been added or updated successfully`,
  savedTitle: 'DJ saved',
  saveFailed: (message: string) => `Failed to save DJ profile: ${message}`,
  authTitle: 'Authentication error',
  authText: 'You must be logged in to perform this action',
  deleted: 'DJ deleted',
  deleteFailed: 'Failed to delete DJ. Please try again.',
  deleteConfirm: (name: string) => `Are you sure you want to delete ${name}? This action cannot be undone.`,
  nameRequired: 'Name is required',
  notFound: 'DJ not found',
  badUrl: (label: string) => `${label} must be a valid URL (starting with http:// or https://).`,
} as const;

export const SOCIAL_LABELS: Record<SocialPlatform, string> = {
  twitter: 'Twitter / X',
  instagram: 'Instagram',
  twitch: 'Twitch',
  youtube: 'YouTube',
  facebook: 'Facebook',
  kick: 'Kick',
  website: 'Website',
};

const optionalUrl = (label: string) =>
  z
    .string()
    .trim()
    .max(500, `${label} must be at most 500 characters.`)
    .optional()
    .nullable()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || (/^https?:\/\//i.test(v) && URL.canParse(v)), DJ_TEXTS.badUrl(label));

/** The DJ form (`POST /api/djs`, `PATCH /api/djs/:id`): empty optional fields are saved as null (001 §5). */
export const DjInputSchema = z.object({
  name: z.string({ error: DJ_TEXTS.nameRequired }).trim().min(1, DJ_TEXTS.nameRequired).max(100, 'Name must be at most 100 characters.'),
  role: z.enum(PRESENTER_ROLES, { error: 'Please choose a role.' }).default('presenter'),
  bio: z
    .string()
    .trim()
    .max(5000, 'Bio must be at most 5000 characters.')
    .optional()
    .nullable()
    .transform((v) => (v ? v : null)),
  azuracast_id: z
    .string()
    .trim()
    .max(100, 'Station panel id must be at most 100 characters.')
    .optional()
    .nullable()
    .transform((v) => (v ? v : null)),
  social_links: z
    .object(Object.fromEntries(SOCIAL_PLATFORMS.map((p) => [p, optionalUrl(SOCIAL_LABELS[p])])) as Record<SocialPlatform, ReturnType<typeof optionalUrl>>)
    .optional()
    .transform((v) => Object.fromEntries(SOCIAL_PLATFORMS.map((p) => [p, v?.[p] ?? null])) as Record<SocialPlatform, string | null>),
});
export type DjInput = z.input<typeof DjInputSchema>;
export type { PresenterRole };

/** Calendar days of a leave, both ends included. */
export function leaveDays(start: string, end: string): number {
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000) + 1;
}

/** Month day plus 24-hour time, e.g. "Mar 10, 14:05" (001 §2), in the viewer's zone. */
export function formatQueueDate(iso: string): string {
  const d = new Date(iso);
  const month = d.toLocaleString('en-GB', { month: 'short' });
  const hh = String(d.getHours()).padStart(2, '0');
  const mm = String(d.getMinutes()).padStart(2, '0');
  return `${month} ${d.getDate()}, ${hh}:${mm}`;
}
