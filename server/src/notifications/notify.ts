import type { Knex } from 'knex';
import { CAPABILITIES, ROLES, type Capability, type Role } from '../../../shared/permissions';
import { NOTIFICATION_AUDIENCE, NOTIFICATION_TYPES, type NotificationPriority, type NotificationType, type NotificationView } from '../../../shared/notifications';
import { STAFF_CHANGED_EVENT, type StaffChangedData } from '../../../shared/realtime';
import type { AppContext } from '../context';
import { randomUUID } from 'node:crypto';
import { insertNotificationRow, type NotificationValues } from './repo';
import { renderKey, serverTranslator, staffRecipients } from '../i18n/recipients';
import type { MessageKey } from '../../../shared/i18n/format';
import { sendStaffDirectMessages } from './discord';

/**
 * The one way any part of the server notifies staff (spec 001 §3, §4, §7).
 *
 * A notification is one admin_notifications row aimed at an audience: the
 * roles that can act on it (by default from its type, see AUDIENCE) and,
 * optionally, single users (a booking's presenter). Delivery is decided per
 * user: an active account whose role OR id is targeted, and whose
 * preference for the type is not off (unset means on). The list API applies
 * the same rule, so a user never sees listed what was not pushed to them.
 *
 * Two ways to send:
 * - `notify(ctx, input)`: store and publish at once (no transaction of yours).
 * - `insertNotification(trx, input)` inside your transaction, then
 *   `publishNotification(ctx, pending)` after it has committed.
 * Publishing resolves the recipients and sends `notification.created` on the
 * `notifications` channel with explicit `userIds`, so the hub delivers it to
 * exactly those users. It never throws: a lost push is refetched by clients.
 */

export type { NotificationType, NotificationPriority, NotificationView };

/** Who a notification is for: roles holding a capability, explicit roles, and single users. */
export interface Audience {
  capability?: Capability;
  roles?: readonly Role[];
  userIds?: readonly string[];
}

/** The roles that can act on each type (001 §6): written once in shared/notifications.ts (the Preferences tab offers switches from it). */
export const AUDIENCE: Record<NotificationType, Capability> = NOTIFICATION_AUDIENCE;

/** Default priority of each type. */
export const PRIORITY: Record<NotificationType, NotificationPriority> = {
  show_added: 'normal',
  show_updated: 'normal',
  show_deleted: 'high',
  show_conflicts: 'high',
  song_request: 'normal',
  shoutout_request: 'normal',
  general_request: 'normal',
  application_received: 'high',
  user_added: 'low',
  user_removed: 'normal',
  system_alert: 'urgent',
  announcement: 'normal',
  leave_requested: 'high',
  leave_decided: 'high',
  application_decided: 'normal',
};

/**
 * A notification's text as message keys (issue 35): `${key}.title` and `${key}.message` in the catalogues
 * (`notify.` prefix), with their values. Stored with the notification, so each reader sees it in their own
 * language (their profile's, else the station's default), also after they change it.
 */
export interface NotificationText {
  key: `notify.${string}`;
  values?: Record<string, string | number>;
}

/** What to send: `text` (keys; the English is drawn from the catalogue when title and message are left out), or a fixed title and message. */
export interface NotifyInput {
  type: NotificationType;
  title?: string;
  message?: string;
  text?: NotificationText;
  priority?: NotificationPriority;
  relatedId?: string | null;
  relatedType?: string | null;
  /** Defaults to the roles of AUDIENCE[type]. */
  audience?: Audience;
  /** Who caused it; never told about their own action when targeted only as a single user. */
  createdBy?: string | null;
}

/** A stored notification waiting to be published after commit. */
export interface PendingNotification {
  view: NotificationView;
  roles: Role[];
  userIds: string[];
  /** Who caused it; pushed as `created_by` so clients do not pop up alerts about a person's own action. */
  createdBy?: string | null;
  /** The text's keys and values, drawn per recipient's language when published. */
  text?: NotificationText | null;
}

/** The roles that hold a capability. */
export function rolesWith(capability: Capability): Role[] {
  return ROLES.filter((r) => (CAPABILITIES[capability] as readonly Role[]).includes(r));
}

function audienceOf(input: NotifyInput): { roles: Role[]; userIds: string[] } {
  const a = input.audience ?? {};
  const roles = new Set<Role>(a.roles ?? []);
  const cap = a.capability ?? (input.audience ? undefined : AUDIENCE[input.type]);
  if (cap) for (const r of rolesWith(cap)) roles.add(r);
  const userIds = [...new Set(a.userIds ?? [])].filter((id) => id !== input.createdBy);
  return { roles: ROLES.filter((r) => roles.has(r)), userIds };
}

/** Stores a notification with the caller's connection or transaction; publish the result after commit. */
export async function insertNotification(db: Knex | Knex.Transaction, input: NotifyInput): Promise<PendingNotification> {
  if (!(NOTIFICATION_TYPES as readonly string[]).includes(input.type)) throw new Error(`unknown notification type ${input.type}`);
  const { roles, userIds } = audienceOf(input);
  const english = await englishOf(input);
  const r = await insertNotificationRow(db, {
    title: english.title.slice(0, 200),
    message: english.message.slice(0, 2000),
    textKey: input.text?.key ?? null,
    textValues: input.text ? (input.text.values ?? {}) : null,
    type: input.type,
    priority: input.priority ?? PRIORITY[input.type],
    relatedId: input.relatedId ?? null,
    relatedType: input.relatedType ?? null,
    roles,
    userIds,
    createdBy: input.createdBy ?? null,
  });
  return {
    roles,
    userIds,
    createdBy: input.createdBy ?? null,
    text: input.text ?? null,
    view: {
      id: r.id,
      title: r.title,
      message: r.message,
      type: r.type,
      priority: r.priority,
      related_id: r.related_id,
      related_type: r.related_type,
      created_at: new Date(r.created_at).toISOString(),
      user_is_read: false,
      read_at: null,
      dismissed_at: null,
    },
  };
}

/**
 * A notification to store inside another domain's statement (notifications/repo.ts `notificationInsertCte`; the
 * song request's one statement): its values, and the pending notification to publish once it is stored at `createdAt`.
 */
export function prepareNotification(input: NotifyInput): { values: NotificationValues; pending(createdAt: Date | string): PendingNotification } {
  if (!(NOTIFICATION_TYPES as readonly string[]).includes(input.type)) throw new Error(`unknown notification type ${input.type}`);
  const { roles, userIds } = audienceOf(input);
  if (input.title === undefined || input.message === undefined) throw new Error('prepareNotification needs the English title and message');
  const values: NotificationValues = {
    id: randomUUID(),
    title: input.title.slice(0, 200),
    message: input.message.slice(0, 2000),
    text_key: input.text?.key ?? null,
    text_values: input.text ? (input.text.values ?? {}) : null,
    type: input.type,
    priority: input.priority ?? PRIORITY[input.type],
    related_id: input.relatedId ?? null,
    related_type: input.relatedType ?? null,
    target_roles: roles,
    target_user_ids: userIds,
    created_by: input.createdBy ?? null,
  };
  return {
    values,
    pending: (createdAt) => ({
      roles,
      userIds,
      createdBy: values.created_by,
      text: input.text ?? null,
      view: {
        id: values.id,
        title: values.title,
        message: values.message,
        type: input.type,
        priority: values.priority,
        related_id: values.related_id,
        related_type: values.related_type,
        created_at: new Date(createdAt).toISOString(),
        user_is_read: false,
        read_at: null,
        dismissed_at: null,
      },
    }),
  };
}

/**
 * The users a notification reaches now: active accounts whose role or id is
 * targeted and who have not turned its type off. Read from the instance's
 * recipients directory (`ctx.recipients`, notifications/recipients.ts), kept
 * until staff or preferences change: no query per notification.
 */
export function recipientsOf(ctx: Pick<AppContext, 'recipients'>, type: NotificationType, roles: readonly string[], userIds: readonly string[]): Promise<string[]> {
  return ctx.recipients.resolve(type, roles, userIds);
}

/** The input with its English title and message filled in from its keys (for prepareNotification, which cannot wait). */
export async function withEnglish(input: NotifyInput): Promise<NotifyInput> {
  return { ...input, ...(await englishOf(input)) };
}

/** The English title and message: given, or drawn from the catalogue's keys. */
async function englishOf(input: NotifyInput): Promise<{ title: string; message: string }> {
  if (input.title !== undefined && input.message !== undefined) return { title: input.title, message: input.message };
  if (!input.text) throw new Error('a notification needs a title and message, or their keys');
  const t = await serverTranslator('en');
  return { title: input.title ?? t(`${input.text.key}.title` as MessageKey, input.text.values), message: input.message ?? t(`${input.text.key}.message` as MessageKey, input.text.values) };
}

/** A notification's title and message in a language (the stored English when it has no keys, or the catalogue lacks them). */
export async function localisedText(
  locale: string,
  stored: { title: string; message: string },
  text: { key: string | null; values: Record<string, string | number> | string | null } | null,
): Promise<{ title: string; message: string }> {
  if (!text?.key) return stored;
  const values = (typeof text.values === 'string' ? JSON.parse(text.values) : text.values) as Record<string, string | number> | null;
  const l = locale as Parameters<typeof renderKey>[0];
  return { title: await renderKey(l, `${text.key}.title`, values, stored.title), message: await renderKey(l, `${text.key}.message`, values, stored.message) };
}

/**
 * Publishes a committed notification to exactly the users it reaches, each in their language: one push per
 * language among them (a notification with keys), then a Discord direct message to those with a linked Discord
 * account when it is high or urgent. Never throws.
 */
export async function publishNotification(ctx: AppContext, n: PendingNotification): Promise<string[]> {
  try {
    const userIds = await recipientsOf(ctx, n.view.type, n.roles, n.userIds);
    if (userIds.length === 0) return [];
    const people = await staffRecipients(ctx, userIds);
    const byLocale = new Map<string, string[]>();
    for (const id of userIds) {
      const locale = n.text ? (people.get(id)?.locale ?? 'en') : 'en';
      byLocale.set(locale, [...(byLocale.get(locale) ?? []), id]);
    }
    const texts = new Map<string, { title: string; message: string }>();
    for (const [locale, ids] of byLocale) {
      const text = await localisedText(locale, n.view, n.text ? { key: n.text.key, values: n.text.values ?? {} } : null);
      texts.set(locale, text);
      await ctx.bus.publish({ channel: 'notifications', name: 'notification.created', data: { ...n.view, ...text, created_by: n.createdBy ?? null }, userIds: ids });
    }
    if (n.view.priority === 'high' || n.view.priority === 'urgent') {
      const dms = userIds.flatMap((id) => {
        const p = people.get(id);
        if (!p?.discordUserId) return [];
        const text = texts.get(n.text ? p.locale : 'en') ?? n.view;
        return [{ userId: id, discordUserId: p.discordUserId, locale: p.locale, title: text.title, message: text.message }];
      });
      if (dms.length) void sendStaffDirectMessages(ctx, n.view.id, dms);
    }
    return userIds;
  } catch (err) {
    ctx.log.warn({ err }, 'could not publish a staff notification');
    return [];
  }
}

/**
 * Says, after the change has committed, that staff or a user's preferences
 * changed (an account created, edited or deleted; preferences saved): this
 * instance's recipients directory is forgotten at once, and every other
 * instance's when the bus brings `staff.changed`. Never throws.
 */
export async function announceStaffChange(ctx: Pick<AppContext, 'recipients' | 'bus' | 'log'>, userId: string, reason: StaffChangedData['reason']): Promise<void> {
  ctx.recipients.invalidate();
  await ctx.bus.publish({ channel: 'notifications', name: STAFF_CHANGED_EVENT, data: { userId, reason } }).catch((err: unknown) => ctx.log.warn({ err, userId }, 'could not announce a staff change'));
}

/** Stores and publishes a notification (call it outside, or after, your own transaction). */
export async function notify(ctx: AppContext, input: NotifyInput): Promise<NotificationView> {
  const pending = await insertNotification(ctx.knex, input);
  await publishNotification(ctx, pending);
  return pending.view;
}
