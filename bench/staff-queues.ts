import { loadConfig } from '../server/src/config';
import { openDatabase } from '../server/src/db/knex';
import { migrateLatest } from '../server/src/db/migrate';
import { createLogger } from '../server/src/log';
import { startServer } from '../server/src/server';
import { pct, timed } from './measure';


/** The staff song queue on the embedded database: listing a full queue (500 rows) and one-click status changes. */
export async function run(): Promise<void> {
  const db = await openDatabase({ kind: 'pglite', dataDir: null });
  await migrateLatest(db.knex);
  const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', SEED_DEMO: 'false' });
  const server = await startServer({ config, db, log: createLogger({ level: 'silent', pretty: false }) });
  const [user] = await db.knex('profiles').insert({ email: 'bench@staff.example', username: 'bench', role: 'presenter', password_hash: 'x', is_active: true }).returning<{ id: string }[]>('id');
  const [session] = await db.knex('auth_sessions').insert({ user_id: user!.id, expires_at: new Date(Date.now() + 86400_000) }).returning<{ id: string }[]>('id');
  const { token } = await server.ctx.tokens.sign({ userId: user!.id, sessionId: session!.id, role: 'presenter', email: 'bench@staff.example' });
  const auth = { Authorization: `Bearer ${token}` };
  const rows = Array.from({ length: 500 }, (_, i) => ({ title: `Song ${i}`, artist: `Artist ${i % 40}`, requester: `Listener ${i}`, message: i % 3 ? null : 'Shout to the night shift', status: 'pending', request_type: 'song', created_at: new Date(Date.now() - i * 60_000) }));
  const ids = (await db.knex('song_requests').insert(rows).returning<{ id: string }[]>('id')).map((r) => r.id);

  const list = await timed(200, 8, () => fetch(`${server.url}/api/requests/song`, { headers: auth }));
  console.log(`GET /api/requests/song (500 rows): ${Math.round(200 / list.secs)} req/s, p50 ${pct(list.ms, 50)} ms, p95 ${pct(list.ms, 95)} ms (8 concurrent)`);
  const filtered = await timed(200, 8, () => fetch(`${server.url}/api/requests/song?status=pending`, { headers: auth }));
  console.log(`GET /api/requests/song?status=pending (500 rows): ${Math.round(200 / filtered.secs)} req/s, p50 ${pct(filtered.ms, 50)} ms, p95 ${pct(filtered.ms, 95)} ms`);
  const patch = await timed(300, 8, (i) => fetch(`${server.url}/api/requests/song/${ids[i]}`, { method: 'PATCH', headers: { ...auth, 'Content-Type': 'application/json' }, body: JSON.stringify({ status: i % 2 ? 'approved' : 'played' }) }));
  console.log(`PATCH /api/requests/song/:id (audited, pushed): ${Math.round(300 / patch.secs)} req/s, p50 ${pct(patch.ms, 50)} ms, p95 ${pct(patch.ms, 95)} ms (8 concurrent)`);
  await server.close();
}
