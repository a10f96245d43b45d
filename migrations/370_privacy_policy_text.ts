import type { Knex } from 'knex';
import { runSql } from './sql';

/**
 * The Privacy Policy's owner-written parts (issue 37 item 3): an introduction and further text of the
 * station's own, shown around the sections Airdeck draws from the data inventory and the retention settings
 * (which the owner cannot contradict by editing them). Empty means the standard text.
 */
export async function up(knex: Knex): Promise<void> {
  await runSql(knex, `
    ALTER TABLE privacy_settings ADD COLUMN policy_intro text CHECK (policy_intro IS NULL OR length(policy_intro) <= 5000);
    ALTER TABLE privacy_settings ADD COLUMN policy_extra text CHECK (policy_extra IS NULL OR length(policy_extra) <= 5000)
  `);
}

export async function down(knex: Knex): Promise<void> {
  await runSql(knex, 'ALTER TABLE privacy_settings DROP COLUMN policy_extra; ALTER TABLE privacy_settings DROP COLUMN policy_intro');
}
