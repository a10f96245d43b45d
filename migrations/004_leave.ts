import type { Knex } from 'knex';
import { runSql } from './sql';

/** Leave of absence requests. */
export async function up(knex: Knex): Promise<void> {
  await runSql(knex, `
    CREATE TABLE loa_requests (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      presenter_id uuid NOT NULL REFERENCES presenters(id) ON DELETE CASCADE,
      presenter_name text NOT NULL,
      presenter_email text,
      start_date date NOT NULL,
      end_date date NOT NULL,
      reason text NOT NULL CHECK (reason IN ('personal','medical','family','vacation','education','other')),
      additional_notes text CHECK (additional_notes IS NULL OR length(additional_notes) <= 5000),
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending','approved','rejected','cancelled')),
      submitted_by uuid REFERENCES profiles(id) ON DELETE SET NULL,
      reviewed_by uuid REFERENCES profiles(id) ON DELETE SET NULL,
      reviewed_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK (end_date > start_date)
    );
    CREATE INDEX loa_requests_presenter_idx ON loa_requests (presenter_id, status, start_date, end_date);
    CREATE INDEX loa_requests_created_idx ON loa_requests (created_at DESC);
  `);
}

export async function down(knex: Knex): Promise<void> {
  await runSql(knex, 'DROP TABLE loa_requests');
}
