import type { Knex } from 'knex';
import { runSql } from './sql';

/**
 * Station widgets (issue 22): the sites allowed to frame `/embed/*` pages,
 * kept beside the station's settings. Empty (the default) means any site.
 */
export async function up(knex: Knex): Promise<void> {
  await runSql(knex, `ALTER TABLE station_settings ADD COLUMN embed_frame_ancestors jsonb NOT NULL DEFAULT '[]'::jsonb;`);
}

export async function down(knex: Knex): Promise<void> {
  await runSql(knex, `ALTER TABLE station_settings DROP COLUMN embed_frame_ancestors;`);
}
