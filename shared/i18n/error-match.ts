import { TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import type { CompiledCatalogue, MessageValues } from './format';

/**
 * Error texts → their catalogue keys (README "Languages" → "Error messages"). The server and the shared zod
 * schemas write an error's English text (the spec's words, word for word); its stable message key is the
 * `error.*` key whose English is that text. A text with placeholders (`Too many sign-in attempts. Please try
 * again in {minutes, plural, one {# minute} other {# minutes}}.`) is matched as a pattern and gives its values
 * back (`{ minutes: 5 }`), so the reader's language can say it again with its own word order.
 *
 * Used by the server (the error middleware, server/src/i18n/errors.ts) and by the website (a form's client-side
 * validation with a shared schema), with the English catalogue compiled (plain text or ICU syntax tree).
 */
export const ERROR_KEY_PREFIX = 'error.';

/** A matched error text: its key and the values of its placeholders. */
export interface ErrorMessageRef {
  key: string;
  values?: MessageValues;
}

type Part = { lit: string } | { arg: string; num: boolean } | { set: string; value: string | number };

/** Every shape an ICU message can take in English, as a sequence of literal text and captured values. */
function expand(ast: MessageFormatElement[], pluralVar: string | null): Part[][] {
  let out: Part[][] = [[]];
  for (const el of ast) {
    let options: Part[][];
    switch (el.type) {
      case TYPE.literal:
        options = [[{ lit: el.value }]];
        break;
      case TYPE.argument:
        options = [[{ arg: el.value, num: false }]];
        break;
      case TYPE.number:
        options = [[{ arg: el.value, num: true }]];
        break;
      case TYPE.pound:
        options = [[pluralVar ? { arg: pluralVar, num: true } : { lit: '#' }]];
        break;
      case TYPE.select:
        options = Object.entries(el.options).flatMap(([value, opt]) =>
          expand(opt.value, pluralVar).map((seq) => (value === 'other' ? seq : [{ set: el.value, value } as Part, ...seq])),
        );
        break;
      case TYPE.plural:
        options = Object.entries(el.options).flatMap(([value, opt]) => {
          const exact = /^=(\d+)$/.exec(value);
          return expand(opt.value, el.value).map((seq) => (exact ? [{ set: el.value, value: Number(exact[1]) } as Part, ...seq] : seq));
        });
        break;
      default:
        // Dates, times and tags are not used in error texts: matched as any text.
        options = [[{ arg: 'value' in el ? String(el.value) : '_', num: false }]];
    }
    out = out.flatMap((seq) => options.map((o) => [...seq, ...o]));
  }
  return out;
}

interface Pattern {
  key: string;
  re: RegExp;
  args: { name: string; num: boolean }[];
  fixed: [string, string | number][];
  weight: number;
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function toPattern(key: string, seq: Part[]): Pattern {
  let src = '';
  let weight = 0;
  const args: Pattern['args'] = [];
  const fixed: Pattern['fixed'] = [];
  for (const p of seq) {
    if ('lit' in p) {
      src += escapeRe(p.lit);
      weight += p.lit.length;
    } else if ('arg' in p) {
      src += p.num ? '(-?[\\d,]+(?:\\.\\d+)?)' : '([\\s\\S]+?)';
      args.push({ name: p.arg, num: p.num });
    } else fixed.push([p.set, p.value]);
  }
  return { key, re: new RegExp(`^${src}$`), args, fixed, weight };
}

/** The matcher of a compiled English catalogue's `error.*` texts. */
export interface ErrorMatcher {
  /** The key (and values) whose English is this text, or null for a text the catalogue does not hold. */
  match(text: string): ErrorMessageRef | null;
}

export function errorMatcher(english: CompiledCatalogue): ErrorMatcher {
  const exact = new Map<string, string>();
  const patterns: Pattern[] = [];
  for (const [key, message] of Object.entries(english)) {
    if (!key.startsWith(ERROR_KEY_PREFIX)) continue;
    if (typeof message === 'string') {
      if (!exact.has(message)) exact.set(message, key);
    } else for (const seq of expand(message, null)) patterns.push(toPattern(key, seq));
  }
  // The most specific pattern (the most literal text) first.
  patterns.sort((a, b) => b.weight - a.weight);
  const cache = new Map<string, ErrorMessageRef | null>();
  return {
    match(text) {
      const hit = exact.get(text);
      if (hit) return { key: hit };
      if (cache.has(text)) return cache.get(text)!;
      let found: ErrorMessageRef | null = null;
      for (const p of patterns) {
        const m = p.re.exec(text);
        if (!m) continue;
        const values: MessageValues = {};
        p.args.forEach((a, i) => {
          const v = m[i + 1]!;
          values[a.name] = a.num ? Number(v.replace(/,/g, '')) : v;
        });
        for (const [name, value] of p.fixed) values[name] ??= value;
        found = { key: p.key, values };
        break;
      }
      if (cache.size < 2000) cache.set(text, found);
      return found;
    },
  };
}
