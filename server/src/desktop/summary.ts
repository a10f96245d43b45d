import type { Knex } from 'knex';
import type { ShowSummary } from '../../../shared/studio';
import { spanFigures } from '../audience/service';
import { presenterOfUser } from '../presenters/repo';
import { latestSessionOf, sessionPlays, voteCountsBetween } from '../radio/repo';
import { requestsHandledBetween } from '../requests/repo';
import { eventTitle } from '../schedule/repo';

/** How long after a session ends votes and handled requests still count for it (the last track plays out). */
const AFTER_MS = 10 * 60_000;

const secs = (d: Date) => Math.floor(d.getTime() / 1000);

/**
 * The end-of-show summary for a presenter account: their latest live
 * session, the tracks played in it with the up and down votes cast during
 * it, the song requests they handled and the shoutouts they read meanwhile
 * (each read from its owner's repo).
 */
export async function showSummary(db: Knex, userId: string, nowMs: number): Promise<ShowSummary> {
  const presenter = await presenterOfUser(db, userId);
  const empty: ShowSummary = { session: null, tracks: [], requests_handled: 0, shoutouts_read: 0 };
  if (!presenter) return empty;
  const session = await latestSessionOf(db, presenter.id);
  if (!session) return empty;
  const title = session.schedule_event_id ? await eventTitle(db, session.schedule_event_id) : null;
  const from = session.started_at;
  const to = new Date(session.ended_at ? Math.min(nowMs, session.ended_at.getTime() + AFTER_MS) : nowMs);
  const plays = await sessionPlays(db, session.id, 500);
  const ids = [...new Set(plays.map((p) => p.track_id))];
  const votes = await voteCountsBetween(db, ids, from, to);
  const byTrack = new Map(votes.map((v) => [v.track_id, { up: v.up, down: v.down }]));
  const handled = await requestsHandledBetween(db, userId, from, to);
  return {
    session: { id: session.id, show_title: title, started_at: secs(session.started_at), ended_at: session.ended_at ? secs(session.ended_at) : null },
    tracks: plays.map((p) => ({ played_at: secs(p.played_at), title: p.title, artist: p.artist, up_votes: byTrack.get(p.track_id)?.up ?? 0, down_votes: byTrack.get(p.track_id)?.down ?? 0 })),
    requests_handled: handled.songs,
    shoutouts_read: handled.shoutouts,
    audience: await spanFigures(db, from.getTime(), session.ended_at ? session.ended_at.getTime() : nowMs),
  };
}
