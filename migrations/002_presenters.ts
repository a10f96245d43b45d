import type { Knex } from 'knex';
import { runSql } from './sql';

/** Presenters (the public DJ directory), optionally linked to an account. */
export async function up(knex: Knex): Promise<void> {
  await runSql(knex, `
    CREATE TABLE presenters (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid UNIQUE REFERENCES profiles(id) ON DELETE SET NULL,
      name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
      role text NOT NULL DEFAULT 'presenter'
        CHECK (role IN ('owner','manager','admin','moderator','presenter','guest','probation')),
      bio text CHECK (bio IS NULL OR length(bio) <= 5000),
      image_url text,
      social_links jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(social_links) = 'object'),
      azuracast_id text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX presenters_name_idx ON presenters (lower(name));
    CREATE INDEX presenters_azuracast_idx ON presenters (azuracast_id) WHERE azuracast_id IS NOT NULL;
  `);
}

export async function down(knex: Knex): Promise<void> {
  await runSql(knex, 'DROP TABLE presenters');
}
