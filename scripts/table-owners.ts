import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/**
 * Who names which table. Reads every table the migrations create (migrations/*.ts, `CREATE TABLE x`) and finds,
 * in each server file, the tables it names in a query: `db('x')`, `trx('x as y')`, `.from('x')`, `.into('x')`,
 * `.join('x', …)` (every join), `.table('x')`, `.batchInsert('x', …)`, and raw SQL text `FROM|JOIN|INTO|UPDATE x`.
 * Used by tests/lint/table-owners.test.ts; run it by hand with `npx tsx scripts/table-owners.ts` to print every
 * server file and the tables it names.
 */

/** Every table created by a migration, sorted. */
export function migrationTables(root: string): string[] {
  const dir = path.join(root, 'migrations');
  const tables = new Set<string>();
  for (const f of fs.readdirSync(dir)) {
    if (!/^\d+_.*\.ts$/.test(f)) continue;
    const src = fs.readFileSync(path.join(dir, f), 'utf8');
    for (const m of src.matchAll(/CREATE TABLE(?: IF NOT EXISTS)?\s+"?([a-z_][a-z0-9_]*)"?/gi)) tables.add(m[1]!);
    for (const m of src.matchAll(/\.createTable(?:IfNotExists)?\(\s*['"]([a-z_][a-z0-9_]*)['"]/g)) tables.add(m[1]!);
  }
  return [...tables].sort();
}

/** Methods whose first argument names a table. */
const TABLE_METHODS = new Set([
  'from', 'into', 'table', 'join', 'innerJoin', 'leftJoin', 'leftOuterJoin', 'rightJoin', 'rightOuterJoin', 'fullOuterJoin', 'crossJoin', 'batchInsert', 'del', 'update', 'insert',
]);
/** Calls of the query builder itself (`db('x')`, `trx('x')`, `ctx.knex('x')`). */
const BUILDERS = /^(?:db|trx|tx|knex|k|q|conn|database|t)$/;
/** Calls that are not queries even with a table's name in them. */
const NOT_QUERIES = new Set(['set', 'get', 'has', 'append', 'delete', 'recordAction']);
/** Database work without a table's name (reported for routes files: `<transaction>`, `<raw>`). */
const DB_CALLS = new Set(['transaction', 'raw']);
const SQL = /\b(?:FROM|JOIN|INTO|UPDATE|TABLE)\s+"?([a-z_][a-z0-9_]*)"?/gi;

export interface TableReference {
  table: string;
  line: number;
}

/** The tables one file names in queries (each with its first line). */
export function tablesNamedIn(source: string, fileName: string, tables: ReadonlySet<string>, dbAccess = false): TableReference[] {
  const sf = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found = new Map<string, number>();
  const addAccess = (key: string, node: ts.Node): void => {
    if (!found.has(key)) found.set(key, sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1);
  };
  const add = (name: string, node: ts.Node, exact = false): void => {
    const words = name.trim().split(/\s+/);
    // A bare literal counts only when it is exactly a table (`'tracks'`, `'tracks as t'`), never inside a sentence.
    if (exact && !(words.length === 1 || (words.length === 3 && words[1]!.toLowerCase() === 'as'))) return;
    const table = words[0]!.replace(/"/g, '');
    if (tables.has(table)) addAccess(table, node);
  };
  const text = (n: ts.Node): string | null => (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n) ? n.text : null);
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && node.arguments.length > 0) {
      const first = text(node.arguments[0]!);
      const callee = node.expression;
      const name = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : null;
      if (first !== null && name !== null) {
        if (ts.isPropertyAccessExpression(callee) && TABLE_METHODS.has(name)) add(first, node);
        else if (BUILDERS.test(name)) add(first, node);
      }
      // A table handed to a helper that queries it (`origins('tracks', 'artwork_url')`, `bumpCounter(db, 'slider_content', …)`);
      // not a URL or Map key (`url.searchParams.set('media', …)`).
      if (name === null || !NOT_QUERIES.has(name)) for (const arg of node.arguments) if (text(arg) !== null) add(text(arg)!, arg, true);
    }
    // A table kept for later: `{ table: 'song_requests' }`, `tableName: 'request_rate_limits'`, a literal type `'slider_content' | …`.
    if (ts.isPropertyAssignment(node) && ts.isIdentifier(node.name) && /^(?:table|tableName)$/.test(node.name.text) && text(node.initializer) !== null) add(text(node.initializer)!, node, true);
    if (ts.isLiteralTypeNode(node) && text(node.literal) !== null) add(text(node.literal)!, node, true);
    if (dbAccess && ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && DB_CALLS.has(node.expression.name.text)) addAccess(`<${node.expression.name.text}>`, node);
    // Raw SQL: any string or template text.
    let sql: string | null = null;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) sql = node.text;
    else if (ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) sql = node.text;
    if (sql !== null && /\b(?:select|insert|update|delete|from|join)\b/i.test(sql)) for (const m of sql.matchAll(SQL)) add(m[1]!, node);
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return [...found].map(([table, line]) => ({ table, line })).sort((a, b) => a.table.localeCompare(b.table));
}

/** Every production file under server/src (tests, seeds and migrations are exempt). */
export function serverFiles(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, e.name);
      const rel = path.relative(root, full).split(path.sep).join('/');
      if (e.isDirectory()) {
        if (rel === 'server/src/db/seed') continue;
        walk(full);
      } else if (/\.tsx?$/.test(e.name) && !/\.(test|d)\.tsx?$/.test(e.name)) out.push(rel);
    }
  };
  walk(path.join(root, 'server/src'));
  return out.sort();
}

/**
 * file → the tables it names, for every server file that names one. A routes.ts file also reports the database
 * work it does without naming a table (`<transaction>`, `<raw>`): routes parse, authorize, call a service and present.
 */
export function tableReferences(root: string): Map<string, TableReference[]> {
  const tables = new Set(migrationTables(root));
  const out = new Map<string, TableReference[]>();
  // Parsing is the slow part: a file that mentions no table (and is no routes file) cannot name one.
  const mentions = new RegExp(`\\b(?:${[...tables].join('|')})\\b`);
  for (const f of serverFiles(root)) {
    const source = fs.readFileSync(path.join(root, f), 'utf8');
    const routes = /(?:^|\/)routes\.ts$/.test(f);
    if (!routes && !mentions.test(source)) continue;
    const refs = tablesNamedIn(source, f, tables, routes);
    if (refs.length > 0) out.set(f, refs);
  }
  return out;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(fileURLToPath(import.meta.url))) {
  for (const [file, refs] of tableReferences(process.cwd())) console.log(`${file}: ${refs.map((r) => `${r.table}:${r.line}`).join(' ')}`);
}
