import type { AppContext } from '../context';
import type { BackgroundJob } from '../server';
import { lastRetentionRunAt } from './repo';
import { runRetention } from './service';

const RUN_EVERY_MS = 86_400_000;
const CHECK_EVERY_MS = 60 * 60_000;

/** The daily job: checks hourly and runs when no instance has run in the last day. */
export function retentionJob(ctx: AppContext): BackgroundJob {
  let running = false;
  const tick = () => {
    if (running) return;
    running = true;
    void (async () => {
      const last = await lastRetentionRunAt(ctx.knex);
      if (last && ctx.now() - last.getTime() < RUN_EVERY_MS) return;
      await runRetention(ctx, ctx.now());
    })()
      .catch((err: unknown) => ctx.log.warn({ err }, 'retention job failed'))
      .finally(() => {
        running = false;
      });
  };
  const first = setTimeout(tick, 30_000);
  first.unref();
  const timer = setInterval(tick, CHECK_EVERY_MS);
  timer.unref();
  return {
    name: 'retention',
    stop: async () => {
      clearTimeout(first);
      clearInterval(timer);
    },
  };
}

