import { ACCOUNT_TEXT } from '../../../shared/account-text';
import type { MessageKey } from '../../../shared/i18n/format';
import { DENIED, type Role } from '../../../shared/permissions';
import { useErrorText } from '../i18n/errors';
import { useT } from '../i18n/state';

/** The catalogue key of each of the spec's account texts the website shows (client-side checks, toasts, the sign-out reason). */
const ACCOUNT_KEYS: Partial<Record<keyof typeof ACCOUNT_TEXT, MessageKey>> = {
  inactive: 'auth.account.inactive',
  emailRequired: 'auth.account.emailRequired',
  emailInvalid: 'auth.account.emailInvalid',
  usernameRequired: 'auth.account.usernameRequired',
  passwordRequired: 'auth.account.passwordRequired',
  passwordShort: 'auth.account.passwordShort',
  passwordMismatch: 'auth.account.passwordMismatch',
  newPasswordShort: 'auth.account.newPasswordShort',
  currentPasswordMissing: 'auth.account.currentPasswordMissing',
  passwordTooLong: 'auth.account.passwordTooLong',
  signedIn: 'auth.account.signedIn',
  unexpected: 'auth.account.unexpected',
  profileUpdated: 'auth.account.profileUpdated',
  socialUpdated: 'auth.account.socialUpdated',
  passwordUpdated: 'auth.account.passwordUpdated',
  avatarUpdated: 'auth.account.avatarUpdated',
  avatarUploadFailed: 'auth.account.avatarUploadFailed',
  accountCreated: 'auth.account.accountCreated',
  accountCreationFailed: 'auth.account.accountCreationFailed',
  createFailed: 'auth.account.createFailed',
  userUpdated: 'auth.account.userUpdated',
  updateFailed: 'auth.account.updateFailed',
  passwordUpdateFailed: 'auth.account.passwordUpdateFailed',
  userDeleted: 'auth.account.userDeleted',
  deleteFailed: 'auth.account.deleteFailed',
  cannotChangeOwnRole: 'auth.account.cannotChangeOwnRole',
  cannotEditUser: 'auth.account.cannotEditUser',
  goToLogin: 'auth.account.goToLogin',
  contactAdmin: 'auth.account.contactAdmin',
  djNameRequired: 'auth.account.djNameRequired',
};

const DENIED_KEYS: Record<keyof typeof DENIED, MessageKey> = {
  panel: 'auth.denied.panel',
  adminFlag: 'auth.denied.adminFlag',
  role: 'auth.denied.role',
  users: 'auth.denied.users',
  deleteUser: 'auth.denied.deleteUser',
  settings: 'auth.denied.settings',
  logs: 'auth.denied.logs',
  requestStatus: 'auth.denied.requestStatus',
  requestDelete: 'auth.denied.requestDelete',
  editShow: 'auth.denied.editShow',
  deleteShow: 'auth.denied.deleteShow',
  generic: 'auth.denied.generic',
};

/** The spec's English text → its catalogue key (account texts and refusals). */
const BY_ENGLISH = new Map<string, MessageKey>([
  ...Object.entries(ACCOUNT_KEYS).flatMap(([k, key]) => {
    const text = ACCOUNT_TEXT[k as keyof typeof ACCOUNT_TEXT];
    return typeof text === 'string' && key ? [[text, key] as [string, MessageKey]] : [];
  }),
  ...Object.entries(DENIED_KEYS).map(([k, key]) => [DENIED[k as keyof typeof DENIED], key] as [string, MessageKey]),
  ['Access Denied', 'auth.accessDenied'],
]);

const ROLE_KEYS: Record<Role, MessageKey> = {
  owner: 'users.role.owner',
  manager: 'users.role.manager',
  admin: 'users.role.admin',
  moderator: 'users.role.moderator',
  presenter: 'users.role.presenter',
  guest: 'users.role.guest',
  probation: 'users.role.probation',
};

/**
 * The reader's language for the spec's account texts and refusals (shared/account-text.ts, DENIED), which the
 * client's own checks and toasts use: a text the catalogue knows is translated, a shared schema's error text through
 * its `error.*` key (web/src/i18n/errors.ts); any other (a server's message, already in the reader's language) is
 * shown as it came.
 */
export function useAccountText(): (text: string) => string {
  const t = useT();
  const say = useErrorText();
  return (text) => {
    const key = BY_ENGLISH.get(text);
    return key ? t(key) : say(text);
  };
}

/** A role's name in the reader's language (English: the spec's Owner, Manager… word for word). */
export function useRoleLabel(): (role: Role) => string {
  const t = useT();
  return (role) => t(ROLE_KEYS[role]);
}
