/**
 * The widgets' words (issue 35): the server writes the page's `<html lang dir>` and inlines the `embed.*` texts of
 * that language (`<script type="application/json" id="embed-texts">`, server/src/embed/service.ts), so a widget's
 * bundle carries no catalogue and no ICU runtime. This tiny formatter knows what those texts use: `{name}`,
 * `{n, number}`, and `{n, plural, …}` / `{x, select, …}` with `#`. Dates, times and numbers come from Intl in the
 * page's language.
 */

export type Values = Record<string, string | number>;

let texts: Record<string, string> | null = null;

function catalogue(): Record<string, string> {
  if (texts) return texts;
  try {
    texts = JSON.parse(document.getElementById('embed-texts')?.textContent ?? '{}') as Record<string, string>;
  } catch {
    texts = {};
  }
  return texts;
}

/** The page's language (`en` before the server said otherwise). */
export function lang(): string {
  return (typeof document !== 'undefined' && document.documentElement.lang) || 'en';
}

/** Intl's tag for the page's language: Airdeck's English is British (shared/i18n/format.ts intlLocale). */
export function intlTag(): string {
  const l = lang();
  return l === 'en' || l === 'en-XA' ? 'en-GB' : l;
}

/** The text of a key in the page's language, its placeholders filled; a missing key shows as itself. */
export function t(key: `embed.${string}`, values: Values = {}): string {
  const text = catalogue()[key];
  return text === undefined ? key : formatMessage(text, values, intlTag());
}

/** Formats an ICU message (the subset above). */
export function formatMessage(text: string, values: Values, locale: string): string {
  let i = 0;
  const ws = () => {
    while (i < text.length && /\s/.test(text[i]!)) i++;
  };
  const word = () => {
    ws();
    const from = i;
    while (i < text.length && !/[\s,{}]/.test(text[i]!)) i++;
    return text.slice(from, i);
  };
  const number = (n: number) => new Intl.NumberFormat(locale).format(n);
  // A message up to its closing `}` (or the end); `hash` is the plural's number for `#`.
  const message = (hash: number | null): string => {
    let out = '';
    while (i < text.length) {
      const c = text[i]!;
      if (c === '}') break;
      if (c === '#' && hash !== null) {
        out += number(hash);
        i++;
      } else if (c === "'" && text[i + 1] === "'") {
        out += "'";
        i += 2;
      } else if (c === '{') {
        i++;
        out += argument(hash);
      } else {
        out += c;
        i++;
      }
    }
    return out;
  };
  const argument = (hash: number | null): string => {
    const name = word();
    const value = values[name];
    ws();
    if (text[i] === '}') {
      i++;
      return typeof value === 'number' ? number(value) : String(value ?? '');
    }
    i++; // ','
    const type = word();
    ws();
    if (text[i] === '}') {
      i++;
      return typeof value === 'number' ? number(value) : String(value ?? '');
    }
    i++; // ','
    const n = Number(value);
    const wanted = type === 'plural' ? new Intl.PluralRules(locale).select(n) : String(value);
    let exact: string | null = null;
    let category: string | null = null;
    let other = '';
    for (;;) {
      const selector = word();
      ws();
      if (!selector || text[i] !== '{') break;
      i++;
      const body = message(type === 'plural' ? n : hash);
      i++; // '}'
      if (selector === `=${n}`) exact ??= body;
      else if (selector === wanted) category ??= body;
      if (selector === 'other') other = body;
    }
    ws();
    i++; // the argument's '}'
    return exact ?? category ?? other;
  };
  return message(null);
}
