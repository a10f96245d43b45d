import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { writePgliteTemplate } from '../db/pglite-template';

/**
 * Run by `npm run build` (as dist-server/pglite-template.mjs): writes the fresh, migrated embedded
 * database the server's first start unpacks, beside the compiled server.
 */
const out = process.argv[2] ?? path.dirname(fileURLToPath(import.meta.url));
await writePgliteTemplate(out);
