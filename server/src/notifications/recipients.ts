import type { Knex } from 'knex';
import type { NotificationType } from '../../../shared/notifications';
import { SESSION_CHANGED_EVENT, STAFF_CHANGED_EVENT } from '../../../shared/realtime';
import type { Logger } from '../log';
import type { EventBus } from '../realtime/bus';
import { accountDirectory } from '../users/repo';
import { typesTurnedOff } from './repo';

/**
 * Who a notification reaches, resolved from a directory of the accounts
 * (id, role, active) and their turned-off types, read once and kept until
 * staff or preferences change, not per notification. The instance's one
 * directory lives in the AppContext (`ctx.recipients`, built by startServer).
 *
 * It is forgotten when:
 * - this instance changes staff or preferences (`announceStaffChange` in
 *   notify.ts forgets it at once, before anything is published);
 * - the bus says another instance did: `staff.changed` (accounts created,
 *   edited, deleted; preferences saved), `session.changed` (deactivation,
 *   deletion, a new role) or `bus.resync` (events may have been missed);
 * - a notification names a user the directory has never seen (at most once a
 *   second), and at the latest after {@link DIRECTORY_MAX_AGE_MS}, for writes
 *   made outside any server (the create-owner CLI, an operator's SQL).
 */
export interface NotificationRecipients {
  /** Active accounts whose role or id is targeted and who have not turned `type` off. */
  resolve(type: NotificationType, roles: readonly string[], userIds: readonly string[]): Promise<string[]>;
  /** Forgets the directory: the next resolve reads it again. */
  invalidate(): void;
  /** Stops listening to the bus. */
  close(): void;
}

/** The longest a directory is trusted without a change announced. */
export const DIRECTORY_MAX_AGE_MS = 60_000;
/** How often a notification for a user the directory does not know may make it read again. */
const UNKNOWN_USER_RELOAD_MS = 1_000;

interface Account {
  role: string;
  active: boolean;
  off: Set<NotificationType> | undefined;
}

/** Builds the instance's recipients directory, listening to the bus for changes. */
export function createNotificationRecipients(deps: { knex: Knex; bus: EventBus; log: Logger; clock?: () => number }): NotificationRecipients {
  const clock = deps.clock ?? (() => performance.now());
  let generation = 0;
  let entry: { generation: number; at: number; directory: Promise<Map<string, Account>> } | null = null;
  let lastUnknownReload = -Infinity;

  const load = async (): Promise<Map<string, Account>> => {
    const [accounts, off] = await Promise.all([accountDirectory(deps.knex), typesTurnedOff(deps.knex)]);
    return new Map(accounts.map((a) => [a.id, { role: a.role, active: a.is_active, off: off.get(a.id) }]));
  };
  const directory = (): Promise<Map<string, Account>> => {
    if (entry && entry.generation === generation && clock() - entry.at < DIRECTORY_MAX_AGE_MS) return entry.directory;
    const loading = load();
    const mine = { generation, at: clock(), directory: loading };
    entry = mine;
    // A failed read is not kept: the next notification tries again.
    loading.catch(() => {
      if (entry === mine) entry = null;
    });
    return loading;
  };
  const invalidate = () => {
    generation += 1;
    entry = null;
  };

  const unsubscribe = deps.bus.subscribe((event) => {
    if (event.channel !== 'notifications') return;
    if (event.name === STAFF_CHANGED_EVENT || event.name === SESSION_CHANGED_EVENT || event.name === 'bus.resync' || event.name.endsWith('.too-big')) invalidate();
  });

  return {
    async resolve(type, roles, userIds) {
      if (roles.length === 0 && userIds.length === 0) return [];
      let accounts = await directory();
      if (userIds.some((id) => !accounts.has(id)) && clock() - lastUnknownReload >= UNKNOWN_USER_RELOAD_MS) {
        lastUnknownReload = clock();
        invalidate();
        accounts = await directory();
      }
      const roleSet = new Set(roles);
      const idSet = new Set(userIds);
      const out: string[] = [];
      for (const [id, a] of accounts) {
        if (!a.active || a.off?.has(type)) continue;
        if (roleSet.has(a.role) || idSet.has(id)) out.push(id);
      }
      return out;
    },
    invalidate,
    close: () => {
      unsubscribe();
      entry = null;
    },
  };
}
