import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The import-boundaries rule (eslint.config.js), run through ESLint's Node API on small snippets placed in the
 * tree: each forbidden import is reported, each allowed one is not. The snippets are never written to disk.
 */
let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: process.cwd() });
});

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

// ESLint loads the whole configuration (its plugins and the TypeScript parser) on the first call: seconds on a busy machine.
describe('import boundaries', { timeout: 60_000 }, () => {
  it('refuses server code imported from web/', async () => {
    expect(await problems('web/src/schedule/Probe.tsx', "import { loadConfig } from '../../../server/src/config';\nexport const x = loadConfig;\n")).toEqual([
      'boundaries/dependencies: web/ never imports server/, migrations/ or electron/ (call the server over HTTP; the desktop through web/src/platform)',
    ]);
  });

  it('refuses electron/ and the electron package outside electron/', async () => {
    expect(await problems('web/src/platform/Probe.ts', "import '../../../electron/preload';\n")).toHaveLength(1);
    expect(await problems('web/src/platform/Probe.ts', "import { ipcRenderer } from 'electron';\nexport const x = ipcRenderer;\n")).toContain('boundaries/dependencies: only electron/ imports electron');
    expect(await problems('server/src/Probe.ts', "import { app } from 'electron';\nexport const x = app;\n")).toEqual(['boundaries/dependencies: only electron/ imports electron']);
    expect(await problems('electron/Probe.ts', "import { app } from 'electron';\nexport const x = app;\n")).toEqual([]);
  });

  it('lets shared/ import only libraries and shared/', async () => {
    expect(await problems('shared/probe.ts', "import { loadConfig } from '../server/src/config';\nexport const x = loadConfig;\n")).toEqual(['boundaries/dependencies: shared/ imports only libraries and shared/ itself']);
    expect(await problems('shared/probe.ts', "import { isStudio } from '../web/src/platform';\nexport const x = isStudio;\n")).toEqual(['boundaries/dependencies: shared/ imports only libraries and shared/ itself']);
    expect(await problems('shared/probe.ts', "import { z } from 'zod';\nimport { isChannel } from './realtime';\nexport const x = [z, isChannel];\n")).toEqual([]);
  });

  it('lets only repo.ts files, db/, the bootstrap and tests import the database', async () => {
    const db = 'only server/src/<domain>/repo.ts (and db/, migrations, the CLI bootstrap and tests) import the database';
    expect(await problems('server/src/schedule/routes.ts', "import { openDatabase } from '../db/knex';\nexport const x = openDatabase;\n")).toEqual([`boundaries/dependencies: ${db}`]);
    expect(await problems('server/src/schedule/service.ts', "import knex from 'knex';\nexport const x = knex;\n")).toEqual([`boundaries/dependencies: ${db}`]);
    expect(await problems('web/src/app/Probe.ts', "import pg from 'pg';\nexport const x = pg;\n")).toEqual([`boundaries/dependencies: ${db}`]);
    // A type carries no code: passing a transaction around is not opening the database.
    expect(await problems('server/src/schedule/service.ts', "import type { Knex } from 'knex';\nexport type T = Knex;\n")).toEqual([]);
    expect(await problems('server/src/schedule/repo.ts', "import { openDatabase } from '../db/knex';\nimport knex from 'knex';\nexport const x = [openDatabase, knex];\n")).toEqual([]);
    expect(await problems('server/src/cli/probe.ts', "import { migrateLatest } from '../db/migrate';\nexport const x = migrateLatest;\n")).toEqual([]);
    expect(await problems('tests/integration/probe.test.ts', "import { openDatabase } from '../../server/src/db/knex';\nexport const x = openDatabase;\n")).toEqual([]);
  });

  it("keeps HTTP and realtime cache updates in each domain's api.ts", async () => {
    const route = "import { endpoint } from '../app/api';\nexport const x = endpoint<string>('GET', () => '/api/station');\n";
    expect(await problems('web/src/schedule/Probe.tsx', route)).toEqual([
      "no-restricted-imports: 'endpoint' import from '../app/api' is restricted from being used by a pattern. Declare routes in the domain's api.ts and call its functions or hooks.",
    ]);
    expect(await problems('web/src/schedule/api.ts', route)).toEqual([]);
    expect(await problems('web/src/schedule/Probe.tsx', "export const x = () => fetch('/api/station');\n")).toEqual([
      "no-restricted-globals: Unexpected use of 'fetch'. Only a domain's api.ts calls HTTP: add the call there.",
    ]);
    const live = "import { useChannel } from '../realtime/hooks';\nexport const x = useChannel;\n";
    expect(await problems('web/src/schedule/Probe.tsx', live)).toEqual([
      "no-restricted-imports: 'useChannel' import from '../realtime/hooks' is restricted from being used by a pattern. Realtime events reach the query cache through the domain's hook in its api.ts.",
    ]);
    expect(await problems('web/src/schedule/api.ts', live)).toEqual([]);
  });
});
