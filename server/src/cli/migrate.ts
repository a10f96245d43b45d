import { parseArgs } from 'node:util';
import { openConfiguredDatabase } from '../bootstrap';
import { loadConfig } from '../config';
import { migrateLatest, migrateRollback, migrateStatus } from '../db/migrate';

/**
 * `npm run migrate`: applies pending migrations to the configured database
 * (the server also does so at start).
 * `npm run migrate -- --status` lists applied and pending migrations;
 * `npm run migrate -- --rollback` undoes the last batch (before going back to
 * the previous version of Airdeck; see the README's "Upgrades").
 */
const { values } = parseArgs({ options: { rollback: { type: 'boolean' }, status: { type: 'boolean' } } });
const config = loadConfig();
let db: Awaited<ReturnType<typeof openConfiguredDatabase>>;
try {
  db = await openConfiguredDatabase(config, 'migrate');
} catch (err) {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
}
try {
  if (values.status) {
    const s = await migrateStatus(db.knex);
    process.stdout.write(`Applied (${s.applied.length}): ${s.applied.join(', ') || 'none'}\nPending (${s.pending.length}): ${s.pending.join(', ') || 'none'}\n`);
  } else if (values.rollback) {
    const undone = await migrateRollback(db.knex);
    process.stdout.write(undone.length ? `Rolled back: ${undone.join(', ')}\n` : 'Nothing to roll back.\n');
  } else {
    const applied = await migrateLatest(db.knex);
    process.stdout.write(applied.length ? `Applied: ${applied.join(', ')}\n` : 'Already up to date.\n');
  }
} finally {
  await db.close();
}
