import type { EmbedOptions } from '../../../shared/embed-options';
import { RADIO_FALLBACKS } from '../../../shared/radio-constants';
import type { NowPlaying } from '../../../shared/radio';
import type { PublicChannel } from '../../../shared/realtime';
import { clock, follow, getJson, h, type LiveEvent } from './core';

/**
 * The now-playing document as the player and now-playing widgets follow it:
 * read once, then kept current by the `now-playing` channel (its snapshot on
 * every connect, then every change), refetched after a reconnect.
 */
export function followNowPlaying<C extends PublicChannel = 'now-playing'>(onChange: (np: NowPlaying, receivedAt: number) => void, extra: { channels?: readonly C[]; onEvent?: (e: LiveEvent<C>) => void; onOpen?: () => void } = {}): void {
  const accept = (np: NowPlaying) => onChange(np, Date.now());
  const load = () =>
    getJson<NowPlaying>('/api/now-playing')
      .then(accept)
      .catch(() => undefined);
  void load();
  follow<C | 'now-playing'>(
    ['now-playing', ...(extra.channels ?? [])],
    (e) => {
      if (e.channel === 'now-playing') {
        const np = e as LiveEvent<'now-playing'>;
        if (np.name === 'now-playing.updated') accept(np.data);
      } else extra.onEvent?.(e as LiveEvent<C>);
    },
    (reconnected) => {
      if (reconnected) void load();
      extra.onOpen?.();
    },
  );
}

/** The LIVE or off-air mark (never colour alone: the word is written). */
export function stateBadge(np: NowPlaying): HTMLElement {
  if (!np.station.is_online) return h('span', { class: 'badge off' }, 'Off air');
  return np.live.is_live ? h('span', { class: 'badge live' }, 'Live') : h('span', { class: 'badge off' }, 'Auto DJ');
}

/** The song's art (or a neutral square), with an empty alt: the title beside it says what it is. */
export function art(src: string | null, size: '' | 'big' | 'tiny' = ''): HTMLElement {
  return src ? h('img', { class: `art ${size}`, src, alt: '', loading: 'lazy', width: size === 'big' ? 96 : size === 'tiny' ? 36 : 56, height: size === 'big' ? 96 : size === 'tiny' ? 36 : 56 }) : h('span', { class: `art ${size}`, 'aria-hidden': 'true' });
}

/** Title and artist, with the spec's fallbacks already applied by the server (and again here). */
export function songLines(np: NowPlaying, opts: EmbedOptions, withPresenter: boolean): HTMLElement {
  const song = np.now_playing.song;
  return h(
    'div',
    { class: 'grow' },
    h('p', { class: 'title ellipsis', 'data-field': 'title' }, song.title || RADIO_FALLBACKS.title),
    h('p', { class: 'ellipsis', 'data-field': 'artist' }, song.artist || RADIO_FALLBACKS.artist),
    withPresenter && opts.show.includes('presenter') ? h('p', { class: 'muted small ellipsis', 'data-field': 'presenter' }, np.current_show && np.live.is_live ? `${np.presenter} · ${np.current_show.title}` : np.presenter) : null,
  );
}

/** Seconds into the song now, from the document and when it arrived. */
export function elapsedNow(np: NowPlaying, receivedAt: number): number {
  return Math.min(np.now_playing.duration, np.now_playing.elapsed + (Date.now() - receivedAt) / 1000);
}

/** "1:05 / 3:53" */
export function elapsedText(np: NowPlaying, receivedAt: number): string {
  return `${clock(elapsedNow(np, receivedAt))} / ${clock(np.now_playing.duration)}`;
}
