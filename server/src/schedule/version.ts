import type { AppContext } from '../context';
import { readScheduleVersion } from './repo';

export { readScheduleVersion };

/**
 * The schedule's version (bumped by a database trigger on every write to
 * schedule_events), used to key caches and ETags of the public schedule.
 *
 * Each server process remembers the last value for at most `MEMO_MS`; a
 * write in this process, or a `schedule` event from any instance on the bus,
 * forgets it at once. So a change is seen immediately by the instance that
 * made it and by every instance that hears the event, and within a second by
 * one that missed it.
 */
const MEMO_MS = 1000;

interface VersionState {
  value: number | null;
  readAt: number;
  pending: Promise<number> | null;
  /** Bumped by every invalidation, so a read that started before a write never stores its old answer. */
  generation: number;
  unsubscribe: () => void;
}

const states = new WeakMap<AppContext, VersionState>();

function stateOf(ctx: AppContext): VersionState {
  let s = states.get(ctx);
  if (!s) {
    const state: VersionState = { value: null, readAt: 0, pending: null, generation: 0, unsubscribe: () => undefined };
    state.unsubscribe = ctx.bus.subscribe((event) => {
      if (event.channel === 'schedule') forget(state);
    });
    states.set(ctx, state);
    s = state;
  }
  return s;
}

/** The current schedule version, remembered briefly (see the module comment). */
export async function scheduleVersion(ctx: AppContext): Promise<number> {
  const s = stateOf(ctx);
  if (s.value !== null && Date.now() - s.readAt < MEMO_MS) return s.value;
  if (s.pending) return s.pending;
  const generation = s.generation;
  const pending = readScheduleVersion(ctx.knex).then((v) => {
    if (s.generation === generation) {
      s.value = v;
      s.readAt = Date.now();
    }
    return v;
  });
  s.pending = pending;
  void pending.finally(() => {
    if (s.pending === pending) s.pending = null;
  }).catch(() => undefined);
  return pending;
}

/** The remembered version while it holds (no read), else null: what the public reads' fast lane checks (http/fast-lane.ts). */
export function peekScheduleVersion(ctx: AppContext): number | null {
  const s = stateOf(ctx);
  return s.value !== null && Date.now() - s.readAt < MEMO_MS ? s.value : null;
}

function forget(s: VersionState): void {
  s.value = null;
  s.pending = null;
  s.generation++;
}

/** Forgets the remembered version after a write in this process. */
export function invalidateScheduleVersion(ctx: AppContext): void {
  forget(stateOf(ctx));
}
