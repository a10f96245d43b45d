import type { Knex } from 'knex';

/**
 * Every place in the database that holds `value` (issue 37: "afterwards no table holds their session id"):
 * one query over every text, varchar, json(b) and array column of every table in the current schema, so a
 * table added later that stores the id is caught without being listed here. Answers `table.column` for each hit.
 */
export async function placesHolding(knex: Knex, value: string): Promise<string[]> {
  const cols = await knex.raw<{ rows: { table_name: string; column_name: string; data_type: string }[] }>(`
    SELECT c.table_name, c.column_name, c.data_type
      FROM information_schema.columns c
      JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
     WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE'
       AND c.data_type IN ('text', 'character varying', 'jsonb', 'json', 'ARRAY')
     ORDER BY 1, 2`);
  const q = (s: string) => `"${s.replace(/"/g, '""')}"`;
  const lit = (s: string) => `'${s.replace(/'/g, "''")}'`;
  const parts = cols.rows.map((c) => `SELECT ${lit(`${c.table_name}.${c.column_name}`)} AS place WHERE EXISTS (SELECT 1 FROM ${q(c.table_name)} WHERE position(:v in ${q(c.column_name)}::text) > 0)`);
  const found = await knex.raw<{ rows: { place: string }[] }>(parts.join(' UNION ALL '), { v: value });
  return found.rows.map((r) => r.place).sort();
}
