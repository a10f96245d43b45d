import { Ajv2020 } from 'ajv/dist/2020.js';

/**
 * A contract walk of the served OpenAPI document, in the manner of Schemathesis (which cannot be installed
 * here): every operation of the document is called on the real server, anonymous and signed in (the lowest
 * staff role and the owner), with plain and bad input (a body that is not JSON, broken JSON, a body of the
 * wrong type, an id that is not one, query values that are not valid), and every answer is checked against the
 * document: the status is one it lists (never a 500), the media type is the documented one, and a JSON body
 * validates against the documented schema, JSON Schema 2020-12 (Ajv), its $refs resolved in the document.
 */

type Json = Record<string, unknown>;
interface Operation {
  security?: Json[];
  parameters?: { name: string; in: string; required?: boolean; schema?: Json }[];
  requestBody?: { content: Record<string, { schema?: Json; example?: unknown }> };
  responses: Record<string, { description: string; content?: Record<string, { schema?: Json }> }>;
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components?: Json;
}

/** One call of the walk and what was wrong with its answer (empty when it matched the document). */
export interface WalkedCall {
  label: string;
  status: number;
  problems: string[];
}

export interface WalkOptions {
  base: string;
  /** Tokens to call as: the label (anonymous when the token is null). */
  callers: Record<string, string | null>;
  /** A path parameter's value for a path (a real item where the caller has one), else a placeholder. */
  param: (path: string, name: string) => string;
  /** A fresh token for operations that end the session they are called with (sign-out). */
  freshToken: () => Promise<string>;
  /** At most this many calls in flight. */
  concurrency?: number;
}

/** Every operation of the document: `method path`, its operation and whether it needs a bearer token. */
export function operationsOf(doc: OpenApiDocument): { method: string; path: string; op: Operation }[] {
  return Object.entries(doc.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ method, path, op })));
}

/** A compiled validator per response schema, with the document's components to resolve $refs. */
function validators(doc: OpenApiDocument) {
  const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: false });
  ajv.addSchema({ $id: 'https://airdeck.test/openapi.json', components: doc.components ?? {} });
  const cache = new Map<Json, ReturnType<typeof ajv.compile>>();
  const rebase = (s: unknown): unknown => {
    if (Array.isArray(s)) return s.map(rebase);
    if (s && typeof s === 'object') {
      return Object.fromEntries(Object.entries(s).map(([k, v]) => [k, k === '$ref' && typeof v === 'string' && v.startsWith('#/components/') ? `https://airdeck.test/openapi.json${v}` : rebase(v)]));
    }
    return s;
  };
  return (schema: Json) => {
    let v = cache.get(schema);
    if (!v) {
      v = ajv.compile(rebase(schema) as Json);
      cache.set(schema, v);
    }
    return v;
  };
}

const mediaMatches = (documented: string, actual: string) => documented === actual || (documented.endsWith('/*') && actual.startsWith(documented.slice(0, -1)));

/** Checks one answer against the operation's documented responses. */
async function check(op: Operation, res: Response, validate: ReturnType<typeof validators>, skipBody: boolean): Promise<string[]> {
  const problems: string[] = [];
  const documented = op.responses[String(res.status)];
  if (!documented) {
    problems.push(`status ${res.status} is not documented (documented: ${Object.keys(op.responses).join(', ')})`);
    if (res.status >= 500 || !op.responses.default) return problems;
  }
  if (res.status >= 500 && res.status !== 502 && res.status !== 503) problems.push(`a server error ${res.status}`);
  const response = documented ?? op.responses.default!;
  const type = (res.headers.get('content-type') ?? '').split(';')[0]!.trim();
  const contents = Object.entries(response.content ?? {});
  if (skipBody) return problems;
  const text = await res.text();
  if (contents.length === 0) {
    if (text.length > 0) problems.push(`a body (${type}) where the document describes none: ${text.slice(0, 120)}`);
    return problems;
  }
  const match = contents.find(([media]) => mediaMatches(media, type));
  if (!match) {
    problems.push(`media type ${type || '(none)'} is not documented (documented: ${contents.map(([m]) => m).join(', ')})`);
    return problems;
  }
  if (match[0] === 'application/json' && match[1].schema) {
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      problems.push(`not JSON: ${text.slice(0, 120)}`);
      return problems;
    }
    const v = validate(match[1].schema);
    if (!v(body)) problems.push(`the body does not match the documented schema: ${JSON.stringify(v.errors?.slice(0, 2))} body: ${text.slice(0, 300)}`);
  }
  return problems;
}

/** The calls the walk makes for one operation: label, request and whether to read the body. */
function callsFor(method: string, path: string, op: Operation, opts: WalkOptions): { label: string; url: string; init: RequestInit; caller: string }[] {
  const secured = (op.security ?? []).some((s) => Object.keys(s).length > 0);
  const fill = (value: (name: string) => string) => path.replace(/\{([^}]+)\}/g, (_m, name: string) => encodeURIComponent(value(name)).replace(/%2F/g, '/'));
  const good = fill((name) => opts.param(path, name));
  const json = op.requestBody?.content['application/json'];
  const query = (op.parameters ?? []).filter((p) => p.in === 'query');
  const calls: { label: string; url: string; init: RequestInit; caller: string }[] = [];
  const headers = (extra: Record<string, string> = {}) => extra;
  const bodies: [string, BodyInit | undefined, string | undefined][] = json
    ? [
        ['{}', '{}', 'application/json'],
        ...(json.example !== undefined ? [['the example', JSON.stringify(json.example), 'application/json'] as [string, BodyInit, string]] : []),
      ]
    : op.requestBody
      ? [['an empty upload', new Uint8Array([1, 2, 3]), Object.keys(op.requestBody.content)[0]!.replace('/*', '/png')]]
      : [['no body', undefined, undefined]];
  // Everyone, with the plain input (public operations: signed out and as the owner).
  for (const caller of Object.keys(opts.callers).filter((c) => secured || c === 'anonymous' || c === 'owner')) {
    for (const [what, body, type] of bodies) calls.push({ label: `${caller}, ${what}`, caller, url: good, init: { method: method.toUpperCase(), ...(body !== undefined ? { body } : {}), headers: headers(type ? { 'Content-Type': type } : {}) } });
  }
  // Bad input: signed out, and for routes that need sign-in as the owner (past the sign-in check).
  const bad = secured ? ['owner'] : ['anonymous'];
  for (const caller of bad) {
    if (json) {
      calls.push({ label: `${caller}, a body that is not JSON`, caller, url: good, init: { method: method.toUpperCase(), body: 'artist=x', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } } });
      calls.push({ label: `${caller}, broken JSON`, caller, url: good, init: { method: method.toUpperCase(), body: '{"a":', headers: { 'Content-Type': 'application/json' } } });
      calls.push({ label: `${caller}, a JSON body of the wrong type`, caller, url: good, init: { method: method.toUpperCase(), body: '[1,"two",null]', headers: { 'Content-Type': 'application/json' } } });
    }
    if (path.includes('{')) {
      calls.push({ label: `${caller}, path parameters that name nothing`, caller, url: fill(() => 'not-an-id%00'), init: { method: method.toUpperCase(), ...(json ? { body: '{}', headers: { 'Content-Type': 'application/json' } } : {}) } });
    }
    if (query.length > 0) {
      const qs = query.map((p) => `${encodeURIComponent(p.name)}=${encodeURIComponent(p.schema?.type === 'integer' || p.schema?.type === 'number' ? '-99999999999' : '\u0000bad value \u{1F4A9}'.repeat(3))}`).join('&');
      calls.push({ label: `${caller}, query values that are not valid`, caller, url: `${good}?${qs}`, init: { method: method.toUpperCase() } });
    }
  }
  return calls;
}

/** Walks every operation of the document; DELETEs last, so the items others use exist while they run. */
export async function walkDocument(doc: OpenApiDocument, opts: WalkOptions): Promise<WalkedCall[]> {
  const validate = validators(doc);
  const ops = operationsOf(doc).sort((a, b) => Number(a.method === 'delete') - Number(b.method === 'delete'));
  const results: WalkedCall[] = [];
  const run = async (method: string, path: string, op: Operation) => {
    for (const call of callsFor(method, path, op, opts)) {
      const endsSession = path === '/api/auth/sign-out' && call.caller !== 'anonymous';
      const token = endsSession ? await opts.freshToken() : opts.callers[call.caller];
      const abort = new AbortController();
      const send = () => fetch(opts.base + call.url, { ...call.init, redirect: 'manual', signal: abort.signal, headers: { ...(call.init.headers as Record<string, string>), ...(token ? { Authorization: `Bearer ${token}` } : {}) } });
      // A kept-alive connection the server closed while it sat idle (its keepAliveTimeout, reached on a loaded
      // machine while the other operations finish) resets a request with a body, which fetch does not send again
      // by itself as it does a bodiless one (DELETE /api/my-data has a body): a reset before any answer is sent again once.
      const res = await send().catch((err: unknown) => {
        if ((err as { cause?: { code?: string } }).cause?.code === 'ECONNRESET') return send();
        throw err;
      });
      // An endless stream (the demo audio) is judged by its headers.
      const endless = (res.headers.get('content-type') ?? '').startsWith('audio/');
      const problems = await check(op, res, validate, endless);
      if (endless) abort.abort();
      results.push({ label: `${method.toUpperCase()} ${path} (${call.label})`, status: res.status, problems });
    }
  };
  // Operations run side by side; the calls of one operation in order (the deletes after the rest).
  const queue = [...ops];
  const deletes = queue.filter((o) => o.method === 'delete');
  const others = queue.filter((o) => o.method !== 'delete');
  for (const batch of [others, deletes]) {
    const work = [...batch];
    await Promise.all(
      Array.from({ length: opts.concurrency ?? 8 }, async () => {
        for (let next = work.shift(); next; next = work.shift()) await run(next.method, next.path, next.op);
      }),
    );
  }
  return results;
}
