import type { Knex } from 'knex';
import type { AppContext } from '../context';
import { createAudienceRecorder } from '../audience/service';
import { notify } from '../notifications/notify';
import type { BackgroundJob } from '../server';
import { createLeadership, type Leadership } from './leader';
import { blankDocument, buildNowPlaying, loadStoredNowPlaying, metadataUnavailableDocument, STOPPED_AFTER_FAILURES, stoppedDocument } from './nowplaying';
import { streamAnswers } from './stream-check';
import { stationStateOf } from '../../../shared/radio-display';
import type { RadioRuntime } from './runtime';
import { markStationStale, readCurrentPlay, storeNowPlayingPayload, storePollSuccess } from './repo';
import { presentShow } from './schedule';
import { recordSnapshot, type CurrentPlay, type RecordResult } from './service';
import { createStationSource, OWN_STREAM_PATH, resolveListenUrl } from './sources';
import { SourceError, type NowPlayingSnapshot, type StationSource } from './sources/types';
import { showsWithoutPresenter } from './stats';
import { cachedStationInfo, stationTimezone } from '../settings/service';
import { hidesUpcomingSongs } from '../../../shared/licensing';
import { presenterUserAndName } from '../presenters/repo';
import { claimAttendanceAlert } from '../schedule/repo';
import { overlayLiveInput } from '../live/service';

/**
 * The station poller: one per deployment (see `leader.ts`). Every interval it
 * reads the station source and, in one transaction, records tracks, plays and
 * live sessions; then it pushes the now-playing document when it changed. A
 * failing or slow source is logged and leaves the last state, marked stale; it
 * never stops the server. Standby instances retry the election every interval.
 */

/** Options of {@link startPoller}; the defaults come from configuration. */
export interface PollerOptions {
  source?: StationSource;
  intervalMs?: number;
  leadership?: Leadership;
  /** The demo station's listeners (every instance's stream connections); this instance's alone by default. */
  listeners?: () => number | Promise<number>;
  /** Whether the station's stream answers (a short read of it); tests may replace it. */
  streamCheck?: (url: string, signal: AbortSignal) => Promise<{ up: boolean; reason?: string }>;
}

/** What one poll did (for tests and logs). */
export interface PollOutcome {
  leader: boolean;
  ok: boolean;
  record: RecordResult | null;
  changed: boolean;
  error: SourceError | null;
}

/** The running poller. */
export interface Poller extends BackgroundJob {
  /** Runs one poll now (tests); resolves when it is done. */
  pollNow(): Promise<PollOutcome>;
  isLeader(): boolean;
}

/** When to poll next: at the interval, or just after the item on air is due to end if that is sooner. */
function nextDelay(snap: NowPlayingSnapshot | null, intervalMs: number, nowMs: number): number {
  const t = snap?.track;
  if (!t || t.startedAt === null || t.durationSeconds === null) return intervalMs;
  const untilEnd = t.startedAt + t.durationSeconds * 1000 - nowMs;
  if (untilEnd <= 0 || untilEnd >= intervalMs) return intervalMs;
  // The demo knows exactly; a real station needs a moment to report the change.
  return Math.max(250, untilEnd + (snap.source === 'demo' ? 50 : 2_000));
}

/**
 * The station's ears (ears/reader.ts) are a connection to the stream like a listener's, made by this
 * process (the leader) while it polls: they are not audience, so they are not counted.
 */
function withoutEars(snap: NowPlayingSnapshot, runtime: RadioRuntime): NowPlayingSnapshot {
  if (runtime.ears.connection().state !== 'listening') return snap;
  const less = (n: number) => Math.max(0, n - 1);
  const l = snap.listeners;
  return { ...snap, listeners: { ...l, current: less(l.current), ...(l.total === undefined ? {} : { total: less(l.total) }), unique: l.unique === null ? null : less(l.unique) } };
}

/** Starts the poller of a server instance. */
export function startPoller(ctx: AppContext, runtime: RadioRuntime, opts: PollerOptions = {}): Poller {
  const log = ctx.log.child({ job: 'radio-poller' });
  const source = opts.source ?? createStationSource(ctx, { listeners: opts.listeners ?? (() => runtime.stream.listenerCount()) });
  const audience = createAudienceRecorder(ctx.knex, log);
  const intervalMs = opts.intervalMs ?? ctx.config.POLL_INTERVAL_MS;
  const leadership = opts.leadership ?? createLeadership(ctx.db, log);
  const abort = new AbortController();
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  let running: Promise<PollOutcome> | null = null;
  let failures = 0;
  let lastError = '';
  /** The last stream address the source advertised (kept while it is offline). */
  let sourceStream: string | null = null;

  const streamCheck = opts.streamCheck ?? ((url: string, signal: AbortSignal) => streamAnswers(url, { timeoutMs: Math.min(ctx.config.STATION_TIMEOUT_MS, 5_000), signal }));
  let lastStreamUp: boolean | null = null;

  const markStale = async (error: SourceError): Promise<boolean> => {
    const current = runtime.store.current ?? (await loadStoredNowPlaying(ctx.knex).catch(() => null));
    await markStationStale(ctx.knex, error.message.slice(0, 1000)).catch(() => undefined);
    if (failures >= STOPPED_AFTER_FAILURES) {
      // The metadata has failed for several polls: is the stream itself still up? (issue 39)
      const known = current?.station.listen_url;
      const listen = sourceStream ?? (known && known !== OWN_STREAM_PATH ? known : await resolveListenUrl(ctx, null));
      const check = await streamCheck(listen, abort.signal);
      if (check.up !== lastStreamUp) {
        if (check.up) log.warn({ stream: listen }, 'station metadata unavailable; its stream answers, so listeners can still play it');
        else log.warn({ stream: listen, reason: check.reason }, 'station metadata unavailable and its stream does not answer: stopped');
        lastStreamUp = check.up;
      }
      const base = current ?? blankDocument({ listenUrl: listen, source: ctx.config.STATION_SOURCE, at: ctx.now() });
      const state = current ? stationStateOf(current) : null;
      if (check.up) {
        if (state === 'metadata_unavailable' && current?.station.listen_url === listen) return false;
        const doc = metadataUnavailableDocument(base, ctx.now(), listen);
        await storeNowPlayingPayload(ctx.knex, doc).catch(() => undefined);
        return runtime.publish(doc);
      }
      if (state !== 'stopped') {
        // A source that fails for several polls in a row and a silent stream: we cannot say anything is playing any more.
        const doc = stoppedDocument(base, ctx.now());
        await storeNowPlayingPayload(ctx.knex, doc).catch(() => undefined);
        return runtime.publish(doc);
      }
      return false;
    }
    if (!current) return false;
    if (current.stale) return false;
    return runtime.publish({ ...current, stale: true });
  };

  /** True while the ears' off-air incident is open (the leader's own finding, or another instance's, from the bus). */
  const earsHearNothing = () => runtime.deadAir.open().some((i) => i.kind === 'off_air');
  // When the ears find the stream gone, or back, the leader polls at once, so listeners learn it in seconds.
  const offIncidents = ctx.bus.subscribe((event) => {
    if (event.channel !== 'now-playing' || (event.name !== 'station.incident' && event.name !== 'station.recovered')) return;
    if ((event.data as { kind?: string }).kind !== 'off_air' || !leadership.isLeader() || stopped) return;
    // After a poll in progress (it may have read the condition before this event).
    void (running ?? Promise.resolve())
      .catch(() => undefined)
      .then(() => schedule(0));
  });

  const checkNoShows = async (snap: NowPlayingSnapshot): Promise<void> => {
    const zone = await stationTimezone(ctx);
    // Icecast cannot tell who is live, so it cannot tell who is missing either.
    if (snap.source === 'icecast') return;
    const missing = await showsWithoutPresenter(ctx.knex, snap.fetchedAt, zone);
    for (const show of missing) {
      if (!(await claimAttendanceAlert(ctx.knex, show.id, 'no_show'))) continue;
      const presenter = show.presenter_id ? await presenterUserAndName(ctx.knex, show.presenter_id) : undefined;
      const p = presentShow(show);
      const who = presenter?.name ?? p.presenter_name ?? null;
      await notify(ctx, {
        type: 'system_alert',
        priority: 'high',
        text: { key: 'notify.noShowPresenter', values: { show: show.title, hasPresenter: who ? 'yes' : 'no', presenter: who ?? '', time: show.start_time.slice(0, 5) } },
        relatedId: show.id,
        relatedType: 'schedule_event',
        audience: { capability: 'shows.resolve', userIds: presenter?.user_id ? [presenter.user_id] : [] },
      });
      log.warn({ show: show.id, title: show.title }, 'scheduled show has no live presenter');
    }
  };

  const pollOnce = async (): Promise<{ outcome: PollOutcome; delay: number }> => {
    if (!(await leadership.acquire())) {
      return { outcome: { leader: false, ok: true, record: null, changed: false, error: null }, delay: intervalMs };
    }
    let snap: NowPlayingSnapshot;
    try {
      snap = await overlayLiveInput(ctx, withoutEars(await source.read(abort.signal), runtime));
    } catch (err) {
      const error = err instanceof SourceError ? err : new SourceError('parse', `Station source failed: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
      if (error.kind === 'aborted') return { outcome: { leader: true, ok: false, record: null, changed: false, error }, delay: intervalMs };
      failures++;
      if (failures === 1 || error.message !== lastError) log.warn({ kind: error.kind, status: error.status, retryable: error.retryable }, `station source failed: ${error.message}`);
      else log.debug({ failures }, 'station source still failing');
      lastError = error.message;
      const changed = await markStale(error);
      return { outcome: { leader: true, ok: false, record: null, changed, error }, delay: intervalMs };
    }
    if (failures > 0) log.info({ failures }, 'station source recovered');
    failures = 0;
    lastStreamUp = null;
    lastError = '';
    const zone = await stationTimezone(ctx);
    const record = await ctx.knex.transaction(async (trx) => {
      // Serialise writers during a leader handover (a no-op with a single process).
      if (ctx.db.engine === 'postgres') await trx.raw('SELECT pg_advisory_xact_lock(?, ?)', [0x41495244, 2]);
      const previous = await readCurrentPlay(trx);
      const result = await recordSnapshot(trx, snap, { zone, previous });
      await storePollSuccess(trx, result.currentPlay, new Date(snap.fetchedAt));
      return result;
    });
    if (snap.streamUrl) sourceStream = snap.streamUrl;
    else if (!sourceStream) {
      const known = runtime.store.current?.station.listen_url;
      if (known && known !== OWN_STREAM_PATH) sourceStream = known;
    }
    const listen = await resolveListenUrl(ctx, sourceStream);
    // Compliance mode UK or US (issue 34): no upcoming song in the document, the feed or the push.
    const hideNext = hidesUpcomingSongs((await cachedStationInfo(ctx)).compliance_mode);
    const built = await buildNowPlaying(ctx.knex, snap, { zone, listenUrl: listen, currentTrackId: record.currentPlay?.trackId ?? null, session: record.session, hideNext });
    // Issue 33 item 4: the station's ears hear nothing on the public stream (off air), whatever its metadata says:
    // the site, player and widgets say the stream has stopped (issue 17's state) until the ears hear it again.
    const doc = earsHearNothing() && stationStateOf(built) !== 'off_air' ? stoppedDocument(built, snap.fetchedAt) : built;
    let changed = false;
    if (runtime.store.differs(doc)) {
      await storeNowPlayingPayload(ctx.knex, doc);
      changed = await runtime.publish(doc);
    }
    // After the push: one small upsert of this reading's listener count (audience figures).
    await audience.record({ atMs: snap.fetchedAt, listeners: snap.listeners.current, live: snap.live.isLive }).catch((err: unknown) => log.warn({ err }, 'could not record the audience reading'));
    if (record.sessionOpened) log.info({ streamer: snap.live.streamerName }, 'live session opened');
    if (record.sessionOpened && record.session && record.wentLive) {
      // After commit, once per session: the webhooks (and any other listener) hear who went live.
      await ctx.bus
        .publish({
          channel: 'now-playing',
          name: 'presenter.live',
          data: {
            sessionId: String(record.session.id),
            presenterId: record.session.presenter_id,
            presenterName: record.wentLive.presenterName,
            showTitle: record.wentLive.showTitle,
            startedAt: record.session.started_at.getTime(),
            source: snap.source,
          },
        })
        .catch((err: unknown) => log.warn({ err }, 'could not publish presenter.live'));
    }
    if (record.sessionClosed) log.info('live session closed');
    await checkNoShows(snap).catch((err: unknown) => log.error({ err }, 'no-show check failed'));
    return { outcome: { leader: true, ok: true, record, changed, error: null }, delay: nextDelay(snap, intervalMs, ctx.now()) };
  };

  const run = (): Promise<PollOutcome> => {
    running ??= (async () => {
      try {
        const { outcome, delay } = await pollOnce();
        if (outcome.leader && outcome.error?.kind !== 'aborted') ctx.metrics.stationPolls.inc({ result: outcome.ok ? 'ok' : 'failed' });
        schedule(delay);
        return outcome;
      } catch (err) {
        // The database is down or a query failed: keep the last state, try again next interval.
        log.error({ err }, 'station poll failed');
        ctx.metrics.stationPolls.inc({ result: 'failed' });
        schedule(intervalMs);
        return { leader: leadership.isLeader(), ok: false, record: null, changed: false, error: null };
      } finally {
        running = null;
      }
    })();
    return running;
  };

  function schedule(delay: number): void {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void run(), delay);
    timer.unref();
  }

  void run();

  return {
    name: 'radio-poller',
    pollNow: async () => {
      await running;
      return run();
    },
    isLeader: () => leadership.isLeader(),
    async stop() {
      stopped = true;
      offIncidents();
      if (timer) clearTimeout(timer);
      abort.abort();
      await running?.catch(() => undefined);
      await leadership.release();
      runtime.stream.close();
    },
  };
}
