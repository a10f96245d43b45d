import type { AppContext } from './context';
import { startIntegrationJobs } from './integrations/jobs';
import type { BackgroundJob } from './server';

/**
 * The background jobs of a running server (the station poller, schedulers).
 * Each domain that needs one adds it here.
 */
export async function startJobs(ctx: AppContext): Promise<BackgroundJob[]> {
  return [startIntegrationJobs(ctx)];
}
