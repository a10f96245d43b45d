/**
 * The spec's refusal for a deactivated account (shared/account-text.ts `inactive`), in a module of its own: the
 * sign-in state every listener page loads (web/src/auth/session.ts) needs this one text, not the whole set.
 */
export const ACCOUNT_INACTIVE = 'This account has been deactivated. Please contact an administrator.';
