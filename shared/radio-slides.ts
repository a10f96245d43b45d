import type { NowPlaying } from './radio';
import { RADIO_FALLBACKS, RADIO_LIMITS } from './radio-constants';
import { songText, stationStateOf } from './radio-display';

/**
 * The slides the radio adds to the home page's featured slider (spec 000 §4:
 * "Slides can show recently played songs (5) and live information"): a live
 * slide before the staff's slides while a presenter is on air, and the last
 * songs played after them. Built from the now-playing document alone, so the
 * server's first screen and the browser's slider agree, and no extra request
 * is made. Zod-free: the home page's first screen uses it.
 */
export interface RadioSlide {
  /** Unique among the radio slides, stable while the slide means the same thing. */
  id: string;
  kicker: string;
  title: string;
  description: string;
  image_url: string | null;
  link_url: string | null;
  /** The link's text ("Learn more" when null). */
  link_label: string | null;
  placement: 'first' | 'last';
}

export const LIVE_SLIDE_KICKER = 'Live now';
export const RECENT_SLIDE_KICKER = 'Recently played';

export function radioSlides(np: NowPlaying | null | undefined): RadioSlide[] {
  if (!np) return [];
  const out: RadioSlide[] = [];
  if (stationStateOf(np) === 'live') {
    const { art } = np.now_playing.song;
    const song = songText(np.now_playing.song);
    const named = np.presenter && np.presenter !== RADIO_FALLBACKS.livePresenter && np.presenter !== RADIO_FALLBACKS.autoPresenter;
    const who = named ? `${np.presenter} is` : "We're";
    out.push({
      id: 'live',
      kicker: LIVE_SLIDE_KICKER,
      title: np.current_show?.title ?? (named ? `${np.presenter} is live` : 'Live on air'),
      description: `${who} on air now, playing ${song.title} by ${song.artist}. Got a song in mind? Send it to the studio.`,
      image_url: art,
      link_url: '/request',
      link_label: 'Send a request',
      placement: 'first',
    });
  }
  for (const { song: raw, played_at } of np.song_history.slice(0, RADIO_LIMITS.recentSongSlides)) {
    const song = { ...songText(raw), art: raw.art };
    const album = raw.album ? ` · ${raw.album}` : '';
    out.push({
      id: `recent:${played_at}`,
      kicker: RECENT_SLIDE_KICKER,
      title: song.title,
      description: `${song.artist}${album}`,
      image_url: song.art,
      link_url: null,
      link_label: null,
      placement: 'last',
    });
  }
  return out;
}
