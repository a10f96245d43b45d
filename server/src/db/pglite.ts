import fs from 'node:fs';
import path from 'node:path';
import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';

// Dates are the station's wall-clock days: keep them as 'yyyy-MM-dd' strings,
// never as JS Dates shifted by the process time zone. Counts come back as numbers.
// (The same parsers for `pg` are set in ./pg-driver, loaded only for PostgreSQL.)
const pgliteParsers = {
  [pgliteTypes.DATE]: (v: string) => v,
  [pgliteTypes.INT8]: (v: string) => Number(v),
  [pgliteTypes.NUMERIC]: (v: string) => Number(v),
};

/**
 * Starts opening an embedded database (PGlite: PostgreSQL compiled to WebAssembly, in this process)
 * in `dataDir` (null = in memory), unpacking `loadFrom` into a new one (`wasm`: its WebAssembly
 * already compiled, db/pglite-wasm.ts). It returns at once: the
 * engine gets ready (`waitReady`) while the caller goes on, so the server's start loads its code
 * while PGlite reads and compiles its WebAssembly. This module loads neither Knex nor the server.
 */
export function startPglite(dataDir: string | null, loadFrom?: Blob, wasm?: WebAssembly.Module): PGlite {
  if (dataDir) fs.mkdirSync(path.dirname(path.resolve(dataDir)), { recursive: true });
  // Options must be the first argument: PGlite ignores them when the first argument is undefined.
  return new PGlite({
    ...(dataDir ? { dataDir } : {}),
    ...(loadFrom ? { loadDataDir: loadFrom } : {}),
    ...(wasm ? { pgliteWasmModule: wasm } : {}),
    parsers: pgliteParsers,
  });
}
