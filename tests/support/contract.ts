import { errorSchemaFor, registerPublicApis, registeredOperations, type OperationSpec } from '../../server/src/docs/openapi';

/**
 * The documented contract of the public APIs, checked on every answer the
 * tests receive through `request()`: when the method and path are a
 * documented operation (or one of its aliases), the status must be one the
 * document lists and the JSON body must parse with the documented response
 * schema — the zod schema the OpenAPI document is generated from. An
 * implementation that answers something its documentation does not say
 * fails whichever test made the call.
 */

registerPublicApis();

function find(method: string, pathname: string): OperationSpec | undefined {
  const m = method.toLowerCase();
  return registeredOperations().find((op) => op.method === m && [op.path, ...(op.aliases ?? [])].some((p) => new RegExp(`^${p.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(pathname)));
}

/** Documented answers checked so far, `METHOD path status` (for the contract test's coverage check). */
export const checkedAnswers = new Set<string>();

/** Throws when a public API answer differs from its documentation. */
export function checkAgainstDocument(method: string, url: string, status: number, body: unknown): void {
  const pathname = new URL(url, 'http://x').pathname;
  const op = find(method, pathname);
  if (!op || op.strict === false) return;
  const label = `${method.toUpperCase()} ${pathname} → ${status}`;
  const documented = op.responses[status];
  if (!documented) throw new Error(`${label}: status ${status} is not documented for ${op.method.toUpperCase()} ${op.path} (documented: ${Object.keys(op.responses).join(', ')})`);
  const schema = documented.error ? errorSchemaFor(op) : documented.schema;
  if (schema) {
    const parsed = schema.safeParse(body);
    if (!parsed.success) throw new Error(`${label}: the answer does not match the documented schema: ${JSON.stringify(parsed.error.issues.slice(0, 3))}\nbody: ${JSON.stringify(body).slice(0, 500)}`);
  }
  checkedAnswers.add(`${op.method.toUpperCase()} ${op.path} ${status}`);
}
