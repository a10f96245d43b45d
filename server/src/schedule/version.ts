import type { Knex } from 'knex';
import type { EventBus } from '../realtime/bus';
import { readScheduleVersion } from './repo';

export { readScheduleVersion };

/**
 * The schedule's version (bumped by a database trigger on every write to
 * schedule_events), used to key caches and ETags of the public schedule.
 *
 * Each server instance remembers the last value for at most `MEMO_MS`
 * (`ctx.scheduleVersion`, built once in server.ts); a write in this instance,
 * or a `schedule` event from any instance on the bus, forgets it at once. So a
 * change is seen immediately by the instance that made it and by every
 * instance that hears the event, and within a second by one that missed it.
 */
const MEMO_MS = 1000;

/** This instance's memory of the schedule's version. */
export interface ScheduleVersionMemo {
  /** The current version, remembered briefly. */
  read(): Promise<number>;
  /** The remembered version while it holds (no read), else null. */
  peek(): number | null;
  /** Forgets the remembered version (a write in this instance). */
  forget(): void;
  /** Stops following the bus (server shutdown). */
  close(): void;
}

/**
 * Builds the memo of one server instance: reads through `knex`, forgets on every `schedule` event of `bus`. Ages by
 * the wall clock (not ctx.now: a test's frozen clock must not keep the memo forever).
 */
export function createScheduleVersionMemo(deps: { knex: Knex; bus: EventBus }): ScheduleVersionMemo {
  const clock = Date.now;
  let value: number | null = null;
  let readAt = 0;
  let pending: Promise<number> | null = null;
  /** Bumped by every invalidation, so a read that started before a write never stores its old answer. */
  let generation = 0;
  const fresh = () => value !== null && clock() - readAt < MEMO_MS;
  const forget = () => {
    value = null;
    pending = null;
    generation++;
  };
  const unsubscribe = deps.bus.subscribe((event) => {
    if (event.channel === 'schedule') forget();
  });
  return {
    read() {
      if (fresh()) return Promise.resolve(value!);
      if (pending) return pending;
      const started = generation;
      const p = readScheduleVersion(deps.knex).then((v) => {
        if (generation === started) {
          value = v;
          readAt = clock();
        }
        return v;
      });
      pending = p;
      void p.finally(() => {
        if (pending === p) pending = null;
      }).catch(() => undefined);
      return p;
    },
    peek: () => (fresh() ? value : null),
    forget,
    close: unsubscribe,
  };
}

/** The current schedule version, remembered briefly (see the module comment). */
export function scheduleVersion(ctx: { scheduleVersion: ScheduleVersionMemo }): Promise<number> {
  return ctx.scheduleVersion.read();
}

/** The remembered version while it holds (no read), else null: what the public reads' fast lane checks (http/fast-lane.ts). */
export function peekScheduleVersion(ctx: { scheduleVersion: ScheduleVersionMemo }): number | null {
  return ctx.scheduleVersion.peek();
}

/** Forgets the remembered version after a write in this process. */
export function invalidateScheduleVersion(ctx: { scheduleVersion: ScheduleVersionMemo }): void {
  ctx.scheduleVersion.forget();
}
