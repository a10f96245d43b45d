import { loadConfig } from '../server/src/config';
import { sanitizePageHtml } from '../server/src/content/sanitize';
import { openDatabase } from '../server/src/db/knex';
import { migrateLatest } from '../server/src/db/migrate';
import { createLogger } from '../server/src/log';
import { startServer } from '../server/src/server';
import { pct, timed } from './measure';


/** Custom page reads (sanitised again on the way out), page-view counting, slider and sponsored reads, on the embedded database. */
export async function run(): Promise<void> {
  const html = Array.from({ length: 60 }, (_, i) => `<h2>Section ${i}</h2><p>Some <strong>text</strong> with <a href="https://example.org/${i}" target="_blank">a link</a> and <em>emphasis</em>.</p><ul><li>one</li><li>two</li></ul>`).join('');
  const t0 = performance.now();
  for (let i = 0; i < 200; i++) sanitizePageHtml(html);
  console.log(`sanitise a ${Math.round(html.length / 1024)} KiB page (jsdom + DOMPurify): ${Math.round(((performance.now() - t0) / 200) * 100) / 100} ms each`);

  const db = await openDatabase({ kind: 'pglite', dataDir: null });
  await migrateLatest(db.knex);
  const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', SEED_DEMO: 'false' });
  const server = await startServer({ config, db, log: createLogger({ level: 'silent', pretty: false }) });
  await db.knex('custom_pages').insert({ title: 'Bench', slug: 'bench', content: html });
  await db.knex('slider_content').insert([1, 2, 3].map((i) => ({ title: `Slide ${i}`, description: 'Description', display_order: i })));
  await db.knex('sponsored_content').insert([1, 5, 10].map((p) => ({ title: `Sponsor ${p}`, description: 'd', image_url: '/x.png', learn_more_url: 'https://x.example', priority: p })));

  const read = await timed(500, 16, () => fetch(`${server.url}/api/content/pages/bench`));
  console.log(`GET /api/content/pages/:slug (${Math.round(html.length / 1024)} KiB): ${Math.round(500 / read.secs)} req/s, p50 ${pct(read.ms, 50)} ms, p95 ${pct(read.ms, 95)} ms (16 concurrent)`);

  // 250: under the per-address counter budget (300 a minute).
  const views = await timed(250, 16, (i) => fetch(`${server.url}/api/content/pages/bench/views`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ session_id: `bench-session-${i}` }) }));
  const answered = performance.now();
  for (;;) {
    const rows = await db.knex('page_views').count<{ count: string }[]>('* as count');
    if (Number(rows[0]?.count) >= 250) break;
    await new Promise((r) => setTimeout(r, 5));
  }
  console.log(`POST page view: answered in p50 ${pct(views.ms, 50)} ms, p95 ${pct(views.ms, 95)} ms; all 250 rows written ${Math.round(performance.now() - answered)} ms after the last answer`);

  const slider = await timed(1000, 16, () => fetch(`${server.url}/api/content/slider`));
  console.log(`GET /api/content/slider: ${Math.round(1000 / slider.secs)} req/s, p95 ${pct(slider.ms, 95)} ms`);
  const sponsored = await timed(1000, 16, () => fetch(`${server.url}/api/content/sponsored`));
  console.log(`GET /api/content/sponsored: ${Math.round(1000 / sponsored.secs)} req/s, p95 ${pct(sponsored.ms, 95)} ms`);
  await server.close();
  await db.close();
}
