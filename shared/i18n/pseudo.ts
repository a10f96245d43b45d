import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import type { CompiledCatalogue } from './format';

const ACCENTED: Record<string, string> = {
  a: 'á', b: 'ƀ', c: 'ç', d: 'ð', e: 'é', f: 'ƒ', g: 'ĝ', h: 'ĥ', i: 'í', j: 'ĵ', k: 'ķ', l: 'ļ', m: 'ɱ', n: 'ñ', o: 'ö', p: 'þ', q: 'ǫ', r: 'ŕ', s: 'š', t: 'ţ', u: 'û', v: 'ṽ', w: 'ŵ', x: 'ẋ', y: 'ý', z: 'ž',
  A: 'Å', B: 'Ɓ', C: 'Ç', D: 'Ð', E: 'É', F: 'Ƒ', G: 'Ĝ', H: 'Ĥ', I: 'Î', J: 'Ĵ', K: 'Ķ', L: 'Ļ', M: 'Ṁ', N: 'Ñ', O: 'Ö', P: 'Þ', Q: 'Ǫ', R: 'Ŕ', S: 'Š', T: 'Ţ', U: 'Û', V: 'Ṽ', W: 'Ŵ', X: 'Ẋ', Y: 'Ý', Z: 'Ž',
};
const PAD = 'ļöŕéɱ íþšûɱ ðöļöŕ šíţ áɱéţ çöñšéçţéţûŕ áðíþíšçíñĝ éļíţ šéð ðö éíûšɱöð ţéɱþöŕ ';

const accent = (text: string) => text.replace(/[A-Za-z]/g, (c) => ACCENTED[c] ?? c);

/** Accented text 40 % longer (at least one extra letter): padding words, so that it wraps as real text does. */
function stretch(text: string): string {
  const letters = text.replace(/\s/g, '').length;
  if (letters === 0) return text;
  const extra = Math.max(1, Math.ceil(letters * 0.4));
  let pad = '';
  while (pad.replace(/\s/g, '').length < extra) pad += PAD.slice(pad.length % PAD.length, (pad.length % PAD.length) + 1);
  return `${accent(text)} ${pad.trim()}`;
}

function literalLength(ast: MessageFormatElement[]): number {
  let n = 0;
  for (const el of ast) {
    if (el.type === 0) n += el.value.replace(/\s/g, '').length;
    else if (el.type === 8) n += literalLength(el.children);
    else if (el.type === 5 || el.type === 6) n += Math.max(0, ...Object.values(el.options).map((o) => literalLength(o.value)));
  }
  return n;
}

function accentTree(ast: MessageFormatElement[]): MessageFormatElement[] {
  return ast.map((el) => {
    if (el.type === 0) return { ...el, value: accent(el.value) };
    if (el.type === 8) return { ...el, children: accentTree(el.children) };
    if (el.type === 5 || el.type === 6) return { ...el, options: Object.fromEntries(Object.entries(el.options).map(([k, o]) => [k, { ...o, value: accentTree(o.value) }])) } as MessageFormatElement;
    return el;
  });
}

/**
 * The pseudo-locale's catalogue from English's: every letter accented, each message 40 % longer and in brackets
 * (`[Šĥöŵš ļöŕé]`), placeholders untouched. Works on the compiled form, so the browser needs no ICU parser.
 */
export function pseudoCatalogue(en: CompiledCatalogue): CompiledCatalogue {
  const out: CompiledCatalogue = {};
  for (const [key, message] of Object.entries(en)) {
    if (typeof message === 'string') {
      out[key] = message === '' ? '' : `[${stretch(message)}]`;
      continue;
    }
    const extra = Math.max(1, Math.ceil(literalLength(message) * 0.4));
    const padding = stretch('x'.repeat(extra)).slice(extra + 1) || 'ļ';
    out[key] = [{ type: 0, value: '[' }, ...accentTree(message), { type: 0, value: ` ${padding}]` }] as MessageFormatElement[];
  }
  return out;
}
