import type { Knex } from 'knex';
import { runSql } from './sql';

/** Presenter applications from the Become a DJ page. */
export async function up(knex: Knex): Promise<void> {
  await runSql(knex, `
    CREATE TABLE presenter_applications (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      name text NOT NULL CHECK (length(name) BETWEEN 2 AND 100),
      email text NOT NULL CHECK (length(email) BETWEEN 3 AND 320),
      experience text NOT NULL CHECK (length(experience) BETWEEN 10 AND 5000),
      show_idea text NOT NULL CHECK (length(show_idea) BETWEEN 10 AND 5000),
      available_times text[] NOT NULL CHECK (cardinality(available_times) >= 1
        AND available_times <@ ARRAY['weekday-morning','weekday-afternoon','weekday-evening','weekend-morning','weekend-afternoon','weekend-evening']::text[]),
      has_discord boolean NOT NULL DEFAULT false,
      discord_username text CHECK (discord_username IS NULL OR length(discord_username) <= 100),
      discord_user_id text CHECK (discord_user_id IS NULL OR discord_user_id ~ '^[0-9]{5,25}$'),
      terms_accepted boolean NOT NULL CHECK (terms_accepted),
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending','approved','rejected')),
      reviewed_by uuid REFERENCES profiles(id) ON DELETE SET NULL,
      reviewed_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX presenter_applications_status_idx ON presenter_applications (status, created_at DESC);
  `);
}

export async function down(knex: Knex): Promise<void> {
  await runSql(knex, 'DROP TABLE presenter_applications');
}
