import type { Knex } from 'knex';
import { runSql } from './sql';

/**
 * Follow a show without an account (issue 36): a browser's Web Push
 * subscription (its push-service endpoint and the two public keys the
 * payload is encrypted to) per followed show, and nothing else: no account,
 * address or name. `show_follow_episodes` remembers which episode (a show
 * and its start) has had its "live now" notification, so each episode sends
 * one whatever the number of instances or reconnections.
 */
export async function up(knex: Knex): Promise<void> {
  await runSql(knex, `
    CREATE TABLE show_follows (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      show_id uuid NOT NULL REFERENCES schedule_events(id) ON DELETE CASCADE,
      endpoint text NOT NULL CHECK (length(endpoint) BETWEEN 1 AND 2048),
      p256dh text NOT NULL CHECK (length(p256dh) BETWEEN 1 AND 200),
      auth text NOT NULL CHECK (length(auth) BETWEEN 1 AND 100),
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (show_id, endpoint)
    );
    CREATE INDEX show_follows_endpoint_idx ON show_follows (endpoint);
    CREATE TABLE show_follow_episodes (
      show_id uuid NOT NULL REFERENCES schedule_events(id) ON DELETE CASCADE,
      starts_at timestamptz NOT NULL,
      notified_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (show_id, starts_at)
    )
  `);
}

export async function down(knex: Knex): Promise<void> {
  await runSql(knex, `
    DROP TABLE show_follow_episodes;
    DROP TABLE show_follows
  `);
}
