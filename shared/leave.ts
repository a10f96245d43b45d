import { z } from 'zod';

/**
 * Leave of absence (`/api/loa`): statuses, reasons, the request form's schema and the spec's texts (001 §3, §4,
 * §5, §8), written once for the server and the staff panel.
 */

/** Leave of absence statuses (001 §4). */
export const LOA_STATUSES = ['pending', 'approved', 'rejected', 'cancelled'] as const;
export type LoaStatus = (typeof LOA_STATUSES)[number];

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
  pastStart: 'Leave cannot start in the past.',
  singleDayNotAllowed: 'End date must be after start date.',
  withdrawn: 'Leave request withdrawn',
  withdrawOnlyOwn: 'You can only withdraw your own leave requests.',
  withdrawOnlyPending: 'Only pending leave requests can be withdrawn.',
  onLeaveBooking: (name: string, date: string) => `${name} is on approved leave on ${date}. Pick another date, or ask a manager to change the leave.`,
  clashTitle: 'Shows during this leave',
  clashIntro: (n: number) => `${n} show${n === 1 ? '' : 's'} fall${n === 1 ? 's' : ''} inside this leave. Choose what happens to each.`,
  showNotInLeave: 'That show is not one of this presenter’s shows inside the leave.',
} as const;

/** What an approver decides for each of the presenter's shows inside approved leave (issue 30). */
export const LEAVE_SHOW_ACTIONS = [
  { value: 'cancel', label: 'Cancel the show' },
  { value: 'cover', label: 'Find cover' },
  { value: 'keep', label: 'Keep as booked' },
] as const;
export type LeaveShowAction = (typeof LEAVE_SHOW_ACTIONS)[number]['value'];

/** `PATCH /api/loa/:id`'s `shows`: for approval, the choice per show inside the leave (unlisted shows are kept). */
export const LoaShowDecisionsSchema = z.object({
  shows: z
    .array(z.object({ id: z.uuid(LOA_TEXTS.showNotInLeave), action: z.enum(['cancel', 'cover', 'keep'], { error: 'Choose cancel, find cover or keep for each show.' }) }))
    .max(500)
    .optional()
    .default([]),
});

/** A show of the presenter's inside a leave, as the approver sees it. */
export interface LeaveShowView {
  id: string;
  title: string;
  event_date: string;
  start_time: string;
  end_time: string;
  status: string;
}

const isoDate = (required: string) => z.string({ error: required }).regex(/^\d{4}-\d{2}-\d{2}$/, required).refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), required);

/**
 * `POST /api/loa`. The presenter is required for moderators and above (checked by the server, which knows the role).
 * `singleDay`: the station allows leave that starts and ends on the same day (General Settings).
 */
export const loaInputSchema = (singleDay: boolean) => z
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
  .refine((v) => v.end_date > v.start_date || (singleDay && v.end_date === v.start_date), { message: LOA_TEXTS.invalidDates.description, path: ['end_date'] });
export const LoaInputSchema = loaInputSchema(false);
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

/** Calendar days of a leave, both ends included. */
export function leaveDays(start: string, end: string): number {
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000) + 1;
}
