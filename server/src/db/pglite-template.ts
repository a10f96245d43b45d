import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

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
 * migrations are loaded here only: the server's start reads {@link pgliteTemplateFileFor} before loading them.)
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
 * The build's template file for a new embedded database at `dataDir` (see {@link unpackPgliteTemplate}),
 * or undefined: when the folder already holds anything (an existing database is never touched), when no
 * template sits beside the running build (`dir`, default this module's folder: dist-server/ once built),
 * or when it was made by another PGlite version.
 */
export function pgliteTemplateFileFor(dataDir: string, dir = path.dirname(fileURLToPath(import.meta.url))): string | undefined {
  try {
    if (fs.existsSync(dataDir) && fs.readdirSync(dataDir).length > 0) return undefined;
    const file = path.join(dir, TEMPLATE_FILE);
    const metaFile = path.join(dir, META_FILE);
    if (!fs.existsSync(file) || !fs.existsSync(metaFile)) return undefined;
    const meta = JSON.parse(fs.readFileSync(metaFile, 'utf8')) as TemplateMeta;
    if (meta.pglite !== pgliteVersion()) return undefined;
    return file;
  } catch {
    return undefined;
  }
}

/**
 * Unpacks the template (a gzip'd tar as PGlite's `dumpDataDir` writes it: ustar directories and
 * files) into a new `dataDir`, which PGlite then opens like any existing database. Done with node's
 * zlib and file system on libuv's threads, it is quicker than PGlite's own unpacking (`loadDataDir`,
 * through its WebAssembly file system on the main thread), and the main thread meanwhile loads the
 * server's code. Written beside `dataDir` and renamed into place at the end, so an interrupted first
 * start leaves no half database behind.
 */
export async function unpackPgliteTemplate(file: string, dataDir: string): Promise<void> {
  const tar = await promisify(zlib.gunzip)(await fs.promises.readFile(file));
  const target = path.resolve(dataDir);
  const temp = `${target}.unpacking`;
  await fs.promises.rm(temp, { recursive: true, force: true });
  await fs.promises.mkdir(temp, { recursive: true, mode: 0o700 });
  const field = (h: Buffer, at: number, len: number) => {
    const raw = h.toString('latin1', at, at + len);
    const end = raw.indexOf('\0');
    return end === -1 ? raw : raw.slice(0, end);
  };
  for (let at = 0; at + 512 <= tar.length; ) {
    const h = tar.subarray(at, at + 512);
    if (h.every((b) => b === 0)) break;
    const prefix = field(h, 345, 155);
    const name = (prefix ? `${prefix}/` : '') + field(h, 0, 100);
    const size = parseInt(field(h, 124, 12).trim() || '0', 8);
    const mode = parseInt(field(h, 100, 8).trim() || '0', 8) & 0o777;
    const type = String.fromCharCode(h[156]!);
    const rel = path.posix.normalize(`/${name}`).slice(1);
    const dest = path.join(temp, rel);
    if (rel.startsWith('..') || !dest.startsWith(temp)) throw new Error(`unexpected path in the database template: ${name}`);
    if (type === '5') {
      await fs.promises.mkdir(dest, { recursive: true, mode: mode || 0o700 });
    } else if (type === '0' || type === '\0') {
      await fs.promises.mkdir(path.dirname(dest), { recursive: true, mode: 0o700 });
      await fs.promises.writeFile(dest, tar.subarray(at + 512, at + 512 + size), { mode: mode || 0o600 });
    } else {
      throw new Error(`unexpected entry type ${JSON.stringify(type)} in the database template: ${name}`);
    }
    at += 512 + Math.ceil(size / 512) * 512;
  }
  await fs.promises.rm(target, { recursive: true, force: true });
  await fs.promises.rename(temp, target);
}
