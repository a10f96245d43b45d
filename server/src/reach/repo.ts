import type { Knex } from 'knex';

/**
 * The reach domain's tables (migration 360): `show_follows` (a browser's push
 * subscription per followed show; no personal data) and
 * `show_follow_episodes` (the episodes whose "live now" notification went out).
 * Rows in, rows out: the rules are in follows.ts.
 */

type Db = Knex | Knex.Transaction;

export interface FollowRow {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** Adds (or refreshes the keys of) a browser's follow of a show. */
export async function upsertFollow(db: Db, showId: string, sub: FollowRow): Promise<void> {
  await db('show_follows').insert({ show_id: showId, ...sub }).onConflict(['show_id', 'endpoint']).merge(['p256dh', 'auth']);
}

/** Removes a browser's follows: of one show, or of every show. Returns how many went. */
export async function deleteFollows(db: Db, endpoint: string, showId: string | null): Promise<number> {
  const rows = await db('show_follows')
    .where({ endpoint })
    .modify((q) => {
      if (showId) void q.andWhere({ show_id: showId });
    })
    .del()
    .returning('id');
  return rows.length;
}

/** Forgets an endpoint everywhere (the push service said it is gone). */
export async function forgetEndpoint(db: Db, endpoint: string): Promise<void> {
  await db('show_follows').where({ endpoint }).del();
}

/** The subscriptions following any of these shows, one per endpoint. */
export async function followersOf(db: Db, showIds: readonly string[]): Promise<FollowRow[]> {
  if (showIds.length === 0) return [];
  const rows = await db('show_follows').whereIn('show_id', showIds).orderBy('id').select<FollowRow[]>('endpoint', 'p256dh', 'auth');
  const seen = new Set<string>();
  return rows.filter((r) => (seen.has(r.endpoint) ? false : (seen.add(r.endpoint), true)));
}

/** Claims an episode's notification: true for the one caller that gets it first. */
export async function claimEpisode(db: Db, showId: string, startsAt: Date): Promise<boolean> {
  const rows = await db('show_follow_episodes').insert({ show_id: showId, starts_at: startsAt }).onConflict(['show_id', 'starts_at']).ignore().returning('show_id');
  return rows.length > 0;
}

/** Follower counts per followed show (distinct browsers), most followed first. */
export async function followerCounts(db: Db): Promise<{ show_id: string; followers: number }[]> {
  const rows = (await db('show_follows')
    .select('show_id')
    .countDistinct({ followers: 'endpoint' })
    .groupBy('show_id')
    .orderBy([{ column: 'followers', order: 'desc' }, { column: 'show_id' }])) as unknown as { show_id: string; followers: string | number }[];
  return rows.map((r) => ({ show_id: String(r.show_id), followers: Number(r.followers) }));
}

/** The shows one push subscription follows, oldest follow first (a listener's own data; issue 37). */
export async function followsOfEndpoint(db: Db, endpoint: string): Promise<string[]> {
  const rows = await db('show_follows').where({ endpoint }).orderBy('id').select<{ show_id: string }[]>('show_id');
  return rows.map((r) => r.show_id);
}
