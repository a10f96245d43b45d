/**
 * Reading the OpenAPI document the server serves (/api/openapi.json) for the
 * /api-docs page: the page shows only what the document says, so it cannot
 * drift from the routes (which parse with the same schemas).
 */

/** A JSON Schema fragment as zod's toJSONSchema writes it. */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  additionalProperties?: JsonSchema | boolean;
  anyOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
}

/** One documented parameter. */
export interface Parameter {
  name: string;
  in: string;
  required: boolean;
  description?: string;
  schema: JsonSchema;
}

/** One documented operation. */
export interface Operation {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  parameters?: Parameter[];
  requestBody?: { content: { 'application/json': { schema: JsonSchema; example?: Record<string, unknown> } } };
  /** Bodies by media type: JSON, or text/calendar, text/csv… (their schema a string). */
  responses: Record<string, { description: string; content?: Partial<Record<string, { schema: JsonSchema }>> }>;
  'x-example-query'?: Record<string, string>;
}

/** The document. */
export interface OpenApiDoc {
  openapi: string;
  info: { title: string; version: string; description?: string };
  servers?: { url: string }[];
  tags?: { name: string }[];
  paths: Record<string, Record<string, Operation>>;
  /** The realtime WebSocket's public channels and their events (payload schemas from the typed events). */
  'x-realtime'?: { url: string; description: string; channels: Record<string, { description?: string; events: Record<string, JsonSchema> }> };
}

/** An operation with its method and path. */
export interface OperationEntry {
  method: string;
  path: string;
  op: Operation;
}

/** The operations of one tag, in document order. */
export function operationsByTag(doc: OpenApiDoc, tag: string): OperationEntry[] {
  const out: OperationEntry[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) if (op.tags.includes(tag)) out.push({ method: method.toUpperCase(), path, op });
  }
  return out;
}

/** Every operation, in document order. */
export function allOperations(doc: OpenApiDoc): OperationEntry[] {
  return Object.entries(doc.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ method: method.toUpperCase(), path, op })));
}

/** A short type label: `string`, `integer (1–500)`, `song | custom`, `string or null`. */
export function typeLabel(s: JsonSchema): string {
  if (s.anyOf) return s.anyOf.map(typeLabel).join(' or ');
  if (s.enum) return s.enum.map(String).join(' | ');
  if (s.const !== undefined) return JSON.stringify(s.const);
  const t = Array.isArray(s.type) ? s.type.join(' | ') : (s.type ?? 'any');
  if (t === 'array' && s.items) return `array of ${typeLabel(s.items)}`;
  const range = s.minimum !== undefined && s.maximum !== undefined && s.maximum < 1e15 ? ` (${s.minimum}–${s.maximum})` : '';
  const pattern = s.pattern === '^\\d{4}-\\d{2}-\\d{2}$' ? ' (YYYY-MM-DD)' : '';
  const max = s.maxLength !== undefined ? `, up to ${s.maxLength} characters` : '';
  return `${t}${range}${pattern}${max}`;
}

/** A sample value for a schema, for the response and request shapes. */
export function sampleOf(s: JsonSchema, depth = 0): unknown {
  if (depth > 6) return null;
  if (s.default !== undefined) return s.default;
  if (s.anyOf) return sampleOf(s.anyOf.find((x) => x.type !== 'null') ?? s.anyOf[0]!, depth + 1);
  if (s.enum) return s.enum[0];
  if (s.const !== undefined) return s.const;
  switch (Array.isArray(s.type) ? s.type[0] : s.type) {
    case 'object':
      if (s.properties) return Object.fromEntries(Object.entries(s.properties).map(([k, v]) => [k, sampleOf(v, depth + 1)]));
      if (typeof s.additionalProperties === 'object') return { '2025-01-06': sampleOf(s.additionalProperties, depth + 1) };
      return {};
    case 'array':
      return s.items ? [sampleOf(s.items, depth + 1)] : [];
    case 'integer':
    case 'number':
      return s.minimum !== undefined && s.minimum > -1e15 ? s.minimum : 0;
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'string':
      return s.pattern === '^\\d{4}-\\d{2}-\\d{2}$' ? '2025-01-06' : 'string';
    default:
      return null;
  }
}

/** The languages of the Examples tab. */
export const EXAMPLE_LANGUAGES = ['curl', 'JavaScript', 'Python', 'PHP'] as const;
export type ExampleLanguage = (typeof EXAMPLE_LANGUAGES)[number];

const phpString = (v: unknown) => `'${String(v).replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
const shellSingle = (v: string) => `'${v.replace(/'/g, `'\\''`)}'`;
const pyValue = (v: unknown): string => (typeof v === 'string' ? JSON.stringify(v) : v === true ? 'True' : v === false ? 'False' : v === null || v === undefined ? 'None' : String(v));

/** A code sample for one operation in one language, from the document's examples. */
export function codeSample(entry: OperationEntry, base: string, lang: ExampleLanguage): string {
  const query = entry.op['x-example-query'] ?? {};
  const body = entry.op.requestBody?.content['application/json'].example;
  const qs = new URLSearchParams(query).toString();
  const url = `${base}${entry.path}`;
  const fullUrl = qs ? `${url}?${qs}` : url;
  switch (lang) {
    case 'curl':
      return body
        ? `curl -X ${entry.method} ${shellSingle(url)} \\\n  -H 'Content-Type: application/json' \\\n  -d ${shellSingle(JSON.stringify(body))}`
        : `curl ${shellSingle(fullUrl)}`;
    case 'JavaScript':
      return body
        ? `const res = await fetch(${JSON.stringify(url)}, {\n  method: '${entry.method}',\n  headers: { 'Content-Type': 'application/json' },\n  body: JSON.stringify(${JSON.stringify(body, null, 2).replace(/\n/g, '\n  ')}),\n});\nconst result = await res.json();\nconsole.log(result.data);`
        : `const params = new URLSearchParams(${JSON.stringify(query, null, 2)});\nconst res = await fetch(\`${url}?\${params}\`);\nconst result = await res.json();\nconsole.log(result.data);`;
    case 'Python':
      return body
        ? `import requests\n\nres = requests.post(\n    ${JSON.stringify(url)},\n    json={\n${Object.entries(body).map(([k, v]) => `        ${JSON.stringify(k)}: ${pyValue(v)},`).join('\n')}\n    },\n)\nprint(res.json()["data"])`
        : `import requests\n\nres = requests.get(\n    ${JSON.stringify(url)},\n    params={\n${Object.entries(query).map(([k, v]) => `        ${JSON.stringify(k)}: ${pyValue(v)},`).join('\n')}\n    },\n)\nprint(res.json()["data"])`;
    case 'PHP':
      return body
        ? `<?php\n$ch = curl_init(${phpString(url)});\ncurl_setopt_array($ch, [\n    CURLOPT_POST => true,\n    CURLOPT_HTTPHEADER => ['Content-Type: application/json'],\n    CURLOPT_POSTFIELDS => json_encode([\n${Object.entries(body).map(([k, v]) => `        ${phpString(k)} => ${phpString(v)},`).join('\n')}\n    ]),\n    CURLOPT_RETURNTRANSFER => true,\n]);\n$result = json_decode(curl_exec($ch), true);\nprint_r($result['data']);`
        : `<?php\n$query = http_build_query([\n${Object.entries(query).map(([k, v]) => `    ${phpString(k)} => ${phpString(v)},`).join('\n')}\n]);\n$result = json_decode(file_get_contents(${phpString(url)} . '?' . $query), true);\nprint_r($result['data']);`;
  }
}
