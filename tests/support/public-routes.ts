import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';

/**
 * The public routes that take listener input, as a table the bad-input suites
 * drive (tests/stress/bad-input.test.ts with the naughty-strings corpora,
 * tests/integration/bad-input-properties.test.ts with fast-check). A new
 * public route is one row: its method and path, a valid request, the fields
 * that hold text, and (for writes) where the accepted text is stored.
 */
export interface RouteFixtures {
  trackId: string;
  pageSlug: string;
  slideId: string;
}

/** A concrete request: the path (with query) and, for POST, a JSON body. */
export interface PublicRequest {
  method: 'GET' | 'POST';
  path: string;
  body?: Record<string, unknown>;
  headers?: Record<string, string>;
}

/** Where a write's accepted text can be read back: the table, the row id in the reply, and field → column. */
export interface ReadBack {
  table: string;
  id: (reply: unknown) => string | undefined;
  columns: Record<string, string>;
}

export interface PublicRoute {
  name: string;
  /** A valid request; `text` replaces one text field (body field, query parameter or path segment). */
  build(f: RouteFixtures, text?: { field: string; value: string }, more?: Record<string, string>): PublicRequest;
  /** The fields that carry text. */
  textFields: string[];
  /** Free-text body fields the corpus suite fills all at once (each with a different string), to keep the number of writes down. */
  together?: string[];
  /** Whether the body is validated as a whole (every field's problem listed in details.fields), so format fields can be filled at once too. */
  body?: boolean;
  readBack?: ReadBack;
  /** The AzuraCast-compatible routes answer errors in AzuraCast's shape ({ code, type, message }) on purpose. */
  azuracastErrors?: boolean;
}

const session = () => `stress-${randomUUID()}`;
const q = (params: Record<string, string>) => new URLSearchParams(params).toString();

/** Body routes: a valid body with one field replaced. */
function bodyRoute(name: string, path: (f: RouteFixtures) => string, base: () => Record<string, unknown>, textFields: string[], readBack?: ReadBack): PublicRoute {
  return {
    name,
    textFields,
    readBack,
    ...(readBack ? { together: Object.keys(readBack.columns) } : {}),
    body: true,
    build: (f, text, more) => ({ method: 'POST', path: path(f), body: { ...base(), ...(text ? { [text.field]: text.value } : {}), ...more } }),
  };
}

/** Query routes: a valid query with one parameter replaced (or a path segment, field `:param`). */
function queryRoute(name: string, path: (f: RouteFixtures, segment?: string) => string, base: Record<string, string>, textFields: string[]): PublicRoute {
  return {
    name,
    textFields,
    build: (f, text) => {
      const segment = text?.field.startsWith(':') ? encodeURIComponent(text.value) : undefined;
      const params = { ...base, ...(text && !text.field.startsWith(':') ? { [text.field]: text.value } : {}) };
      const qs = q(params);
      return { method: 'GET', path: `${path(f, segment)}${qs ? `?${qs}` : ''}` };
    },
  };
}

const songReadBack = (id: (reply: unknown) => string | undefined): ReadBack => ({ table: 'song_requests', id, columns: { title: 'title', artist: 'artist', requester: 'requester', message: 'message' } });

export const PUBLIC_ROUTES: PublicRoute[] = [
  // Public song-request API and the website's request forms.
  bodyRoute('POST /song-request-api', () => '/song-request-api', () => ({ artist: 'Stress Artist', title: `Stress ${randomUUID()}`, requester: 'Stress Tester', message: 'hello' }), ['artist', 'title', 'requester', 'message', 'request_type'], songReadBack((r) => (r as { data?: { request_id?: string } }).data?.request_id)),
  bodyRoute('POST /api/requests/song', () => '/api/requests/song', () => ({ title: `Stress ${randomUUID()}`, artist: 'Stress Artist', requester: 'Stress Tester', message: 'hi', request_type: 'custom', user_session: session() }), ['title', 'artist', 'requester', 'message', 'user_session', 'spotify_url', 'track_id'], songReadBack((r) => (r as { request?: { id?: string } }).request?.id)),
  bodyRoute('POST /api/requests/shoutout', () => '/api/requests/shoutout', () => ({ requester_name: 'Stress Tester', recipient_name: 'Everyone', message: `Shoutout ${randomUUID()}`, user_session: session() }), ['requester_name', 'recipient_name', 'message', 'user_session'], {
    table: 'shoutout_requests',
    id: (r) => (r as { request?: { id?: string } }).request?.id,
    columns: { requester_name: 'requester_name', recipient_name: 'recipient_name', message: 'message' },
  }),
  { ...bodyRoute('POST /api/requests/general', () => '/api/requests/general', () => ({ name: 'Stress Tester', email: 'stress@example.com', subject: 'feedback', message: `Hello ${randomUUID()}`, user_session: session() }), ['name', 'email', 'subject', 'message', 'user_session'], {
    table: 'general_requests',
    id: (r) => (r as { request?: { id?: string } }).request?.id,
    columns: { name: 'name', email: 'email', message: 'message' },
  }), together: ['name', 'message'] },
  // Votes, counters, page views.
  bodyRoute('POST /api/tracks/:id/votes', (f) => `/api/tracks/${f.trackId}/votes`, () => ({ user_session: session(), vote_type: 'up' }), ['user_session', 'vote_type']),
  {
    name: 'POST /api/tracks/:id/votes (id)',
    textFields: [':id'],
    build: (f, text) => ({ method: 'POST', path: `/api/tracks/${text ? encodeURIComponent(text.value) : f.trackId}/votes`, body: { user_session: session(), vote_type: 'down' } }),
  },
  bodyRoute('POST /api/counters/bubble_clicks/increment', () => '/api/counters/bubble_clicks/increment', () => ({}), ['anything']),
  {
    name: 'POST /api/content/pages/:slug/views',
    textFields: [':slug', 'session_id'],
    build: (f, text) => ({
      method: 'POST',
      path: `/api/content/pages/${text?.field === ':slug' ? encodeURIComponent(text.value) : f.pageSlug}/views`,
      body: { session_id: text?.field === 'session_id' ? text.value : session() },
    }),
  },
  {
    name: 'POST /api/content/slides/:id/clicks',
    textFields: [':id'],
    build: (f, text) => ({ method: 'POST', path: `/api/content/slides/${text ? encodeURIComponent(text.value) : f.slideId}/clicks`, body: {} }),
  },
  // Sign-in.
  { ...bodyRoute('POST /api/auth/token', () => '/api/auth/token', () => ({ email: 'nobody@stress.test', password: 'wrong password', client: 'desktop' }), ['email', 'password', 'client']), together: ['email', 'password'] },
  // Public reads with parameters.
  queryRoute('GET /schedule-api', () => '/schedule-api', {}, ['week', 'start_date', 'end_date', 'today', 'presenter', 'status', 'limit']),
  queryRoute('GET /api/public/schedule.ics', () => '/api/public/schedule.ics', {}, ['week', 'presenter']),
  queryRoute('GET /api/schedule/week', () => '/api/schedule/week', {}, ['start', 'week']),
  queryRoute('GET /song-request-api', () => '/song-request-api', { action: 'search', query: 'love' }, ['action', 'query', 'limit']),
  queryRoute('GET /api/tracks/search', () => '/api/tracks/search', { q: 'love' }, ['q', 'limit']),
  queryRoute('GET /api/tracks/votes', (f) => '/api/tracks/votes', { ids: '00000000-0000-4000-8000-000000000000' }, ['ids', 'user_session']),
  queryRoute('GET /api/content/pages/:slug', (f, seg) => `/api/content/pages/${seg ?? f.pageSlug}`, {}, [':slug']),
  queryRoute('GET /api/radio/dj-stats', () => '/api/radio/dj-stats', { azuracast_id: '1' }, ['azuracast_id']),
  { ...queryRoute('GET /api/nowplaying/:station', (_f, seg) => `/api/nowplaying/${seg ?? '1'}`, {}, [':station']), azuracastErrors: true },
];

/** Fixtures from a seeded database: a track, a published page and a slide id. */
export async function routeFixtures(knex: Knex): Promise<RouteFixtures> {
  const track = await knex('tracks').first<{ id: string }>('id');
  const page = await knex('custom_pages').where({ is_published: true }).first<{ slug: string } | undefined>('slug').catch(() => undefined);
  return { trackId: track.id, pageSlug: page?.slug ?? 'about', slideId: '00000000-0000-4000-8000-000000000000' };
}

/** Sends one request with its own listener address (X-Forwarded-For; the server runs with TRUST_PROXY=true). */
export async function sendPublic(base: string, req: PublicRequest, init: { rawBody?: string | Uint8Array; contentType?: string | null } = {}): Promise<{ status: number; headers: Headers; text: string; json: unknown }> {
  const headers: Record<string, string> = { 'X-Forwarded-For': `10.${rnd()}.${rnd()}.${rnd()}`, ...req.headers };
  const body = init.rawBody ?? (req.body !== undefined ? JSON.stringify(req.body) : undefined);
  if (body !== undefined && init.contentType !== null) headers['Content-Type'] = init.contentType ?? 'application/json';
  const res = await fetch(base + req.path, { method: req.method, headers, body: (body ?? null) as BodyInit | null, signal: AbortSignal.timeout(20_000) });
  const text = await res.text();
  let json: unknown = undefined;
  try {
    json = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: res.status, headers: res.headers, text, json };
}
const rnd = () => Math.floor(Math.random() * 256);

/** True when a 4xx carries the one error shape: { error: { code, message } } (or AzuraCast's, on the routes that copy its API). */
export function hasErrorShape(json: unknown, route?: PublicRoute): boolean {
  if (route?.azuracastErrors) {
    const a = json as { code?: unknown; type?: unknown; message?: unknown } | undefined;
    return !!a && typeof a.code === 'number' && typeof a.type === 'string' && typeof a.message === 'string';
  }
  const e = (json as { error?: { code?: unknown; message?: unknown } } | undefined)?.error;
  return !!e && typeof e.code === 'string' && typeof e.message === 'string' && e.message.length > 0;
}

/** Environment for a server that lets a bad-input run through its limits (every request also has its own address). */
export const GENEROUS_LIMITS: Record<string, string> = {
  TRUST_PROXY: 'true',
  REQUEST_LIMIT_SESSION: '10000',
  REQUEST_LIMIT_IP: '100000',
  REQUEST_REPEAT_MINUTES: '0',
  SEARCH_LIMIT_PER_MINUTE: '100000',
  SIGNIN_IP_LIMIT: '100000',
  SIGNIN_EMAIL_LIMIT: '100000',
};
