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

/** Runs every pending migration; returns the names it applied. */
export async function migrateLatest(knex: Knex): Promise<string[]> {
  const [, applied] = (await knex.migrate.latest({ migrationSource: new ListMigrationSource() })) as [number, string[]];
  return applied;
}
