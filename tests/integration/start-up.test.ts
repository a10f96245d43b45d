import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../../server/src/db/knex';
import { migrateLatest, migrateStatus, migrationsUpToDate } from '../../server/src/db/migrate';
import { pgliteTemplateFileFor, unpackPgliteTemplate, writePgliteTemplate } from '../../server/src/db/pglite-template';
import { createLogger } from '../../server/src/log';
import { startLater } from '../../server/src/jobs';
import { createTestDatabase } from '../support/db';

/**
 * What makes a start quick without changing what a start does:
 * - a database already up to date is recognised by one query (no migration lock, nothing applied),
 *   while a database with a migration this version does not know is still refused as before (a new
 *   database, no migrations table yet, is migrated in full: the template below is made that way);
 * - a new embedded database is unpacked from the build's template, fully migrated, and it keeps
 *   what is written to it across a reopen; an existing folder is never overwritten;
 * - a background job that can wait begins a moment after the others, and a stop in that moment
 *   stops cleanly without starting it.
 */
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'airdeck-start-up-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));
const MIGRATION_FILES = fs.readdirSync(path.resolve(__dirname, '../../migrations')).filter((f) => /^\d{3}_.+\.ts$/.test(f));

describe('the migration check at start', () => {
  it('finds an up-to-date database in one query and applies nothing', async () => {
    const t = await createTestDatabase();
    try {
      const queries: string[] = [];
      t.db.knex.on('query', (q: { sql: string }) => queries.push(q.sql));
      expect(await migrationsUpToDate(t.db.knex)).toBe(true);
      queries.length = 0;
      expect(await migrateLatest(t.db.knex)).toEqual([]);
      expect(queries).toHaveLength(1);
    } finally {
      await t.drop();
    }
  });

  it('still refuses a database that has a migration this version does not know', async () => {
    const t = await createTestDatabase();
    try {
      await t.db.knex('knex_migrations').insert({ name: '999_from_a_newer_version', batch: 99, migration_time: new Date() });
      expect(await migrationsUpToDate(t.db.knex)).toBe(false);
      await expect(migrateLatest(t.db.knex)).rejects.toThrow(/999_from_a_newer_version/);
    } finally {
      await t.drop();
    }
  });
});

describe.skipIf(inject('dbEngine') === 'postgres')('the embedded database template', () => {
  it('gives a new data folder every migration, keeps what is written across a reopen, and never touches a used folder', async () => {
    const build = path.join(tmp, 'build');
    fs.mkdirSync(build);
    await writePgliteTemplate(build);

    const dataDir = path.join(tmp, 'data', 'pglite');
    const template = pgliteTemplateFileFor(dataDir, build);
    expect(template).toBe(path.join(build, 'pglite-template.tar.gz'));
    // As a first start does (db/embedded.ts): unpacked into place, then opened as an existing database.
    await unpackPgliteTemplate(template!, dataDir);
    expect(fs.existsSync(`${dataDir}.unpacking`)).toBe(false);
    const db = await openDatabase({ kind: 'pglite', dataDir });
    const status = await migrateStatus(db.knex);
    expect(status.pending).toEqual([]);
    expect(status.applied).toHaveLength(MIGRATION_FILES.length);
    await db.knex('custom_pages').insert({ slug: 'kept', title: 'Kept', content: '<p>kept</p>' });
    await db.close();

    // The folder now holds a database: no template for it, and it opens with its data.
    expect(pgliteTemplateFileFor(dataDir, build)).toBeUndefined();
    const again = await openDatabase({ kind: 'pglite', dataDir });
    expect(await again.knex('custom_pages').where({ slug: 'kept' }).pluck('title')).toEqual(['Kept']);
    await again.close();

    // No template beside the build, or one made by another PGlite version: PGlite's own initdb.
    expect(pgliteTemplateFileFor(path.join(tmp, 'other'), path.join(tmp, 'no-build'))).toBeUndefined();
    const meta = path.join(build, 'pglite-template.json');
    fs.writeFileSync(meta, JSON.stringify({ ...(JSON.parse(fs.readFileSync(meta, 'utf8')) as object), pglite: '0.0.1' }));
    expect(pgliteTemplateFileFor(path.join(tmp, 'other'), build)).toBeUndefined();
  }, 180_000);
});

describe('background jobs started later', () => {
  const log = createLogger({ level: 'silent', pretty: false });

  it('start after their delay, and stop with the server', async () => {
    const events: string[] = [];
    const job = startLater('probe', 300, () => (events.push('started'), { name: 'probe', stop: () => Promise.resolve(void events.push('stopped')) }), { log });
    expect(events).toEqual([]);
    await new Promise((r) => setTimeout(r, 500));
    expect(events).toEqual(['started']);
    await job.stop();
    expect(events).toEqual(['started', 'stopped']);
  });

  it('never start when the server stops first', async () => {
    const events: string[] = [];
    const job = startLater('probe', 300, () => (events.push('started'), { name: 'probe', stop: () => Promise.resolve() }), { log });
    await job.stop();
    await new Promise((r) => setTimeout(r, 500));
    expect(events).toEqual([]);
  });
});
