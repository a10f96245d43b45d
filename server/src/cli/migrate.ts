import { openConfiguredDatabase } from '../bootstrap';
import { loadConfig } from '../config';
import { migrateLatest } from '../db/migrate';

/** `npm run migrate`: applies pending migrations to the configured database. */
const config = loadConfig();
const db = await openConfiguredDatabase(config);
try {
  const applied = await migrateLatest(db.knex);
  process.stdout.write(applied.length ? `Applied: ${applied.join(', ')}\n` : 'Already up to date.\n');
} finally {
  await db.close();
}
