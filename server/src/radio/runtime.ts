import type { NowPlaying } from '../../../shared/radio';
import type { Knex } from 'knex';
import type { Config } from '../config';
import type { Logger } from '../log';
import type { EventBus } from '../realtime/bus';
import type { SnapshotRegistry } from '../realtime/snapshots';
import { loadStoredNowPlaying, NowPlayingStore } from './nowplaying';
import { getCounter } from './service';
import { createDemoStream, type DemoStream } from './stream';
import { createEarsReader, type EarsReader } from './ears/reader';
import { createDeadAirState, type DeadAirState } from './ears/state';
import type { Registry } from 'prom-client';
import { hidesUpcomingSongs, type ComplianceMode } from '../../../shared/licensing';
import { CONTENT_EVENTS } from '../../../shared/content';

/**
 * The radio domain's state inside one server instance: its copy of the
 * now-playing document (kept current from the event bus, so every instance
 * answers and pushes the same thing whichever one polls the station) and the
 * demo audio stream.
 */
export interface RadioRuntime {
  store: NowPlayingStore;
  stream: DemoStream;
  /**
   * The station's ears (ears/types.ts): the one reader of the station's public stream, which the
   * dead-air watch, the go-live check and a recorder subscribe to. Reads only on the poller's leader.
   */
  ears: EarsReader;
  /** Dead air as every instance sees it: the open and latest incidents, the settings (ears/state.ts). */
  deadAir: DeadAirState;
  /** This instance's own address over loopback (set once it listens): the ears read the demo stream through it. */
  ownOrigin: string | null;
  /** Resolves once the stored document has been loaded at start. */
  ready: Promise<void>;
  /** Takes a new document and, when it differs, pushes it to every instance's listeners. */
  publish(np: NowPlaying): Promise<boolean>;
  /** Reloads the document from the database (after a missed or oversized bus event). */
  reload(): Promise<void>;
  /**
   * Compliance mode UK or US (issue 34): rereads the mode and, when it forbids naming an upcoming song,
   * strips `playing_next` from this instance's document and pushes the stripped one to every listener
   * (the settings save calls it; other instances follow the settings event).
   */
  complianceChanged(): Promise<void>;
  /** Stops following the bus (server shutdown). */
  close(): void;
}

/** The event name of a now-playing change. */
export const NOW_PLAYING_EVENT = 'now-playing.updated';

/** What the radio runtime is built from (server.ts builds it once, after the bus, before the app). */
export interface RadioRuntimeDeps {
  config: Config;
  knex: Knex;
  log: Logger;
  bus: EventBus;
  now: () => number;
  snapshots: SnapshotRegistry;
  /** The instance's metrics registry (the dead-air gauges). */
  registry?: Registry;
  /** General Settings (cached): the compliance mode decides whether an upcoming song may be named (issue 34). */
  settings?: { station(): Promise<{ compliance_mode: ComplianceMode }> };
}

/**
 * Builds the radio runtime of a server instance: follows now-playing changes
 * from the bus (every instance's copy stays current) and registers the
 * `now-playing` and `counters` snapshots. Built once, in server.ts, and
 * carried as `ctx.radio`.
 */
export function createRadioRuntime(deps: RadioRuntimeDeps): RadioRuntime {
  const store = new NowPlayingStore();
  // The in-band ICY title (`Artist - Title`) of what the document says is on air.
  const title = (): string | null => {
    const np = store.current;
    const song = np?.now_playing.song;
    if (!song?.title) return null;
    return song.artist ? `${song.artist} - ${song.title}` : song.title;
  };
  const stream = createDemoStream({ cacheDir: deps.config.DATA_DIR, log: deps.log, now: deps.now, title });
  // Compliance mode UK or US (issue 34): no document this instance holds, serves or pushes names an upcoming
  // song, whichever instance built it and whenever (a poll that read the mode before a save, a stored document).
  let hideNext = false;
  const filtered = (np: NowPlaying): NowPlaying => (hideNext && np.playing_next ? { ...np, playing_next: null } : np);
  const readMode = async (): Promise<void> => {
    if (!deps.settings) return;
    try {
      hideNext = hidesUpcomingSongs((await deps.settings.station()).compliance_mode);
    } catch (err) {
      deps.log.warn({ err }, 'could not read the compliance mode');
    }
    const np = store.current;
    if (np && filtered(np) !== np) store.accept(filtered(np));
  };
  const reload = async () => {
    try {
      const doc = await loadStoredNowPlaying(deps.knex);
      if (doc) store.accept(filtered(doc));
    } catch (err) {
      deps.log.warn({ err }, 'could not load the stored now-playing state');
    }
  };
  const unsubscribe = deps.bus.subscribe((event) => {
    if (event.channel === 'content' && event.name === CONTENT_EVENTS.stationUpdated) {
      void readMode();
      return;
    }
    if (event.channel !== 'now-playing') return;
    if (event.name === NOW_PLAYING_EVENT) store.accept(filtered(event.data));
    else if (event.name.endsWith('.too-big') || event.name === 'bus.resync') void readMode().then(reload);
  });
  const runtime: RadioRuntime = {
    store,
    stream,
    ears: createEarsReader({ log: deps.log, now: deps.now }),
    deadAir: createDeadAirState({ knex: deps.knex, bus: deps.bus, log: deps.log, now: deps.now, ...(deps.registry ? { registry: deps.registry } : {}) }),
    ownOrigin: null,
    ready: readMode().then(reload),
    async publish(doc) {
      const np = filtered(doc);
      if (!store.accept(np)) return false;
      await deps.bus.publish({ channel: 'now-playing', name: NOW_PLAYING_EVENT, data: np });
      return true;
    },
    reload,
    async complianceChanged() {
      const before = store.current;
      if (deps.settings) hideNext = hidesUpcomingSongs((await deps.settings.station()).compliance_mode);
      if (before?.playing_next && hideNext) await runtime.publish(before);
    },
    close() {
      unsubscribe();
      runtime.deadAir.close();
      void runtime.ears.close();
    },
  };
  deps.snapshots.register('now-playing', async () => {
    await runtime.ready;
    return store.current ? { name: NOW_PLAYING_EVENT, data: store.current } : null;
  });
  deps.snapshots.register('counters', async () => ({ name: 'counters.updated', data: await getCounter(deps.knex) }));
  return runtime;
}
