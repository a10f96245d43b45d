import { loadConfig } from '../server/src/config';
import { openDatabase } from '../server/src/db/knex';
import { migrateLatest } from '../server/src/db/migrate';
import { createLogger } from '../server/src/log';
import { startServer } from '../server/src/server';

const ROWS = 50_000;
const mb = (n: number) => Math.round((n / 1024 / 1024) * 10) / 10;

/**
 * GET /api/logs/export of 50 000 activity-log rows on the embedded database:
 * time to the first byte, total time, size, and how much the process's
 * resident memory grows while it streams (it reads in pages of 1 000 rows).
 */
export async function run(): Promise<void> {
  const db = await openDatabase({ kind: 'pglite', dataDir: null });
  await migrateLatest(db.knex);
  const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', SEED_DEMO: 'false' });
  const server = await startServer({ config, db, log: createLogger({ level: 'silent', pretty: false }) });
  const [user] = await db.knex('profiles').insert({ email: 'bench-admin@bench.example', username: 'Bench', role: 'admin', password_hash: 'x' }).returning<{ id: string }[]>('id');
  const [session] = await db.knex('auth_sessions').insert({ user_id: user!.id, expires_at: new Date(Date.now() + 86_400_000) }).returning<{ id: string }[]>('id');
  const { token } = await server.ctx.tokens.sign({ userId: user!.id, sessionId: session!.id, role: 'admin', email: 'bench-admin@bench.example' });

  const now = Date.now();
  const rows = Array.from({ length: ROWS }, (_, i) => ({
    user_email: `staff${i % 40}@bench.example`,
    action_type: ['create', 'update', 'delete', 'login'][i % 4],
    resource_type: 'custom_page',
    resource_name: i % 10 === 0 ? `=cmd "quoted", row ${i}` : `Page ${i}`,
    details: JSON.stringify({ slug: `page-${i}`, changed: ['title', 'content'] }),
    created_at: new Date(now - i * 30_000),
  }));
  for (let i = 0; i < rows.length; i += 2000) await db.knex('user_action_logs').insert(rows.slice(i, i + 2000));

  for (const round of [1, 2]) {
    global.gc?.();
    const base = process.memoryUsage().rss;
    let peak = base;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
    const t0 = performance.now();
    const res = await fetch(`${server.url}/api/logs/export?days=30`, { headers: { Authorization: `Bearer ${token}` } });
    const reader = res.body!.getReader();
    let first = 0;
    let bytes = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!first) first = performance.now() - t0;
      bytes += value.byteLength;
    }
    const total = performance.now() - t0;
    clearInterval(sampler);
    console.log(
      `export ${ROWS} rows (round ${round}): first byte ${Math.round(first)} ms, all ${Math.round(total)} ms, ${mb(bytes)} MiB, ${Math.round((ROWS / total) * 1000)} rows/s; RSS ${mb(base)} → peak ${mb(peak)} MiB (+${mb(peak - base)})`,
    );
  }
  await server.close();
  await db.close();
}
