import { parseArgs } from 'node:util';
import { z } from 'zod';
import { openConfiguredDatabase } from '../bootstrap';
import { loadConfig } from '../config';
import { migrateLatest } from '../db/migrate';
import { ensureOwner } from '../users/owner';

/** `npm run create-owner -- --email … --password … [--username …]`: creates an owner account. */
const { values } = parseArgs({ options: { email: { type: 'string' }, password: { type: 'string' }, username: { type: 'string' } } });
const input = z
  .object({
    email: z.email('Please enter a valid email address'),
    password: z.string().min(6, 'Password must be at least 6 characters').max(1024),
    username: z.string().min(1).max(100).optional(),
  })
  .safeParse(values);
if (!input.success) {
  process.stderr.write(`Usage: npm run create-owner -- --email you@example.org --password '…' [--username Name]\n${input.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n')}\n`);
  process.exit(2);
}
const config = loadConfig();
let db: Awaited<ReturnType<typeof openConfiguredDatabase>>;
try {
  db = await openConfiguredDatabase(config, 'create-owner');
} catch (err) {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
}
try {
  await migrateLatest(db.knex);
  await ensureOwner(db.knex, { ...input.data, onlyIfNoOwner: false });
  process.stdout.write(`Owner ${input.data.email} created.\n`);
} catch (err) {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exitCode = 1;
} finally {
  await db.close();
}
