import { describe, expect, it } from 'vitest';
import { migrationTables, tableReferences, tablesNamedIn } from '../../scripts/table-owners';

/**
 * One owner per table (issue 23): `server/src/<domain>/repo.ts` alone names its domain's tables; every other file
 * calls that repo (or the domain's service). A query that needs another owner's rows in the same round trip joins a
 * piece that owner's repo exports (`joinableAccounts`, `joinablePresenters`, `joinableEventTitles`: a subquery of
 * the columns it lets others see), so the table's name still appears in its owner's file alone. Routes files do no
 * database work at all: they parse, authorize, call a service and present. The seed (server/src/db/seed), the
 * migrations and tests are exempt. Nothing crosses: there is no list of exceptions.
 *
 * The map below is the README's "Owners" paragraph (Architecture); a new migration's table needs a line here.
 */
const TABLE_OWNERS: Readonly<Record<string, string>> = {
  episodes: 'listen-again',
  listen_again_settings: 'listen-again',
  listen_again_show_settings: 'listen-again',
  mixcloud_config: 'listen-again',
  mixcloud_uploads: 'listen-again',
  recording_files: 'listen-again',
  live_input_settings: 'live',
  live_sessions: 'live',
  live_streamer_accounts: 'live',
  admin_notifications: 'notifications',
  audience_hours: 'audience',
  audience_minutes: 'audience',
  audience_settings: 'audience',
  audience_stream_connections: 'audience',
  dead_air_settings: 'radio/ears',
  auth_rate_limits: 'auth',
  auth_sessions: 'auth',
  broadcast_sessions: 'radio',
  custom_pages: 'content',
  discord_config: 'integrations',
  discord_oauth_states: 'integrations',
  general_requests: 'requests',
  global_counters: 'radio',
  loa_requests: 'leave',
  email_outbox: 'mail',
  media: 'media',
  notification_preferences: 'notifications',
  page_views: 'content',
  play_history: 'radio',
  presenter_applications: 'applications',
  presenters: 'presenters',
  profiles: 'users',
  refresh_tokens: 'auth',
  request_rate_limits: 'requests',
  schedule_attendance_alerts: 'schedule',
  schedule_events: 'schedule',
  schedule_version: 'schedule',
  server_secrets: 'settings',
  shoutout_requests: 'requests',
  signing_keys: 'auth',
  slider_content: 'content',
  slider_settings: 'content',
  song_requests: 'requests',
  sponsored_content: 'content',
  station_incidents: 'radio/ears',
  station_incident_samples: 'radio/ears',
  station_settings: 'settings',
  station_state: 'radio',
  track_vote_totals: 'radio',
  track_votes: 'radio',
  tracks: 'radio',
  user_action_logs: 'logs',
  user_notification_states: 'notifications',
  webhook_deliveries: 'integrations',
  webhook_endpoints: 'integrations',
  mfa_totp: 'auth',
  mfa_recovery_codes: 'auth',
  mfa_challenges: 'auth',
  mfa_policy: 'auth',
  password_reset_tokens: 'auth',
  privacy_settings: 'privacy',
  retention_runs: 'privacy',
  listener_sessions: 'reports',
  show_follows: 'reach',
  show_follow_episodes: 'reach',
  tracklist_reminders: 'tracklists',
  station_listing: 'reach/listed',
};

/** file → tables it names outside their owner's repo.ts (and database work in routes files). */
function crossings(): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const [file, refs] of tableReferences(process.cwd())) {
    const bad = refs.map((r) => r.table).filter((t) => t.startsWith('<') || file !== `server/src/${TABLE_OWNERS[t]}/repo.ts`);
    if (bad.length > 0) out.set(file, bad.sort());
  }
  return out;
}

describe('table owners', () => {
  it('gives every table a migration creates one owner', () => {
    expect(Object.keys(TABLE_OWNERS).sort()).toEqual(migrationTables(process.cwd()));
  });

  it('finds no table named outside its owner, and no database work in a routes file', () => {
    const found = [...crossings()].flatMap(([f, ts]) =>
      ts.map((table) =>
        table.startsWith('<')
          ? `${f}: ${table} (routes call a service; the service or repo does the database work)`
          : `${f}: ${table} (owned by server/src/${TABLE_OWNERS[table]}/repo.ts: call it, or join the piece it exports)`,
      ),
    );
    expect(found).toEqual([]);
  }, 60_000);

  it('sees every way a query names a table (the checker works)', () => {
    const tables = new Set(['tracks', 'presenters', 'media']);
    const named = (src: string, routes = false) => tablesNamedIn(src, routes ? 'x/routes.ts' : 'x/service.ts', tables, routes).map((r) => r.table);
    expect(named("await db('tracks').first();")).toEqual(['tracks']);
    expect(named("await trx('tracks as t').first();")).toEqual(['tracks']);
    expect(named("await ctx.knex('tracks').first();")).toEqual(['tracks']);
    expect(named("await knex.select('*').from('tracks');")).toEqual(['tracks']);
    expect(named("await knex.insert({ a: 1 }).into('tracks');")).toEqual(['tracks']);
    expect(named("await knex('media').leftJoin('presenters as p', 'p.id', 'm.id');")).toEqual(['media', 'presenters']);
    expect(named("await knex.table('tracks').del();")).toEqual(['tracks']);
    expect(named('await knex.raw(`SELECT id FROM tracks WHERE x = ?`, [1]);')).toEqual(['tracks']);
    expect(named("await knex.raw('update presenters set a = 1');")).toEqual(['presenters']);
    expect(named("await origins('tracks', 'artwork_url');")).toEqual(['tracks']);
    expect(named("const q = { table: 'presenters' };\ntype T = 'media';")).toEqual(['media', 'presenters']);
    // Not queries: other words, sentences, audit vocabulary, URL parameters.
    expect(named("await db('tracklist').first(); const m = 'Could not read the tracks from the source';")).toEqual([]);
    expect(named("await recordAction(trx, { resourceType: 'media' }); url.searchParams.set('media', 'music');")).toEqual([]);
    // A routes file: database work without a table's name counts too.
    expect(named('await ctx.knex.transaction(async (trx) => save(trx));', true)).toEqual(['<transaction>']);
    expect(named('await ctx.knex.transaction(async (trx) => save(trx));')).toEqual([]);
  });
});
