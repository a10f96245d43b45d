import type { NowPlaying } from '../../../../shared/radio';
import { isBroadcasting, stationStateOf } from '../../../../shared/radio-display';
import { boot, fill, h, root, t } from '../core';
import { art, elapsedNow, elapsedText, followNowPlaying, songLines, stateBadge } from '../now';

/** /embed/now-playing: title, artist, art, presenter and elapsed time, live; optionally a "Request a song" link. */
const opts = boot('now-playing');
document.title = t('embed.widget.nowPlaying');
const el = root();
let current: NowPlaying | null = null;
const progress = h('span');
const time = h('p', { class: 'muted small', 'data-field': 'elapsed' });

function render(): void {
  if (!current) return;
  const np = current;
  const big = opts.layout === 'full';
  fill(
    el,
    h(
      'section',
      { class: 'card', 'aria-label': t('embed.nowPlaying.heading') },
      h('div', { class: 'head' }, h('h1', null, t('embed.nowPlaying.heading')), stateBadge(np)),
      h('div', { class: 'row' }, opts.show.includes('art') ? art(np.now_playing.song.art, big ? 'big' : '') : null, songLines(np, opts, true)),
      opts.show.includes('elapsed') && isBroadcasting(stationStateOf(np)) ? h('div', null, np.now_playing.duration ? h('div', { class: 'bar', 'aria-hidden': 'true' }, progress) : null, time) : null,
      opts.show.includes('request') ? h('div', { class: 'actions' }, h('a', { class: 'btn', href: '/song-request', target: '_blank', rel: 'noopener' }, t('embed.nowPlaying.request'))) : null,
    ),
  );
  tick();
}

function tick(): void {
  if (!current || !opts.show.includes('elapsed')) return;
  const np = current;
  progress.style.width = `${Math.round((elapsedNow(np) / Math.max(1, np.now_playing.duration ?? 1)) * 100)}%`;
  time.textContent = elapsedText(np);
}

fill(el, h('p', { class: 'muted', role: 'status' }, t('embed.loading')));
followNowPlaying((np) => {
  current = np;
  render();
});
setInterval(tick, 1000);
