import { createHash } from 'node:crypto';
import type { NowPlaying, NowPlayingSong } from '../../../shared/radio';

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
  const text = s.artist && s.artist !== 'Unknown Artist' ? `${s.artist} - ${s.title}` : s.title;
  const art = s.art ? (s.art.startsWith('/') ? baseUrl + s.art : s.art) : artFallback;
  return { id: azuracastSongId(text), art, custom_fields: [], text, artist: s.artist, title: s.title, album: s.album, genre: '', isrc: '', lyrics: '' };
}

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
  const playedAt = np.played_at ?? Math.floor((doc.updated_at - np.elapsed * 1000) / 1000);
  const duration = np.duration_is_estimate ? 0 : Math.round(np.duration);
  const elapsedRaw = Math.max(0, now - playedAt);
  const elapsed = duration > 0 ? Math.min(elapsedRaw, duration) : elapsedRaw;
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
      mounts: [{ id: 1, name: 'Live', url: listen, bitrate: 0, format: 'mp3', listeners: { total: doc.listeners.current, unique: doc.listeners.unique ?? doc.listeners.current, current: doc.listeners.current }, path: '/', is_default: true }],
      remotes: [],
      hls_enabled: false,
      hls_is_default: false,
      hls_url: null,
      hls_listeners: 0,
    },
    listeners: { total: doc.listeners.current, unique: doc.listeners.unique ?? doc.listeners.current, current: doc.listeners.current },
    live: { is_live: doc.live.is_live, streamer_name: doc.live.is_live ? doc.presenter : '', broadcast_start: doc.live.broadcast_start, art: null },
    now_playing: {
      sh_id: playedAt,
      played_at: playedAt,
      duration,
      playlist: doc.live.is_live ? '' : 'Airdeck',
      streamer: doc.live.is_live ? doc.presenter : '',
      is_request: np.is_request,
      song: song(np.song, artFallback, base),
      elapsed,
      remaining: duration > 0 ? Math.max(0, duration - elapsed) : 0,
    },
    playing_next: null,
    song_history: doc.song_history.map((h) => ({
      sh_id: h.played_at,
      played_at: h.played_at,
      duration: 0,
      playlist: '',
      streamer: '',
      is_request: false,
      song: song(h.song, artFallback, base),
    })),
    is_online: doc.station.is_online,
    cache: null,
  };
}
