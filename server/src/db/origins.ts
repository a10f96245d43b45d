import type { Knex } from 'knex';

/**
 * The distinct origins (`scheme://host[:port]`, as the text has them) of the absolute http(s) URLs in one column:
 * what a repo answers when the content security policy asks which image origins are in use. Unchecked text: the
 * caller keeps only well-formed origins (http/csp.ts `originOf`).
 */
export async function urlOrigins(db: Knex | Knex.Transaction, table: string, column: string): Promise<string[]> {
  // The patterns are bindings: a literal '?' in raw SQL would be taken for one.
  const rows = (await db(table)
    .whereRaw('?? ~* ?', [column, '^https?://'])
    .distinct(db.raw('substring(?? from ?) AS o', [column, '^[A-Za-z]+://[^/?#]+']))) as { o: string | null }[];
  return rows.flatMap((r) => (r.o ? [r.o] : []));
}
