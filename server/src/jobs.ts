import type { AppContext } from './context';
import { startStreamConnections } from './audience/connections';
import { startPoller } from './radio/poller';
import { startEarsJob } from './radio/ears/job';
import { startDeadAirWatch } from './radio/ears/watch';
import { startRecorderJob } from './listen-again/recorder';
import { startEpisodeJob } from './listen-again/episodes';
import { startIntegrationJobs } from './integrations/jobs';
import { startTuneInJob } from './reach/tunein';
import type { BackgroundJob } from './server';
import { sessionPruneJob } from './auth/prune';
import { showRemindersJob } from './schedule/reminders';
import { emailOutboxJob } from './mail/outbox';
import { retentionJob } from './privacy/job';
import { tracklistRemindersJob } from './tracklists/service';

/** How long after the server starts its jobs the ones that can wait begin (see {@link startLater}). */
export const LATER_JOBS_MS = 2_000;

/**
 * A job started `ms` from now rather than at once: its first queries then do not queue in front of
 * the first requests (a load balancer's health check, the first page) on PGlite's one connection.
 * Stopped before then, it never starts.
 */
export function startLater(name: string, ms: number, start: () => BackgroundJob, ctx: Pick<AppContext, 'log'>): BackgroundJob {
  let job: BackgroundJob | null = null;
  let stopped = false;
  const timer = setTimeout(() => {
    if (stopped) return;
    try {
      job = start();
    } catch (err) {
      ctx.log.error({ err, job: name }, 'background job failed to start');
    }
  }, ms);
  timer.unref();
  return {
    name,
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await job?.stop();
    },
  };
}

/**
 * The background jobs of a running server (the station poller, schedulers).
 * Each domain that needs one adds it here. The station poller starts at once (now-playing is right
 * from the first page); the show reminders' first round waits {@link LATER_JOBS_MS}.
 */
export async function startJobs(ctx: AppContext): Promise<BackgroundJob[]> {
  const connections = startStreamConnections(ctx, ctx.radio);
  const poller = startPoller(ctx, ctx.radio, { listeners: connections.total });
  return [
    sessionPruneJob(ctx),
    connections,
    poller,
    startEarsJob(ctx, () => poller.isLeader()),
    startDeadAirWatch(ctx, () => poller.isLeader()),
    startRecorderJob(ctx, () => poller.isLeader()),
    startEpisodeJob(ctx, () => poller.isLeader()),
    startIntegrationJobs(ctx),
    startTuneInJob(ctx),
    startLater('show-reminders', LATER_JOBS_MS, () => showRemindersJob(ctx), ctx),
    startLater('email-outbox', LATER_JOBS_MS, () => emailOutboxJob(ctx), ctx),
    startLater('retention', LATER_JOBS_MS, () => retentionJob(ctx), ctx),
    startLater('tracklist-reminders', LATER_JOBS_MS, () => tracklistRemindersJob(ctx), ctx),
  ];
}
