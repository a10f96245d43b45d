// ESLint: the import boundaries of the layout (README, "Tests"). Run with `npm run lint`; `npm test` runs it too.
// Only import rules: no type-aware rules, so the whole tree lints in seconds.
import boundaries from 'eslint-plugin-boundaries';
import tseslint from 'typescript-eslint';
import fs from 'node:fs';
import airdeck from './scripts/lint/jsx-text.mjs';

/** Texts still hard-coded in JSX when the catalogue came in, per file (scripts/jsx-text-baseline.ts); only shrinks. */
const JSX_TEXT_BASELINE = JSON.parse(fs.readFileSync(new URL('./scripts/lint/jsx-text-baseline.json', import.meta.url), 'utf8'));

/** The database: its folder (Knex factory, migration runner, seed) and the drivers. */
const DB_MODULES = ['knex', 'pg', '@electric-sql/pglite', '@electric-sql/pglite/**', 'knex-pglite'];
/** The desktop runtime: only electron/ may load it. */
const ELECTRON_MODULES = ['electron', 'electron-updater'];

/**
 * Files that still import the database outside a repo.ts. This list only shrinks: issue 23a moves the SQL into
 * server/src/<domain>/repo.ts and the wiring into one place; remove a line when its file stops importing it.
 */
export const DB_IMPORT_EXCEPTIONS = [
  'server/src/app.ts', // isDatabaseUnavailable() (maps a lost database to 503): belongs with the wiring
  'server/src/realtime/bus.ts', // the PostgreSQL LISTEN/NOTIFY bus holds its own pg client
  'server/src/radio/leader.ts', // the poller's session-level advisory lock holds its own pg client
  'server/src/radio/sources/demo.ts', // the demo station's track list lives in db/seed/demo-tracks.ts
];

export default tseslint.config(
  { ignores: ['node_modules/**', 'web/dist/**', 'web/dist-studio/**', 'web/dist-ssr/**', 'dist-server/**', '.test-data/**', '.bench-data/**', 'coverage/**', '.lighthouse/**', 'dist-electron/**', 'release/**', 'data/**', '**/*.d.ts'] },
  {
    files: ['**/*.{ts,tsx,mts,js,mjs}'],
    languageOptions: { parser: tseslint.parser, ecmaVersion: 'latest', sourceType: 'module' },
    linterOptions: { reportUnusedDisableDirectives: 'off' },
    // typescript-eslint's plugin is registered (no rule of it on) so its disable comments resolve.
    plugins: { boundaries, '@typescript-eslint': tseslint.plugin },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs', '.json'] } },
      // Folders (elements): the first pattern that matches wins, so db/ comes before server/.
      'boundaries/elements': [
        { type: 'tests', pattern: 'tests', partialMatch: false },
        { type: 'db', pattern: 'server/src/db', partialMatch: false },
        { type: 'server', pattern: 'server', partialMatch: false },
        { type: 'web', pattern: 'web', partialMatch: false },
        { type: 'electron', pattern: 'electron', partialMatch: false },
        { type: 'shared', pattern: 'shared', partialMatch: false },
        { type: 'migrations', pattern: 'migrations', partialMatch: false },
        { type: 'tooling', pattern: 'bench', partialMatch: false },
        { type: 'tooling', pattern: 'scripts', partialMatch: false },
      ],
      // Files with a role of their own inside a folder.
      'boundaries/files': [
        { category: 'test', pattern: ['**/*.test.ts', '**/*.test.tsx'] },
        { category: 'repo', pattern: 'server/src/**/repo.ts' },
        { category: 'bootstrap', pattern: ['server/src/cli/**', 'server/src/bootstrap.ts', 'server/src/main.ts', 'server/src/run.ts'] },
        { category: 'db-exception', pattern: DB_IMPORT_EXCEPTIONS },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        2,
        {
          default: 'allow',
          checkAllOrigins: true, // external packages too (electron, the database drivers)
          policies: [
            {
              // The UI talks to the server over HTTP and WebSocket only, and to the desktop through web/src/platform.
              from: { element: { type: 'web' } },
              disallow: { to: { element: { types: ['server', 'db', 'migrations', 'electron'] } } },
              message: 'web/ never imports server/, migrations/ or electron/ (call the server over HTTP; the desktop through web/src/platform)',
            },
            {
              from: { element: { type: 'shared' } },
              disallow: { to: { element: { types: ['server', 'db', 'web', 'electron', 'migrations', 'tests', 'tooling'] } } },
              message: 'shared/ imports only libraries and shared/ itself',
            },
            // A unit test beside the code may read the test fixtures and helpers.
            { from: { file: { categories: 'test' } }, allow: { to: { element: { types: ['tests', 'tooling'] } } } },
            {
              from: { element: { types: ['server', 'web', 'electron', 'shared'] } },
              disallow: [
                { to: { element: { type: 'db' } }, dependency: { kind: 'value' } },
                { to: { module: { source: DB_MODULES } }, dependency: { kind: 'value' } },
              ],
              message: 'only server/src/<domain>/repo.ts (and db/, migrations, the CLI bootstrap and tests) import the database',
            },
            {
              // ...which the owners of the tables, the bootstrap, tests and the listed exceptions may. (Type-only
              // imports, e.g. `import type { Knex }`, load nothing and stay allowed.)
              from: { file: { categories: ['repo', 'bootstrap', 'test', 'db-exception'] } },
              allow: [{ to: { element: { type: 'db' } } }, { to: { module: { source: DB_MODULES } } }],
            },
            {
              from: { element: { types: ['server', 'db', 'web', 'shared', 'migrations', 'tests', 'tooling'] } },
              disallow: { to: { module: { source: ELECTRON_MODULES } } },
              message: 'only electron/ imports electron',
            },
          ],
        },
      ],
    },
  },
  {
    // Every user-visible text comes from the message catalogue (README "Languages"): a new literal in JSX fails.
    files: ['web/src/**/*.tsx'],
    ignores: ['web/src/**/*.test.tsx'],
    languageOptions: { parserOptions: { ecmaFeatures: { jsx: true } } },
    plugins: { airdeck },
    rules: { 'airdeck/no-jsx-text': [2, { baseline: JSX_TEXT_BASELINE }] },
  },
  {
    // The web data layer: web/src/<domain>/api.ts is the only place that calls HTTP for its domain (routes typed
    // once with endpoint()) and the only place realtime events reach the query cache; components use its hooks.
    files: ['web/src/**/*.{ts,tsx}'],
    // web/src/embed is the station widgets' own plain-DOM bundle for other sites (no React, no query cache, under
    // 40 KB): its public reads live in embed/core.ts and embed/now.ts.
    ignores: ['web/src/**/api.ts', 'web/src/**/*.test.ts', 'web/src/embed/**'],
    rules: {
      'no-restricted-imports': [
        2,
        {
          patterns: [
            { group: ['**/app/api'], importNames: ['endpoint', 'PUBLIC'], message: "Declare routes in the domain's api.ts and call its functions or hooks." },
          ],
        },
      ],
      'no-restricted-globals': [
        2,
        { name: 'fetch', message: "Only a domain's api.ts calls HTTP: add the call there." },
        { name: 'XMLHttpRequest', message: "Only a domain's api.ts calls HTTP: add the call there." },
      ],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    // radio/hooks.ts holds the radio domain's hooks beside its api.ts; the realtime client's own folder wires them.
    ignores: ['web/src/**/api.ts', 'web/src/radio/hooks.ts', 'web/src/realtime/**', 'web/src/**/*.test.ts', 'web/src/embed/**'],
    rules: {
      'no-restricted-imports': [
        2,
        {
          patterns: [
            { group: ['**/app/api'], importNames: ['endpoint', 'PUBLIC'], message: "Declare routes in the domain's api.ts and call its functions or hooks." },
            {
              group: ['**/realtime/hooks'],
              importNames: ['useChannel', 'useResync', 'useRefetchOn'],
              message: "Realtime events reach the query cache through the domain's hook in its api.ts.",
            },
          ],
        },
      ],
    },
  },
);
