import type { Knex } from 'knex';
import { AUDIENCE_RANGES } from '../shared/audience';
import { addDays, localDateTime } from '../shared/time';
import { rollUpHours } from '../server/src/audience/repo';
import { audienceHeatmap, audienceReport, audienceSeries, createAudienceRecorder, presenterAverages, todayLine } from '../server/src/audience/service';
import { openDatabase, type Database } from '../server/src/db/knex';
import { migrateLatest } from '../server/src/db/migrate';
import { createLogger } from '../server/src/log';

const ZONE = 'Europe/London';
const DAYS = 365;
const ROUNDS = 5;

/**
 * `npm run bench -- audience`: a year of per-minute readings for one station
 * (525 600 minute rows, kept past the 90-day retention on purpose as the worst
 * case, plus the year's hourly rows) and 120 days of schedule (8 shows a day,
 * a live session each). Times each query of the Audience screen (median of 5)
 * on PGlite and, when it answers, on PostgreSQL (AUDIENCE_BENCH_PG, default
 * postgres://postgres@127.0.0.1:5432/postgres), and what recording a reading costs.
 */
export async function run(): Promise<void> {
  const log = createLogger({ level: 'silent', pretty: false });
  const pglite = await openDatabase({ kind: 'pglite', dataDir: null });
  await bench('PGlite', pglite, log);
  await pglite.close();
  const base = process.env.AUDIENCE_BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  let admin: Database | null = null;
  const name = `airdeck_bench_audience_${process.pid}`;
  try {
    admin = await openDatabase({ kind: 'postgres', url: base, poolMax: 1 });
    await admin.knex.raw(`CREATE DATABASE "${name}"`);
    const url = new URL(base);
    url.pathname = `/${name}`;
    const pg = await openDatabase({ kind: 'postgres', url: url.toString(), poolMax: 4 });
    await bench('PostgreSQL', pg, log);
    await pg.close();
  } catch (err) {
    console.log(`PostgreSQL: skipped (${err instanceof Error ? err.message : String(err)})`);
  } finally {
    await admin?.knex.raw(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => undefined);
    await admin?.close();
  }
}

async function seed(knex: Knex, now: number): Promise<void> {
  const end = new Date(Math.floor(now / 60_000) * 60_000);
  await knex.raw(
    `INSERT INTO audience_minutes (minute, samples, listeners_sum, peak, live_samples)
     SELECT m, 4, 4 * (20 + (15 * sin(extract(epoch FROM m) / 86400.0 * 2 * pi()))::int), 40, CASE WHEN extract(hour FROM m) BETWEEN 7 AND 22 AND extract(minute FROM m) < 50 THEN 0 ELSE 4 END
     FROM generate_series(?::timestamptz - interval '${DAYS} days', ?::timestamptz - interval '1 minute', interval '1 minute') AS m`,
    [end, end],
  );
  await rollUpHours(knex, end.getTime() - DAYS * 86_400_000, end.getTime());
  const presenters = await knex('presenters')
    .insert(Array.from({ length: 12 }, (_, i) => ({ name: `Bench DJ ${i + 1}` })))
    .returning<{ id: string }[]>('id');
  const today = localDateTime(now, ZONE).date;
  const rows = [];
  for (let d = -120; d <= 0; d++) {
    for (let s = 0; s < 8; s++) {
      const h = 6 + s * 2;
      rows.push({ title: `Show ${s + 1}`, type: 'show', status: 'scheduled', event_date: addDays(today, d), start_time: `${String(h).padStart(2, '0')}:00`, end_time: `${String(h + 2).padStart(2, '0')}:00`, presenter_id: presenters[(s + d + 120) % 12]!.id });
    }
  }
  for (let i = 0; i < rows.length; i += 500) await knex('schedule_events').insert(rows.slice(i, i + 500));
}

async function median(fn: () => Promise<unknown>): Promise<number> {
  await fn();
  const ms: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const t0 = performance.now();
    await fn();
    ms.push(performance.now() - t0);
  }
  ms.sort((a, b) => a - b);
  return ms[Math.floor(ms.length / 2)]!;
}

async function bench(label: string, db: Database, log: ReturnType<typeof createLogger>): Promise<void> {
  await migrateLatest(db.knex);
  const now = Date.now();
  const t0 = performance.now();
  await seed(db.knex, now);
  const [{ n }] = (await db.knex('audience_minutes').count<{ n: string }[]>({ n: '*' })) as [{ n: string }];
  console.log(`${label}: seeded ${Number(n).toLocaleString('en-GB')} minute rows, a year of hourly rows and 968 shows in ${Math.round(performance.now() - t0)} ms`);
  const all = { kind: 'all' } as const;
  const own = { kind: 'own', presenterIds: [((await db.knex('presenters').first('id')) as { id: string }).id] } as const;
  const out: string[] = [];
  for (const range of AUDIENCE_RANGES) {
    out.push(`series ${range} ${(await median(() => audienceSeries(db.knex, range, now, ZONE, all))).toFixed(1)} ms`);
    out.push(`heatmap ${range} ${(await median(() => audienceHeatmap(db.knex, range, now, ZONE, all))).toFixed(1)} ms`);
    out.push(`shows ${range} ${(await median(() => audienceReport(db.knex, range, now, ZONE, all))).toFixed(1)} ms`);
  }
  out.push(`shows 30d (own) ${(await median(() => audienceReport(db.knex, '30d', now, ZONE, own))).toFixed(1)} ms`);
  out.push(`series 30d (own) ${(await median(() => audienceSeries(db.knex, '30d', now, ZONE, own))).toFixed(1)} ms`);
  out.push(`today ${(await median(() => todayLine(db.knex, now, ZONE))).toFixed(1)} ms`);
  out.push(`DJ averages (90 days) ${(await median(() => presenterAverages(db.knex, now, ZONE))).toFixed(1)} ms`);
  console.log(`${label}: ${out.join('; ')}`);
  // Recording: one upsert per reading (the hourly roll-up once an hour is included in the first call).
  const recorder = createAudienceRecorder(db.knex, log);
  await recorder.record({ atMs: now, listeners: 10, live: false });
  const times: number[] = [];
  for (let i = 0; i < 200; i++) {
    const t = performance.now();
    await recorder.record({ atMs: now + 1_000 + i * 15_000, listeners: 10 + (i % 7), live: i % 2 === 0 });
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  console.log(`${label}: recording a reading: median ${times[100]!.toFixed(2)} ms, p95 ${times[190]!.toFixed(2)} ms (one upsert; after the now-playing push, not before it)`);
}
