import type { Knex } from 'knex';
import { runSql } from './sql';

/** Uploaded images (avatars, show images), kept in the database so every server instance serves them. */
export async function up(knex: Knex): Promise<void> {
  await runSql(knex, `
    CREATE TABLE media (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      bucket text NOT NULL CHECK (bucket IN ('avatars','show-images','content')),
      path text NOT NULL CHECK (length(path) BETWEEN 1 AND 300),
      content_type text NOT NULL CHECK (content_type IN ('image/jpeg','image/png','image/webp','image/gif')),
      byte_size integer NOT NULL CHECK (byte_size > 0 AND byte_size <= 5242880),
      width integer NOT NULL CHECK (width > 0),
      height integer NOT NULL CHECK (height > 0),
      sha256 text NOT NULL,
      data bytea NOT NULL,
      created_by uuid REFERENCES profiles(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (bucket, path)
    );
  `);
}

export async function down(knex: Knex): Promise<void> {
  await runSql(knex, 'DROP TABLE media');
}
