import type { AppContext } from '../../context';
import type { BackgroundJob } from '../../server';
import { OWN_STREAM_PATH } from '../sources';

/** How often the job checks leadership and the stream's address. */
const CHECK_MS = 1_000;

/**
 * The stream the ears read: `STATION_EARS_URL`, else the address listeners play (the now-playing
 * document's `listen_url`), this server's own `/api/stream` (the demo station) read over loopback.
 */
export function earsStreamUrl(ctx: AppContext): string | null {
  if (ctx.config.STATION_EARS_URL) return ctx.config.STATION_EARS_URL;
  const listen = ctx.radio.store.current?.station.listen_url ?? (ctx.config.STATION_SOURCE === 'demo' ? OWN_STREAM_PATH : null);
  // With a real station, this server's /api/stream is only a redirect to the stream the source advertises
  // (503 until it has): until the source has told us its stream, there is nothing to listen to.
  if (!listen || (listen === OWN_STREAM_PATH && ctx.config.STATION_SOURCE !== 'demo')) return null;
  if (/^https?:\/\//i.test(listen)) return listen;
  return ctx.radio.ownOrigin ? new URL(listen, ctx.radio.ownOrigin).toString() : null;
}

/**
 * Points the station's ears at the stream while this instance leads the station poller (`isLeader`),
 * and at nothing otherwise: on PostgreSQL the ears fail over with the poller; on PGlite the one process
 * always reads. `STATION_EARS=off` keeps them in standby.
 */
export function startEarsJob(ctx: AppContext, isLeader: () => boolean): BackgroundJob {
  const ears = ctx.radio.ears;
  const check = () => {
    const on = ctx.config.STATION_EARS === 'on' && isLeader();
    ears.follow(on ? earsStreamUrl(ctx) : null);
  };
  const timer = setInterval(check, CHECK_MS);
  timer.unref();
  check();
  return {
    name: 'station-ears',
    async stop() {
      clearInterval(timer);
      ears.follow(null);
    },
  };
}
