import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ScheduleApiQuerySchema, SongRequestApiBodySchema, SongRequestApiQuerySchema } from '../../shared/public-api';
import { isPublicDataApiPath } from '../../server/src/app';
import { registeredOperations } from '../../server/src/docs/openapi';
import { request, startTestServer, type TestServer } from '../support/server';
import { AUTHZ_MATRIX } from './authz-matrix';

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
    expect(params('/schedule-api', 'get')).toEqual(['week', 'start_date', 'end_date', 'today', 'presenter', 'status', 'limit']);
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
    new Set(t.server.built.routers.flatMap((r) => r.stack.flatMap((layer) => layer.methods.filter((m) => m !== 'HEAD').map((m) => `${m.toLowerCase()} ${String(layer.path).replace(/:(\w+)/g, '{$1}')}`))));

  it('documents only routes the server serves, at every address it names', () => {
    const routes = served();
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

  /**
   * Public routes that are not data APIs, each with its reason: infrastructure and auth (described in the
   * operator's manual), binary or HTML answers, and the OAuth hand-off. Everything else public must be documented.
   */
  const NOT_AN_API: Record<string, string> = {
    'get /api/health': 'health check for operators',
    'get /api/station': 'the site settings the web app boots with',
    'get /desktop/{file}': 'desktop studio update files',
    'get /.well-known/jwks.json': 'signing keys',
    'post /api/auth/token': 'staff sign-in',
    'post /api/auth/sign-out': 'staff sign-out',
    'post /api/auth/mfa/verify': 'staff sign-in, its second step',
    'post /api/auth/password-reset': 'staff password reset by e-mail',
    'post /api/auth/password-reset/confirm': 'staff password reset by e-mail',
    'get /api/privacy': 'the privacy page’s retention figures',
    'get /media/{bucket}/*path': 'images (binary)',
    'get /api/stream': 'the demo audio stream (MP3)',
    'get /embed/{widget}': 'embeddable widgets (HTML)',
    'get /api/openapi.json': 'this document',
    'post /api/content/slides/{id}/views': 'slider analytics beacon',
    'post /api/content/slides/{id}/clicks': 'slider analytics beacon',
    'post /api/content/sponsored/{id}/views': 'sponsored analytics beacon',
    'post /api/content/sponsored/{id}/clicks': 'sponsored analytics beacon',
    'get /api/spotify/search': 'the request form’s Spotify picker (the public song-request API documents the same search)',
    'get /api/discord/authorize': 'Discord OAuth redirect',
    'post /api/discord/callback': 'Discord OAuth callback',
  };

  it('documents every public route the server mounts (from the routers and the authorization matrix), or says why not', () => {
    const documented = new Set(registeredOperations().flatMap((op) => [op.path, ...(op.aliases ?? [])].map((p) => `${op.method} ${p}`)));
    const toKey = (row: string) => {
      const [method, path] = row.split(' ');
      return `${method!.toLowerCase()} ${path!.replace(/:(\w+)/g, '{$1}')}`;
    };
    const publicRoutes = Object.entries(AUTHZ_MATRIX).filter(([, access]) => access === 'public').map(([row]) => toKey(row));
    const mounted = served();
    const missing = publicRoutes.filter((r) => mounted.has(r) && !documented.has(r) && !(r in NOT_AN_API));
    expect(missing).toEqual([]);
    // The exceptions are real public routes, not stale names.
    for (const r of Object.keys(NOT_AN_API)) expect(publicRoutes, r).toContain(r);
  });

  it('describes the public realtime channels with the typed events', async () => {
    const doc = (await request(t.url, '/api/openapi.json')).body;
    expect(doc['x-realtime'].url).toBe('/api/realtime');
    expect(Object.keys(doc['x-realtime'].channels)).toEqual(['now-playing', 'counters', 'schedule', 'votes', 'content', 'session:{id}']);
    expect(Object.keys(doc['x-realtime'].channels['now-playing'].events)).toEqual(['now-playing.updated', 'presenter.live', 'station.incident', 'station.recovered']);
    expect(doc['x-realtime'].channels['now-playing'].events['presenter.live'].required).toEqual(['sessionId', 'presenterId', 'presenterName', 'showTitle', 'startedAt', 'source']);
    expect(doc['x-realtime'].channels['now-playing'].events['station.incident'].required).toEqual(['id', 'kind', 'started_at', 'ended_at', 'duration_seconds', 'show_id', 'show_title', 'presenter_id', 'presenter_name', 'escalated', 'has_sample']);
    expect(doc['x-realtime'].channels.counters.events['counters.updated'].properties.count).toEqual({ type: 'number' });
    expect(doc.paths['/api/radio/history'].get.parameters.map((p: { name: string }) => p.name)).toEqual(['limit']);
    expect(doc.paths['/api/radio/most-played'].get.parameters.map((p: { name: string }) => p.name)).toEqual(['limit', 'days']);
  });

  it('refuses, through the contract check every test request runs, an answer the document does not describe', async () => {
    // The check behind request(): a documented path answering an undocumented status fails the calling test.
    const { checkAgainstDocument } = await import('../support/contract');
    expect(() => checkAgainstDocument('GET', '/schedule-api', 418, {})).toThrow(/status 418 is not documented/);
    expect(() => checkAgainstDocument('GET', '/api/public/schedule', 200, { success: true, data: { shows: 'none' } })).toThrow(/does not match the documented schema/);
    expect(() => checkAgainstDocument('POST', '/song-request-api', 201, { success: true, data: { request_id: 'x' }, message: 'ok' })).toThrow(/does not match/);
    expect(() => checkAgainstDocument('GET', '/api/health', 200, {})).not.toThrow();
  });
});
