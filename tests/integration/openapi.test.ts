import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ScheduleApiQuerySchema, SongRequestApiBodySchema, SongRequestApiQuerySchema } from '../../shared/public-api';
import { registeredOperations } from '../../server/src/docs/openapi';
import { request, startTestServer, type TestServer } from '../support/server';

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
    expect(res.body.tags.map((g: { name: string }) => g.name)).toEqual(['Schedule API', 'Song Requests']);
  });

  it('documents exactly the parameters the routes parse with (spec 001 §7)', async () => {
    const doc = (await request(t.url, '/api/openapi.json')).body;
    const params = (path: string, method: string) => doc.paths[path][method].parameters.map((p: { name: string }) => p.name);
    expect(params('/schedule-api', 'get')).toEqual(keys(ScheduleApiQuerySchema));
    expect(params('/schedule-api', 'get')).toEqual(['week', 'start_date', 'end_date', 'today', 'presenter', 'status', 'limit']);
    expect(params('/song-request-api', 'get')).toEqual(keys(SongRequestApiQuerySchema));
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

  it('documents only routes the server serves', () => {
    const served = new Set(t.server.built.routers.flatMap((r) => r.stack.flatMap((layer) => layer.methods.map((m) => `${m.toLowerCase()} ${String(layer.path).replace(/:(\w+)/g, '{$1}')}`))));
    expect(registeredOperations().length).toBeGreaterThan(0);
    for (const op of registeredOperations()) {
      expect(served.has(`${op.method} ${op.path}`), `${op.method} ${op.path}`).toBe(!SERVED_ELSEWHERE.has(op.path));
    }
  });
});
