import type { AppContext } from '../context';
import { notify } from '../notifications/notify';
import { showsBetween, type TimedShow } from '../radio/schedule';
import { showsWithoutPresenter } from '../radio/stats';
import type { BackgroundJob } from '../server';
import { presenterUserId as accountOfPresenter } from '../presenters/repo';
import { stationTimezone } from '../settings/service';
import { claimAttendanceAlert } from './repo';

/**
 * Presenter reminders, raised by the server so the browser and the desktop
 * studio both get them (as `notification.created` pushes aimed at the show's
 * presenter): "your show starts in 10 minutes" and "your show has started and
 * you are not live". Each is sent once per show (schedule_attendance_alerts
 * remembers it across restarts and server instances).
 */
export const REMINDER_LEAD_MINUTES = 10;
/** How far into a show nobody live counts as "started and you are not live". */
export const NOT_LIVE_AFTER_MINUTES = 1;
/** How often the job looks. */
export const REMINDER_EVERY_MS = 30_000;

/** Texts of the reminders. */
export const REMINDER_TEXTS = {
  startsSoonTitle: (minutes: number) => `Your show starts in ${minutes} minute${minutes === 1 ? '' : 's'}`,
  startsSoonMessage: (title: string, time: string) => `${title} starts at ${time}. Get ready to go live.`,
  notLiveTitle: 'Your show has started and you are not live',
  notLiveMessage: (title: string, time: string) => `${title} started at ${time} and the station is not receiving you. Connect your broadcast software, or tell a moderator if you cannot make it.`,
} as const;

type Kind = 'starts_soon' | 'not_live';

/** Claims a reminder for a show; false when it was already sent. */
function claim(ctx: AppContext, showId: string, kind: Kind): Promise<boolean> {
  return claimAttendanceAlert(ctx.knex, showId, kind);
}

async function presenterUserId(ctx: AppContext, show: TimedShow): Promise<string | null> {
  return show.presenter_id ? accountOfPresenter(ctx.knex, show.presenter_id) : null;
}

/** One pass: sends the reminders due at `nowMs`; answers how many of each went out. */
export async function runShowReminders(ctx: AppContext, nowMs: number = ctx.now()): Promise<{ startsSoon: number; notLive: number }> {
  const zone = await stationTimezone(ctx);
  let startsSoon = 0;
  let notLive = 0;
  const lead = REMINDER_LEAD_MINUTES * 60_000;
  const upcoming = (await showsBetween(ctx.knex, nowMs, nowMs + lead + 1, zone)).filter((s) => s.startMs > nowMs && s.startMs - nowMs <= lead);
  for (const show of upcoming) {
    const userId = await presenterUserId(ctx, show);
    if (!userId || !(await claim(ctx, show.id, 'starts_soon'))) continue;
    const minutes = Math.max(1, Math.ceil((show.startMs - nowMs) / 60_000));
    await notify(ctx, {
      type: 'system_alert',
      priority: 'high',
      title: REMINDER_TEXTS.startsSoonTitle(minutes),
      message: REMINDER_TEXTS.startsSoonMessage(show.title, show.start_time.slice(0, 5)),
      relatedId: show.id,
      relatedType: 'schedule_event',
      audience: { userIds: [userId] },
    });
    startsSoon++;
  }
  // Icecast cannot tell who is live, so it cannot tell who is missing either.
  if (ctx.config.STATION_SOURCE !== 'icecast') {
    for (const show of await showsWithoutPresenter(ctx.knex, nowMs, zone, NOT_LIVE_AFTER_MINUTES)) {
      const userId = await presenterUserId(ctx, show);
      if (!userId || !(await claim(ctx, show.id, 'not_live'))) continue;
      await notify(ctx, {
        type: 'system_alert',
        priority: 'urgent',
        title: REMINDER_TEXTS.notLiveTitle,
        message: REMINDER_TEXTS.notLiveMessage(show.title, show.start_time.slice(0, 5)),
        relatedId: show.id,
        relatedType: 'schedule_event',
        audience: { userIds: [userId] },
      });
      notLive++;
    }
  }
  return { startsSoon, notLive };
}

/** The background job: a pass every 30 seconds. */
export function showRemindersJob(ctx: AppContext): BackgroundJob {
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = runShowReminders(ctx)
      .then((n) => {
        if (n.startsSoon || n.notLive) ctx.log.info(n, 'show reminders sent');
      })
      .catch((err: unknown) => ctx.log.warn({ err }, 'show reminders failed'))
      .finally(() => (running = null));
  };
  const timer = setInterval(tick, REMINDER_EVERY_MS);
  timer.unref();
  tick();
  return {
    name: 'show-reminders',
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
