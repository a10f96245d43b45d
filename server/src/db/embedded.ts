import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { lockDataDir } from './data-dir-lock';
import { startPglite } from './pglite';
import { pgliteTemplateFileFor, unpackPgliteTemplate } from './pglite-template';

/**
 * Starts opening the embedded database of a DATA_DIR (its `pglite` folder), which this process then
 * holds alone (`command` names it to a refused second process: {@link lockDataDir} throws
 * DataDirLockedError). A new database is unpacked from the build's template when there is one
 * (db/pglite-template.ts). `wasm`: PGlite's WebAssembly being compiled (db/pglite-wasm.ts). Light
 * on purpose: the server's entry calls it before loading the rest of the server, so the database
 * opens while the server's code loads.
 */
export function startEmbeddedDatabase(dataDirRoot: string, command: string, wasm?: Promise<WebAssembly.Module>): EmbeddedStart {
  lockDataDir(dataDirRoot, command);
  const dataDir = path.join(dataDirRoot, 'pglite');
  // A new database starts from the build's template (initdb and the migrations done at build time).
  const template = pgliteTemplateFileFor(dataDir);
  if (!wasm && !template) return { dataDir, pglite: startPglite(dataDir) };
  // Should the unpacking fail, PGlite makes the database itself (initdb), as without a template.
  const unpacked = template ? unpackPgliteTemplate(template, dataDir).catch(() => undefined) : Promise.resolve();
  const compiled = (wasm ?? Promise.resolve(undefined)).catch(() => undefined);
  const pglite = Promise.all([compiled, unpacked]).then(([module]) => startPglite(dataDir, undefined, module));
  // A failed opening is reported where the start awaits it, not as an unhandled rejection meanwhile.
  void pglite.then((p) => p.waitReady).catch(() => undefined);
  return { dataDir, pglite };
}

/** An embedded database being opened: its folder and the engine (once its WebAssembly is compiled). */
export interface EmbeddedStart {
  dataDir: string;
  pglite: PGlite | Promise<PGlite>;
}
