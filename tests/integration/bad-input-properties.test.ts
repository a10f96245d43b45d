import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GENEROUS_LIMITS, hasErrorShape, PUBLIC_ROUTES, routeFixtures, sendPublic, type PublicRoute, type RouteFixtures } from '../support/public-routes';
import { startTestServer, type TestServer } from '../support/server';
import { byStatus, printFigures } from '../support/stress';

/**
 * Property-based bad input on every public route that takes listener input
 * (the table in tests/support/public-routes.ts): bodies of the wrong types,
 * with fields missing, huge strings, NUL characters, deep nesting, invalid
 * UTF-8 and the wrong content types. Every answer is 2xx or a 4xx with the
 * error shape; never a 5xx; the server stays up. The naughty-strings corpora
 * run in the stress suite (tests/stress/bad-input.test.ts).
 */
let t: TestServer;
let fixtures: RouteFixtures;
const statuses: number[] = [];
const broken: string[] = [];
beforeAll(async () => {
  t = await startTestServer({ seed: true, env: GENEROUS_LIMITS });
  fixtures = await routeFixtures(t.server.ctx.knex);
});
afterAll(async () => {
  printFigures('bad input: property-based bodies', { 'requests sent': statuses.length, 'answers by status': byStatus(statuses), 'answers that broke the rules': broken.length });
  await t?.close();
});

const postRoutes = PUBLIC_ROUTES.filter((r) => r.build(fixtures ?? { trackId: 'x', pageSlug: 'x', slideId: 'x' }).method === 'POST');
const getRoutes = PUBLIC_ROUTES.filter((r) => r.build(fixtures ?? { trackId: 'x', pageSlug: 'x', slideId: 'x' }).method === 'GET');

/** Sends and checks the rule: 2xx, or 4xx with the error shape. Returns the status. */
async function check(route: PublicRoute, what: string, send: () => ReturnType<typeof sendPublic>): Promise<number> {
  const res = await send();
  statuses.push(res.status);
  const ok = (res.status >= 200 && res.status < 300) || (res.status >= 400 && res.status < 500 && hasErrorShape(res.json, route));
  if (!ok) broken.push(`${route.name} ${what} → ${res.status} ${res.text.slice(0, 160)}`);
  return res.status;
}

/** Values of every JSON type, including the nasty ones. */
const nastyValue = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }),
  fc.string({ unit: 'binary' }),
  fc.string({ unit: 'binary' }).map((s) => `${s}\u0000${s}`),
  fc.constantFrom('', ' ', '\u0000', '\uD800', 'a'.repeat(5_000), 'ü'.repeat(70_000), '__proto__', 'constructor', '{"a":1}', '[]'),
  fc.integer({ min: 1, max: 2_000 }).map((depth) => JSON.parse('['.repeat(depth) + ']'.repeat(depth)) as unknown),
);

const RUNS = 15;

describe('property-based bad input on every public route', () => {
  it('has a table row for each public route that takes listener input', () => {
    expect(postRoutes.length).toBeGreaterThanOrEqual(8);
    expect(getRoutes.length).toBeGreaterThanOrEqual(6);
  });

  it('valid bodies with fields replaced by the wrong types or removed', async () => {
    for (const route of postRoutes) {
      const base = route.build(fixtures);
      const keys = Object.keys(base.body ?? {});
      await fc.assert(
        fc.asyncProperty(fc.dictionary(fc.constantFrom(...keys, 'extra', '__proto__'), nastyValue, { maxKeys: 4 }), fc.subarray(keys), async (replace, remove) => {
          const body: Record<string, unknown> = { ...route.build(fixtures).body };
          for (const k of remove) delete body[k];
          Object.assign(body, replace);
          await check(route, `body ${JSON.stringify(body).slice(0, 100)}`, () => sendPublic(t.url, { ...base, body }));
        }),
        { numRuns: RUNS },
      );
    }
    expect(broken).toEqual([]);
  });

  it('any JSON document at all, raw bytes that are not UTF-8, and deep nesting', async () => {
    for (const route of postRoutes) {
      const base = route.build(fixtures);
      await fc.assert(
        fc.asyncProperty(fc.jsonValue({ maxDepth: 6 }), async (doc) => {
          await check(route, `document ${JSON.stringify(doc).slice(0, 100)}`, () => sendPublic(t.url, base, { rawBody: JSON.stringify(doc) }));
        }),
        { numRuns: RUNS },
      );
      await fc.assert(
        fc.asyncProperty(fc.uint8Array({ minLength: 1, maxLength: 300 }), async (bytes) => {
          await check(route, `bytes ${Buffer.from(bytes).toString('hex').slice(0, 60)}`, () => sendPublic(t.url, base, { rawBody: bytes }));
        }),
        { numRuns: 10 },
      );
      for (const [what, raw] of [
        ['100 000 nested arrays', '['.repeat(100_000) + ']'.repeat(100_000)],
        ['50 000 nested objects', '{"a":'.repeat(50_000) + '1' + '}'.repeat(50_000)],
        ['a body over the limit', JSON.stringify({ ...base.body, message: 'x'.repeat(300 * 1024) })],
        ['a 200 KB string in every field', JSON.stringify(Object.fromEntries(Object.keys(base.body ?? {}).map((k) => [k, 'y'.repeat(200 * 1024 / 8)])))],
        ['invalid UTF-8 inside a string', Buffer.concat([Buffer.from('{"title":"'), Buffer.from([0xc3, 0x28, 0xff, 0xfe]), Buffer.from('"}')])],
        ['a lone surrogate', JSON.stringify({ ...base.body, ...Object.fromEntries(Object.keys(base.body ?? {}).map((k) => [k, 'ok \uD83D end'])) })],
        ['NUL in every field', JSON.stringify(Object.fromEntries(Object.keys(base.body ?? {}).map((k) => [k, 'a\u0000b'])))],
        ['an empty body', ''],
        ['null', 'null'],
      ] as const) {
        const status = await check(route, what, () => sendPublic(t.url, base, { rawBody: raw }));
        // A lone surrogate cannot be stored as sent: refused rather than silently changed.
        if (what === 'a lone surrogate' && Object.keys(base.body ?? {}).length > 0) expect(status, route.name).toBe(400);
      }
    }
    expect(broken).toEqual([]);
  });

  it('wrong content types', async () => {
    for (const route of postRoutes) {
      const base = route.build(fixtures);
      for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml', 'application/json; charset=latin1', 'image/png', null]) {
        const status = await check(route, `Content-Type ${type}`, () => sendPublic(t.url, base, { rawBody: type === 'application/x-www-form-urlencoded' ? 'title=a&artist=b' : JSON.stringify(base.body), contentType: type }));
        if (type && !type.startsWith('application/json') && !route.name.includes('increment') && !route.name.includes('clicks')) expect([400, 404, 415], `${route.name} ${type}`).toContain(status);
      }
    }
    expect(broken).toEqual([]);
  });

  it('query parameters and path segments of any text', async () => {
    const text = fc.oneof(fc.string({ unit: 'binary', maxLength: 200 }), fc.constantFrom('\u0000', '%00', '../../etc/passwd', 'a'.repeat(10_000), '-1', '1e309', 'NaN', '[]', '{}'));
    for (const route of getRoutes) {
      for (const field of route.textFields) {
        await fc.assert(
          fc.asyncProperty(text, async (value) => {
            await check(route, `${field}=${JSON.stringify(value).slice(0, 80)}`, () => sendPublic(t.url, route.build(fixtures, { field, value })));
          }),
          { numRuns: 15 },
        );
      }
    }
    // Repeated parameters arrive as arrays.
    for (const route of getRoutes) {
      const req = route.build(fixtures);
      const extra = route.textFields.filter((f) => !f.startsWith(':')).map((f) => `${encodeURIComponent(f)}=a&${encodeURIComponent(f)}=b`).join('&');
      await check(route, 'repeated parameters', () => sendPublic(t.url, { ...req, path: `${req.path}${req.path.includes('?') ? '&' : '?'}${extra}` }));
    }
    expect(broken).toEqual([]);
    expect((await fetch(`${t.url}/api/health`)).status).toBe(200);
  });
});
