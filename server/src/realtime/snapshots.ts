import type { Channel } from '../../../shared/realtime';

/** Gives a channel's current state to a new subscriber: the event it would have received last. */
export type SnapshotFn = () => Promise<{ name: string; data: unknown } | null>;

/**
 * The channels' snapshots. Built once by the server (server.ts) before the
 * domains that own a channel's state (the radio runtime: `now-playing`,
 * `counters`) and handed to them to register; the hub's `snapshot` hook reads
 * it. Nothing is mutated behind the hub's back.
 */
export interface SnapshotRegistry {
  register(channel: Channel, fn: SnapshotFn): void;
  snapshot(channel: Channel): Promise<{ name: string; data: unknown } | null>;
}

/** An empty registry. */
export function createSnapshotRegistry(): SnapshotRegistry {
  const fns = new Map<Channel, SnapshotFn>();
  return {
    register(channel, fn) {
      fns.set(channel, fn);
    },
    snapshot(channel) {
      const fn = fns.get(channel);
      return fn ? fn() : Promise.resolve(null);
    },
  };
}
