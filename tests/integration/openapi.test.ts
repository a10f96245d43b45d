import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ScheduleApiQuerySchema, SongRequestApiBodySchema, SongRequestApiQuerySchema } from '../../shared/public-api';
import { isPublicDataApiPath } from '../../server/src/app';
import { isPublicDataPath, registeredOperations } from '../../server/src/docs/openapi';
import { request, startTestServer, type TestServer } from '../support/server';
import { AUTHZ_MATRIX } from './authz-matrix';
import { createUser } from '../support/auth';
import { operationsOf, walkDocument, type OpenApiDocument } from '../support/openapi-walk';
import { buildShow, createPresenter } from '../support/schedule';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => t?.close());

const keys = (schema: z.ZodType) => Object.keys((z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as { properties: object }).properties);

/**
 * Public APIs documented here whose routes other domains serve and are not on
 * this branch yet. A tripwire: once a route is merged the test fails until its
 * path is removed here, so from then on the route must exist.
 */
const SERVED_ELSEWHERE = new Set<string>();

describe('the OpenAPI document', () => {
  it('is public, OpenAPI 3.1, open to other origins', async () => {
    const res = await request(t.url, '/api/openapi.json', { headers: { Origin: 'https://other.example' } });
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.body.tags.map((g: { name: string }) => g.name)).toEqual(expect.arrayContaining(['Schedule API', 'Song Requests', 'Now Playing', 'Presenters', 'History']));
  });

  it('documents exactly the parameters the routes parse with (spec 001 §7)', async () => {
    const doc = (await request(t.url, '/api/openapi.json')).body;
    const params = (path: string, method: string) => doc.paths[path][method].parameters.map((p: { name: string }) => p.name);
    expect(params('/schedule-api', 'get')).toEqual(keys(ScheduleApiQuerySchema));
    // Spec 001 §7's parameters, plus issue 30's presenter_id (a presenter's own calendar feed, by DJ id) and issue 35's
    // broadcast_language filter and lang (the titles' language).
    expect(params('/schedule-api', 'get')).toEqual(['week', 'start_date', 'end_date', 'today', 'presenter', 'presenter_id', 'status', 'broadcast_language', 'lang', 'limit']);
    expect(params('/song-request-api', 'get')).toEqual([...new Set(SongRequestApiQuerySchema.options.flatMap((o) => keys(o)))]);
    expect(params('/song-request-api', 'get')).toEqual(['action', 'query', 'limit', 'artist', 'title']);
    const body = doc.paths['/song-request-api'].post.requestBody.content['application/json'].schema;
    expect(Object.keys(body.properties)).toEqual(keys(SongRequestApiBodySchema));
    expect(body.required).toEqual(['artist', 'title', 'requester']);
    expect(body.properties.request_type).toMatchObject({ enum: ['song', 'custom'], default: 'song' });
    const limit = doc.paths['/schedule-api'].get.parameters.find((p: { name: string }) => p.name === 'limit');
    expect(limit.schema.default).toBe(50);
    const status = doc.paths['/schedule-api'].get.parameters.find((p: { name: string }) => p.name === 'status');
    expect(status.schema.default).toBe('scheduled');
    const ok = doc.paths['/song-request-api'].post.responses['201'].content['application/json'].schema;
    expect(Object.keys(ok.properties.data.properties)).toEqual(['request_id', 'status', 'submitted_at']);
  });

  const served = () =>
    new Set(t.server.built.routers.flatMap((r) => r.stack.flatMap((layer) => layer.methods.filter((m) => m !== 'HEAD').map((m) => `${m.toLowerCase()} ${String(layer.path).replace(/[:*](\w+)/g, '{$1}')}`))));

  it('documents only routes the server serves, at every address it names', () => {
    const routes = new Set([...served(), 'get /metrics']);
    expect(registeredOperations().length).toBeGreaterThan(0);
    for (const op of registeredOperations()) {
      for (const path of [op.path, ...(op.aliases ?? [])]) {
        expect(routes.has(`${op.method} ${path}`), `${op.method} ${path}`).toBe(!SERVED_ELSEWHERE.has(op.path));
      }
    }
  });

  it('documents every public data API route the server mounts (the calendar feed is text, not part of the JSON APIs)', () => {
    const documented = new Set(registeredOperations().flatMap((op) => [op.path, ...(op.aliases ?? [])].map((p) => `${op.method} ${p}`)));
    const publicRoutes = [...served()].filter((r) => isPublicDataApiPath(r.split(' ')[1]!) && !r.endsWith('.ics'));
    expect(publicRoutes.length).toBeGreaterThan(3);
    for (const route of publicRoutes) expect(documented.has(route), route).toBe(true);
  });

  it('documents every route the server mounts, and no route it does not (one operation per method and address)', () => {
    const documented = new Set(registeredOperations().flatMap((op) => [op.path, ...(op.aliases ?? [])].map((p) => `${op.method} ${p}`)));
    // The routers' routes, and the operators' scrape endpoint app.ts mounts beside them.
    const mounted = new Set([...served(), 'get /metrics']);
    expect([...mounted].filter((r) => !documented.has(r)).sort()).toEqual([]);
    expect([...documented].filter((r) => !mounted.has(r)).sort()).toEqual([]);
  });

  it('declares every path parameter, the bearer scheme on every route that needs sign-in and none on public ones, and the one error shape', async () => {
    const doc = (await request(t.url, '/api/openapi.json')).body;
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
    expect(doc.components.schemas.Error.required).toEqual(['error']);
    expect(doc.components.schemas.Error.properties).not.toHaveProperty('success');
    const toDoc = (row: string) => {
      const [method, path] = row.split(' ');
      const docPath = path!.replace(/[:*](\w+)/g, '{$1}');
      // An alias (/api/public/…) is documented on its operation, which names it.
      const main = registeredOperations().find((o) => o.method === method!.toLowerCase() && o.aliases?.includes(docPath));
      return [method!.toLowerCase(), main?.path ?? docPath] as const;
    };
    for (const [row, access] of Object.entries(AUTHZ_MATRIX)) {
      const [method, path] = toDoc(row);
      const op = doc.paths[path]?.[method];
      expect(op, row).toBeDefined();
      const schemes = (op.security ?? []).flatMap((s: object) => Object.keys(s));
      if (access === 'public') expect(schemes, row).toEqual([]);
      else if (access === 'credential') expect(schemes, row).toEqual(['refreshCookie']);
      else {
        expect(schemes, row).toEqual(['bearerAuth']);
        expect(op.responses['401'], row).toBeDefined();
      }
      // Every {placeholder} is a declared, required path parameter; nothing else is.
      const placeholders = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
      const declared = (op.parameters ?? []).filter((p: { in: string }) => p.in === 'path');
      expect(declared.map((p: { name: string }) => p.name), row).toEqual(placeholders);
      for (const p of declared) expect(p.required, `${row} ${p.name}`).toBe(true);
      // Error answers: the public data APIs add success/message; every other route answers { error } alone.
      for (const [status, r] of Object.entries(op.responses as Record<string, { content?: Record<string, { schema: { $ref?: string } }> }>)) {
        const ref = r.content?.['application/json']?.schema.$ref;
        // A 4xx is always the error shape; a 5xx too, unless it is a document of its own (the health check's 503).
        if (status === 'default' || Number(status) < 400 || (!ref && Number(status) >= 500)) continue;
        // AzuraCast's compatible answer keeps AzuraCast's error fields, and carries the error object too.
        if (path.startsWith('/api/nowplaying/')) {
          expect((r.content?.['application/json']?.schema as { required?: string[] }).required, `${row} ${status}`).toContain('error');
          continue;
        }
        expect(ref, `${row} ${status}`).toBe(isPublicDataPath(path) ? '#/components/schemas/PublicApiError' : '#/components/schemas/Error');
      }
    }
    // The page-view counter's answer is the 202 it gives.
    expect(Object.keys(doc.paths['/api/content/pages/{slug}/views'].post.responses)).toContain('202');
    expect(doc.paths['/api/content/pages/{slug}/views'].post.responses).not.toHaveProperty('204');
  });

  it('describes the public realtime channels with the typed events', async () => {
    const doc = (await request(t.url, '/api/openapi.json')).body;
    expect(doc['x-realtime'].url).toBe('/api/realtime');
    expect(Object.keys(doc['x-realtime'].channels)).toEqual(['now-playing', 'counters', 'schedule', 'votes', 'content', 'session:{id}']);
    expect(Object.keys(doc['x-realtime'].channels['now-playing'].events)).toEqual(['now-playing.updated', 'presenter.live', 'station.incident', 'station.recovered']);
    expect(doc['x-realtime'].channels['now-playing'].events['presenter.live'].required).toEqual(['sessionId', 'presenterId', 'presenterName', 'showTitle', 'startedAt', 'source']);
    expect(doc['x-realtime'].channels['now-playing'].events['station.incident'].required).toEqual(['id', 'kind', 'started_at', 'ended_at', 'duration_seconds', 'show_id', 'show_title', 'presenter_id', 'presenter_name', 'escalated', 'has_sample']);
    expect(doc['x-realtime'].channels.counters.events['counters.updated'].properties.count).toEqual({ type: 'number' });
    expect(doc.paths['/api/radio/history'].get.parameters.map((p: { name: string }) => p.name)).toEqual(['limit', 'np']);
    expect(doc.paths['/api/radio/most-played'].get.parameters.map((p: { name: string }) => p.name)).toEqual(['limit', 'days']);
  });

  it('refuses, through the contract check every test request runs, an answer the document does not describe', async () => {
    // The check behind request(): a documented path answering an undocumented status fails the calling test.
    const { checkAgainstDocument } = await import('../support/contract');
    expect(() => checkAgainstDocument('GET', '/schedule-api', 418, {})).toThrow(/status 418 is not documented/);
    expect(() => checkAgainstDocument('GET', '/api/public/schedule', 200, { success: true, data: { shows: 'none' } })).toThrow(/does not match the documented schema/);
    expect(() => checkAgainstDocument('POST', '/song-request-api', 201, { success: true, data: { request_id: 'x' }, message: 'ok' })).toThrow(/does not match/);
    expect(() => checkAgainstDocument('GET', '/api/health', 200, {})).not.toThrow();
    // Error answers are checked too: the public data APIs' errors carry success and message beside the error.
    expect(() => checkAgainstDocument('GET', '/schedule-api', 400, { error: { code: 'validation_failed', message: 'x' } })).toThrow(/does not match/);
  });
});

describe('the real answers of every documented operation (a contract walk, as Schemathesis would)', () => {
  it('matches the document for every operation: anonymous, the lowest staff role and the owner, with plain and bad input', async () => {
    const doc = (await request(t.url, '/api/openapi.json')).body as OpenApiDocument;
    const owner = await createUser(t, { role: 'owner' });
    const guest = await createUser(t, { role: 'guest' });
    const spare = await createUser(t, { role: 'presenter' });
    const presenter = await createPresenter(t, 'presenter');
    // Real items, so that reads and edits of one find it (deletes run last).
    const write = async (method: string, path: string, body: unknown) => {
      const res = await request(t.url, path, { method, token: owner.token, body });
      if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body;
    };
    const page = await write('POST', '/api/pages', { title: 'Walk', slug: 'walk', content: '<p>Walk</p>', is_published: true });
    const slide = await write('POST', '/api/slider/slides', { title: 'Walk', description: 'Walk', image_url: null, link_url: null });
    const sponsored = await write('POST', '/api/sponsored', { title: 'Walk', description: 'Walk', image_url: '/demo/x.svg', learn_more_url: 'https://example.org' });
    const show = await buildShow(t, { event_date: '2027-02-01', start_time: '10:00', end_time: '11:00', created_by: owner.id, presenter_id: presenter.presenterId });
    const ids: [RegExp, string][] = [
      [/^\/api\/pages\//, page.id],
      [/^\/api\/slider\/slides\//, slide.id],
      [/^\/api\/sponsored\//, sponsored.id],
      [/^\/api\/schedule\/(overview\/)?events\//, show],
      [/^\/api\/users\//, spare.id],
      [/^\/api\/(presenters|djs|radio\/dj-stats)\//, presenter.presenterId],
    ];
    const named: Record<string, string> = { slug: 'walk', station: 'no-such-station', bucket: 'avatars', path: 'nobody/none.png', file: 'latest.yml', widget: 'now-playing' };
    const calls = await walkDocument(doc, {
      base: t.url,
      callers: { anonymous: null, guest: guest.token, owner: owner.token },
      param: (path, name) => named[name] ?? ids.find(([re]) => re.test(path))?.[1] ?? '00000000-0000-4000-8000-000000000000',
      freshToken: async () => (await createUser(t, { role: 'presenter' })).token,
    });
    const operations = operationsOf(doc);
    expect(operations.length).toBeGreaterThan(150);
    // Every operation was called, and answered as documented.
    expect(new Set(calls.map((c) => c.label.split(' (')[0])).size).toBe(operations.length);
    expect(calls.filter((c) => c.problems.length > 0).map((c) => `${c.label} → ${c.status}: ${c.problems.join('; ')}`)).toEqual([]);
    // Signed out, every route that needs sign-in said 401; the owner was let in everywhere.
    const secured = operations.filter(({ op }) => (op.security ?? []).some((s) => 'bearerAuth' in s));
    for (const { method, path } of secured) {
      const label = `${method.toUpperCase()} ${path}`;
      expect(calls.filter((c) => c.label.startsWith(`${label} (anonymous,`)).map((c) => c.status), label).toSatisfy((xs: number[]) => xs.length > 0 && xs.every((s) => s === 401 || s === 415 || s === 400));
      expect(calls.filter((c) => c.label.startsWith(`${label} (owner,`)).every((c) => c.status !== 401), label).toBe(true);
    }
  }, 120_000);
});
