import { SESSION_CHANGED_EVENT, type SessionChangedData } from '../../../shared/realtime';
import type { AppContext } from '../context';

/**
 * Tells every instance's realtime hub that a user's sessions changed (after
 * the change has committed): sign-out, deactivation, deletion, a new password
 * or a new role. Each hub re-checks that user's connections at once, so a
 * staff socket stops receiving within a second instead of when its access
 * token expires. A failed publish is logged; the token's own expiry remains
 * the backstop.
 */
export async function announceSessionChange(ctx: Pick<AppContext, 'bus' | 'log'>, userId: string, reason: SessionChangedData['reason']): Promise<void> {
  const data: SessionChangedData = { userId, reason };
  // The notifications channel carries it between instances; the hub consumes it and never forwards it.
  await ctx.bus.publish({ channel: 'notifications', name: SESSION_CHANGED_EVENT, data }).catch((err: unknown) => ctx.log.warn({ err, userId }, 'could not announce a session change'));
}
