import type { Knex } from 'knex';
import { runSql } from './sql';

/**
 * What the station poller keeps between polls and across instances: the last
 * now-playing document and the play on air (so a new leader never records a
 * play twice); one play per station play id; per-track vote totals kept by a
 * trigger (so counts pushed to listeners are consistent and versioned); and
 * the no-show alerts already sent.
 */
export async function up(knex: Knex): Promise<void> {
  await runSql(knex, `
    CREATE TABLE station_state (
      id integer PRIMARY KEY DEFAULT 1 CHECK (id = 1),
      payload jsonb,
      current_play jsonb,
      stale boolean NOT NULL DEFAULT false,
      last_error text,
      last_success_at timestamptz,
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    INSERT INTO station_state (id) VALUES (1);

    CREATE UNIQUE INDEX play_history_source_play_uidx ON play_history (source_play_id) WHERE source_play_id IS NOT NULL;

    CREATE TABLE track_vote_totals (
      track_id uuid PRIMARY KEY REFERENCES tracks(id) ON DELETE CASCADE,
      up_votes integer NOT NULL DEFAULT 0 CHECK (up_votes >= 0),
      down_votes integer NOT NULL DEFAULT 0 CHECK (down_votes >= 0),
      version bigint NOT NULL DEFAULT 0
    );
    INSERT INTO track_vote_totals (track_id, up_votes, down_votes, version)
      SELECT track_id, count(*) FILTER (WHERE vote_type = 'up'), count(*) FILTER (WHERE vote_type = 'down'), count(*)
      FROM track_votes GROUP BY track_id;

    CREATE TABLE schedule_attendance_alerts (
      schedule_event_id uuid NOT NULL REFERENCES schedule_events(id) ON DELETE CASCADE,
      kind text NOT NULL CHECK (kind IN ('no_show')),
      notified_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (schedule_event_id, kind)
    );
  `);
  // One statement with semicolons inside its body: not for runSql.
  await knex.raw(`
    CREATE FUNCTION track_votes_count() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP IN ('DELETE', 'UPDATE') THEN
        UPDATE track_vote_totals SET
          up_votes = up_votes - CASE WHEN OLD.vote_type = 'up' THEN 1 ELSE 0 END,
          down_votes = down_votes - CASE WHEN OLD.vote_type = 'down' THEN 1 ELSE 0 END,
          version = version + 1
        WHERE track_id = OLD.track_id;
      END IF;
      IF TG_OP IN ('INSERT', 'UPDATE') THEN
        INSERT INTO track_vote_totals AS t (track_id, up_votes, down_votes, version)
        VALUES (NEW.track_id, CASE WHEN NEW.vote_type = 'up' THEN 1 ELSE 0 END, CASE WHEN NEW.vote_type = 'down' THEN 1 ELSE 0 END, 1)
        ON CONFLICT (track_id) DO UPDATE SET
          up_votes = t.up_votes + EXCLUDED.up_votes,
          down_votes = t.down_votes + EXCLUDED.down_votes,
          version = t.version + 1;
      END IF;
      RETURN NULL;
    END;
    $$
  `);
  await knex.raw(`CREATE TRIGGER track_votes_count AFTER INSERT OR UPDATE OR DELETE ON track_votes FOR EACH ROW EXECUTE FUNCTION track_votes_count()`);
}

export async function down(knex: Knex): Promise<void> {
  await runSql(knex, `
    DROP TRIGGER track_votes_count ON track_votes;
    DROP FUNCTION track_votes_count();
    DROP TABLE schedule_attendance_alerts;
    DROP TABLE track_vote_totals;
    DROP INDEX play_history_source_play_uidx;
    DROP TABLE station_state
  `);
}
