import { createHash } from 'node:crypto';
import type { Knex } from 'knex';

interface PoolClient {
  config: { client?: unknown };
  acquireConnection(): Promise<PgConnection>;
  releaseConnection(conn: PgConnection): Promise<unknown>;
}
interface PgConnection {
  query(q: { name: string; text: string; values: readonly unknown[] }): Promise<{ rows: unknown[] }>;
}

/** Knex's `?` placeholders as PostgreSQL's `$1 … $n` (the hot statements hold no `?` inside a literal). */
function numbered(sql: string): string {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
}

/** The prepared form (name and `$n` text) of each hot statement's text, made once. */
const PREPARED = new Map<string, { name: string; text: string }>();
/** Hot statements are a handful of texts; a bound keeps a caller that builds many from growing the map forever. */
const MAX_PREPARED = 256;

function preparedFor(sql: string): { name: string; text: string } {
  let p = PREPARED.get(sql);
  if (!p) {
    const text = numbered(sql);
    p = { name: `ad_${createHash('sha1').update(text).digest('base64url')}`, text };
    if (PREPARED.size >= MAX_PREPARED) PREPARED.clear();
    PREPARED.set(sql, p);
  }
  return p;
}

/**
 * Runs one statement of a hot path. On a PostgreSQL server it is a named prepared statement: each pooled
 * connection parses and plans it once, then only binds and executes it (knex sends every statement to be
 * parsed and planned again). The name is a digest of the text, so a different text is a different statement.
 * On PGlite, or inside a transaction, it runs through knex as usual. Same rows, same errors.
 */
export async function runPrepared<Row>(db: Knex, sql: string, bindings: readonly unknown[]): Promise<Row[]> {
  const client = db.client as unknown as PoolClient;
  if (client.config.client !== 'pg' || db.isTransaction) {
    const result = await db.raw<{ rows: Row[] }>(sql, bindings as Knex.RawBinding[]);
    return result.rows;
  }
  const { name, text } = preparedFor(sql);
  const conn = await client.acquireConnection();
  try {
    return (await conn.query({ name, text, values: bindings })).rows as Row[];
  } finally {
    await client.releaseConnection(conn);
  }
}
