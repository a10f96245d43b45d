import type { Knex } from 'knex';
import { runSql } from './sql';

/** Outgoing Discord webhooks staff point at station events, and the log of every delivery. */
export async function up(knex: Knex): Promise<void> {
  await runSql(knex, `
    CREATE TABLE webhook_endpoints (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
      kind text NOT NULL DEFAULT 'discord' CHECK (kind IN ('discord')),
      webhook_id text NOT NULL CHECK (webhook_id ~ '^[0-9]{5,25}$'),
      webhook_token text NOT NULL CHECK (length(webhook_token) BETWEEN 1 AND 200),
      events text[] NOT NULL CHECK (cardinality(events) >= 1
        AND events <@ ARRAY['presenter.live','show.booked','application.received']::text[]),
      is_active boolean NOT NULL DEFAULT true,
      created_by uuid REFERENCES profiles(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE webhook_deliveries (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      endpoint_id uuid NOT NULL REFERENCES webhook_endpoints(id) ON DELETE CASCADE,
      event text NOT NULL CHECK (event IN ('presenter.live','show.booked','application.received','test')),
      dedupe_key text NOT NULL CHECK (length(dedupe_key) BETWEEN 1 AND 200),
      payload jsonb NOT NULL,
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending','succeeded','failed')),
      attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
      next_attempt_at timestamptz NOT NULL DEFAULT now(),
      locked_until timestamptz,
      last_status_code integer,
      last_error text CHECK (last_error IS NULL OR length(last_error) <= 500),
      created_at timestamptz NOT NULL DEFAULT now(),
      delivered_at timestamptz,
      UNIQUE (endpoint_id, dedupe_key)
    );
    CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries (next_attempt_at) WHERE status = 'pending';
    CREATE INDEX webhook_deliveries_created_idx ON webhook_deliveries (created_at DESC)
  `);
}

export async function down(knex: Knex): Promise<void> {
  await runSql(knex, 'DROP TABLE webhook_deliveries; DROP TABLE webhook_endpoints');
}
