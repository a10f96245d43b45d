import type { Config } from './config';
import { startEmbeddedDatabase, type EmbeddedStart } from './db/embedded';
import { openDatabase, type Database } from './db/knex';
import { migrateLatest } from './db/migrate';
import { seedDemo } from './db/seed/demo';
import { upgradeDemoSettings } from './db/seed/demo-station';
import type { Logger } from './log';
import { ensureOwner } from './users/owner';

/**
 * Opens the configured database: PostgreSQL when DATABASE_URL is set, else PGlite under DATA_DIR,
 * which this process then holds alone (`command` names it to a refused second process). A new
 * embedded database is unpacked from the build's template when there is one (db/pglite-template.ts).
 * `started`: the embedded database the server's entry already began opening (db/embedded.ts).
 */
export function openConfiguredDatabase(config: Config, command = 'server', started?: EmbeddedStart): Promise<Database> {
  if (config.DATABASE_URL) return openDatabase({ kind: 'postgres', url: config.DATABASE_URL, poolMax: config.DATABASE_POOL_MAX });
  const { dataDir, pglite } = started ?? startEmbeddedDatabase(config.DATA_DIR, command);
  return openDatabase({ kind: 'pglite', dataDir, started: pglite });
}

/**
 * Brings a database up to date: migrations, then demo data on an empty
 * database (unless SEED_DEMO=false), then the first owner from
 * OWNER_EMAIL/OWNER_PASSWORD when no owner exists.
 */
export async function prepareDatabase(db: Database, config: Config, log: Logger): Promise<boolean> {
  let changed = false;
  const applied = await migrateLatest(db.knex);
  changed ||= applied.length > 0;
  if (applied.length) log.info({ applied }, 'migrations applied');
  await upgradeDemoSettings(db.knex);
  if (config.SEED_DEMO) {
    const seeded = await seedDemo(db.knex, { timezone: config.STATION_TIMEZONE, ...(config.DEMO_TRACK_SECONDS ? { demoTrackSeconds: config.DEMO_TRACK_SECONDS } : {}) });
    if (seeded) log.info('demo station seeded (accounts listed in the README)');
    changed ||= seeded;
  }
  if (config.OWNER_EMAIL && config.OWNER_PASSWORD) {
    const created = await ensureOwner(db.knex, { email: config.OWNER_EMAIL, password: config.OWNER_PASSWORD, onlyIfNoOwner: true });
    if (created) log.info({ email: config.OWNER_EMAIL }, 'first owner created');
  }
  return changed;
}
