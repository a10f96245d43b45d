import type { Knex } from 'knex';
import { runSql } from './sql';

const TYPES = `'show_added','show_updated','show_deleted','show_conflicts','song_request','general_request','shoutout_request','application_received','user_added','user_removed','system_alert','announcement'`;

/** Staff notifications with per-user read/dismissed state, and each user's preferences (unset means on). */
export async function up(knex: Knex): Promise<void> {
  await runSql(knex, `
    CREATE TABLE admin_notifications (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      title text NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
      message text NOT NULL CHECK (length(message) <= 2000),
      type text NOT NULL CHECK (type IN (${TYPES})),
      priority text NOT NULL DEFAULT 'normal' CHECK (priority IN ('urgent','high','normal','low')),
      related_id text,
      related_type text,
      target_roles text[] NOT NULL DEFAULT '{}'::text[],
      target_user_ids uuid[] NOT NULL DEFAULT '{}'::uuid[],
      created_by uuid REFERENCES profiles(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX admin_notifications_created_idx ON admin_notifications (created_at DESC);

    CREATE TABLE user_notification_states (
      notification_id uuid NOT NULL REFERENCES admin_notifications(id) ON DELETE CASCADE,
      user_id uuid NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
      is_read boolean NOT NULL DEFAULT false,
      read_at timestamptz,
      dismissed_at timestamptz,
      PRIMARY KEY (notification_id, user_id)
    );
    CREATE INDEX user_notification_states_user_idx ON user_notification_states (user_id);

    CREATE TABLE notification_preferences (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL UNIQUE REFERENCES profiles(id) ON DELETE CASCADE,
      show_added boolean, show_updated boolean, show_deleted boolean, show_conflicts boolean,
      song_request boolean, general_request boolean, shoutout_request boolean,
      application_received boolean, user_added boolean, user_removed boolean,
      system_alert boolean, announcement boolean,
      updated_at timestamptz NOT NULL DEFAULT now()
    );
  `);
}

export async function down(knex: Knex): Promise<void> {
  await runSql(knex, 'DROP TABLE notification_preferences; DROP TABLE user_notification_states; DROP TABLE admin_notifications;');
}
