import { createHash } from 'node:crypto';
import type { NowPlaying, NowPlayingSong } from '../../../shared/radio';
import { isBroadcasting, stationStateOf } from '../../../shared/radio-display';

/**
 * Airdeck's now-playing document in AzuraCast's format
 * (`GET /api/nowplaying/{station}`), so players, bots and widgets written for
 * AzuraCast can read an Airdeck station unchanged. Field names, order and
 * conventions follow AzuraCast's API entities: `""` for "none", `song.art`
 * never null, `elapsed` recomputed at the moment of the request,
 * `custom_fields` as `[]`.
 */

/** AzuraCast's song id: md5 of the lower-cased text with spaces, dashes, quotes, tabs and newlines removed. */
export function azuracastSongId(text: string): string {
  return createHash('md5').update(text.toLowerCase().replace(/[ \-"'\t\n\r]/g, '')).digest('hex');
}

function song(s: NowPlayingSong, artFallback: string, baseUrl: string) {
  const title = s.title ?? '';
  const artist = s.artist ?? '';
  const text = artist ? `${artist} - ${title}` : title;
  const art = s.art ? (s.art.startsWith('/') ? baseUrl + s.art : s.art) : artFallback;
  return { id: azuracastSongId(text), art, custom_fields: [], text, artist, title, album: s.album ?? '', genre: '', isrc: '', lyrics: '' };
}

/** AzuraCast's fixed id of its "Station Offline" song (md5 of "stationoffline"). */
export const OFFLINE_SONG_ID = azuracastSongId('Station Offline');

const absolute = (url: string | null | undefined, base: string): string | null => (url ? (url.startsWith('/') ? base + url : url) : null);

/** Options: the instant of the request and where the station is reached. */
export interface CompatOptions {
  nowMs: number;
  baseUrl: string;
  shortcode: string;
  timezone: string;
}

/** Converts the document; listeners, live state and history carry over. */
export function toAzuraCastNowPlaying(doc: NowPlaying, opts: CompatOptions) {
  const base = opts.baseUrl.replace(/\/+$/, '');
  const listen = doc.station.listen_url.startsWith('/') ? base + doc.station.listen_url : doc.station.listen_url;
  const artFallback = `${base}/favicon.svg`;
  const now = Math.floor(opts.nowMs / 1000);
  const np = doc.now_playing;
  const state = stationStateOf(doc);
  const offline = !isBroadcasting(state);
  const playedAt = offline ? 0 : (np.played_at ?? Math.floor((doc.updated_at - np.elapsed * 1000) / 1000));
  const duration = offline || np.duration === null ? 0 : Math.round(np.duration);
  const elapsedRaw = offline ? 0 : Math.max(0, now - playedAt);
  const elapsed = duration > 0 ? Math.min(elapsedRaw, duration) : elapsedRaw;
  const live = state === 'live';
  const offlineSong = { id: OFFLINE_SONG_ID, art: artFallback, custom_fields: [], text: 'Station Offline', artist: '', title: 'Station Offline', album: '', genre: '', isrc: '', lyrics: '' };
  const next = doc.playing_next ?? null;
  return {
    station: {
      id: 1,
      name: doc.station.name ?? 'Airdeck',
      shortcode: opts.shortcode,
      description: '',
      frontend: 'airdeck',
      backend: doc.source,
      timezone: opts.timezone,
      listen_url: listen,
      url: base,
      public_player_url: base,
      playlist_pls_url: '',
      playlist_m3u_url: '',
      is_public: true,
      requests_enabled: true,
      mounts: [{ id: 1, name: 'Live', url: listen, bitrate: 0, format: 'mp3', listeners: { total: doc.listeners.total ?? doc.listeners.current, unique: doc.listeners.unique ?? doc.listeners.current, current: doc.listeners.current }, path: '/', is_default: true }],
      remotes: [],
      hls_enabled: false,
      hls_is_default: false,
      hls_url: null,
      hls_listeners: 0,
    },
    listeners: { total: doc.listeners.total ?? doc.listeners.current, unique: doc.listeners.unique ?? doc.listeners.current, current: doc.listeners.current },
    live: { is_live: live, streamer_name: live ? doc.presenter : '', broadcast_start: live ? doc.live.broadcast_start : null, art: live ? absolute(doc.live.art, base) : null },
    now_playing: offline
      ? { sh_id: 0, played_at: 0, duration: 0, playlist: null, streamer: null, is_request: false, song: offlineSong, elapsed: 0, remaining: 0 }
      : {
          sh_id: playedAt,
          played_at: playedAt,
          duration,
          playlist: live ? '' : 'Airdeck',
          streamer: live ? doc.presenter : '',
          is_request: np.is_request,
          song: song(np.song, artFallback, base),
          elapsed,
          remaining: duration > 0 ? Math.max(0, duration - elapsed) : 0,
        },
    playing_next:
      !offline && next
        ? {
            cued_at: next.played_at ?? now,
            played_at: next.played_at ?? now,
            duration: next.duration ?? 0,
            playlist: 'Airdeck',
            is_request: false,
            song: song(next.song, artFallback, base),
          }
        : null,
    song_history: doc.song_history.map((h) => ({
      sh_id: h.played_at,
      played_at: h.played_at,
      duration: h.duration ?? 0,
      playlist: '',
      streamer: '',
      is_request: false,
      song: song(h.song, artFallback, base),
    })),
    is_online: !offline,
    cache: null,
  };
}
