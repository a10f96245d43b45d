/**
 * Every error text the API can answer, read from the source (README "Languages" → "Error messages"):
 * the message of each `fail.*(…)` and `new HttpError(code, …)` in server/src, and each message a zod schema in
 * shared/ or server/src carries (`.min(1, 'Title is required')`, `{ error: '…' }`, `addIssue({ message })`).
 * A message named by a constant (`ACCOUNT_TEXT.emailTaken`, `NUL_MESSAGE`) is read from the constant's
 * declaration; a template literal is tried with sample values (both branches of a `? :`).
 *
 *   npx tsx scripts/error-texts.ts            every text, and whether the catalogue holds it
 *   npx tsx scripts/error-texts.ts --missing  only those it does not hold
 *
 * The unit test scripts/error-texts.unit.test.ts fails when a text is missing from the catalogue.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export interface ErrorText {
  file: string;
  line: number;
  /** Candidate texts: one for a literal, several for a template with a choice in it. */
  samples: string[];
  /** The source of the message expression. */
  source: string;
}

const ROOT = path.resolve(import.meta.dirname, '..');
const ZOD_METHODS = new Set([
  'min', 'max', 'length', 'regex', 'email', 'url', 'refine', 'nonempty', 'int', 'positive', 'nonnegative', 'negative',
  'gte', 'lte', 'gt', 'lt', 'startsWith', 'endsWith', 'includes', 'guid', 'uuid', 'datetime', 'iso', 'enum', 'string',
  'number', 'array', 'object', 'boolean', 'literal', 'union', 'date', 'time', 'multipleOf', 'finite', 'safe', 'check',
  'nativeEnum', 'bigint', 'record', 'tuple', 'discriminatedUnion', 'strictObject', 'looseObject', 'instanceof', 'custom',
  'size', 'mime', 'hex', 'ipv4', 'ipv6', 'cidrv4', 'base64', 'nanoid', 'cuid', 'e164', 'jwt', 'hostname', 'httpUrl',
]);

/** The methods of a schema held in a variable (`name.refine(fn, 'text')`), unlike a string's startsWith. */
const SCHEMA_METHODS = new Set(['refine', 'min', 'max', 'length', 'regex', 'email', 'url', 'nonempty', 'int', 'positive', 'nonnegative', 'gte', 'lte', 'gt', 'lt', 'multipleOf']);

/** Zod methods whose message follows a value (`.min(1, 'text')`) or comes first (`.email('text')`). */
const VALUE_FIRST = new Set(['min', 'max', 'length', 'regex', 'refine', 'gte', 'lte', 'gt', 'lt', 'multipleOf', 'startsWith', 'endsWith', 'includes', 'check', 'size', 'mime', 'instanceof', 'custom']);
const MESSAGE_FIRST = new Set(['email', 'url', 'int', 'nonempty', 'positive', 'nonnegative', 'negative', 'guid', 'uuid', 'datetime', 'string', 'number', 'boolean', 'date', 'time', 'finite', 'safe', 'hex', 'ipv4', 'ipv6', 'cidrv4', 'base64', 'nanoid', 'cuid', 'e164', 'jwt', 'hostname', 'httpUrl', 'bigint', 'iso']);
/** Error classes whose message (the second argument) the API answers. */
const DOMAIN_ERRORS = new Set(['RecurrenceError', 'PublicParamError']);
/** Files whose texts are not API answers (the server's start-up configuration). */
const NOT_API = new Set(['server/src/config.ts']);

function walk(dir: string, out: string[]): string[] {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (name === 'node_modules' || name === 'i18n' && dir.endsWith('shared')) continue;
    if (statSync(full).isDirectory()) walk(full, out);
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

/** `NAME` and `NAME.prop` → the expression they are declared with, across the scanned files. */
type Constants = Map<string, ts.Expression>;

function collectConstants(sf: ts.SourceFile, into: Constants): void {
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionDeclaration(node) && node.name && node.body && !into.has(node.name.text)) {
      into.set(node.name.text, ts.factory.createArrowFunction(undefined, undefined, node.parameters, undefined, undefined, node.body));
      FUNCTION_SOURCE.set(node.name.text, node);
    }
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
      let init: ts.Expression = node.initializer;
      while (ts.isAsExpression(init) || ts.isSatisfiesExpression(init) || ts.isParenthesizedExpression(init)) init = init.expression;
      const name = node.name.text;
      if (!into.has(name)) into.set(name, init);
      const members = (prefix: string, obj: ts.ObjectLiteralExpression): void => {
        for (const p of obj.properties) {
          if (ts.isPropertyAssignment(p) && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name))) {
            const key = `${prefix}.${p.name.text}`;
            let value = p.initializer;
            while (ts.isAsExpression(value) || ts.isParenthesizedExpression(value)) value = value.expression;
            if (!into.has(key)) into.set(key, value);
            if (ts.isObjectLiteralExpression(value)) members(key, value);
          } else if (ts.isMethodDeclaration(p) && ts.isIdentifier(p.name)) {
            const body = p.body?.statements.find(ts.isReturnStatement)?.expression;
            const key = `${prefix}.${p.name.text}`;
            if (body && !into.has(key)) into.set(key, body);
          }
        }
      };
      if (ts.isObjectLiteralExpression(init)) members(name, init);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
}

const SAMPLE = '7';
const FUNCTION_SOURCE = new Map<string, ts.FunctionDeclaration>();
/** Values bound to a called function's parameters. */
type Env = Map<string, string[]>;

/** The texts an expression can be, or null when it is not a text known from the source. */
function texts(expr: ts.Expression, consts: Constants, depth = 0, env: Env = new Map()): string[] | null {
  if (depth > 6) return null;
  while (ts.isAsExpression(expr) || ts.isParenthesizedExpression(expr) || ts.isNonNullExpression(expr)) expr = expr.expression;
  if (ts.isStringLiteral(expr) || ts.isNoSubstitutionTemplateLiteral(expr)) return [expr.text];
  if (ts.isTemplateExpression(expr)) {
    let acc = [expr.head.text];
    for (const span of expr.templateSpans) {
      const inner = texts(span.expression, consts, depth + 1, env) ?? [SAMPLE];
      acc = acc.flatMap((a) => inner.map((i) => a + i + span.literal.text));
      if (acc.length > 64) acc = acc.slice(0, 64);
    }
    return acc;
  }
  if (ts.isConditionalExpression(expr)) {
    const a = texts(expr.whenTrue, consts, depth + 1, env);
    const b = texts(expr.whenFalse, consts, depth + 1, env);
    return a || b ? [...(a ?? []), ...(b ?? [])] : null;
  }
  if (ts.isBinaryExpression(expr) && expr.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken) {
    const a = texts(expr.left, consts, depth + 1, env);
    const b = texts(expr.right, consts, depth + 1, env);
    return a || b ? [...(a ?? []), ...(b ?? [])] : null;
  }
  if (ts.isBinaryExpression(expr) && expr.operatorToken.kind === ts.SyntaxKind.PlusToken) {
    const a = texts(expr.left, consts, depth + 1, env) ?? [SAMPLE];
    const b = texts(expr.right, consts, depth + 1, env) ?? [SAMPLE];
    return a.flatMap((x) => b.map((y) => x + y));
  }
  if (ts.isArrowFunction(expr) && !ts.isBlock(expr.body)) return texts(expr.body, consts, depth + 1, env);
  let callee = expr;
  if (ts.isCallExpression(expr)) callee = expr.expression;
  const name = dotted(callee);
  if (name && env.has(name)) return env.get(name)!;
  if (name) {
    const decl = consts.get(name);
    if (decl) {
      if (ts.isArrowFunction(decl) || ts.isFunctionExpression(decl)) {
        const body = ts.isBlock(decl.body) ? decl.body.statements.find(ts.isReturnStatement)?.expression : decl.body;
        const bound: Env = new Map();
        decl.parameters.forEach((p, i) => {
          if (!ts.isIdentifier(p.name)) return;
          const arg = ts.isCallExpression(expr) ? expr.arguments[i] : undefined;
          const v = arg ? texts(arg, consts, depth + 1, env) : p.initializer ? texts(p.initializer, consts, depth + 1, bound) : null;
          bound.set(p.name.text, v ?? [SAMPLE]);
        });
        return body ? texts(body, consts, depth + 1, bound) : null;
      }
      return texts(decl, consts, depth + 1, env);
    }
  }
  return null;
}

/** `A.b.c` for a chain of names, else null. */
function dotted(e: ts.Expression): string | null {
  if (ts.isIdentifier(e)) return e.text;
  if (ts.isPropertyAccessExpression(e)) {
    const left = dotted(e.expression);
    return left ? `${left}.${e.name.text}` : null;
  }
  return null;
}

function messageArgs(node: ts.CallExpression | ts.NewExpression): ts.Expression[] {
  const args = node.arguments ? [...node.arguments] : [];
  const callee = node.expression;
  // fail.x(message, …) and new HttpError(code, message, …)
  if (ts.isNewExpression(node) && ts.isIdentifier(callee) && callee.text === 'HttpError') return args[1] ? [args[1]] : [];
  if (ts.isPropertyAccessExpression(callee) && ts.isIdentifier(callee.expression) && callee.expression.text === 'fail') return args[0] ? [args[0]] : [];
  // authorize(deps, capability, message): the 403 of a route.
  if (ts.isCallExpression(node) && ts.isIdentifier(callee) && callee.text === 'authorize') return args[2] ? [args[2]] : [];
  // A domain error the routes turn into an answer: new RecurrenceError('too_many_occurrences', 'text').
  if (ts.isNewExpression(node) && ts.isIdentifier(callee) && DOMAIN_ERRORS.has(callee.text)) return args[1] ? [args[1]] : [];
  if (ts.isPropertyAccessExpression(callee) && (callee.name.text === 'addIssue' || (callee.name.text === 'push' && dotted(callee.expression)?.endsWith('issues')))) {
    const o = args[0];
    return o && ts.isObjectLiteralExpression(o) ? objectMessages(o) : [];
  }
  // zod: .min(1, 'text'), .refine(fn, 'text'), z.enum([...], { error: 'text' }), .email({ message })
  if (ts.isPropertyAccessExpression(callee) && ZOD_METHODS.has(callee.name.text)) {
    const out: ts.Expression[] = [];
    const zod = rootOf(callee) === 'z';
    if (!zod && !SCHEMA_METHODS.has(callee.name.text)) return [];
    const method = callee.name.text;
    const at = VALUE_FIRST.has(method) ? 1 : MESSAGE_FIRST.has(method) ? 0 : -1;
    for (const [i, a] of args.entries()) {
      if (ts.isObjectLiteralExpression(a)) {
        out.push(...objectMessages(a));
        continue;
      }
      if (i !== at) continue;
      if (ts.isStringLiteral(a) || ts.isNoSubstitutionTemplateLiteral(a) || ts.isTemplateExpression(a)) out.push(a);
      else if (!zod) continue;
      else if ((ts.isPropertyAccessExpression(a) || ts.isIdentifier(a)) && /^[A-Z_]+$/.test(dotted(a)?.split('.')[0] ?? '')) out.push(a);
      else if (ts.isCallExpression(a) && ts.isIdentifier(a.expression) && /^[a-z]\w*$/.test(a.expression.text) && a.arguments.some((x) => ts.isStringLiteral(x))) out.push(a);
      // A message made by a texts table's function: DJ_TEXTS.badUrl(label).
      else if (ts.isCallExpression(a) && ts.isPropertyAccessExpression(a.expression) && /^[A-Z_]+$/.test(dotted(a.expression)?.split('.')[0] ?? '')) out.push(a);
    }
    return out;
  }
  return [];
}

/** The identifier a chain of calls and property reads starts from (`z` for `z.string().min(1)`). */
function rootOf(e: ts.Expression): string | null {
  while (ts.isPropertyAccessExpression(e) || ts.isCallExpression(e)) e = e.expression;
  return ts.isIdentifier(e) ? e.text : null;
}

function objectMessages(o: ts.ObjectLiteralExpression): ts.Expression[] {
  return o.properties
    .filter((p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && (p.name.text === 'message' || p.name.text === 'error'))
    .map((p) => p.initializer)
    .filter((e) => rootOf(e) !== 'z');
}

/** Every error text in server/src and shared/. */
export function errorTexts(): ErrorText[] {
  const files = [...walk(path.join(ROOT, 'server/src'), []), ...walk(path.join(ROOT, 'shared'), [])];
  const sources = files.map((f) => ts.createSourceFile(f, readFileSync(f, 'utf8'), ts.ScriptTarget.Latest, true));
  const consts: Constants = new Map();
  for (const sf of sources) collectConstants(sf, consts);
  const out: ErrorText[] = [];
  for (const sf of sources) {
    if (NOT_API.has(path.relative(ROOT, sf.fileName))) continue;
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node) || ts.isNewExpression(node)) {
        for (const arg of messageArgs(node)) {
          if (ts.isArrowFunction(arg) || ts.isFunctionExpression(arg)) continue;
          const samples = texts(arg, consts);
          // A constant that is not a text (a limit, a list of values) is not a message.
          if (!samples && (ts.isIdentifier(arg) || ts.isPropertyAccessExpression(arg) || ts.isCallExpression(arg))) continue;
          const { line } = sf.getLineAndCharacterOfPosition(arg.getStart());
          out.push({ file: path.relative(ROOT, sf.fileName), line: line + 1, samples: samples ?? [], source: arg.getText().slice(0, 160) });
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { compileCatalogue } = await import('../shared/i18n/compile');
  const { errorMatcher } = await import('../shared/i18n/error-match');
  const en = JSON.parse(readFileSync(path.join(ROOT, 'shared/i18n/messages/en.json'), 'utf8')) as Record<string, string>;
  const m = errorMatcher(compileCatalogue(en));
  const onlyMissing = process.argv.includes('--missing');
  const seen = new Set<string>();
  for (const t of errorTexts()) {
    const ok = t.samples.length > 0 && t.samples.some((s) => m.match(s));
    if (onlyMissing && ok) continue;
    const label = t.samples.length ? t.samples[0]! : `? ${t.source}`;
    if (onlyMissing && seen.has(label)) continue;
    seen.add(label);
    console.log(`${ok ? 'ok ' : '-- '}${t.file}:${t.line}\t${JSON.stringify(label)}${t.samples.length > 1 ? ` (+${t.samples.length - 1})` : ''}`);
  }
}
