import type { NowPlaying, PlayEntry, VoteState } from '../../../../shared/radio';
import { boot, fill, getJson, h, root, sendJson, sessionId, t } from '../core';
import { intlTag } from '../i18n';
import { art, followNowPlaying, songText } from '../now';
import { timeIn, visitorZone } from '../zone';

/**
 * /embed/recent: the last N songs played (1–15), newest first, following
 * track changes live; with `show=votes`, the site's thumbs up and down
 * (counts follow the `votes` channel).
 */
const opts = boot('recent');
document.title = t('embed.widget.recent');
const el = root();
const withVotes = opts.show.includes('votes');
let plays: PlayEntry[] = [];
let playing: { id: string | null; at: number | null; doc: number } | null = null;
const votes = new Map<string, VoteState>();

async function load(): Promise<void> {
  // The list of the document shown (the server leaves the song on air out of it, issue 38 item 9).
  plays = await getJson<PlayEntry[]>(`/api/radio/history?limit=${opts.count}${playing ? `&np=${playing.doc}` : ''}`);
  if (withVotes) {
    const ids = [...new Set(plays.map((p) => p.song.id).filter((id): id is string => !!id))];
    if (ids.length) for (const v of await getJson<VoteState[]>(`/api/tracks/votes?ids=${ids.join(',')}&user_session=${sessionId('vote')}`)) votes.set(v.track_id, v);
  }
  render();
}

async function vote(trackId: string, type: 'up' | 'down'): Promise<void> {
  try {
    votes.set(trackId, await sendJson<VoteState>(`/api/tracks/${trackId}/votes`, { user_session: sessionId('vote'), vote_type: type }));
    render();
  } catch {
    // the counts stay as they were
  }
}

function voteButtons(id: string | null): HTMLElement | null {
  if (!withVotes || !id) return null;
  const v = votes.get(id);
  const button = (type: 'up' | 'down', label: string, count: number) =>
    h('button', { class: 'vote', type: 'button', 'aria-label': t('embed.recent.voteCount', { label, count }), 'aria-pressed': String(v?.my_vote === type), onclick: () => void vote(id, type) }, h('span', { 'aria-hidden': 'true' }, type === 'up' ? '▲ ' : '▼ '), new Intl.NumberFormat(intlTag()).format(count));
  return h('div', { class: 'votes' }, button('up', t('embed.recent.thumbsUp'), v?.up_votes ?? 0), button('down', t('embed.recent.thumbsDown'), v?.down_votes ?? 0));
}

function render(): void {
  const zone = visitorZone();
  fill(
    el,
    h(
      'section',
      { class: 'card', 'aria-label': t('embed.widget.recent') },
      h('div', { class: 'head' }, h('h1', null, t('embed.widget.recent'))),
      plays.length
        ? h(
            'ol',
            { class: 'list', style: 'list-style:none;margin:0;padding:0;display:grid;gap:8px' },
            ...plays.map((p) =>
              h(
                'li',
                { class: 'row', 'data-song': p.song.title },
                opts.show.includes('art') ? art(p.song.art, 'tiny') : null,
                h('div', { class: 'grow' }, h('p', { class: 'title ellipsis' }, songText(p.song).title), h('p', { class: 'muted small ellipsis' }, songText(p.song).artist)),
                opts.show.includes('time') ? h('span', { class: 'muted small nowrap' }, timeIn(p.played_at * 1000, zone)) : null,
                voteButtons(p.song.id),
              ),
            ),
          )
        : h('p', { class: 'muted' }, t('embed.recent.empty')),
    ),
  );
}

fill(el, h('p', { class: 'muted', role: 'status' }, t('embed.loading')));
followNowPlaying(
  (np: NowPlaying) => {
    const next = { id: np.now_playing.song.id, at: np.now_playing.played_at, doc: np.updated_at };
    if (playing && playing.id === next.id && playing.at === next.at && plays.length) return;
    playing = next;
    void load().catch(() => undefined);
  },
  {
    channels: withVotes ? (['votes'] as const) : [],
    onEvent: (e) => {
      if (e.name !== 'votes.updated') return;
      const had = votes.get(e.data.track_id);
      if (!had || had.version > e.data.version) return;
      votes.set(e.data.track_id, { ...had, ...e.data });
      render();
    },
  },
);
