import type { NowPlaying } from '../../../../shared/radio';
import { RADIO_LIMITS } from '../../../../shared/radio-constants';
import { isBroadcasting, stationStateOf } from '../../../../shared/radio-display';
import { boot, fill, h, root, t } from '../core';
import { art, followNowPlaying, songLines, stateBadge } from '../now';

/**
 * /embed/player: play/pause, volume, the current track, the presenter and the
 * LIVE or off-air state. Never starts by itself unless `autoplay=1` (and the
 * browser allows it).
 */
const opts = boot('player');
document.title = t('embed.widget.player');
const el = root();
const audio = new Audio();
audio.preload = 'none';
let np: NowPlaying | null = null;
let volume: number = RADIO_LIMITS.defaultVolume;
let playing = false;

const PLAY = '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M8 5v14l11-7z"/></svg>';
const PAUSE = '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M6 5h4v14H6zm8 0h4v14h-4z"/></svg>';
const button = h('button', { class: 'btn round', type: 'button', 'aria-label': t('embed.player.play'), onclick: () => void toggle() });
button.innerHTML = PLAY;
const slider = h('input', { type: 'range', min: 0, max: 100, step: 1, value: volume, 'aria-label': t('embed.player.volume'), oninput: () => setVolume(Number(slider.value)) });
const info = h('div', { class: 'row grow' });

function setVolume(v: number): void {
  volume = v;
  audio.volume = v / 100;
}

async function toggle(): Promise<void> {
  if (playing) {
    audio.pause();
    audio.removeAttribute('src');
    audio.load();
    setPlaying(false);
    return;
  }
  if (!np) return;
  audio.src = np.station.listen_url;
  audio.volume = volume / 100;
  setPlaying(true);
  try {
    await audio.play();
  } catch {
    setPlaying(false);
  }
}

function setPlaying(p: boolean): void {
  playing = p;
  button.innerHTML = p ? PAUSE : PLAY;
  button.setAttribute('aria-label', p ? t('embed.player.pause') : t('embed.player.play'));
}

function render(): void {
  if (!np) return;
  fill(info, opts.show.includes('art') ? art(np.now_playing.song.art, opts.layout === 'full' ? 'big' : 'tiny') : null, opts.show.includes('track') ? songLines(np, opts, true) : h('p', { class: 'grow title ellipsis', 'data-field': 'presenter' }, np.presenter));
  button.disabled = !isBroadcasting(stationStateOf(np)) && !playing;
  state.replaceChildren(stateBadge(np));
}

const state = h('div');
fill(
  el,
  h(
    'section',
    { class: 'card', 'aria-label': t('embed.player.label') },
    h('h1', { class: 'sr' }, t('embed.player.label')),
    h('div', { class: 'row' }, button, info, state),
    opts.show.includes('volume') ? h('div', { class: 'row', style: 'margin-top:8px' }, h('span', { class: 'muted small nowrap' }, t('embed.player.volume')), slider) : null,
  ),
);
audio.addEventListener('pause', () => setPlaying(false));
audio.addEventListener('error', () => setPlaying(false));
let first = true;
followNowPlaying((doc) => {
  np = doc;
  render();
  if (first && opts.autoplay) void toggle();
  first = false;
});
