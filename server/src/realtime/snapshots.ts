import type { Channel } from '../../../shared/realtime';
import type { AppContext } from '../context';

/** Gives a channel's current state to a new subscriber: the event it would have received last. */
export type SnapshotFn = () => Promise<{ name: string; data: unknown } | null>;

const registries = new WeakMap<AppContext, Map<Channel, SnapshotFn>>();

/**
 * Registers the snapshot of one channel. Several domains can register their
 * own channels; the hub's single `snapshot` hook dispatches to them. Call it
 * while the app is being built (from a domain's routes factory), before the
 * hub is created.
 */
export function registerSnapshot(ctx: AppContext, channel: Channel, fn: SnapshotFn): void {
  let registry = registries.get(ctx);
  if (!registry) {
    const map = new Map<Channel, SnapshotFn>();
    registries.set(ctx, (registry = map));
    ctx.realtime = { ...ctx.realtime, snapshot: async (ch) => (map.get(ch) ? map.get(ch)!() : null) };
  }
  registry.set(channel, fn);
}
