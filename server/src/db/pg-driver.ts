import { createRequire } from 'node:module';
import type pgModule from 'pg';

const require = createRequire(import.meta.url);
let loaded: typeof pgModule | null = null;

const DATE_OID = 1082;
const INT8_OID = 20;
const NUMERIC_OID = 1700;

/**
 * The `pg` driver, loaded on first use (a server on PGlite never needs it, and it costs start-up
 * time), with Airdeck's type parsers set: dates are the station's wall-clock days, kept as
 * 'yyyy-MM-dd' strings, never as JS Dates shifted by the process time zone; counts come back as
 * numbers. Knex's PostgreSQL client loads the same module instance, so its connections parse alike.
 */
export function pgDriver(): typeof pgModule {
  if (loaded) return loaded;
  const pg = require('pg') as typeof pgModule;
  pg.types.setTypeParser(DATE_OID, (v: string) => v);
  pg.types.setTypeParser(INT8_OID, (v: string) => Number(v));
  pg.types.setTypeParser(NUMERIC_OID, (v: string) => Number(v));
  loaded = pg;
  return pg;
}
