import type { AppContext } from '../../context';
import { scheduledShowAt } from '../schedule';
import { createAzuraCastSource } from './azuracast';
import { createDemoSource, type DemoLive } from './demo';
import { createIcecastSource } from './icecast';
import type { StationSource } from './types';
import { stationTimezone } from '../../settings/service';

/** The stream URL listeners play: STREAM_URL, else the demo stream served by this server. */
export function listenUrl(ctx: AppContext): string {
  return ctx.config.STREAM_URL ?? '/api/stream';
}

/**
 * Who the schedule says is live at an instant: the presenter of the scheduled
 * show covering it (the demo station's live sessions follow the demo schedule).
 */
export async function liveFromSchedule(ctx: AppContext, atMs: number): Promise<DemoLive | null> {
  const show = await scheduledShowAt(ctx.knex, atMs, await stationTimezone(ctx.knex, ctx.config));
  if (!show) return null;
  const presenter = show.presenter_id
    ? await ctx.knex('presenters').where({ id: show.presenter_id }).first<{ name: string; azuracast_id: string | null } | undefined>('name', 'azuracast_id')
    : undefined;
  const name = presenter?.name ?? show.presenter_name ?? show.host;
  if (!name) return null;
  return { name, streamerId: presenter?.azuracast_id ?? null, startedAt: show.startMs };
}

/** The station source chosen by configuration (STATION_SOURCE and friends). */
export function createStationSource(ctx: AppContext, opts: { listeners: () => number }): StationSource {
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
