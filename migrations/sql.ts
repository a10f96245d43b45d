import type { Knex } from 'knex';

/**
 * Runs a block of SQL statements one at a time. PGlite's driver uses the
 * extended protocol, which takes one statement per call; the migration files
 * stay readable as plain SQL. Statements must not contain a literal ';'.
 */
export async function runSql(knex: Knex, sql: string): Promise<void> {
  for (const statement of sql.split(';').map((s) => s.trim()).filter(Boolean)) {
    await knex.raw(statement);
  }
}
