import type { Knex } from 'knex';
import { migrations } from '../../../migrations/index';

/**
 * Knex migration source that reads the ordered list in `migrations/index.ts`,
 * so migrations load the same way under tsx, vitest and a bundled build.
 */
class ListMigrationSource implements Knex.MigrationSource<string> {
  getMigrations(): Promise<string[]> {
    return Promise.resolve(migrations.map((m) => m.name));
  }
  getMigrationName(name: string): string {
    return name;
  }
  getMigration(name: string): Promise<Knex.Migration> {
    const found = migrations.find((m) => m.name === name);
    if (!found) throw new Error(`Unknown migration ${name}`);
    return Promise.resolve(found);
  }
}

/**
 * True when the database has applied exactly the migrations this version knows, by one query
 * (knex's own check takes several, plus a lock); false when it cannot tell (no table yet, a
 * pending or an unknown migration), and then {@link migrateLatest} does the full work.
 */
export async function migrationsUpToDate(knex: Knex): Promise<boolean> {
  let rows: Array<{ name: string }>;
  try {
    rows = await knex('knex_migrations').select('name');
  } catch {
    return false;
  }
  const applied = new Set(rows.map((r) => r.name));
  return applied.size === migrations.length && migrations.every((m) => applied.has(m.name));
}

/** Runs every pending migration; returns the names it applied. */
export async function migrateLatest(knex: Knex): Promise<string[]> {
  if (await migrationsUpToDate(knex)) return [];
  const [, applied] = (await knex.migrate.latest({ migrationSource: new ListMigrationSource() })) as [number, string[]];
  return applied;
}

/**
 * Undoes the last batch of migrations (what one start or `npm run migrate`
 * applied), for rolling back an upgrade before starting the previous version;
 * returns the names it undid.
 */
export async function migrateRollback(knex: Knex): Promise<string[]> {
  const [, undone] = (await knex.migrate.rollback({ migrationSource: new ListMigrationSource() })) as [number, string[]];
  return undone;
}

/** Applied and pending migration names. */
export async function migrateStatus(knex: Knex): Promise<{ applied: string[]; pending: string[] }> {
  const [done, pending] = (await knex.migrate.list({ migrationSource: new ListMigrationSource() })) as [Array<{ name: string } | string>, Array<{ file: string } | string>];
  const name = (m: { name: string } | { file: string } | string) => (typeof m === 'string' ? m : 'name' in m ? m.name : m.file);
  return { applied: done.map(name), pending: pending.map(name) };
}
