import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../../server/src/db/knex';
import { pgUrlFor } from './global-db';

/** A fresh, migrated database of its own for one test file. */
export interface TestDatabase {
  db: Database;
  engine: 'pglite' | 'postgres';
  url: string | null;
  /** Closes and (on PostgreSQL) drops it. */
  drop(): Promise<void>;
}

/** Clones the run's migrated template into a new database. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const engine = inject('dbEngine');
  if (engine === 'postgres') {
    const base = process.env.TEST_DATABASE_URL!;
    const name = `${inject('pgPrefix')}${randomBytes(5).toString('hex')}`;
    const admin = await openDatabase({ kind: 'postgres', url: base, poolMax: 1 });
    // CREATE DATABASE … TEMPLATE needs the template to have no other sessions; retry briefly if another file is cloning.
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.knex.raw(`CREATE DATABASE "${name}" TEMPLATE "${inject('pgTemplate')}"`);
        break;
      } catch (err) {
        if (attempt > 20) throw err;
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
      }
    }
    await admin.close();
    const url = pgUrlFor(base, name);
    const db = await openDatabase({ kind: 'postgres', url, poolMax: 10 });
    return {
      db,
      engine,
      url,
      drop: async () => {
        await db.close();
        const a = await openDatabase({ kind: 'postgres', url: base, poolMax: 1 });
        await a.knex.raw(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => undefined);
        await a.close();
      },
    };
  }
  const file = inject('pgliteTemplate');
  const db = await openDatabase({ kind: 'pglite', dataDir: null, ...(file ? { loadFrom: new Blob([fs.readFileSync(file)]) } : {}) });
  return { db, engine: 'pglite', url: null, drop: () => db.close() };
}
