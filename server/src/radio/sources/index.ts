import type { AppContext } from '../../context';
import { scheduledShowAt } from '../schedule';
import { presenterNameAndPanelId } from '../../presenters/repo';
import { createAzuraCastSource } from './azuracast';
import { createDemoSource, type DemoLive } from './demo';
import { createIcecastSource } from './icecast';
import type { StationSource } from './types';
import { cachedStationInfo, stationTimezone } from '../../settings/service';

/** This server's own stream address: the demo stream, or a redirect to the station's. */
export const OWN_STREAM_PATH = '/api/stream';

/** The stream URL listeners play as configuration alone says: STREAM_URL, else this server's `/api/stream`. */
export function listenUrl(ctx: AppContext): string {
  return ctx.config.STREAM_URL ?? OWN_STREAM_PATH;
}

/**
 * The stream listeners play, in this order: `STREAM_URL`; a Stream URL saved in
 * General Settings; the stream the station source advertises (AzuraCast
 * `station.listen_url` or its default mount, the followed Icecast mount's
 * `listenurl`), or the last one it advertised; else this server's
 * `/api/stream` (the demo stream; with another source it answers 503 until the
 * source has told us one).
 */
export async function resolveListenUrl(ctx: AppContext, fromSource: string | null): Promise<string> {
  if (ctx.config.STREAM_URL) return ctx.config.STREAM_URL;
  const saved = (await cachedStationInfo(ctx)).streamUrl;
  if (saved && saved !== OWN_STREAM_PATH) return saved;
  if (ctx.config.STATION_SOURCE === 'demo') return OWN_STREAM_PATH;
  return fromSource ?? OWN_STREAM_PATH;
}

/**
 * Who the schedule says is live at an instant: the presenter of the scheduled
 * show covering it (the demo station's live sessions follow the demo schedule).
 */
export async function liveFromSchedule(ctx: AppContext, atMs: number): Promise<DemoLive | null> {
  const show = await scheduledShowAt(ctx.knex, atMs, await stationTimezone(ctx));
  if (!show) return null;
  const presenter = show.presenter_id
    ? await presenterNameAndPanelId(ctx.knex, show.presenter_id)
    : undefined;
  const name = presenter?.name ?? show.presenter_name ?? show.host;
  if (!name) return null;
  return { name, streamerId: presenter?.azuracast_id ?? null, startedAt: show.startMs };
}

/** The station source chosen by configuration (STATION_SOURCE and friends). */
export function createStationSource(ctx: AppContext, opts: { listeners: () => number | Promise<number> }): StationSource {
  const c = ctx.config;
  switch (c.STATION_SOURCE) {
    case 'azuracast':
      return createAzuraCastSource({
        baseUrl: c.STATION_URL!,
        stationId: c.STATION_ID,
        timeoutMs: c.STATION_TIMEOUT_MS,
        now: ctx.now,
        ...(c.STATION_API_KEY ? { apiKey: c.STATION_API_KEY } : {}),
      });
    case 'icecast':
      return createIcecastSource({ baseUrl: c.STATION_URL!, timeoutMs: c.STATION_TIMEOUT_MS, now: ctx.now, ...(c.STATION_MOUNT ? { mount: c.STATION_MOUNT } : {}) });
    default:
      return createDemoSource({
        now: ctx.now,
        liveNow: (at) => liveFromSchedule(ctx, at),
        listeners: opts.listeners,
        streamUrl: listenUrl(ctx),
        ...(c.DEMO_TRACK_SECONDS ? { trackSeconds: c.DEMO_TRACK_SECONDS } : {}),
      });
  }
}
