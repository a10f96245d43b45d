import type { AppContext } from './context';
import { startStreamConnections } from './audience/connections';
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
  const connections = startStreamConnections(ctx, ctx.radio);
  return [sessionPruneJob(ctx), connections, startPoller(ctx, ctx.radio, { listeners: connections.total }), startIntegrationJobs(ctx), showRemindersJob(ctx)];
}
