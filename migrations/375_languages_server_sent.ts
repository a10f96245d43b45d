import type { Knex } from 'knex';
import { runSql } from './sql';

/**
 * What the server sends, in each recipient's language (issue 35 items 1 and 3):
 * - `profiles.language`: the staff member's language (a shipped code; null = the station's default), used for the
 *   panel after sign-in, their notifications, e-mails and Discord direct messages; `profiles.discord_user_id`: the
 *   Discord account the station's bot writes to (carried over from an approved application that linked one).
 * - `admin_notifications.text_key` / `text_values`: a notification's message keys and values, so each reader sees
 *   it in their own language, also after changing it; `title` / `message` keep the English (old rows, a reader
 *   without a catalogue).
 * - `presenter_applications.language`: the language the applicant used, for the decision e-mail and message.
 */
export async function up(knex: Knex): Promise<void> {
  await runSql(knex, `
    ALTER TABLE profiles ADD COLUMN language text CHECK (language IS NULL OR language ~ '^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$');
    ALTER TABLE profiles ADD COLUMN discord_user_id text CHECK (discord_user_id IS NULL OR discord_user_id ~ '^[0-9]{5,25}$');
    ALTER TABLE admin_notifications ADD COLUMN text_key text CHECK (text_key IS NULL OR length(text_key) <= 200);
    ALTER TABLE admin_notifications ADD COLUMN text_values jsonb CHECK (text_values IS NULL OR jsonb_typeof(text_values) = 'object');
    ALTER TABLE presenter_applications ADD COLUMN language text CHECK (language IS NULL OR language ~ '^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$')
  `);
}

export async function down(knex: Knex): Promise<void> {
  await runSql(knex, `
    ALTER TABLE presenter_applications DROP COLUMN language;
    ALTER TABLE admin_notifications DROP COLUMN text_values;
    ALTER TABLE admin_notifications DROP COLUMN text_key;
    ALTER TABLE profiles DROP COLUMN discord_user_id;
    ALTER TABLE profiles DROP COLUMN language
  `);
}
