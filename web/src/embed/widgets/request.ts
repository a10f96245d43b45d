import type { StationInfo } from '../../../../shared/station';
import { ApiFailure, boot, fill, getJson, h, root, sendJson, sessionId, t } from '../core';
import { followNowPlaying, songText } from '../now';

/**
 * /embed/request: the site's song request form (library search, or a custom
 * song), sent through the public song-request route with this browser's
 * session id, so the station's fairness rules, rate limits and texts apply
 * exactly as on the site (spec 000 §5, §8; 001 §3). Never a staff API.
 */
const opts = boot('request');
document.title = t('embed.widget.request');
const el = root();

/** The site's texts for the song request flow (web/src/requests/SongRequestPage.tsx), in the page's language. */
const TEXT = {
  searchError: t('embed.request.searchError'),
  noLocal: t('embed.request.noLocal'),
  nameRequired: t('embed.request.nameRequired'),
  detailsRequired: t('embed.request.detailsRequired'),
  noSong: t('embed.request.noSong'),
  sent: t('embed.request.sent'),
  failed: t('embed.request.failed'),
  closed: t('embed.request.closed'),
};

interface LibraryTrack {
  id: string;
  title: string;
  artist: string;
  album: string;
  artwork_url: string | null;
}

let mode: 'search' | 'custom' = opts.show.includes('search') ? 'search' : 'custom';
let results: LibraryTrack[] = [];
let selected: LibraryTrack | null = null;
let sending = false;
let closed = false;
let idempotencyKey: string | null = null;

const notice = h('p', { class: 'notice', role: 'status', 'aria-live': 'polite' });
const query = h('input', { id: 'q', type: 'search', placeholder: t('embed.request.queryPlaceholder'), autocomplete: 'off', onkeydown: (e: KeyboardEvent) => e.key === 'Enter' && (e.preventDefault(), void search()) });
const title = h('input', { id: 'song-title', type: 'text', required: true, oninput: () => (idempotencyKey = null) });
const artist = h('input', { id: 'song-artist', type: 'text', required: true, oninput: () => (idempotencyKey = null) });
const name = h('input', { id: 'requester', type: 'text', required: true, autocomplete: 'nickname', oninput: () => (idempotencyKey = null) });
const message = h('textarea', { id: 'message', oninput: () => (idempotencyKey = null) });
const send = h('button', { class: 'btn', type: 'submit' }, t('embed.request.send'));
const picker = h('div');

function say(text: string): void {
  notice.textContent = text;
}

async function search(): Promise<void> {
  const q = query.value.trim();
  if (!q) return;
  say(t('embed.request.searching'));
  try {
    const answer = await getJson<{ data: { tracks: LibraryTrack[] } }>(`/song-request-api?action=search&query=${encodeURIComponent(q)}&limit=10`);
    results = answer.data.tracks;
    selected = null;
    say(results.length ? t('embed.request.results', { count: results.length }) : TEXT.noLocal);
  } catch {
    say(TEXT.searchError);
  }
  renderPicker();
}

function renderPicker(): void {
  if (mode === 'search') {
    fill(
      picker,
      h('label', { for: 'q' }, t('embed.request.searchLabel')),
      h('div', { class: 'row wrap-row' }, h('div', { class: 'grow' }, query), h('button', { class: 'btn ghost', type: 'button', onclick: () => void search() }, t('embed.request.searchButton'))),
      results.length
        ? h(
            'ul',
            { class: 'results', 'aria-label': t('embed.request.resultsLabel') },
            ...results.map((track) =>
              h(
                'li',
                null,
                h(
                  'label',
                  null,
                  h('input', {
                    type: 'radio',
                    name: 'song',
                    value: track.id,
                    checked: selected?.id === track.id,
                    onchange: () => {
                      selected = track;
                      idempotencyKey = null;
                    },
                  }),
                  h('span', { class: 'grow' }, h('span', { class: 'title' }, track.title), h('span', { class: 'muted small' }, ` · ${track.artist || t('embed.unknownArtist')}`)),
                ),
              ),
            ),
          )
        : null,
      opts.show.includes('custom') ? h('div', { class: 'actions' }, h('button', { class: 'btn ghost wrap', type: 'button', onclick: () => setMode('custom') }, t('embed.request.custom'))) : null,
    );
  } else {
    fill(
      picker,
      h('label', { for: 'song-title' }, t('embed.request.songTitle')),
      title,
      h('label', { for: 'song-artist' }, t('embed.request.artist')),
      artist,
      opts.show.includes('search') ? h('div', { class: 'actions' }, h('button', { class: 'btn ghost', type: 'button', onclick: () => setMode('search') }, t('embed.request.back'))) : null,
    );
  }
}

function setMode(m: 'search' | 'custom'): void {
  mode = m;
  idempotencyKey = null;
  renderPicker();
}

async function submit(e: Event): Promise<void> {
  e.preventDefault();
  if (sending || closed) return;
  if (!name.value.trim()) return say(TEXT.nameRequired);
  if (mode === 'custom' && (!title.value.trim() || !artist.value.trim())) return say(TEXT.detailsRequired);
  if (mode === 'search' && !selected) return say(TEXT.noSong);
  const song = mode === 'custom' ? { title: title.value, artist: artist.value, request_type: 'custom' } : { title: selected!.title, artist: selected!.artist || 'Unknown Artist', request_type: 'song' };
  idempotencyKey ??= crypto.randomUUID();
  sending = true;
  send.disabled = true;
  send.textContent = t('embed.request.sending');
  try {
    await sendJson('/song-request-api', { ...song, requester: name.value, message: message.value.trim() || undefined }, { 'X-Session-Id': sessionId(), 'Idempotency-Key': idempotencyKey });
    say(TEXT.sent);
    // Sent: a fresh form (the name stays, as a listener usually asks again).
    title.value = artist.value = message.value = query.value = '';
    results = [];
    selected = null;
    idempotencyKey = null;
    renderPicker();
  } catch (err) {
    // The server's own words for closed requests, limits, repeats and bad fields; the form keeps what was typed.
    say(err instanceof ApiFailure && [400, 403, 409, 413, 429].includes(err.status) && err.message ? err.message : TEXT.failed);
  } finally {
    sending = false;
    send.disabled = closed;
    send.textContent = t('embed.request.send');
  }
}

const onAir = h('p', { class: 'muted small ellipsis', 'data-field': 'on-air' });
followNowPlaying((np) => {
  const song = songText(np.now_playing.song);
  onAir.textContent = t('embed.request.onAir', { title: song.title, artist: song.artist, presenter: np.presenter });
});
renderPicker();
fill(
  el,
  h(
    'form',
    { class: 'card', 'aria-label': t('embed.widget.request'), novalidate: true, onsubmit: (e: Event) => void submit(e) },
    h('h1', null, t('embed.request.heading')),
    onAir,
    picker,
    h('label', { for: 'requester' }, t('embed.request.name')),
    name,
    opts.show.includes('message') ? h('div', null, h('label', { for: 'message' }, t('embed.request.message')), message) : null,
    h('div', { class: 'actions' }, send),
    notice,
  ),
);
void getJson<StationInfo>('/api/station')
  .then((s) => {
    closed = !s.requestsOpen;
    send.disabled = closed;
    if (closed) say(TEXT.closed);
  })
  .catch(() => undefined);
