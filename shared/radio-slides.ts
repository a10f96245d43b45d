import type { NowPlaying } from './radio';
import type { Translate } from './i18n/format';
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

/** The English texts, for a caller without the catalogue (the spec's words). */
const ENGLISH: Record<string, (v: Record<string, string>) => string> = {
  'radioSlide.liveKicker': () => LIVE_SLIDE_KICKER,
  'radioSlide.recentKicker': () => RECENT_SLIDE_KICKER,
  'radioSlide.liveTitleNamed': (v) => `${v.name} is live`,
  'radioSlide.liveTitle': () => 'Live on air',
  'radioSlide.liveNamed': (v) => `${v.name} is on air now, playing ${v.title} by ${v.artist}. Got a song in mind? Send it to the studio.`,
  'radioSlide.live': (v) => `We're on air now, playing ${v.title} by ${v.artist}. Got a song in mind? Send it to the studio.`,
  'radioSlide.sendRequest': () => 'Send a request',
};
const english = ((key: string, values?: Record<string, unknown>) => ENGLISH[key]!((values ?? {}) as Record<string, string>)) as Translate;

/** The live slide and the recently played ones, in the reader's language (`t`; English without one). */
export function radioSlides(np: NowPlaying | null | undefined, t: Translate = english): RadioSlide[] {
  if (!np) return [];
  const out: RadioSlide[] = [];
  if (stationStateOf(np) === 'live') {
    const { art } = np.now_playing.song;
    const song = songText(np.now_playing.song);
    const named = np.presenter && np.presenter !== RADIO_FALLBACKS.livePresenter && np.presenter !== RADIO_FALLBACKS.autoPresenter;
    out.push({
      id: 'live',
      kicker: t('radioSlide.liveKicker'),
      title: np.current_show?.title ?? (named ? t('radioSlide.liveTitleNamed', { name: np.presenter! }) : t('radioSlide.liveTitle')),
      description: named ? t('radioSlide.liveNamed', { name: np.presenter!, title: song.title, artist: song.artist }) : t('radioSlide.live', { title: song.title, artist: song.artist }),
      image_url: art,
      link_url: '/request',
      link_label: t('radioSlide.sendRequest'),
      placement: 'first',
    });
  }
  for (const { song: raw, played_at } of np.song_history.slice(0, RADIO_LIMITS.recentSongSlides)) {
    const song = { ...songText(raw), art: raw.art };
    const album = raw.album ? ` · ${raw.album}` : '';
    out.push({
      id: `recent:${played_at}`,
      kicker: t('radioSlide.recentKicker'),
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
