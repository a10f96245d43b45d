import { z } from 'zod';
import {
  PublicApiErrorSchema,
  ScheduleApiQuerySchema,
  ScheduleApiResponseSchema,
  SongRequestApiBodySchema,
  SongRequestApiGetResponseSchema,
  SongRequestApiQuerySchema,
  SongRequestApiResponseSchema,
} from '../../../shared/public-api';

/** HTTP methods an operation may use. */
export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** One response of an operation: its description and (optionally) its body schema. */
export interface OperationResponse {
  description: string;
  schema?: z.ZodType;
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
  /** An object schema (or a union of them); each property becomes a query parameter. */
  query?: z.ZodType;
  /** Request headers the operation reads. */
  headers?: { name: string; description: string; pattern: string }[];
  body?: z.ZodType;
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

type JsonSchema = Record<string, unknown>;

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

/** Builds the OpenAPI 3.1 document from the registry. */
export function buildOpenApiDocument(info: OpenApiInfo, extensions: JsonSchema = {}): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  const tags = new Set<string>();
  for (const op of registry.values()) {
    tags.add(op.tag);
    const operation: JsonSchema = {
      operationId: `${op.method}${op.path.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
      summary: op.summary,
      tags: [op.tag],
      ...(op.description || op.aliases?.length ? { description: [op.description, op.aliases?.length ? `Also served at ${op.aliases.join(', ')}.` : ''].filter(Boolean).join(' ') } : {}),
      ...(op.query || op.headers
        ? {
            parameters: [
              ...(op.query ? queryParameters(op.query) : []),
              ...(op.headers ?? []).map((h) => ({ name: h.name, in: 'header', required: false, description: h.description, schema: { type: 'string', pattern: h.pattern } })),
            ],
          }
        : {}),
      ...(op.body ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(op.body, 'input'), ...(op.example?.body ? { example: op.example.body } : {}) } } } } : {}),
      responses: Object.fromEntries(
        Object.entries(op.responses).map(([status, r]) => [status, { description: r.description, ...(r.schema ? { content: { 'application/json': { schema: jsonSchema(r.schema, 'output') } } } : {}) }]),
      ),
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
        'Public APIs of the station: the show schedule and song requests, and the routes the listener website reads (now playing, schedule, presenters, history, votes, pages, listener requests). No authentication; answers are JSON; errors share one shape with a code and a message. Cross-origin requests are allowed to the schedule and song-request APIs. The realtime channels are described under x-realtime.',
    },
    servers: [{ url: info.serverUrl ?? '/' }],
    tags: [...tags].map((name) => ({ name })),
    paths,
    ...extensions,
  };
}

const error = (description: string): OperationResponse => ({ description, schema: PublicApiErrorSchema });

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
