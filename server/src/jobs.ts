import type { AppContext } from './context';
import { startPoller } from './radio/poller';
import { startIntegrationJobs } from './integrations/jobs';
import type { BackgroundJob } from './server';
import { sessionPruneJob } from './auth/prune';
import { showRemindersJob } from './schedule/reminders';

/**
 * The background jobs of a running server (the station poller, schedulers).
 * Each domain that needs one adds it here.
 */
export async function startJobs(ctx: AppContext): Promise<BackgroundJob[]> {
  return [sessionPruneJob(ctx), startPoller(ctx, ctx.radio), startIntegrationJobs(ctx), showRemindersJob(ctx)];
}
