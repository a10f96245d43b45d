import { z } from 'zod';
import type { LoaReason } from './leave';
import { PRESENTER_ROLES } from './permissions';

/** The social platforms a presenter profile may link to, in display order (spec 000 §2). */
export const SOCIAL_PLATFORMS = ['twitter', 'instagram', 'twitch', 'youtube', 'facebook', 'kick', 'website'] as const;

/** One of the social platforms a presenter profile shows. */
export type SocialPlatform = (typeof SOCIAL_PLATFORMS)[number];

/** Approved leave covering today: the profile shows 'Returns in N days'. */
export interface PresenterLeave {
  onLeave: true;
  /** Whole days from today (station zone) to the day after the leave ends. */
  returnsInDays: number;
  /** Last day of leave, yyyy-MM-dd. */
  endDate: string;
}

/** A presenter as the public DJ pages see it (GET /api/presenters, /api/presenters/:id). */
export interface PublicPresenter {
  id: string;
  name: string;
  role: string;
  bio: string | null;
  /** The linked account's avatar when set, else the presenter image. */
  image_url: string | null;
  social_links: Partial<Record<SocialPlatform, string>>;
  /** Approved leave covering today, or null. */
  leave: PresenterLeave | null;
}

// ---------------------------------------------------------------------------
// DJs & Staff (the staff directory, `/api/djs`)
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
  /** The save toast: the spec's 'DJ {name} has been added or updated successfully', told as what happened (issue 30 item 7). */
  saved: (name: string, created: boolean) => `DJ ${name} has been ${created ? 'added' : 'updated'} successfully`,
  savedTitle: 'DJ saved',
  saveFailed: (message: string) => `Failed to save DJ profile: ${message}`,
  authTitle: 'Authentication error',
  authText: 'You must be logged in to perform this action',
  deleted: 'DJ deleted',
  deleteFailed: 'Failed to delete DJ. Please try again.',
  deleteConfirm: (name: string) => `Are you sure you want to delete ${name}? This action cannot be undone.`,
  nameRequired: 'Name is required',
  notFound: 'DJ not found',
  nameTaken: 'A DJ with this name already exists. Choose another name, or link the existing DJ profile.',
  accountNotFound: 'That account no longer exists.',
  stillBooked: (name: string, shows: number, leave: number) =>
    `${name} still has ${[shows ? `${shows} upcoming show${shows === 1 ? '' : 's'}` : '', leave ? `${leave} leave request${leave === 1 ? '' : 's'}` : ''].filter(Boolean).join(' and ')}. Reassign or cancel the shows and settle the leave first, then delete the DJ.`,
  accountLinked: (dj: string) => `That account already has a DJ profile (${dj}).`,
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
  /** The account this DJ profile belongs to (issue 30): an id links it, null unlinks it, absent keeps it. */
  user_id: z.uuid({ error: DJ_TEXTS.accountNotFound }).nullable().optional(),
});
export type DjInput = z.input<typeof DjInputSchema>;
