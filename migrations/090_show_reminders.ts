import type { Knex } from 'knex';
import { runSql } from './sql';

/**
 * Presenter reminders sent once per show: "starts in 10 minutes" and "started
 * and you are not live" join the staff no-show alert in the table that
 * remembers which alerts a show has had (so several server instances, or a
 * restart, never send one twice).
 */
export async function up(knex: Knex): Promise<void> {
  await runSql(knex, `
    ALTER TABLE schedule_attendance_alerts DROP CONSTRAINT schedule_attendance_alerts_kind_check;
    ALTER TABLE schedule_attendance_alerts ADD CONSTRAINT schedule_attendance_alerts_kind_check CHECK (kind IN ('no_show','starts_soon','not_live'));
  `);
}

export async function down(knex: Knex): Promise<void> {
  await runSql(knex, `
    DELETE FROM schedule_attendance_alerts WHERE kind IN ('starts_soon','not_live');
    ALTER TABLE schedule_attendance_alerts DROP CONSTRAINT schedule_attendance_alerts_kind_check;
    ALTER TABLE schedule_attendance_alerts ADD CONSTRAINT schedule_attendance_alerts_kind_check CHECK (kind IN ('no_show'));
  `);
}
