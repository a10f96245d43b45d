import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type { z } from 'zod';
import {
  ACCOUNT_TEXT,
  SOCIAL_PLATFORMS,
  type CreateUserSchema,
  type LinkedPresenter,
  type ListUsersQuerySchema,
  type MeResponse,
  type SocialLinksSchema,
  type UpdateMeSchema,
  type UpdateUserSchema,
  type UserView,
} from '../../../shared/accounts';
import { canAssignRole, canCreateUser, canDeleteUser, canEditUser, DENIED, isRole, PRESENTER_ROLES, ROLE_LABELS, type PresenterRole, type Role } from '../../../shared/permissions';
import { announceStaffChange, insertNotification, publishNotification } from '../notifications/notify';
import { isCommonPassword } from '../auth/common-passwords';
import { hashPassword, MAX_PASSWORD_BYTES, verifyPassword } from '../auth/passwords';
import { issueSetPasswordLink, WELCOME_LINK_DAYS } from '../auth/recovery';
import { announceSessionChange } from '../auth/session-events';
import { revokeUserSessions } from '../auth/sessions';
import type { AppContext } from '../context';
import { fail, HttpError } from '../http/errors';
import { removeMediaByUrl, storeImage } from '../media/service';
import { insertPresenter, linkedPresenterLinks, lockPresenterLink, presenterNameTaken, presenterOfUser, presentersOfUsers, setPresenterSocialLinks, setPresenterUser } from '../presenters/repo';
import { recordAction } from './audit';
import { panelUrl, queueEmail, sendQueuedEmail } from '../mail/outbox';
import { newAccountEmail } from '../mail/templates';
import { serverTranslator, stationLocale } from '../i18n/recipients';
import { cachedStationInfo } from '../settings/service';
import { asLocale, PSEUDO_LOCALE } from '../../../shared/i18n/locales';
import {
  countOtherActiveOwners,
  deleteProfile,
  emailTaken,
  findCredentials,
  findProfile,
  profileLanguages,
  insertProfile,
  listProfiles,
  passwordHashOf,
  updateProfile,
  usernameTaken,
  type ProfileRow,
} from './repo';

/** The signed-in actor of a staff call. */
export interface Actor {
  id: string;
  role: Role;
  email: string;
  sessionId: string;
}

const iso = (v: Date | string) => new Date(v).toISOString();

/** The one shape a user leaves the server in: never the password hash. */
export function presentUser(row: ProfileRow, presenter: UserView['presenter'] = null): UserView {
  return {
    id: row.id,
    email: row.email,
    username: row.username,
    avatar_url: row.avatar_url,
    role: isRole(row.role) ? row.role : 'guest',
    is_admin: row.is_admin,
    is_active: row.is_active,
    password_reset_required: row.password_reset_required,
    last_sign_in_at: row.last_sign_in_at ? iso(row.last_sign_in_at) : null,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    presenter,
  };
}

/** Adds each account's DJ profile to its view. */
async function withPresenters(db: Knex | Knex.Transaction, views: UserView[]): Promise<UserView[]> {
  const linked = await presentersOfUsers(db, views.map((v) => v.id));
  return views.map((v) => ({ ...v, presenter: linked.get(v.id) ?? null }));
}

/** The DJ profile's role for an account's role: the account's own when it is one of the presenter roles, else presenter. */
const presenterRoleFor = (role: Role): PresenterRole => ((PRESENTER_ROLES as readonly string[]).includes(role) ? (role as PresenterRole) : 'presenter');

/**
 * Gives an account its DJ profile inside the caller's transaction (issue 30):
 * a new one named `presenter.name` (refused when a DJ of that name exists), or
 * the existing, unlinked `presenter_id` (refused when it is another account's).
 * Audited as the presenter record's change.
 */
async function attachPresenter(trx: Knex.Transaction, actor: Actor, account: { id: string; email: string; role: Role }, choice: { presenter?: { name: string } | undefined; presenter_id?: string | null | undefined }, ip: string | null, at: Date): Promise<void> {
  if (choice.presenter) {
    if (await presenterNameTaken(trx, choice.presenter.name)) throw fail.conflict(ACCOUNT_TEXT.djNameTaken, [{ path: 'presenter.name', message: ACCOUNT_TEXT.djNameTaken }]);
    const role = presenterRoleFor(account.role);
    const id = await insertPresenter(trx, { name: choice.presenter.name, role, bio: null, azuracast_id: null, social_links: {} }, at, account.id);
    await recordAction(trx, { actor, action: 'create', resourceType: 'presenters', resourceId: id, resourceName: choice.presenter.name, details: { role, user: account.email }, ip });
    return;
  }
  if (choice.presenter_id) {
    const dj = await lockPresenterLink(trx, choice.presenter_id);
    if (!dj) throw fail.badRequest(ACCOUNT_TEXT.djNotFound, [{ path: 'presenter_id', message: ACCOUNT_TEXT.djNotFound }]);
    if (dj.user_id === account.id) return;
    if (dj.user_id) {
      const other = await findProfile(trx, dj.user_id);
      const message = ACCOUNT_TEXT.djAlreadyLinked(other?.email ?? 'another account');
      throw fail.conflict(message, [{ path: 'presenter_id', message }]);
    }
    await setPresenterUser(trx, dj.id, account.id, at);
    await recordAction(trx, { actor, action: 'update', resourceType: 'presenters', resourceId: dj.id, resourceName: dj.name, details: { user: { from: null, to: account.email } }, ip });
  }
}

/** The legacy is_admin flag follows the role: owner, manager and admin carry it. */
const isAdminRole = (role: Role) => role === 'owner' || role === 'manager' || role === 'admin';

const tooLongPassword = (password: string | undefined) => password !== undefined && Buffer.byteLength(password, 'utf8') > MAX_PASSWORD_BYTES;

function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === '23505';
}

/** All accounts, newest first (001 §7), with the screen's search, role and status filters. */
export async function listUsers(db: Knex, filters: z.output<typeof ListUsersQuerySchema>): Promise<UserView[]> {
  const rows = await listProfiles(
    db,
    {
      q: filters.q,
      role: filters.role && filters.role !== 'all' ? filters.role : undefined,
      active: filters.status === 'active' ? true : filters.status === 'inactive' ? false : undefined,
    },
    2000,
  );
  return withPresenters(db, rows.map((r) => presentUser(r)));
}

/**
 * Creates an account (no self sign-up): the actor may give only the roles
 * their own role allows (000 §6). Email is unique, case-insensitively.
 */
export async function createAccount(ctx: AppContext, actor: Actor, input: z.output<typeof CreateUserSchema>, ip: string | null): Promise<UserView> {
  if (!canCreateUser(actor.role, input.role)) throw fail.forbidden(ACCOUNT_TEXT.cannotAssignRole);
  if (tooLongPassword(input.password)) throw fail.badRequest(ACCOUNT_TEXT.passwordTooLong);
  const passwordHash = await hashPassword(input.password);
  const station = await cachedStationInfo(ctx);
  try {
    const { user, pending, mailId } = await ctx.knex.transaction(async (trx) => {
      if (await emailTaken(trx, input.email)) throw fail.conflict(ACCOUNT_TEXT.emailTaken);
      if (await usernameTaken(trx, input.username)) throw fail.conflict(ACCOUNT_TEXT.usernameTaken, [{ path: 'username', message: ACCOUNT_TEXT.usernameTaken }]);
      const row = await insertProfile(trx, { email: input.email, username: input.username, role: input.role, is_admin: isAdminRole(input.role), password_hash: passwordHash });
      await recordAction(trx, { actor, action: 'create', resourceType: 'user', resourceId: row.id, resourceName: row.email, details: { username: row.username, role: row.role }, ip });
      await attachPresenter(trx, actor, { id: row.id, email: row.email, role: input.role }, input, ip, new Date(ctx.now()));
      const note = await insertNotification(trx, {
        type: 'user_added',
        text: { key: 'notify.userAdded', values: { name: row.username ?? row.email, role: input.role } },
        relatedId: row.id,
        relatedType: 'user',
        createdBy: actor.id,
      });
      const [user] = await withPresenters(trx, [presentUser(row)]);
      // The new user is told where and how to sign in (issue 30; never the password).
      // With a single-use link to choose a password (the password reset's mechanism, issue 37).
      const setPasswordUrl = await issueSetPasswordLink(ctx, trx, row.id);
      // In the station's default language: a new account has not chosen its own yet (issue 35).
      const t = await serverTranslator(await stationLocale(ctx, trx));
      const mail = await queueEmail(trx, row.email, newAccountEmail({ station: station.name, username: row.username, email: row.email, role: input.role, signInUrl: panelUrl(ctx, '/auth'), dj: user!.presenter?.name ?? null, setPasswordUrl, linkDays: WELCOME_LINK_DAYS, passwordGiven: true }, t));
      return { user: user!, pending: note, mailId: mail };
    });
    sendQueuedEmail(ctx, mailId);
    // The new account may be one this notification (and every later one) reaches.
    await announceStaffChange(ctx, user.id, 'created');
    await publishNotification(ctx, pending);
    return user;
  } catch (err) {
    if (isUniqueViolation(err)) throw fail.conflict(ACCOUNT_TEXT.emailTaken);
    throw err;
  }
}

/**
 * Edits an account (001 §5): username, email, role, active, reset flag and an
 * optional new password. The actor must rank at or above the target (000 §6)
 * and may only give roles they could create. Deactivation and a new password
 * end the user's sessions at once. Nobody changes their own role or
 * deactivates themselves, and the last active owner stays an active owner.
 */
export async function updateAccount(ctx: AppContext, actor: Actor, id: string, input: z.output<typeof UpdateUserSchema>, ip: string | null): Promise<UserView> {
  if (tooLongPassword(input.password)) throw fail.badRequest(ACCOUNT_TEXT.passwordTooLong);
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  const nowMs = ctx.now();
  let sessionChange: string | null = null;
  let staffChange = false;
  try {
    const view = await ctx.knex.transaction(async (trx) => {
      const target = await findProfile(trx, id, true);
      if (!target) throw fail.notFound('User not found');
      const targetRole: Role = isRole(target.role) ? target.role : 'guest';
      if (!canEditUser(actor.role, targetRole)) throw fail.forbidden(ACCOUNT_TEXT.cannotEditUser);
      const self = target.id === actor.id;
      if (input.role !== undefined && input.role !== targetRole) {
        if (self) throw fail.forbidden(ACCOUNT_TEXT.cannotChangeOwnRole);
        if (!canAssignRole(actor.role, targetRole, input.role)) throw fail.forbidden(ACCOUNT_TEXT.cannotAssignRole);
      }
      if (input.is_active === false && target.is_active && self) throw fail.forbidden(ACCOUNT_TEXT.cannotDeactivateSelf);
      const losesOwner = targetRole === 'owner' && target.is_active && ((input.role !== undefined && input.role !== 'owner') || input.is_active === false);
      if (losesOwner) {
        if ((await countOtherActiveOwners(trx, target.id)) === 0) throw fail.conflict(ACCOUNT_TEXT.lastOwner);
      }
      if (input.email !== undefined && input.email !== target.email.toLowerCase()) {
        if (await emailTaken(trx, input.email, target.id)) throw fail.conflict(ACCOUNT_TEXT.emailTaken);
      }
      if (input.username !== undefined && input.username.trim().toLowerCase() !== target.username.trim().toLowerCase()) {
        if (await usernameTaken(trx, input.username, target.id)) throw fail.conflict(ACCOUNT_TEXT.usernameTaken, [{ path: 'username', message: ACCOUNT_TEXT.usernameTaken }]);
      }
      await relinkPresenter(trx, actor, target, input, ip, new Date(nowMs));

      const patch: Record<string, unknown> = {};
      const changed: Record<string, unknown> = {};
      const set = (key: keyof ProfileRow, value: unknown) => {
        if (value === undefined || target[key] === value) return;
        patch[key] = value;
        changed[key] = { from: target[key], to: value };
      };
      set('username', input.username);
      set('email', input.email);
      set('role', input.role);
      if (input.role !== undefined) set('is_admin', isAdminRole(input.role));
      set('is_active', input.is_active);
      set('password_reset_required', input.password_reset_required);
      if (input.avatar_url === null && target.avatar_url) {
        patch.avatar_url = null;
        changed.avatar_url = { from: target.avatar_url, to: null };
        await removeMediaByUrl(trx, target.avatar_url);
      }
      if (passwordHash) {
        patch.password_hash = passwordHash;
        patch.password_changed_at = new Date(nowMs);
        changed.password = 'changed';
      }
      if (Object.keys(patch).length === 0) return (await withPresenters(trx, [presentUser(target)]))[0]!;
      patch.updated_at = new Date(nowMs);
      const row = await updateProfile(trx, target.id, patch);
      if (input.is_active === false && target.is_active) await revokeUserSessions(trx, target.id, 'deactivated', nowMs);
      else if (passwordHash) await revokeUserSessions(trx, target.id, 'password_changed', nowMs);
      await recordAction(trx, { actor, action: 'update', resourceType: 'user', resourceId: target.id, resourceName: row!.email, details: changed, ip });
      sessionChange = 'is_active' in patch && patch.is_active === false ? 'deactivated' : passwordHash ? 'password_changed' : 'role' in patch ? 'role_changed' : null;
      staffChange = 'role' in patch || 'is_active' in patch;
      return (await withPresenters(trx, [presentUser(row!)]))[0]!;
    });
    // After the commit: every instance's notification recipients follow a new role or active state…
    if (staffChange) await announceStaffChange(ctx, id, 'updated');
    // …and every instance's realtime hub re-checks this user's staff sockets.
    if (sessionChange) await announceSessionChange(ctx, id, sessionChange);
    return view;
  } catch (err) {
    if (isUniqueViolation(err)) throw fail.conflict(ACCOUNT_TEXT.emailTaken);
    throw err;
  }
}

/**
 * The DJ profile part of an edit: `presenter_id: null` unlinks the account's
 * DJ profile, another id links that one instead, `presenter` creates one for
 * an account that has none. Answers whether anything changed.
 */
async function relinkPresenter(trx: Knex.Transaction, actor: Actor, target: ProfileRow, input: z.output<typeof UpdateUserSchema>, ip: string | null, at: Date): Promise<boolean> {
  if (input.presenter_id === undefined && !input.presenter) return false;
  const current = await presenterOfUser(trx, target.id);
  const role: Role = isRole(input.role ?? target.role) ? ((input.role ?? target.role) as Role) : 'guest';
  if (input.presenter) {
    if (current) throw fail.conflict(ACCOUNT_TEXT.accountHasDj(current.name));
    await attachPresenter(trx, actor, { id: target.id, email: target.email, role }, { presenter: input.presenter }, ip, at);
    return true;
  }
  if (current && current.id === input.presenter_id) return false;
  if (current) {
    await setPresenterUser(trx, current.id, null, at);
    await recordAction(trx, { actor, action: 'update', resourceType: 'presenters', resourceId: current.id, resourceName: current.name, details: { user: { from: target.email, to: null } }, ip });
  }
  if (input.presenter_id) await attachPresenter(trx, actor, { id: target.id, email: target.email, role }, { presenter_id: input.presenter_id }, ip, at);
  return current !== undefined || Boolean(input.presenter_id);
}

/** Deletes an account: the actor must rank strictly higher than the target (000 §6). */
export async function deleteAccount(ctx: AppContext, actor: Actor, id: string, ip: string | null): Promise<void> {
  const pending = await ctx.knex.transaction(async (trx) => {
    const target = await findProfile(trx, id, true);
    if (!target) throw fail.notFound('User not found');
    const targetRole: Role = isRole(target.role) ? target.role : 'guest';
    if (!canDeleteUser(actor.role, targetRole)) throw fail.forbidden(DENIED.deleteUser);
    await removeMediaByUrl(trx, target.avatar_url);
    await deleteProfile(trx, target.id);
    await recordAction(trx, { actor, action: 'delete', resourceType: 'user', resourceId: target.id, resourceName: target.email, details: { username: target.username, role: targetRole }, ip });
    return insertNotification(trx, {
      type: 'user_removed',
      text: { key: 'notify.userRemoved', values: { name: target.username ?? target.email, role: targetRole } },
      relatedId: target.id,
      relatedType: 'user',
      createdBy: actor.id,
    });
  });
  await announceStaffChange(ctx, id, 'deleted');
  await announceSessionChange(ctx, id, 'deleted');
  await publishNotification(ctx, pending);
}

/** Sets a user's avatar from uploaded bytes, removing the old file. `target` is the actor for My Profile. */
export async function setAvatar(ctx: AppContext, actor: Actor, targetId: string, bytes: Buffer, ip: string | null): Promise<UserView> {
  const existing = await findProfile(ctx.knex, targetId);
  if (!existing) throw fail.notFound('User not found');
  if (existing.id !== actor.id && !canEditUser(actor.role, isRole(existing.role) ? existing.role : 'guest')) throw fail.forbidden(ACCOUNT_TEXT.cannotEditUser);
  const stored = await storeImage(ctx, { bucket: 'avatars', bytes, owner: existing.id });
  try {
    return await ctx.knex.transaction(async (trx) => {
      const target = await findProfile(trx, targetId, true);
      if (!target) throw fail.notFound('User not found');
      const row = await updateProfile(trx, target.id, { avatar_url: stored.url, updated_at: new Date(ctx.now()) });
      await removeMediaByUrl(trx, target.avatar_url);
      await recordAction(trx, { actor, action: 'update', resourceType: 'user', resourceId: target.id, resourceName: target.email, details: { avatar_url: { from: target.avatar_url, to: stored.url } }, ip });
      return presentUser(row!);
    });
  } catch (err) {
    await removeMediaByUrl(ctx.knex, stored.url).catch(() => undefined);
    throw err;
  }
}

interface PresenterRow {
  id: string;
  name: string;
  social_links: unknown;
}

function presentLinkedPresenter(row: PresenterRow): LinkedPresenter {
  const raw = typeof row.social_links === 'string' ? (JSON.parse(row.social_links) as unknown) : row.social_links;
  const links: LinkedPresenter['social_links'] = {};
  if (raw && typeof raw === 'object') {
    for (const p of SOCIAL_PLATFORMS) {
      const v = (raw as Record<string, unknown>)[p];
      links[p] = typeof v === 'string' && v ? v : null;
    }
  }
  return { id: row.id, name: row.name, social_links: links };
}

/** The signed-in user, their profile and their presenter record (My Profile, the navigation menu). */
export async function getMe(db: Knex, userId: string): Promise<MeResponse> {
  const row = await findProfile(db, userId);
  if (!row) throw fail.unauthorized(ACCOUNT_TEXT.sessionEnded);
  const profile = presentUser(row);
  const presenter = await linkedPresenterLinks(db, userId);
  const language = asLocale((await profileLanguages(db, [userId]))[0]?.language);
  return { user: { id: profile.id, email: profile.email, role: profile.role }, profile, presenter: presenter ? presentLinkedPresenter(presenter) : null, language: language === PSEUDO_LOCALE ? null : language };
}

/** Updates the signed-in user's own username (email is read-only) or removes their avatar. */
export async function updateOwnProfile(ctx: AppContext, actor: Actor, input: z.output<typeof UpdateMeSchema>, ip: string | null): Promise<MeResponse> {
  await ctx.knex.transaction(async (trx) => {
    const target = await findProfile(trx, actor.id, true);
    if (!target) throw fail.unauthorized(ACCOUNT_TEXT.sessionEnded);
    const patch: Record<string, unknown> = {};
    const changed: Record<string, unknown> = {};
    if (input.username !== undefined && input.username !== target.username) {
      patch.username = input.username;
      changed.username = { from: target.username, to: input.username };
    }
    if (input.avatar_url === null && target.avatar_url) {
      patch.avatar_url = null;
      changed.avatar_url = { from: target.avatar_url, to: null };
      await removeMediaByUrl(trx, target.avatar_url);
    }
    if (input.language !== undefined) {
      const before = (await profileLanguages(trx, [target.id]))[0]?.language ?? null;
      if (before !== input.language) {
        patch.language = input.language;
        changed.language = { from: before, to: input.language };
      }
    }
    if (Object.keys(patch).length === 0) return;
    await updateProfile(trx, target.id, { ...patch, updated_at: new Date(ctx.now()) });
    await recordAction(trx, { actor, action: 'update', resourceType: 'profile', resourceId: target.id, resourceName: target.email, details: changed, ip });
  });
  return getMe(ctx.knex, actor.id);
}

/**
 * Changes the signed-in user's password: every other session ends (a thief
 * with an old refresh token is shut out), this one continues, and the
 * reset-required flag clears.
 */
export async function changeOwnPassword(ctx: AppContext, actor: Actor, current: string, password: string, ip: string | null): Promise<void> {
  if (tooLongPassword(password)) throw fail.badRequest(ACCOUNT_TEXT.passwordTooLong);
  // Guessing the current password with a stolen access token is limited like sign-in: 10 tries per 15 minutes.
  await ctx.limits.limiter('password_change', { points: 10, durationSec: 900 }).consume(actor.id);
  const stored = await passwordHashOf(ctx.knex, actor.id);
  if (!stored) throw fail.unauthorized(ACCOUNT_TEXT.sessionEnded);
  if (tooLongPassword(current) || !(await verifyPassword(stored, current))) throw fail.badRequest(ACCOUNT_TEXT.currentPasswordWrong, [{ path: 'current_password', message: ACCOUNT_TEXT.currentPasswordWrong }]);
  if (isCommonPassword(password)) throw fail.badRequest(ACCOUNT_TEXT.passwordCommon, [{ path: 'password', message: ACCOUNT_TEXT.passwordCommon }]);
  const hash = await hashPassword(password);
  const nowMs = ctx.now();
  await ctx.knex.transaction(async (trx) => {
    const updated = await updateProfile(trx, actor.id, { password_hash: hash, password_changed_at: new Date(nowMs), password_reset_required: false, updated_at: new Date(nowMs) });
    if (!updated) throw fail.unauthorized(ACCOUNT_TEXT.sessionEnded);
    const ended = await revokeUserSessions(trx, actor.id, 'password_changed', nowMs, actor.sessionId);
    await recordAction(trx, { actor, action: 'update', resourceType: 'profile', resourceId: actor.id, resourceName: actor.email, details: { password: 'changed', other_sessions_ended: ended }, ip });
  });
  await announceSessionChange(ctx, actor.id, 'password_changed');
}

/** Saves the social links of the presenter record linked to the signed-in user ('Social media updated'). */
export async function updateOwnSocialLinks(ctx: AppContext, actor: Actor, input: z.output<typeof SocialLinksSchema>, ip: string | null): Promise<MeResponse> {
  await ctx.knex.transaction(async (trx) => {
    const presenter = await linkedPresenterLinks(trx, actor.id, true);
    if (!presenter) throw new HttpError('not_found', 'No presenter profile is linked to your account.');
    // Only the links that are set are kept, the same map of platform to URL the directory reads.
    const links = Object.fromEntries(SOCIAL_PLATFORMS.flatMap((p) => (input.social_links[p] ? [[p, input.social_links[p]]] : [])));
    await setPresenterSocialLinks(trx, presenter.id, links, new Date(ctx.now()));
    await recordAction(trx, { actor, action: 'update', resourceType: 'presenter', resourceId: presenter.id, resourceName: presenter.name, details: { social_links: links }, ip });
  });
  return getMe(ctx.knex, actor.id);
}

/**
 * The account and DJ profile an approved presenter application becomes, in
 * the reviewer's transaction (issue 30): a probation account for the
 * applicant's e-mail with a one-time password to change at first sign-in,
 * and a DJ profile of the applicant's name (numbered when the name is
 * taken). When the e-mail already has an account, that account gets the DJ
 * profile (if it has none) and no new password. Answers what to tell the applicant.
 */
export async function accountFromApplication(trx: Knex.Transaction, actor: { id: string; email: string }, applicant: { name: string; email: string }, ip: string | null, at: Date): Promise<{ userId: string; password: string | null; dj: string | null }> {
  const email = applicant.email.trim().toLowerCase();
  const existing = await findCredentials(trx, email);
  let userId: string;
  let password: string | null = null;
  if (existing) userId = existing.id;
  else {
    password = randomBytes(9).toString('base64url');
    let username = applicant.name.trim().slice(0, 90) || email;
    for (let n = 2; await usernameTaken(trx, username); n += 1) username = `${applicant.name.trim().slice(0, 90)} ${n}`;
    const row = await insertProfile(trx, { email, username, role: 'probation', is_admin: false, password_hash: await hashPassword(password) });
    await updateProfile(trx, row.id, { password_reset_required: true });
    userId = row.id;
    await recordAction(trx, { actor, action: 'create', resourceType: 'user', resourceId: row.id, resourceName: email, details: { username, role: 'probation', via: 'application' }, ip });
  }
  const current = await presenterOfUser(trx, userId);
  if (current) return { userId, password, dj: current.name };
  let name = applicant.name.trim().slice(0, 90);
  for (let n = 2; await presenterNameTaken(trx, name); n += 1) name = `${applicant.name.trim().slice(0, 90)} ${n}`;
  const id = await insertPresenter(trx, { name, role: 'probation', bio: null, azuracast_id: null, social_links: {} }, at, userId);
  await recordAction(trx, { actor, action: 'create', resourceType: 'presenters', resourceId: id, resourceName: name, details: { role: 'probation', user: email, via: 'application' }, ip });
  return { userId, password, dj: name };
}
