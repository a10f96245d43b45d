import type { Knex } from 'knex';
import * as m001 from './001_accounts';
import * as m002 from './002_presenters';
import * as m003 from './003_schedule';
import * as m004 from './004_leave';
import * as m005 from './005_radio';
import * as m006 from './006_requests';
import * as m007 from './007_applications';
import * as m008 from './008_content';
import * as m009 from './009_notifications';
import * as m010 from './010_logs';
import * as m011 from './011_media';
import * as m020 from './020_radio_runtime';
import * as m030 from './030_auth_rate_limits';
import * as m040 from './040_schedule_version';
import * as m070 from './070_webhooks';
import * as m071 from './071_discord_oauth';
import * as m072 from './072_request_fairness';
import * as m090 from './090_show_reminders';
import * as m095 from './095_embed_settings';
import * as m100 from './100_audience';
import * as m101 from './101_request_fast_path';
import * as m102 from './102_handled_requests';
import * as m120 from './120_people_notifications';
import * as m140 from './140_station_incidents';
import * as m150 from './150_live_input';
import * as m220 from './220_two_factor_and_recovery';
import * as m210 from './210_incident_samples';
import * as m221 from './221_privacy';
import * as m340 from './340_licensing';
import * as m320 from './320_listen_again';
import * as m325 from './325_mixcloud';
import * as m300 from './300_show_reminder_email';
import * as m370 from './370_privacy_policy_text';
import * as m375 from './375_languages_server_sent';
import * as m360 from './360_show_follows';
import * as m341 from './341_tracklist_reminders';
import * as m365 from './365_station_listing';
import * as m380 from './380_content_languages';
import * as m382 from './382_notification_order';

/** One migration: its name as recorded in knex_migrations, and its steps. */
export interface NamedMigration extends Knex.Migration {
  name: string;
}

/**
 * Every migration, in order. Numbered files, one concern each; never edited
 * once landed: a change is a new file appended here.
 */
export const migrations: NamedMigration[] = [
  { name: '001_accounts', ...m001 },
  { name: '002_presenters', ...m002 },
  { name: '003_schedule', ...m003 },
  { name: '004_leave', ...m004 },
  { name: '005_radio', ...m005 },
  { name: '006_requests', ...m006 },
  { name: '007_applications', ...m007 },
  { name: '008_content', ...m008 },
  { name: '009_notifications', ...m009 },
  { name: '010_logs', ...m010 },
  { name: '011_media', ...m011 },
  { name: '020_radio_runtime', ...m020 },
  { name: '030_auth_rate_limits', ...m030 },
  { name: '040_schedule_version', ...m040 },
  { name: '070_webhooks', ...m070 },
  { name: '071_discord_oauth', ...m071 },
  { name: '072_request_fairness', ...m072 },
  { name: '090_show_reminders', ...m090 },
  { name: '095_embed_settings', ...m095 },
  { name: '100_audience', ...m100 },
  { name: '101_request_fast_path', ...m101 },
  { name: '102_handled_requests', ...m102 },
  { name: '120_people_notifications', ...m120 },
  { name: '140_station_incidents', ...m140 },
  { name: '150_live_input', ...m150 },
  { name: '220_two_factor_and_recovery', ...m220 },
  { name: '210_incident_samples', ...m210 },
  { name: '221_privacy', ...m221 },
  { name: '340_licensing', ...m340 },
  { name: '320_listen_again', ...m320 },
  { name: '325_mixcloud', ...m325 },
  { name: '300_show_reminder_email', ...m300 },
  { name: '370_privacy_policy_text', ...m370 },
  { name: '360_show_follows', ...m360 },
  { name: '341_tracklist_reminders', ...m341 },
  { name: '365_station_listing', ...m365 },
  { name: '375_languages_server_sent', ...m375 },
  { name: '380_content_languages', ...m380 },
  { name: '382_notification_order', ...m382 },
];
