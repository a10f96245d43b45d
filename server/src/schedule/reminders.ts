import type { AppContext } from '../context';
import { notify } from '../notifications/notify';
import { showsBetween, type TimedShow } from '../radio/schedule';
import { showsWithoutPresenter } from '../radio/stats';
import type { BackgroundJob } from '../server';
import { presenterUserId as accountOfPresenter } from '../presenters/repo';
import { stationTimezone } from '../settings/service';
import { claimAttendanceAlert } from './repo';
import { localeOfUser, serverTranslator } from '../i18n/recipients';
import { panelUrl, queueEmail, sendQueuedEmail } from '../mail/outbox';
import { showReminderEmail } from '../mail/templates';
import { cachedStationInfo } from '../settings/service';
import { activeEmailsOf } from '../users/repo';

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
/** The e-mailed reminder goes out this long before a show (issue 30: e-mail for reminders), once per show. */
export const REMINDER_EMAIL_LEAD_HOURS = 24;
/** How often the job looks. */
export const REMINDER_EVERY_MS = 30_000;

/** Texts of the reminders. */
export const REMINDER_TEXTS = {
  startsSoonTitle: (minutes: number) => `Your show starts in ${minutes} minute${minutes === 1 ? '' : 's'}`,
  startsSoonMessage: (title: string, time: string) => `${title} starts at ${time}. Get ready to go live.`,
  notLiveTitle: 'Your show has started and you are not live',
  notLiveMessage: (title: string, time: string) => `${title} started at ${time} and the station is not receiving you. Connect your broadcast software, or tell a moderator if you cannot make it.`,
} as const;

type Kind = 'starts_soon' | 'not_live' | 'email_reminder';

/** Claims a reminder for a show; false when it was already sent. */
function claim(ctx: AppContext, showId: string, kind: Kind): Promise<boolean> {
  return claimAttendanceAlert(ctx.knex, showId, kind);
}

async function presenterUserId(ctx: AppContext, show: TimedShow): Promise<string | null> {
  return show.presenter_id ? accountOfPresenter(ctx.knex, show.presenter_id) : null;
}

/**
 * The e-mailed reminders due at `nowMs`: each scheduled show starting within {@link REMINDER_EMAIL_LEAD_HOURS}
 * whose presenter has an active account gets one e-mail, queued in the outbox in the same transaction that
 * records it as sent (so it goes once, whatever the instances). Only while SMTP is configured: a reminder
 * queued with nowhere to send it would arrive late once SMTP is set. Answers how many were queued.
 */
export async function runEmailReminders(ctx: AppContext, nowMs: number, zone: string): Promise<number> {
  if (!ctx.config.SMTP_URL) return 0;
  const lead = REMINDER_EMAIL_LEAD_HOURS * 3_600_000;
  const due = (await showsBetween(ctx.knex, nowMs, nowMs + lead + 1, zone)).filter((s) => s.startMs > nowMs && s.startMs - nowMs <= lead);
  let sent = 0;
  for (const show of due) {
    const userId = await presenterUserId(ctx, show);
    if (!userId) continue;
    const [account] = await activeEmailsOf(ctx.knex, [userId]);
    if (!account) continue;
    const station = await cachedStationInfo(ctx);
    // In the presenter's language (issue 35): their profile's, else the station's default.
    const t = await serverTranslator(await localeOfUser(ctx, userId));
    const content = showReminderEmail(
      { station: station.name, presenter: show.presenter_name ?? account.username, title: show.title, date: show.event_date, start: show.start_time.slice(0, 5), end: show.end_time.slice(0, 5), zone, panelUrl: panelUrl(ctx, '/admin/shows') },
      t,
    );
    const id = await ctx.knex.transaction(async (trx) => ((await claimAttendanceAlert(trx, show.id, 'email_reminder')) ? queueEmail(trx, account.email, content) : null));
    if (!id) continue;
    sendQueuedEmail(ctx, id);
    sent++;
  }
  return sent;
}

/** One pass: sends the reminders due at `nowMs`; answers how many of each went out. */
export async function runShowReminders(ctx: AppContext, nowMs: number = ctx.now()): Promise<{ startsSoon: number; notLive: number; emailed: number }> {
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
      text: { key: 'notify.showStartsSoon', values: { minutes, show: show.title, time: show.start_time.slice(0, 5) } },
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
        text: { key: 'notify.showNotLive', values: { show: show.title, time: show.start_time.slice(0, 5) } },
        relatedId: show.id,
        relatedType: 'schedule_event',
        audience: { userIds: [userId] },
      });
      notLive++;
    }
  }
  const emailed = await runEmailReminders(ctx, nowMs, zone);
  return { startsSoon, notLive, emailed };
}

/** The background job: a pass every 30 seconds. */
export function showRemindersJob(ctx: AppContext): BackgroundJob {
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = runShowReminders(ctx)
      .then((n) => {
        if (n.startsSoon || n.notLive || n.emailed) ctx.log.info(n, 'show reminders sent');
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
