import type { AppContext } from '../context';
import type { BackgroundJob } from '../server';
import type { NowPlaying } from '../../../shared/radio';
import { claimTuneInSong, readListing, recordTuneInPush } from './listed/repo';
import { LISTING_USER_AGENT } from './listed';

/**
 * TuneIn AIR (issue 36 item 3): on every track change the station's now-playing goes to TuneIn with the
 * broadcaster's partner id and key (`GET /Playing.ashx?partnerId=…&partnerKey=…&id=…&title=…&artist=…`, its
 * AIR API), so TuneIn's apps, cars and smart speakers show the song. It listens to the real now-playing producer:
 * the `now-playing.updated` event the station poller publishes (every instance hears it; the song is claimed in
 * `station_listing` first, so one instance pushes it once). The partner key is sealed at rest with the secret
 * box, as the Discord token, and opened only to send. TuneIn's answer (an OPML document whose `<status>` is 200
 * when taken, else a `<fault>`) is kept for the Get listed screen.
 */

const PUSH_TIMEOUT_MS = 10_000;

/** The AIR call for one song. */
export function tuneInPlayingUrl(base: string, p: { partnerId: string; partnerKey: string; stationId: string; title: string; artist: string | null; album: string | null }): string {
  const q = new URLSearchParams({ partnerId: p.partnerId, partnerKey: p.partnerKey, id: p.stationId, title: p.title });
  if (p.artist) q.set('artist', p.artist);
  if (p.album) q.set('album', p.album);
  return `${base.replace(/\/+$/, '')}/Playing.ashx?${q.toString()}`;
}

/** TuneIn's answer: `<status>200</status>` when taken; otherwise its `<fault>` text or the HTTP status. */
export function readAirAnswer(httpStatus: number, body: string): { ok: boolean; message: string } {
  const status = /<status>\s*(\d+)\s*<\/status>/i.exec(body)?.[1];
  const fault = /<fault>([\s\S]*?)<\/fault>/i.exec(body)?.[1]?.trim();
  const ok = httpStatus >= 200 && httpStatus < 300 && (status === undefined || status === '200') && !fault;
  return { ok, message: ok ? 'Taken' : (fault ?? `HTTP ${httpStatus}${status ? `, status ${status}` : ''}`).slice(0, 300) };
}

/** The song that identifies a track change: its start and its text (a live show's own titles count too). */
function songOf(np: NowPlaying): { key: string; title: string; artist: string | null; album: string | null } | null {
  const s = np.now_playing.song;
  if (!s.title || np.stale) return null;
  return { key: `${np.now_playing.played_at ?? ''}|${s.artist ?? ''}|${s.title}`.slice(0, 1000), title: s.title, artist: s.artist, album: s.album };
}

/** Pushes one document's song when it is a new one and TuneIn AIR is on. Never throws. */
export async function pushNowPlayingToTuneIn(ctx: AppContext, np: NowPlaying): Promise<void> {
  const song = songOf(np);
  if (!song) return;
  try {
    if (!(await claimTuneInSong(ctx.knex, song.key))) return;
    const row = await readListing(ctx.knex);
    if (!row?.tunein_enabled || !row.tunein_partner_id || !row.tunein_partner_key_enc || !row.tunein_station_id) return;
    const partnerKey = (await ctx.secrets.box()).open(row.tunein_partner_key_enc);
    if (partnerKey === null) {
      await recordTuneInPush(ctx.knex, new Date(ctx.now()), false, 'The partner key was sealed under another SECRET_KEY: enter it again.');
      return;
    }
    const url = tuneInPlayingUrl(ctx.config.TUNEIN_AIR_URL, { partnerId: row.tunein_partner_id, partnerKey, stationId: row.tunein_station_id, title: song.title, artist: song.artist, album: song.album });
    let result: { ok: boolean; message: string };
    try {
      const res = await fetch(url, { headers: { 'User-Agent': LISTING_USER_AGENT }, signal: AbortSignal.timeout(PUSH_TIMEOUT_MS) });
      result = readAirAnswer(res.status, await res.text());
    } catch (err) {
      result = { ok: false, message: `TuneIn did not answer: ${(err as Error).message}`.slice(0, 300) };
    }
    await recordTuneInPush(ctx.knex, new Date(ctx.now()), result.ok, result.message);
    if (!result.ok) ctx.log.warn({ message: result.message }, 'TuneIn AIR refused the now-playing push');
  } catch (err) {
    ctx.log.warn({ err }, 'could not push now-playing to TuneIn AIR');
  }
}

/** The background job: every `now-playing.updated` the bus carries, pushed in order. */
export function startTuneInJob(ctx: AppContext): BackgroundJob {
  let chain: Promise<void> = Promise.resolve();
  let stopped = false;
  const unsubscribe = ctx.bus.subscribe((event) => {
    if (stopped || event.channel !== 'now-playing' || event.name !== 'now-playing.updated') return;
    const np = event.data as NowPlaying;
    chain = chain.then(() => pushNowPlayingToTuneIn(ctx, np));
  });
  return {
    name: 'tunein-air',
    async stop() {
      stopped = true;
      unsubscribe();
      await chain;
    },
  };
}
