import { z } from 'zod';

/**
 * The presenter application (Become a DJ): the one schema the page and the
 * server share, with the spec's messages (000 §5, 001 §5) and the limits the
 * database enforces.
 */

/** The six availability slots (001 §2): weekday and weekend × morning, afternoon, evening. */
export const AVAILABILITY_SLOTS = [
  { id: 'weekday-morning', group: 'Weekday', label: 'Morning', hours: '6AM-12PM' },
  { id: 'weekday-afternoon', group: 'Weekday', label: 'Afternoon', hours: '12PM-6PM' },
  { id: 'weekday-evening', group: 'Weekday', label: 'Evening', hours: '6PM-12AM' },
  { id: 'weekend-morning', group: 'Weekend', label: 'Morning', hours: '6AM-12PM' },
  { id: 'weekend-afternoon', group: 'Weekend', label: 'Afternoon', hours: '12PM-6PM' },
  { id: 'weekend-evening', group: 'Weekend', label: 'Evening', hours: '6PM-12AM' },
] as const;
export type AvailabilitySlot = (typeof AVAILABILITY_SLOTS)[number]['id'];
const SLOT_IDS = AVAILABILITY_SLOTS.map((s) => s.id) as [AvailabilitySlot, ...AvailabilitySlot[]];

/** The spec's validation messages, written once. */
export const APPLICATION_MESSAGES = {
  name: 'Name must be at least 2 characters.',
  email: 'Please enter a valid email address.',
  experience: 'Please tell us about your experience.',
  showIdea: 'Please share your show idea.',
  availableTimes: 'Please select at least one availability.',
  terms: 'You must accept the terms and conditions.',
} as const;

/** Upper limits (the spec names none; the database checks the same). */
export const APPLICATION_LIMITS = { name: 100, email: 320, experience: 5000, showIdea: 5000, discordUsername: 100 } as const;

const noNul = (v: string) => !v.includes('\u0000');
const tooLong = (label: string, max: number) => `${label} must be at most ${max} characters.`;
const notAllowed = (label: string) => `${label} contains characters that are not allowed.`;

/** The application form (`POST /api/applications`). */
export const ApplicationSchema = z.object({
  name: z
    .string({ error: APPLICATION_MESSAGES.name })
    .trim()
    .min(2, APPLICATION_MESSAGES.name)
    .max(APPLICATION_LIMITS.name, tooLong('Name', APPLICATION_LIMITS.name))
    .refine(noNul, notAllowed('Name')),
  email: z
    .string({ error: APPLICATION_MESSAGES.email })
    .trim()
    .max(APPLICATION_LIMITS.email, tooLong('Email', APPLICATION_LIMITS.email))
    .pipe(z.email(APPLICATION_MESSAGES.email)),
  experience: z
    .string({ error: APPLICATION_MESSAGES.experience })
    .trim()
    .min(10, APPLICATION_MESSAGES.experience)
    .max(APPLICATION_LIMITS.experience, tooLong('Experience', APPLICATION_LIMITS.experience))
    .refine(noNul, notAllowed('Experience')),
  showIdea: z
    .string({ error: APPLICATION_MESSAGES.showIdea })
    .trim()
    .min(10, APPLICATION_MESSAGES.showIdea)
    .max(APPLICATION_LIMITS.showIdea, tooLong('Show idea', APPLICATION_LIMITS.showIdea))
    .refine(noNul, notAllowed('Show idea')),
  availableTimes: z
    .array(z.enum(SLOT_IDS, { error: 'Please choose availability from the listed times.' }), { error: APPLICATION_MESSAGES.availableTimes })
    .min(1, APPLICATION_MESSAGES.availableTimes)
    .max(SLOT_IDS.length, 'Please choose availability from the listed times.')
    .transform((v) => [...new Set(v)]),
  discordUsername: z
    .string()
    .trim()
    .max(APPLICATION_LIMITS.discordUsername, tooLong('Discord username', APPLICATION_LIMITS.discordUsername))
    .refine(noNul, notAllowed('Discord username'))
    .optional()
    .nullable()
    .transform((v) => (v ? v : undefined)),
  termsAccepted: z.literal(true, { error: APPLICATION_MESSAGES.terms }),
});
export type ApplicationInput = z.input<typeof ApplicationSchema>;

/** The answer to a submitted application. */
export interface ApplicationSubmitted {
  application: { id: string; status: 'pending'; created_at: string; has_discord: boolean; discord_linked: boolean };
}

/** What the applicant reads under 'What's Next?'. */
export const WHATS_NEXT = [
  'We review every application within 7 days.',
  "If it's a good fit, we'll contact you by email or on Discord to arrange a short chat.",
  'You record or stream a trial show with one of our team listening in.',
  'Once you pass, you join the schedule and book your own shows from the Presenter Panel.',
] as const;

/** What the station looks for, including the Discord account the team works through. */
export const LOOKING_FOR = [
  'A passion for music and for connecting with listeners',
  'Reliability: at least 2 hours on air every week',
  'A decent microphone, headphones and a stable internet connection',
  'A Discord account: the team organises shows and cover there',
  'Aged 18 or over, and happy to follow the station guidelines',
] as const;

/** Review statuses; approved and rejected are final (001 §4). */
export const APPLICATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

// ---------------------------------------------------------------------------
// Review (staff)
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
