import type { NowPlaying } from '../../shared/radio';

/** A now-playing document: `live` names the presenter on air (or null for Auto DJ); `history` songs played before. */
export function nowPlayingFixture(live: string | null, history: number, showTitle: string | null = 'Open Decks Live'): NowPlaying {
  const song = (i: number) => ({ id: `t${i}`, title: `Song ${i}`, artist: `Artist ${i}`, album: i % 2 ? `Album ${i}` : null, art: i % 2 ? `/art/${i}.jpg` : null });
  const show = showTitle ? { id: 's1', title: showTitle, presenter_name: live, presenter_id: null, event_date: '2026-11-22', start_time: '00:00', end_time: '02:00', starts_at: 0, ends_at: 7200 } : null;
  return {
    station: { name: 'Airdeck', listen_url: '/api/stream', is_online: true, state: live !== null ? 'live' : 'on_air' },
    now_playing: { song: { id: 'now', title: 'Inner City Life', artist: 'Goldie', album: 'Timeless', art: '/art/now.jpg' }, duration: 233, duration_is_estimate: false, elapsed: 10, played_at: 1000, is_request: false },
    live: { is_live: live !== null, streamer_name: live, broadcast_start: live ? 0 : null, presenter_id: null },
    presenter: live ?? 'Auto DJ',
    listeners: { current: 3, unique: null, total: 3 },
    current_show: live ? show : null,
    next_show: null,
    song_history: Array.from({ length: history }, (_, i) => ({ song: song(i + 1), played_at: 900 - i * 200 })),
    streamers: [],
    stale: false,
    source: 'demo',
    updated_at: 1_000_000,
  };
}
