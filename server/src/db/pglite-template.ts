import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * A fresh embedded database made at build time: PostgreSQL's initdb (several seconds of
 * WebAssembly) and every migration, done once by `npm run build` instead of on each first start.
 * The server's first start on an empty DATA_DIR unpacks it (PGlite's `loadDataDir`) and carries on
 * as on any database: pending migrations run, the demo is seeded. Without it (a start from the
 * sources, another PGlite version than the one it was made with) PGlite runs initdb as before.
 */
export const TEMPLATE_FILE = 'pglite-template.tar.gz';
const META_FILE = 'pglite-template.json';

interface TemplateMeta {
  pglite: string;
  migrations: string[];
}

const require = createRequire(import.meta.url);

/** The installed PGlite's version (its data files are only known to match the same version). */
function pgliteVersion(): string {
  const pkg = path.join(path.dirname(require.resolve('@electric-sql/pglite')), '..', 'package.json');
  return (JSON.parse(fs.readFileSync(pkg, 'utf8')) as { version: string }).version;
}

/**
 * Makes the template in `outDir`: an in-memory PGlite, migrated, checkpointed and dumped. (Knex and the
 * migrations are loaded here only: the server's start reads {@link pgliteTemplateFor} before loading them.)
 */
export async function writePgliteTemplate(outDir: string): Promise<{ file: string; bytes: number }> {
  const [{ openDatabase }, { migrateLatest }] = await Promise.all([import('./knex'), import('./migrate')]);
  const db = await openDatabase({ kind: 'pglite', dataDir: null });
  try {
    await migrateLatest(db.knex);
    const names = (await db.knex('knex_migrations').orderBy('id').pluck('name')) as string[];
    await db.pglite!.exec('CHECKPOINT');
    const blob = await db.pglite!.dumpDataDir('gzip');
    const file = path.join(outDir, TEMPLATE_FILE);
    fs.writeFileSync(file, Buffer.from(await blob.arrayBuffer()));
    const meta: TemplateMeta = { pglite: pgliteVersion(), migrations: names };
    fs.writeFileSync(path.join(outDir, META_FILE), `${JSON.stringify(meta)}\n`);
    return { file, bytes: fs.statSync(file).size };
  } finally {
    await db.close();
  }
}

/**
 * The build's template for a new embedded database at `dataDir`, or undefined: when the folder
 * already holds anything (an existing database is never touched), when no template sits beside
 * the running build (`dir`, default this module's folder: dist-server/ once built), or when it
 * was made by another PGlite version.
 */
export function pgliteTemplateFor(dataDir: string, dir = path.dirname(fileURLToPath(import.meta.url))): Blob | undefined {
  try {
    if (fs.existsSync(dataDir) && fs.readdirSync(dataDir).length > 0) return undefined;
    const file = path.join(dir, TEMPLATE_FILE);
    const metaFile = path.join(dir, META_FILE);
    if (!fs.existsSync(file) || !fs.existsSync(metaFile)) return undefined;
    const meta = JSON.parse(fs.readFileSync(metaFile, 'utf8')) as TemplateMeta;
    if (meta.pglite !== pgliteVersion()) return undefined;
    return new Blob([fs.readFileSync(file)]);
  } catch {
    return undefined;
  }
}
