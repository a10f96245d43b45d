import type { Knex } from 'knex';
import { runSql } from './sql';

const OLD_TYPES = `'show_added','show_updated','show_deleted','show_conflicts','song_request','general_request','shoutout_request','application_received','user_added','user_removed','system_alert','announcement'`;
const NEW_TYPES = `${OLD_TYPES},'leave_requested','leave_decided','application_decided'`;

/**
 * Issue 30, "people are told": three notification types (a leave request
 * for the reviewers, a leave decision for the presenter, an application
 * decision for the reviewers), each with its preference column (unset means
 * on, as every other type), single-day leave, and the e-mail outbox: every message the station
 * sends is written here in the transaction of the change it reports, and
 * the mailer delivers it after, retrying while the SMTP server is away.
 */
export async function up(knex: Knex): Promise<void> {
  await runSql(knex, `
    ALTER TABLE admin_notifications DROP CONSTRAINT admin_notifications_type_check;
    ALTER TABLE admin_notifications ADD CONSTRAINT admin_notifications_type_check CHECK (type IN (${NEW_TYPES}));
    ALTER TABLE notification_preferences ADD COLUMN leave_requested boolean, ADD COLUMN leave_decided boolean, ADD COLUMN application_decided boolean;
    -- Single-day leave (start = end), where the station allows it (General Settings).
    ALTER TABLE loa_requests DROP CONSTRAINT loa_requests_check;
    ALTER TABLE loa_requests ADD CONSTRAINT loa_requests_dates_check CHECK (end_date >= start_date);

    CREATE TABLE email_outbox (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      to_address text NOT NULL CHECK (length(to_address) BETWEEN 3 AND 320),
      template text NOT NULL CHECK (length(template) BETWEEN 1 AND 60),
      subject text NOT NULL CHECK (length(subject) BETWEEN 1 AND 300),
      body text NOT NULL CHECK (length(body) <= 20000),
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending','sent','failed')),
      attempts integer NOT NULL DEFAULT 0,
      last_error text,
      next_attempt_at timestamptz NOT NULL DEFAULT now(),
      sent_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX email_outbox_due_idx ON email_outbox (next_attempt_at) WHERE status = 'pending';
  `);
}

export async function down(knex: Knex): Promise<void> {
  await runSql(knex, `
    DROP TABLE email_outbox;
    ALTER TABLE loa_requests DROP CONSTRAINT loa_requests_dates_check;
    ALTER TABLE loa_requests ADD CONSTRAINT loa_requests_check CHECK (end_date > start_date) NOT VALID;
    ALTER TABLE notification_preferences DROP COLUMN leave_requested, DROP COLUMN leave_decided, DROP COLUMN application_decided;
    DELETE FROM admin_notifications WHERE type IN ('leave_requested','leave_decided','application_decided');
    ALTER TABLE admin_notifications DROP CONSTRAINT admin_notifications_type_check;
    ALTER TABLE admin_notifications ADD CONSTRAINT admin_notifications_type_check CHECK (type IN (${OLD_TYPES}));
  `);
}
