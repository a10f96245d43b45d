import type { AppContext } from '../context';
import type { BackgroundJob } from '../server';
import { getStationInfo } from '../settings/service';
import { pruneDiscordStates } from './discord-oauth';
import { deliverDueWebhooks, isWebhookSource, pruneDeliveries, setWebhookKick, webhookFromBusEvent } from './webhooks';

/** How often the delivery job looks for due retries when nothing woke it. */
const POLL_MS = 5_000;
const PRUNE_MS = 60 * 60_000;

/**
 * The integrations' background work: turns bus events into webhook
 * deliveries, sends due deliveries (at once when queued, and every few
 * seconds for retries), and prunes old OAuth states and delivery logs.
 */
export function startIntegrationJobs(ctx: AppContext): BackgroundJob {
  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;

  const run = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          while (!stopped && (await deliverDueWebhooks(ctx)) > 0) {
            // keep going while there is work
          }
        } while (again && !stopped);
      } catch (err) {
        ctx.log.warn({ err }, 'webhook delivery pass failed');
      } finally {
        running = null;
      }
    })();
    return running;
  };

  setWebhookKick(ctx, () => void run());
  const poll = setInterval(() => void run(), POLL_MS);
  poll.unref();
  const prune = setInterval(() => {
    void (async () => {
      try {
        await pruneDiscordStates(ctx.knex, ctx.now());
        await pruneDeliveries(ctx.knex, ctx.now());
      } catch (err) {
        ctx.log.warn({ err }, 'integration prune failed');
      }
    })();
  }, PRUNE_MS);
  prune.unref();

  const unsubscribe = ctx.bus.subscribe((event) => {
    if (stopped) return;
    if (!isWebhookSource(event)) return;
    void (async () => {
      try {
        const station = await getStationInfo(ctx.knex, ctx.config);
        await webhookFromBusEvent(ctx, event, station.name, ctx.config.PUBLIC_URL ?? null);
      } catch (err) {
        ctx.log.warn({ err, event: event.name }, 'could not turn a bus event into webhooks');
      }
    })();
  });

  return {
    name: 'integrations',
    async stop() {
      stopped = true;
      unsubscribe();
      clearInterval(poll);
      clearInterval(prune);
      setWebhookKick(ctx, null);
      await running;
    },
  };
}
