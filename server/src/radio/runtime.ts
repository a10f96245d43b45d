import type { NowPlaying } from '../../../shared/radio';
import type { AppContext } from '../context';
import { registerSnapshot } from '../realtime/snapshots';
import { loadStoredNowPlaying, NowPlayingStore } from './nowplaying';
import { getCounter } from './service';
import { createDemoStream, type DemoStream } from './stream';

/**
 * The radio domain's state inside one server instance: its copy of the
 * now-playing document (kept current from the event bus, so every instance
 * answers and pushes the same thing whichever one polls the station) and the
 * demo audio stream.
 */
export interface RadioRuntime {
  store: NowPlayingStore;
  stream: DemoStream;
  /** Resolves once the stored document has been loaded at start. */
  ready: Promise<void>;
  /** Takes a new document and, when it differs, pushes it to every instance's listeners. */
  publish(np: NowPlaying): Promise<boolean>;
  /** Reloads the document from the database (after a missed or oversized bus event). */
  reload(): Promise<void>;
}

const runtimes = new WeakMap<AppContext, RadioRuntime>();

/** The event name of a now-playing change. */
export const NOW_PLAYING_EVENT = 'now-playing.updated';

/** The runtime of a server instance, created on first use. */
export function radioRuntime(ctx: AppContext): RadioRuntime {
  const existing = runtimes.get(ctx);
  if (existing) return existing;
  const store = new NowPlayingStore();
  const stream = createDemoStream({ cacheDir: ctx.config.DATA_DIR, log: ctx.log, now: ctx.now });
  const reload = async () => {
    try {
      const doc = await loadStoredNowPlaying(ctx.knex);
      if (doc) store.accept(doc);
    } catch (err) {
      ctx.log.warn({ err }, 'could not load the stored now-playing state');
    }
  };
  const runtime: RadioRuntime = {
    store,
    stream,
    ready: reload(),
    async publish(np) {
      if (!store.accept(np)) return false;
      await ctx.bus.publish({ channel: 'now-playing', name: NOW_PLAYING_EVENT, data: np });
      return true;
    },
    reload,
  };
  runtimes.set(ctx, runtime);

  ctx.bus.subscribe((event) => {
    if (event.channel !== 'now-playing') return;
    if (event.name === NOW_PLAYING_EVENT && event.data && typeof event.data === 'object') store.accept(event.data as NowPlaying);
    else if (event.name.endsWith('.too-big') || event.name === 'bus.resync') void reload();
  });
  registerSnapshot(ctx, 'now-playing', async () => {
    await runtime.ready;
    return store.current ? { name: NOW_PLAYING_EVENT, data: store.current } : null;
  });
  registerSnapshot(ctx, 'counters', async () => ({ name: 'counters.updated', data: await getCounter(ctx.knex) }));
  return runtime;
}
