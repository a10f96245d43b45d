import { z } from 'zod';
import { ERROR_STATUS, type ErrorCode } from '../../../shared/errors';
import {
  PublicApiErrorSchema,
  ScheduleApiQuerySchema,
  ScheduleApiResponseSchema,
  SongRequestApiBodySchema,
  SongRequestApiGetResponseSchema,
  SongRequestApiQuerySchema,
  SongRequestApiResponseSchema,
} from '../../../shared/public-api';

type JsonSchema = Record<string, unknown>;

/** HTTP methods an operation may use. */
export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** One response of an operation: its description and (optionally) its body schema and media type. */
export interface OperationResponse {
  description: string;
  schema?: z.ZodType;
  /** An error answer: its body is the error shape of the operation's path ({@link errorSchemaFor}). */
  error?: boolean;
  /** The media type of the body when it is not JSON (text/calendar, text/csv, text/html, audio/mpeg, image/*…). */
  content?: string;
  /** A body of JSON whose schema is not written as zod: its JSON type (the staff screens' answers). */
  json?: 'object' | 'array';
}

/**
 * Who may call an operation. `public`: anyone. `signed-in`: any account (bearer access token), else 401.
 * `roles`: some roles (bearer token), else 401 or 403. `enrolling`: signed in, or a sign-in that must set up
 * two-factor first (its `mfa_token` in the body). `refresh`: its own credential, a refresh token in the
 * body or the sign-in cookie. `metrics`: the operator's METRICS_TOKEN as a bearer token.
 */
export type OperationAuth = 'public' | 'signed-in' | 'roles' | 'refresh' | 'metrics' | 'enrolling';

/**
 * The one error shape of every answer (shared/errors.ts, DESIGN.md): `{ error: { code, message, details? } }`.
 * The public data APIs (schedule and song requests) add `success: false` and `message` beside it.
 */
export const ErrorBodySchema = z.object({
  error: z.object({
    code: z.enum(Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]]),
    message: z.string().meta({ description: 'The message in the requester’s language: ?lang=, the airdeck_lang cookie, Accept-Language, else English.' }),
    key: z.string().optional().meta({ description: 'The message’s stable catalogue key (error.<name>), the same in every language; details.fields[] carry theirs too.' }),
    values: z.record(z.string(), z.unknown()).optional().meta({ description: 'The values of the key’s placeholders.' }),
    details: z.record(z.string(), z.unknown()).optional(),
  }),
});

/**
 * Paths whose errors carry `success: false` and `message` too: the schedule and song-request APIs (app.ts),
 * and the calendar feed, whose refusals the schedule API writes (public/schedule-api.ts).
 */
export function isPublicDataPath(p: string): boolean {
  return p === '/schedule-api' || p === '/song-request-api' || p.startsWith('/api/public/') || p === '/api/schedule.ics';
}

/** The error body schema of an operation's answers. */
export function errorSchemaFor(op: Pick<OperationSpec, 'path'>): z.ZodType {
  return isPublicDataPath(op.path) ? PublicApiErrorSchema : ErrorBodySchema;
}

/** A public operation as a domain registers it: the same zod schemas its route parses with. */
export interface OperationSpec {
  method: HttpMethod;
  /** OpenAPI path, with `{param}` placeholders. */
  path: string;
  /** Other paths the same route is mounted at (e.g. under /api/public/); listed in the description. */
  aliases?: string[];
  summary: string;
  description?: string;
  /** The tab of /api-docs it belongs to. */
  tag: string;
  /** Who may call it (default public); anything but public declares the bearer scheme it needs. */
  auth?: OperationAuth;
  /** The path's `{placeholders}`: what each is (every placeholder is declared, a string unless said). */
  pathParams?: Record<string, string>;
  /** An object schema (or a union of them); each property becomes a query parameter. */
  query?: z.ZodType;
  /** Query parameters read without a schema of their own (each with its JSON schema). */
  queryParams?: { name: string; required?: boolean; description: string; schema: JsonSchema }[];
  /** Request headers the operation reads. */
  headers?: { name: string; description: string; pattern: string }[];
  body?: z.ZodType;
  /** A body that is not JSON (an image upload): its media type. */
  rawBody?: { content: string; description: string };
  responses: Record<number, OperationResponse>;
  /**
   * Whether every test answer is checked against this entry (tests/support/contract.ts). The two public
   * data APIs are (their bodies have schemas); the listener routes' bodies are described in prose.
   */
  strict?: boolean;
  /** Example values for the docs page's code samples. */
  example?: { query?: Record<string, string>; body?: Record<string, unknown> };
}

const registry = new Map<string, OperationSpec>();

/**
 * Adds (or replaces) a public operation in the OpenAPI document. Domains call
 * it with the schemas their routes parse with, so documentation and code
 * share one source.
 */
export function registerOperation(op: OperationSpec): void {
  registry.set(`${op.method} ${op.path}`, op);
}

/** Every registered operation (for tests and the document). */
export function registeredOperations(): OperationSpec[] {
  return [...registry.values()];
}


function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
  void _drop;
  return rest;
}

/**
 * The query parameters of an object schema; for a union of objects (one per
 * `action`, say) the union of their properties, required only when every
 * option requires it, constant values gathered into an enum.
 */
function queryParameters(schema: z.ZodType): JsonSchema[] {
  const s = jsonSchema(schema, 'input');
  const options = ((s.oneOf ?? s.anyOf) as JsonSchema[] | undefined) ?? [s];
  const props = new Map<string, JsonSchema>();
  const requiredCount = new Map<string, number>();
  for (const option of options) {
    for (const [name, prop] of Object.entries((option.properties ?? {}) as Record<string, JsonSchema>)) {
      const seen = props.get(name);
      if (seen && 'const' in prop) {
        const values = (seen.enum as unknown[] | undefined) ?? ('const' in seen ? [seen.const] : []);
        const { const: _c, ...rest } = seen;
        void _c;
        props.set(name, { ...rest, enum: [...values, prop.const] });
      } else if (!seen) props.set(name, prop);
    }
    for (const name of (option.required as string[] | undefined) ?? []) requiredCount.set(name, (requiredCount.get(name) ?? 0) + 1);
  }
  return [...props.entries()].map(([name, prop]) => {
    const { description, ...rest } = prop;
    return { name, in: 'query', required: requiredCount.get(name) === options.length, ...(description ? { description } : {}), schema: rest };
  });
}

/** The document's static parts. */
export interface OpenApiInfo {
  title: string;
  version: string;
  serverUrl?: string | undefined;
}

/** The `{name}` placeholders of an OpenAPI path, in order. */
export function pathPlaceholders(path: string): string[] {
  return [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
}

const BEARER = { bearerAuth: [] };
const AUTH_SECURITY: Record<OperationAuth, JsonSchema[] | undefined> = {
  public: undefined,
  'signed-in': [BEARER],
  roles: [BEARER],
  // The refresh token comes in the body (refresh_token, the desktop studio) or as the website's cookie.
  refresh: [{ refreshCookie: [] }, {}],
  enrolling: [BEARER, {}],
  metrics: [{ metricsToken: [] }],
};

/**
 * Every answer an operation may give: the ones it lists, plus those every route of its kind gives: a JSON body's
 * 400 (not JSON, not valid), 413 and 415; sign-in's 401 and a role's 403; signed-in writes' 429 (per-account
 * budget, `Retry-After`). Unexpected failures (500) and a database briefly away (503) are the `default` answer.
 */
export function operationResponses(op: OperationSpec): Record<string, OperationResponse> {
  const out: Record<string, OperationResponse> = {};
  const add = (status: number, r: OperationResponse) => {
    if (!out[status]) out[status] = r;
  };
  for (const [status, r] of Object.entries(op.responses)) out[status] = r;
  const auth = op.auth ?? 'public';
  if (op.body) {
    add(400, { description: 'The body is not valid JSON, or a field is missing or invalid (the message names it; details.fields lists every field).', error: true });
    add(413, { description: 'The body is larger than 256 KB.', error: true });
    add(415, { description: 'The body is not JSON (Content-Type: application/json).', error: true });
  }
  if (auth === 'signed-in' || auth === 'roles' || auth === 'enrolling') add(401, { description: 'Sign-in required: no access token, or an expired or revoked one.', error: true });
  if (auth === 'roles') add(403, { description: 'This account’s role may not do this (the message says why).', error: true });
  if ((auth === 'signed-in' || auth === 'roles' || auth === 'enrolling') && op.method !== 'get') add(429, { description: 'Too many writes from this account: wait for Retry-After seconds.', error: true });
  return out;
}

function responseObject(op: OperationSpec, r: OperationResponse): JsonSchema {
  if (r.error) return { description: r.description, content: { 'application/json': { schema: { $ref: isPublicDataPath(op.path) ? '#/components/schemas/PublicApiError' : '#/components/schemas/Error' } } } };
  if (r.schema) return { description: r.description, content: { [r.content ?? 'application/json']: { schema: jsonSchema(r.schema, 'output') } } };
  if (r.json) return { description: r.description, content: { 'application/json': { schema: { type: r.json } } } };
  if (r.content) return { description: r.description, content: { [r.content]: { schema: { type: 'string', ...(/^(audio|image)\/|octet-stream/.test(r.content) ? { contentMediaType: r.content } : {}) } } } };
  return { description: r.description };
}

/** Builds the OpenAPI 3.1 document from the registry. */
export function buildOpenApiDocument(info: OpenApiInfo, extensions: JsonSchema = {}): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  const tags = new Set<string>();
  for (const op of registry.values()) {
    tags.add(op.tag);
    const security = AUTH_SECURITY[op.auth ?? 'public'];
    const pathParameters = pathPlaceholders(op.path).map((name) => ({
      name,
      in: 'path',
      required: true,
      ...(op.pathParams?.[name] ? { description: op.pathParams[name] } : {}),
      schema: { type: 'string' },
    }));
    const parameters = [
      ...pathParameters,
      ...(op.query ? queryParameters(op.query) : []),
      ...(op.queryParams ?? []).map((q) => ({ name: q.name, in: 'query', required: q.required ?? false, description: q.description, schema: q.schema })),
      ...(op.headers ?? []).map((h) => ({ name: h.name, in: 'header', required: false, description: h.description, schema: { type: 'string', pattern: h.pattern } })),
    ];
    const operation: JsonSchema = {
      operationId: `${op.method}${op.path.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
      summary: op.summary,
      tags: [op.tag],
      ...(op.description || op.aliases?.length ? { description: [op.description, op.aliases?.length ? `Also served at ${op.aliases.join(', ')}.` : ''].filter(Boolean).join(' ') } : {}),
      ...(security ? { security } : {}),
      ...(parameters.length ? { parameters } : {}),
      ...(op.body ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(op.body, 'input'), ...(op.example?.body ? { example: op.example.body } : {}) } } } } : {}),
      ...(op.rawBody ? { requestBody: { required: true, description: op.rawBody.description, content: { [op.rawBody.content]: { schema: { type: 'string', contentMediaType: op.rawBody.content } } } } } : {}),
      responses: {
        ...Object.fromEntries(Object.entries(operationResponses(op)).map(([status, r]) => [status, responseObject(op, r)])),
        default: {
          description: 'An unexpected failure (500), or the station briefly unavailable (503, Retry-After).',
          content: { 'application/json': { schema: isPublicDataPath(op.path) ? { anyOf: [{ $ref: '#/components/schemas/PublicApiError' }, { $ref: '#/components/schemas/Error' }] } : { $ref: '#/components/schemas/Error' } } },
        },
      },
      ...(op.example?.query ? { 'x-example-query': op.example.query } : {}),
    };
    (paths[op.path] ??= {})[op.method] = operation;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: info.title,
      version: info.version,
      description:
        'The station’s HTTP API. Public operations (the show schedule, song requests, and the routes the listener website reads: now playing, schedule, presenters, history, votes, pages, listener requests) need no authentication. Staff operations need an access token from POST /api/auth/token, sent as `Authorization: Bearer <token>` (the bearerAuth scheme); each says which accounts may call it. Answers are JSON unless said; every error answer is `{ error: { code, message, details? } }` (the schedule and song-request APIs add `success: false` and `message`). Cross-origin requests are allowed to the schedule and song-request APIs. The realtime channels are described under x-realtime.',
    },
    servers: [{ url: info.serverUrl ?? '/' }],
    tags: [...tags].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'The access token of POST /api/auth/token (15 minutes; renewed with POST /api/auth/refresh).' },
        refreshCookie: { type: 'apiKey', in: 'cookie', name: '__Host-airdeck_refresh', description: 'The website’s refresh token, an HttpOnly cookie set at sign-in (named airdeck_refresh when the site is served over plain http). The desktop studio sends its refresh token in the body instead.' },
        metricsToken: { type: 'http', scheme: 'bearer', description: 'The operator’s METRICS_TOKEN.' },
      },
      schemas: { Error: jsonSchema(ErrorBodySchema, 'output'), PublicApiError: jsonSchema(PublicApiErrorSchema, 'output') },
    },
    ...extensions,
  };
}

const error = (description: string): OperationResponse => ({ description, error: true });

/** The public schedule and song-request APIs of spec 001 (their routes live in other domains and parse with the same schemas). */
export function registerPublicApis(): void {
  registerOperation({
    method: 'get',
    path: '/schedule-api',
    aliases: ['/api/public/schedule'],
    tag: 'Schedule API',
    summary: 'Shows in a date range',
    description:
      'Returns shows, by default those of the next seven days with status scheduled, at most 50, by date then start time. Pick the range with week, today=true, or start_date and end_date (only one of them). Answers carry an ETag; send If-None-Match to get 304 when nothing changed.',
    query: ScheduleApiQuerySchema,
    responses: {
      200: { description: 'The shows and the filters applied.', schema: ScheduleApiResponseSchema },
      304: { description: 'Not modified since the ETag given in If-None-Match.' },
      400: error('Invalid parameters: the message names the parameter.'),
    },
    example: { query: { week: 'current', status: 'scheduled', limit: '10' } },
  });
  registerOperation({
    method: 'get',
    path: '/song-request-api',
    aliases: ['/api/public/song-request-api'],
    tag: 'Song Requests',
    summary: 'Search for a song to request',
    description:
      "action=search looks in the station's own track library (title, artist or album contains the query, case-insensitive); action=spotify-search asks Spotify (artist and/or title) when the station has configured it.",
    query: SongRequestApiQuerySchema,
    responses: {
      200: { description: 'Matching tracks.', schema: SongRequestApiGetResponseSchema },
      400: error('Missing or invalid parameters (the message names the problem).'),
      429: error('Too many searches from this address: wait for Retry-After seconds.'),
      502: error('Spotify failed or answered something unexpected.'),
      503: error('Spotify is not configured on this station, or is rate limiting it (see Retry-After).'),
    },
    example: { query: { action: 'search', query: 'massive attack' } },
  });
  registerOperation({
    method: 'post',
    path: '/song-request-api',
    aliases: ['/api/public/song-request-api'],
    tag: 'Song Requests',
    summary: 'Send a song request',
    description:
      'Creates a pending song request for the studio. artist, title and requester are required; request_type is song (default) or custom. Rules: requests must be open (403 Requests are closed); the same song (artist and title, ignoring case, accents and punctuation) is refused for a configurable interval (409); requests are limited per address and per session (429 with Retry-After). Send an Idempotency-Key header to retry safely: a repeated key returns the original request instead of creating another.',
    headers: [
      { name: 'Idempotency-Key', description: 'Retry safely: the same key returns the original request.', pattern: '^[A-Za-z0-9_.:-]{8,128}$' },
      { name: 'X-Session-Id', description: 'A stable anonymous id for the listener (counts toward the per-session limit).', pattern: '^[A-Za-z0-9_-]{8,128}$' },
    ],
    body: SongRequestApiBodySchema,
    responses: {
      201: { description: 'The request was received (or, with a repeated Idempotency-Key, the original is returned).', schema: SongRequestApiResponseSchema },
      400: error('A field is missing or invalid (e.g. "Artist is required").'),
      403: error('Requests are closed'),
      409: error('The same song was requested recently, or the Idempotency-Key was used for a different request.'),
      415: error('The body is not JSON.'),
      429: error('Too many requests: wait for Retry-After seconds.'),
    },
    example: { body: { artist: 'Massive Attack', title: 'Teardrop', requester: 'Alex', message: 'For the night shift!', request_type: 'song' } },
  });
}
