import { INCIDENT_LABELS, type DeadAirSettings, type StationIncident } from '../../../../shared/dead-air';
import type { AppContext } from '../../context';
import { emitWebhookEvent } from '../../integrations/webhooks';
import { mp3Frames } from '../../live/confirm';
import { panelUrl, queueEmail, sendQueuedEmail } from '../../mail/outbox';
import { deadAirEmail } from '../../mail/templates';
import { notify, recipientsOf, type NotificationText } from '../../notifications/notify';
import { channelTranslator, serverTranslator, staffRecipients, stationLocale } from '../../i18n/recipients';
import type { MessageKey } from '../../../../shared/i18n/format';
import type { BackgroundJob } from '../../server';
import { cachedStationInfo, stationTimezone } from '../../settings/service';
import { activeEmailsOf } from '../../users/repo';
import { DeadAirDetector, type DetectorSettings, type Transition } from './conditions';
import { claimEscalation, closeIncident, hasIncidentSample, insertIncident, insertIncidentSample, openIncidents, presentIncident, type IncidentRow } from './repo';
import type { StreamChunk } from './types';

const TICK_MS = 1_000;
/** How much of the stream is kept for the samples: the longest silence count (60 s) and the sample after it. */
const SAMPLE_KEEP_MS = 80_000;
/** A sample runs from 5 s before an incident's start to 5 s after it (or the 10 s before, when nothing came after). */
export const SAMPLE_HALF_MS = 5_000;

const MP3_RATES: Record<number, number[]> = { 3: [44100, 48000, 32000], 2: [22050, 24000, 16000], 0: [11025, 12000, 8000] };
/** Seconds of audio in one MP3 frame (Layer III: 1152 samples in MPEG-1, 576 in MPEG-2 and 2.5). */
function frameSeconds(frame: Buffer): number {
  const version = (frame[1]! >> 3) & 3;
  const rate = MP3_RATES[version]?.[(frame[2]! >> 2) & 3] ?? 44100;
  return (version === 3 ? 1152 : 576) / rate;
}

/**
 * The 10-second sample of an incident: the stream from 5 s before its start to 5 s after (moved earlier
 * when the stream has not yet brought, or stopped before, the 5 s after), in whole MP3 frames so it plays
 * on its own. The window is counted in the frames' own audio time back from the newest frame (received
 * at the newest chunk's instant), so a burst or a late read of the stream does not stretch it.
 */
export function takeSample(chunks: readonly StreamChunk[], startedAt: number): { audio: Buffer; contentType: string; from: number; to: number } | null {
  if (chunks.length === 0) return null;
  const last = chunks[chunks.length - 1]!.at;
  const contentType = chunks[chunks.length - 1]!.contentType || 'audio/mpeg';
  if (!/mpeg|mp3/i.test(contentType)) return null;
  const frames = mp3Frames(Buffer.concat(chunks.map((c) => Buffer.from(c.bytes)))).frames;
  const seconds = frames.map(frameSeconds);
  const total = seconds.reduce((a, b) => a + b, 0);
  const half = SAMPLE_HALF_MS / 1000;
  const back = Math.max(0, (last - startedAt) / 1000);
  let endBack = Math.max(0, back - half);
  let startBack = endBack + 2 * half;
  if (startBack > total) {
    startBack = total;
    endBack = Math.max(0, total - 2 * half);
  }
  const picked: Buffer[] = [];
  let fromEnd = 0;
  for (let i = frames.length - 1; i >= 0; i--) {
    const d = seconds[i]!;
    if (fromEnd >= endBack - 1e-6 && fromEnd + d <= startBack + 1e-6) picked.push(frames[i]!);
    fromEnd += d;
    if (fromEnd > startBack) break;
  }
  if (picked.length === 0) return null;
  const audio = Buffer.concat(picked.reverse());
  return { audio: audio.subarray(0, 2_000_000), contentType: 'audio/mpeg', from: last - startBack * 1000, to: last - endBack * 1000 };
}

export function detectorSettings(s: DeadAirSettings): DetectorSettings {
  return { silenceThresholdDb: s.silence_threshold_db, silenceSeconds: s.silence_seconds, offAirSeconds: s.off_air_seconds, stuckFactor: s.stuck_factor, stuckUnknownMinutes: s.stuck_unknown_minutes };
}

/** "2 min 15 s", "40 s", "1 h 3 min". */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  if (s < 3600) return s % 60 ? `${Math.floor(s / 60)} min ${s % 60} s` : `${s / 60} min`;
  const m = Math.round(s / 60);
  return m % 60 ? `${Math.floor(m / 60)} h ${m % 60} min` : `${m / 60} h`;
}

/** Who was on air and which show, as the alerts' values (notify.deadAir*: the catalogue words them). */
export function whoAndWhatValues(i: StationIncident): { hasShow: 'yes' | 'no'; show: string; hasPresenter: 'yes' | 'no'; presenter: string } {
  return { hasShow: i.show_title ? 'yes' : 'no', show: i.show_title ?? '', hasPresenter: i.presenter_name ? 'yes' : 'no', presenter: i.presenter_name ?? '' };
}

/**
 * The dead-air watch, on the instance whose ears read the stream (the poller's leader): feeds each
 * second's level and, every second, the ears' connection and the now-playing document to the
 * {@link DeadAirDetector}; keeps each incident (one row per episode, with who was on air and which show);
 * tells everyone at once through the bus (`station.incident` / `station.recovered` on the public
 * `now-playing` channel: the On Air console and the desktop studio alert the presenter on air), and the
 * duty staff (roles chosen in the settings) once it has lasted the escalation delay, by Airdeck
 * notification and the `station.dead_air` webhook, with a "recovered" message after.
 */
export function startDeadAirWatch(ctx: AppContext, isLeader: () => boolean): BackgroundJob {
  const log = ctx.log.child({ job: 'dead-air' });
  const ears = ctx.radio.ears;
  const state = ctx.radio.deadAir;
  let detector: DeadAirDetector | null = null;
  let starting: Promise<void> | null = null;
  let work: Promise<void> = Promise.resolve();
  let stopped = false;

  /** The last {@link SAMPLE_KEEP_MS} of the stream as received (the leader's ears only), for the incidents' samples. */
  const recent: StreamChunk[] = [];
  const offChunk = ears.onChunk((chunk) => {
    if (!detector) return;
    recent.push(chunk);
    while (recent.length > 0 && recent[0]!.at < chunk.at - SAMPLE_KEEP_MS) recent.shift();
  });

  const withSampleFlag = async (row: IncidentRow): Promise<IncidentRow> => ({ ...row, has_sample: await hasIncidentSample(ctx.knex, row.id) });

  /**
   * E-mails the duty staff (where SMTP_URL is set and the settings say so): the same people the Airdeck
   * notification reaches (the duty roles, active, System Alert not turned off in their preferences).
   */
  /** E-mails the duty staff, each in their language (issue 35). */
  const emailDuty = async (settings: DeadAirSettings, text: NotificationText & { values: Record<string, string | number> }, recovered: boolean) => {
    if (!settings.email_alerts || !ctx.config.SMTP_URL) return;
    const people = await activeEmailsOf(ctx.knex, await recipientsOf(ctx, 'system_alert', settings.duty_roles, []));
    const languages = await staffRecipients(ctx, people.map((p) => p.id));
    const station = (await cachedStationInfo(ctx)).name;
    for (const p of people) {
      const t = await serverTranslator(languages.get(p.id)?.locale ?? (await stationLocale(ctx)));
      const title = t(`${text.key}.title` as MessageKey, text.values);
      const message = t(`${text.key}.message` as MessageKey, text.values);
      const id = await queueEmail(ctx.knex, p.email, deadAirEmail({ station, name: p.username, title, message, uptimeUrl: panelUrl(ctx, '/admin/uptime'), recovered }, t));
      sendQueuedEmail(ctx, id);
    }
  };

  const clock = async (ms: number) => {
    const zone = await stationTimezone(ctx);
    return new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false }).format(new Date(ms));
  };

  const open = async (t: Extract<Transition, { type: 'open' }>) => {
    const np = ctx.radio.store.current;
    const live = np?.live.is_live ?? false;
    const show = np?.current_show ?? null;
    const row = await insertIncident(ctx.knex, {
      kind: t.kind,
      started_at: new Date(t.startedAt),
      show_id: show?.id ?? null,
      show_title: show?.title ?? null,
      presenter_id: live ? (np?.live.presenter_id ?? null) : null,
      presenter_name: live ? (np?.live.streamer_name ?? show?.presenter_name ?? null) : null,
      detail: t.detail,
    });
    if (!row) return;
    const settings = await state.settings();
    if (settings.keep_samples) {
      const sample = takeSample(recent, t.startedAt);
      if (sample) row.has_sample = await insertIncidentSample(ctx.knex, row.id, { contentType: sample.contentType, audio: sample.audio, from: new Date(sample.from), to: new Date(sample.to) }).catch((err: unknown) => {
        log.warn({ err }, 'could not keep the incident sample');
        return false;
      });
    }
    const incident = presentIncident(row);
    log.warn({ kind: t.kind, show: incident.show_title, presenter: incident.presenter_name, detail: t.detail }, `dead air: ${INCIDENT_LABELS[t.kind].toLowerCase()}`);
    state.counted(t.kind);
    await ctx.bus.publish({ channel: 'now-playing', name: 'station.incident', data: incident });
  };

  const close = async (t: Extract<Transition, { type: 'close' }>) => {
    const row = await closeIncident(ctx.knex, t.kind, new Date(t.endedAt));
    if (!row) return;
    const incident = presentIncident(await withSampleFlag(row));
    log.info({ kind: t.kind, seconds: incident.duration_seconds }, `dead air over: ${INCIDENT_LABELS[t.kind].toLowerCase()}`);
    await ctx.bus.publish({ channel: 'now-playing', name: 'station.recovered', data: incident });
    if (!incident.escalated) return;
    const settings = await state.settings();
    const text = {
      key: 'notify.deadAirRecovered',
      values: { kind: incident.kind, duration: formatDuration(incident.duration_seconds ?? 0), from: await clock(Date.parse(incident.started_at)), to: await clock(Date.parse(incident.ended_at!)), ...whoAndWhatValues(incident) },
    } as const;
    await notify(ctx, { type: 'system_alert', priority: 'normal', text, relatedId: incident.id, relatedType: 'station_incident', audience: { roles: settings.duty_roles } });
    const station = (await cachedStationInfo(ctx)).name;
    const say = await channelTranslator(ctx);
    await emitWebhookEvent(ctx, 'station.dead_air', `incident:${incident.id}:recovered`, { embeds: [{ title: `✅ ${say('notify.deadAirRecovered.title', text.values)}`, description: `${station}: ${say('notify.deadAirRecovered.message', text.values)}`.slice(0, 4000), color: 0x2e7d32 }] });
    await emailDuty(settings, text, true);
  };

  const escalate = async (incident: StationIncident, settings: DeadAirSettings) => {
    const row = await claimEscalation(ctx.knex, incident.id, new Date(ctx.now()));
    if (!row) return;
    const escalated = presentIncident(await withSampleFlag(row));
    const text = {
      key: 'notify.deadAir',
      values: { kind: escalated.kind, since: await clock(Date.parse(escalated.started_at)), duration: formatDuration((ctx.now() - Date.parse(escalated.started_at)) / 1000), ...whoAndWhatValues(escalated) },
    } as const;
    log.warn({ kind: escalated.kind, roles: settings.duty_roles }, 'dead air: duty staff alerted');
    await notify(ctx, { type: 'system_alert', priority: 'urgent', text, relatedId: escalated.id, relatedType: 'station_incident', audience: { roles: settings.duty_roles } });
    const station = (await cachedStationInfo(ctx)).name;
    const say = await channelTranslator(ctx);
    await emitWebhookEvent(ctx, 'station.dead_air', `incident:${escalated.id}:open`, { embeds: [{ title: `🔇 ${say('notify.deadAir.title', text.values)}`, description: `${station}: ${say('notify.deadAir.message', text.values)}`.slice(0, 4000), color: 0xc62828 }] });
    await emailDuty(settings, text, false);
    // Every instance's view learns it was escalated (the recovery then tells the staff too).
    await ctx.bus.publish({ channel: 'now-playing', name: 'station.incident', data: escalated });
  };

  const apply = (transitions: Transition[]) => {
    for (const t of transitions) {
      work = work.then(() => (t.type === 'open' ? open(t) : close(t))).catch((err: unknown) => log.error({ err, kind: t.kind }, 'could not record a dead-air incident'));
    }
  };

  const offLevel = ears.onLevel((reading) => {
    if (detector) apply(detector.level(reading, ctx.radio.store.current?.live.is_live ?? false));
  });

  const tick = async () => {
    const leading = !stopped && ctx.config.STATION_EARS === 'on' && isLeader();
    if (!leading) {
      detector = null;
      return;
    }
    const settings = await state.settings();
    if (!detector) {
      starting ??= (async () => {
        const d = new DeadAirDetector(detectorSettings(settings));
        // Incidents left open by an earlier leader are taken over, so they end rather than open twice.
        for (const row of await openIncidents(ctx.knex)) d.adopt(row.kind, new Date(row.started_at).getTime());
        detector = d;
      })().finally(() => {
        starting = null;
      });
      await starting;
      return;
    }
    detector.settings = detectorSettings(settings);
    apply(detector.tick(ctx.now(), ears.connection(), ctx.radio.store.current));
    const escalateMs = settings.escalate_after_minutes * 60_000;
    for (const incident of state.open()) {
      if (incident.escalated || escalating.has(incident.id) || ctx.now() - Date.parse(incident.started_at) < escalateMs) continue;
      escalating.add(incident.id);
      work = work
        .then(() => escalate(incident, settings))
        .catch((err: unknown) => log.error({ err }, 'could not alert the duty staff'))
        .finally(() => escalating.delete(incident.id));
    }
  };
  const escalating = new Set<string>();

  let ticking = false;
  const timer = setInterval(() => {
    if (ticking) return;
    ticking = true;
    tick()
      .catch((err: unknown) => log.error({ err }, 'dead-air watch failed'))
      .finally(() => {
        ticking = false;
      });
  }, TICK_MS);
  timer.unref();

  return {
    name: 'dead-air-watch',
    async stop() {
      stopped = true;
      clearInterval(timer);
      offLevel();
      offChunk();
      await work.catch(() => undefined);
    },
  };
}
