import { z } from 'zod';
import {
  ApiErrorSchema,
  ScheduleApiQuerySchema,
  ScheduleApiResponseSchema,
  SongRequestApiBodySchema,
  SongRequestApiQuerySchema,
  SongRequestApiResponseSchema,
  SongSearchResponseSchema,
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
  summary: string;
  description?: string;
  /** The tab of /api-docs it belongs to. */
  tag: string;
  /** An object schema; each property becomes a query parameter. */
  query?: z.ZodType;
  body?: z.ZodType;
  responses: Record<number, OperationResponse>;
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

function queryParameters(schema: z.ZodType): JsonSchema[] {
  const s = jsonSchema(schema, 'input');
  const props = (s.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((s.required as string[] | undefined) ?? []);
  return Object.entries(props).map(([name, prop]) => {
    const { description, ...rest } = prop;
    return { name, in: 'query', required: required.has(name), ...(description ? { description } : {}), schema: rest };
  });
}

/** The document's static parts. */
export interface OpenApiInfo {
  title: string;
  version: string;
  serverUrl?: string | undefined;
}

/** Builds the OpenAPI 3.1 document from the registry. */
export function buildOpenApiDocument(info: OpenApiInfo): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  const tags = new Set<string>();
  for (const op of registry.values()) {
    tags.add(op.tag);
    const operation: JsonSchema = {
      operationId: `${op.method}${op.path.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
      summary: op.summary,
      tags: [op.tag],
      ...(op.description ? { description: op.description } : {}),
      ...(op.query ? { parameters: queryParameters(op.query) } : {}),
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
        'Public APIs of the station: the show schedule and song requests. No authentication; answers are JSON; errors share one shape with a code and a message. Cross-origin requests are allowed.',
    },
    servers: [{ url: info.serverUrl ?? '/' }],
    tags: [...tags].map((name) => ({ name })),
    paths,
  };
}

const ERRORS = {
  400: { description: 'Invalid parameters: the message names the first problem.', schema: ApiErrorSchema },
  429: { description: 'Too many requests: wait for Retry-After seconds.', schema: ApiErrorSchema },
} satisfies Record<number, OperationResponse>;

/** The public schedule and song-request APIs of spec 001 (their routes live in other domains and parse with the same schemas). */
export function registerPublicApis(): void {
  registerOperation({
    method: 'get',
    path: '/schedule-api',
    tag: 'Schedule API',
    summary: 'Shows in a date range',
    description:
      'Returns scheduled shows, by default the next ones with status scheduled, at most 50. Pick the range with week=current, today=true, or start_date and end_date. Also served at /api/public/schedule-api.',
    query: ScheduleApiQuerySchema,
    responses: { 200: { description: 'The shows and the filters applied.', schema: ScheduleApiResponseSchema }, 400: ERRORS[400] },
    example: { query: { week: 'current', status: 'scheduled', limit: '10' } },
  });
  registerOperation({
    method: 'get',
    path: '/song-request-api',
    tag: 'Song Requests',
    summary: 'Search for a song to request',
    description: 'action=search looks in the station\'s own track library (query); action=spotify-search asks Spotify (artist and title). Also served at /api/public/song-request-api.',
    query: SongRequestApiQuerySchema,
    responses: {
      200: { description: 'Matching tracks.', schema: SongSearchResponseSchema },
      400: ERRORS[400],
      503: { description: 'Spotify search is not configured on this station.', schema: ApiErrorSchema },
    },
    example: { query: { action: 'search', query: 'massive attack' } },
  });
  registerOperation({
    method: 'post',
    path: '/song-request-api',
    tag: 'Song Requests',
    summary: 'Send a song request',
    description: 'Creates a pending song request for the studio. artist, title and requester are required; request_type is song (default) or custom.',
    body: SongRequestApiBodySchema,
    responses: { 201: { description: 'The request was received.', schema: SongRequestApiResponseSchema }, 400: ERRORS[400], 429: ERRORS[429] },
    example: { body: { artist: 'Massive Attack', title: 'Teardrop', requester: 'Alex', message: 'For the night shift!', request_type: 'song' } },
  });
}
