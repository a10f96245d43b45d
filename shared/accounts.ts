/**
 * Accounts: the request schemas and reply shapes of sign-in, sessions, the
 * signed-in user's profile and staff user management. Written once: the
 * server parses with them and the web forms validate with them, so every
 * limit and every message of the spec (000 §5, 001 §5) lives here.
 */
import { z } from 'zod';
import { ROLES, type Role } from './permissions';
import { ACCOUNT_TEXT } from './account-text';
import { LOCALE_CODES, type ShippedLocale } from './i18n/locales';

/** Longest email we store (RFC 5321 path limit). */
export const EMAIL_MAX = 320;
/** Longest username. */
export const USERNAME_MAX = 100;
/** Shortest password the spec allows (create account and profile change). */
export const PASSWORD_MIN = 6;
/** Shortest new password of one's own (issue 29, OWASP ASVS 2.1.1): at least 8; no upper limit below PASSWORD_MAX. */
export const NEW_PASSWORD_MIN = 8;
/** Longest password accepted, in characters (the server also caps the UTF-8 bytes). */
export const PASSWORD_MAX = 1024;
/** Longest social link URL. */
export const URL_MAX = 500;

/** The spec's texts for account forms and replies, written once (a zod-free module: the sign-in state, on every page, needs them). */
export { ACCOUNT_TEXT };

/** Refuses the NUL character, which PostgreSQL cannot store. */
const noNul = (s: string) => !s.includes('\u0000');
const NUL_MESSAGE = 'Text must not contain the NUL character';

const emailField = z
  .string({ error: ACCOUNT_TEXT.emailRequired })
  .trim()
  .min(1, ACCOUNT_TEXT.emailRequired)
  .max(EMAIL_MAX, `Email must be at most ${EMAIL_MAX} characters`)
  .refine(noNul, NUL_MESSAGE)
  .pipe(z.email({ error: ACCOUNT_TEXT.emailInvalid }))
  .transform((e) => e.toLowerCase());

const usernameField = z
  .string({ error: ACCOUNT_TEXT.usernameRequired })
  .trim()
  .min(1, ACCOUNT_TEXT.usernameRequired)
  .max(USERNAME_MAX, `Username must be at most ${USERNAME_MAX} characters`)
  .refine(noNul, NUL_MESSAGE);

/** A new password on the create-account and edit-user forms. */
const passwordField = z
  .string({ error: ACCOUNT_TEXT.passwordRequired })
  .min(1, ACCOUNT_TEXT.passwordRequired)
  .min(PASSWORD_MIN, ACCOUNT_TEXT.passwordShort)
  .max(PASSWORD_MAX, ACCOUNT_TEXT.passwordTooLong)
  .refine(noNul, NUL_MESSAGE);

const roleField = z.enum(ROLES, { error: `Role must be one of: ${ROLES.join(', ')}` });

/** POST /api/auth/token: password sign-in. `client: 'desktop'` gets its refresh token in the body instead of a cookie. */
export const SignInSchema = z.object({
  email: z.string({ error: ACCOUNT_TEXT.signInMissing }).trim().min(1, ACCOUNT_TEXT.signInMissing).max(EMAIL_MAX, ACCOUNT_TEXT.invalidCredentials).refine(noNul, NUL_MESSAGE),
  password: z.string({ error: ACCOUNT_TEXT.signInMissing }).min(1, ACCOUNT_TEXT.signInMissing).max(PASSWORD_MAX, ACCOUNT_TEXT.invalidCredentials).refine(noNul, NUL_MESSAGE),
  client: z.enum(['web', 'desktop']).default('web'),
});
export type SignInInput = z.input<typeof SignInSchema>;

/** POST /api/auth/refresh and /api/auth/sign-out: the desktop app sends its refresh token in the body; the website's is in a cookie. */
export const RefreshSchema = z
  .object({ refresh_token: z.string().min(1).max(200).refine(noNul, NUL_MESSAGE).optional() })
  .default({});

/** The DJ profile created with an account: its public name. */
export const NewPresenterSchema = z.object({
  name: z.string({ error: ACCOUNT_TEXT.djNameRequired }).trim().min(1, ACCOUNT_TEXT.djNameRequired).max(100, 'DJ name must be at most 100 characters').refine(noNul, NUL_MESSAGE),
});

/**
 * POST /api/users: create account (001 §5). Role defaults to presenter. With
 * `presenter: { name }` the account's DJ profile is created with it; with
 * `presenter_id` an existing, unlinked DJ profile becomes the account's (issue 30).
 */
export const CreateUserSchema = z
  .object({
    email: emailField,
    username: usernameField,
    password: passwordField,
    role: roleField.default('presenter'),
    presenter: NewPresenterSchema.optional().nullable().transform((v) => v ?? undefined),
    presenter_id: z.uuid({ error: ACCOUNT_TEXT.djNotFound }).optional().nullable().transform((v) => v ?? undefined),
  })
  .refine((v) => !(v.presenter && v.presenter_id), { message: ACCOUNT_TEXT.djChoiceBoth, path: ['presenter_id'] });
export type CreateUserInput = z.input<typeof CreateUserSchema>;

/** PATCH /api/users/:id: edit user. Every field optional; a blank password keeps the current one. */
export const UpdateUserSchema = z
  .object({
    email: emailField.optional(),
    username: usernameField.optional(),
    avatar_url: z.null().optional(),
    role: roleField.optional(),
    is_active: z.boolean().optional(),
    password_reset_required: z.boolean().optional(),
    /** Links an existing, unlinked DJ profile to the account; null unlinks the account's DJ profile. */
    presenter_id: z.uuid({ error: ACCOUNT_TEXT.djNotFound }).nullable().optional(),
    /** Creates the account's DJ profile (when it has none). */
    presenter: NewPresenterSchema.optional(),
    password: z
      .union([z.literal(''), passwordField])
      .optional()
      .transform((p) => (p ? p : undefined)),
  })
  .strict();
export type UpdateUserInput = z.input<typeof UpdateUserSchema>;

/** PATCH /api/me: the signed-in user's own profile (email is read-only). `avatar_url: null` removes the avatar. */
export const UpdateMeSchema = z
  .object({
    username: usernameField.optional(),
    avatar_url: z.null().optional(),
    /** The staff member's language (issue 35): one of the shipped codes, or null for the station's default. */
    language: z.enum(LOCALE_CODES as [ShippedLocale, ...ShippedLocale[]]).nullable().optional(),
  })
  .strict();
export type UpdateMeInput = z.input<typeof UpdateMeSchema>;

/** POST /api/me/password: change own password (000 §2, 001 §5), proving the current one (issue 29). */
export const ChangePasswordSchema = z
  .object({
    current_password: z
      .string({ error: ACCOUNT_TEXT.currentPasswordMissing })
      .min(1, ACCOUNT_TEXT.currentPasswordMissing)
      .max(PASSWORD_MAX, ACCOUNT_TEXT.currentPasswordWrong)
      .refine(noNul, NUL_MESSAGE),
    password: z
      .string({ error: ACCOUNT_TEXT.newPasswordShort })
      .min(NEW_PASSWORD_MIN, ACCOUNT_TEXT.newPasswordShort)
      .max(PASSWORD_MAX, ACCOUNT_TEXT.passwordTooLong)
      .refine(noNul, NUL_MESSAGE),
    confirm_password: z.string().max(PASSWORD_MAX).optional(),
  })
  .refine((v) => v.confirm_password === undefined || v.confirm_password === v.password, { message: ACCOUNT_TEXT.passwordMismatch, path: ['confirm_password'] });
export type ChangePasswordInput = z.input<typeof ChangePasswordSchema>;

/** The seven social platforms of a presenter (000 §2). */
export const SOCIAL_PLATFORMS = ['twitter', 'instagram', 'twitch', 'youtube', 'facebook', 'kick', 'website'] as const;
export type SocialPlatform = (typeof SOCIAL_PLATFORMS)[number];

const socialUrl = z
  .string()
  .trim()
  .max(URL_MAX, `Links must be at most ${URL_MAX} characters`)
  .refine(noNul, NUL_MESSAGE)
  .refine((v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v), 'Links must start with http:// or https://')
  .nullable()
  .optional()
  .transform((v) => (v ? v : null));

/** PATCH /api/me/presenter: the social links of the presenter record linked to the signed-in user. Empty saves as null. */
export const SocialLinksSchema = z
  .object({
    social_links: z.object(Object.fromEntries(SOCIAL_PLATFORMS.map((p) => [p, socialUrl])) as Record<SocialPlatform, typeof socialUrl>).strict(),
  })
  .strict();
export type SocialLinksInput = z.input<typeof SocialLinksSchema>;

/** GET /api/users query: search (username or email), role and status filters. */
export const ListUsersQuerySchema = z.object({
  q: z.string().trim().max(200).refine(noNul, NUL_MESSAGE).optional(),
  role: z.union([z.literal('all'), roleField]).optional(),
  status: z.enum(['all', 'active', 'inactive']).optional(),
});

/** A user as the API presents it (never the password hash). */
export interface UserView {
  id: string;
  email: string;
  username: string;
  avatar_url: string | null;
  role: Role;
  is_admin: boolean;
  is_active: boolean;
  password_reset_required: boolean;
  last_sign_in_at: string | null;
  created_at: string;
  updated_at: string;
  /** The account's DJ profile (issue 30), or null when it has none. */
  presenter: { id: string; name: string } | null;
}

/** The presenter record linked to an account, as My Profile needs it. */
export interface LinkedPresenter {
  id: string;
  name: string;
  social_links: Partial<Record<SocialPlatform, string | null>>;
}

/** GET /api/me: who is signed in, their profile and their presenter record. */
export interface MeResponse {
  user: { id: string; email: string; role: Role };
  profile: UserView;
  presenter: LinkedPresenter | null;
  /** The staff member's language for the panel and what the server sends them (issue 35); null = the station's default. */
  language?: ShippedLocale | null;
}

/** A session as the token and refresh endpoints answer (the spec's Session shape). */
export interface SessionResponse {
  access_token: string;
  token_type: 'bearer';
  /** Seconds until the access token expires. */
  expires_in: number;
  /** Epoch seconds when the access token expires. */
  expires_at: number;
  /** Only for the desktop app; the website's refresh token travels in an httpOnly cookie. */
  refresh_token?: string;
  user: { id: string; email: string; role: Role };
}

export { avatarLetter } from './avatar';
