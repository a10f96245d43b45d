import type { Knex } from 'knex';
import { runSql } from './sql';

/**
 * The song request's fast path (issue 20): one statement per request.
 *
 * `song_request_may_enter(song_key, since)` takes the song's advisory lock
 * (held to the end of the request's transaction) and then looks for the
 * same song since `since`. Being a VOLATILE plpgsql function, its query
 * takes a fresh snapshot after the lock is granted, so it sees a request for
 * the same song that a concurrent writer committed while this one waited:
 * two listeners asking for one song at once cannot both get in, even though
 * the check and the insert run inside one statement.
 *
 * Indexes for the staff queues, newest first with the id as tie-breaker
 * (the queue's order), all and by status; on song_requests they replace
 * the two without the tie-breaker, and the (lower(artist), lower(title))
 * index the song key made unused: every index is work for each insert.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE FUNCTION song_request_may_enter(p_key text, p_since timestamptz) RETURNS boolean
    LANGUAGE plpgsql VOLATILE AS $fn$
    BEGIN
      PERFORM pg_advisory_xact_lock(70001, hashtext(p_key));
      RETURN NOT EXISTS (SELECT 1 FROM song_requests WHERE song_key = p_key AND created_at > p_since);
    END
    $fn$
  `);
  await runSql(knex, `
    CREATE INDEX song_requests_queue_idx ON song_requests (created_at DESC, id DESC);
    CREATE INDEX song_requests_status_queue_idx ON song_requests (status, created_at DESC, id DESC);
    DROP INDEX song_requests_created_idx;
    DROP INDEX song_requests_status_idx;
    DROP INDEX song_requests_song_idx;
    CREATE INDEX shoutout_requests_queue_idx ON shoutout_requests (created_at DESC, id DESC);
    CREATE INDEX general_requests_queue_idx ON general_requests (created_at DESC, id DESC)
  `);
}

export async function down(knex: Knex): Promise<void> {
  await runSql(knex, `
    DROP INDEX general_requests_queue_idx;
    DROP INDEX shoutout_requests_queue_idx;
    CREATE INDEX song_requests_song_idx ON song_requests (lower(artist), lower(title), created_at DESC);
    CREATE INDEX song_requests_status_idx ON song_requests (status, created_at DESC);
    CREATE INDEX song_requests_created_idx ON song_requests (created_at DESC);
    DROP INDEX song_requests_status_queue_idx;
    DROP INDEX song_requests_queue_idx;
    DROP FUNCTION song_request_may_enter(text, timestamptz)
  `);
}
