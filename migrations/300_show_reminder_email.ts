import type { Knex } from 'knex';
import { runSql } from './sql';

/**
 * E-mailed show reminders (issue 30): the day-ahead e-mail to a show's presenter joins the reminders a show has
 * once (schedule_attendance_alerts), so several server instances or a restart never send it twice.
 */
export async function up(knex: Knex): Promise<void> {
  await runSql(knex, `
    ALTER TABLE schedule_attendance_alerts DROP CONSTRAINT schedule_attendance_alerts_kind_check;
    ALTER TABLE schedule_attendance_alerts ADD CONSTRAINT schedule_attendance_alerts_kind_check CHECK (kind IN ('no_show','starts_soon','not_live','email_reminder'));
  `);
}

export async function down(knex: Knex): Promise<void> {
  await runSql(knex, `
    DELETE FROM schedule_attendance_alerts WHERE kind = 'email_reminder';
    ALTER TABLE schedule_attendance_alerts DROP CONSTRAINT schedule_attendance_alerts_kind_check;
    ALTER TABLE schedule_attendance_alerts ADD CONSTRAINT schedule_attendance_alerts_kind_check CHECK (kind IN ('no_show','starts_soon','not_live'));
  `);
}
