import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/src/db/knex';
import { migrateLatest } from '../../server/src/db/migrate';

declare module 'vitest' {
  export interface ProvidedContext {
    dbEngine: 'pglite' | 'postgres';
    pgTemplate: string | null;
    pgPrefix: string;
    pgliteTemplate: string | null;
  }
}

/** The engine the integration suites run on: PostgreSQL when TEST_DB_ENGINE=postgres (needs TEST_DATABASE_URL). */
export function testEngine(): 'pglite' | 'postgres' {
  const engine = process.env.TEST_DB_ENGINE ?? (process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');
  if (engine === 'postgres' && !process.env.TEST_DATABASE_URL) throw new Error('TEST_DB_ENGINE=postgres needs TEST_DATABASE_URL');
  return engine === 'postgres' ? 'postgres' : 'pglite';
}

/** A URL for another database on the same PostgreSQL server. */
export function pgUrlFor(base: string, database: string): string {
  const u = new URL(base);
  u.pathname = `/${database}`;
  return u.toString();
}

/**
 * Runs once per test run: migrates a template database, so every test file
 * gets a fresh copy in well under a second (`CREATE DATABASE … TEMPLATE …` on
 * PostgreSQL; a data-directory dump loaded into a new PGlite).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const engine = testEngine();
  project.provide('dbEngine', engine);
  project.provide('pgPrefix', `airdeck_t_${process.pid}_`);
  if (engine === 'postgres') {
    const base = process.env.TEST_DATABASE_URL!;
    const template = `airdeck_tpl_${process.pid}_${Date.now().toString(36)}`;
    const admin = await openDatabase({ kind: 'postgres', url: base, poolMax: 1 });
    // Leftovers of crashed runs older than a day.
    const old = await admin.knex.raw<{ rows: { datname: string }[] }>(`SELECT datname FROM pg_database WHERE datname LIKE 'airdeck_t%' AND datname NOT LIKE ?`, [`${template}%`]);
    for (const { datname } of old.rows) {
      if (/^airdeck_t(pl)?_\d+_/.test(datname) && !(await isPidAlive(datname))) await admin.knex.raw(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`).catch(() => undefined);
    }
    await admin.knex.raw(`CREATE DATABASE "${template}"`);
    const tpl = await openDatabase({ kind: 'postgres', url: pgUrlFor(base, template), poolMax: 1 });
    await migrateLatest(tpl.knex);
    await tpl.close();
    project.provide('pgTemplate', template);
    project.provide('pgliteTemplate', null);
    return async () => {
      const rows = await admin.knex.raw<{ rows: { datname: string }[] }>(`SELECT datname FROM pg_database WHERE datname LIKE ?`, [`airdeck_t_${process.pid}_%`]);
      for (const { datname } of rows.rows) await admin.knex.raw(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`).catch(() => undefined);
      await admin.knex.raw(`DROP DATABASE IF EXISTS "${template}" WITH (FORCE)`).catch(() => undefined);
      await admin.close();
    };
  }
  const dir = path.resolve('.test-data');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `pglite-template-${process.pid}.tar`);
  const db = await openDatabase({ kind: 'pglite', dataDir: null });
  await migrateLatest(db.knex);
  if (!db.pglite) throw new Error('openDatabase did not expose the PGlite instance');
  const dump = await db.pglite.dumpDataDir('none');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await db.close();
  project.provide('dbEngine', 'pglite');
  project.provide('pgTemplate', null);
  project.provide('pgliteTemplate', file);
  return async () => {
    fs.rmSync(file, { force: true });
  };
}

async function isPidAlive(datname: string): Promise<boolean> {
  const pid = Number(/^airdeck_t(?:pl)?_(\d+)_/.exec(datname)?.[1]);
  if (!pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
