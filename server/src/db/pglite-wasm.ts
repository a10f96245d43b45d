import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

/**
 * PGlite's PostgreSQL WebAssembly (9 MB), compiled. V8 compiles it on background threads, so a start
 * that begins this first has it ready while the main thread loads the configuration and the
 * server's code; PGlite would otherwise read and compile it only once its own opening gets there.
 * Undefined when the file cannot be read (PGlite then loads it itself).
 */
export function compilePgliteWasm(): Promise<WebAssembly.Module> | undefined {
  try {
    const file = path.join(path.dirname(require.resolve('@electric-sql/pglite')), 'pglite.wasm');
    return WebAssembly.compile(fs.readFileSync(file));
  } catch {
    return undefined;
  }
}
