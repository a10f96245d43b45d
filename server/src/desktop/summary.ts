import type { Knex } from 'knex';
import type { ShowSummary } from '../../../shared/studio';
import { spanFigures } from '../audience/service';
import { presenterOfUser } from '../presenters/repo';
import { eventTitle } from '../schedule/repo';

/** How long after a session ends votes and handled requests still count for it (the last track plays out). */
const AFTER_MS = 10 * 60_000;

const secs = (d: Date) => Math.floor(d.getTime() / 1000);

/**
 * The end-of-show summary for a presenter account: their latest live
 * session, the tracks played in it with the up and down votes cast during
 * it, the song requests they handled and the shoutouts they read meanwhile.
 */
export async function showSummary(db: Knex, userId: string, nowMs: number): Promise<ShowSummary> {
  const presenter = await presenterOfUser(db, userId);
  const empty: ShowSummary = { session: null, tracks: [], requests_handled: 0, shoutouts_read: 0 };
  if (!presenter) return empty;
  const session = await db('broadcast_sessions as s')
    .where('s.presenter_id', presenter.id)
    .orderBy('s.started_at', 'desc')
    .first<{ id: string; started_at: Date; ended_at: Date | null; schedule_event_id: string | null } | undefined>('s.id', 's.started_at', 's.ended_at', 's.schedule_event_id');
  if (!session) return empty;
  const title = session.schedule_event_id ? await eventTitle(db, session.schedule_event_id) : null;
  const from = session.started_at;
  const to = new Date(session.ended_at ? Math.min(nowMs, session.ended_at.getTime() + AFTER_MS) : nowMs);
  const plays = await db('play_history as p')
    .join('tracks as t', 't.id', 'p.track_id')
    .where('p.broadcast_session_id', session.id)
    .orderBy('p.played_at', 'asc')
    .limit(500)
    .select<{ track_id: string; played_at: Date; title: string; artist: string }[]>('p.track_id', 'p.played_at', 't.title', 't.artist');
  const ids = [...new Set(plays.map((p) => p.track_id))];
  const votes = ids.length
    ? await db('track_votes')
        .whereIn('track_id', ids)
        .andWhere('created_at', '>=', from)
        .andWhere('created_at', '<=', to)
        .groupBy('track_id')
        .select<{ track_id: string; up: string | number; down: string | number }[]>('track_id', db.raw("count(*) FILTER (WHERE vote_type = 'up') AS up"), db.raw("count(*) FILTER (WHERE vote_type = 'down') AS down"))
    : [];
  const byTrack = new Map(votes.map((v) => [v.track_id, { up: Number(v.up), down: Number(v.down) }]));
  const handled = await db('song_requests')
    .where({ handled_by: userId })
    .whereIn('status', ['approved', 'played', 'rejected'])
    .andWhere('updated_at', '>=', from)
    .andWhere('updated_at', '<=', to)
    .count<{ count: string | number }[]>({ count: '*' })
    .first();
  const read = await db('shoutout_requests')
    .where({ handled_by: userId, status: 'completed' })
    .andWhere('updated_at', '>=', from)
    .andWhere('updated_at', '<=', to)
    .count<{ count: string | number }[]>({ count: '*' })
    .first();
  return {
    session: { id: session.id, show_title: title, started_at: secs(session.started_at), ended_at: session.ended_at ? secs(session.ended_at) : null },
    tracks: plays.map((p) => ({ played_at: secs(p.played_at), title: p.title, artist: p.artist, up_votes: byTrack.get(p.track_id)?.up ?? 0, down_votes: byTrack.get(p.track_id)?.down ?? 0 })),
    requests_handled: Number(handled?.count ?? 0),
    shoutouts_read: Number(read?.count ?? 0),
    audience: await spanFigures(db, from.getTime(), session.ended_at ? session.ended_at.getTime() : nowMs),
  };
}
