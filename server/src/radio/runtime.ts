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
  const reload = async () => {
    try {
      const doc = await loadStoredNowPlaying(deps.knex);
      if (doc) store.accept(doc);
    } catch (err) {
      deps.log.warn({ err }, 'could not load the stored now-playing state');
    }
  };
  const unsubscribe = deps.bus.subscribe((event) => {
    if (event.channel !== 'now-playing') return;
    if (event.name === NOW_PLAYING_EVENT) store.accept(event.data);
    else if (event.name.endsWith('.too-big') || event.name === 'bus.resync') void reload();
  });
  const runtime: RadioRuntime = {
    store,
    stream,
    ears: createEarsReader({ log: deps.log, now: deps.now }),
    deadAir: createDeadAirState({ knex: deps.knex, bus: deps.bus, log: deps.log, now: deps.now, ...(deps.registry ? { registry: deps.registry } : {}) }),
    ownOrigin: null,
    ready: reload(),
    async publish(np) {
      if (!store.accept(np)) return false;
      await deps.bus.publish({ channel: 'now-playing', name: NOW_PLAYING_EVENT, data: np });
      return true;
    },
    reload,
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
