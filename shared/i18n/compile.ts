import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import type { CompiledCatalogue } from './format';

/**
 * ICU text → what the formatter needs (format.ts CompiledCatalogue): a message with no placeholder becomes its plain
 * text, any other its syntax tree. Run when the website is built (web/i18n-plugin.ts) and by the server; throws on
 * a message that is not valid ICU, naming its key.
 */
export function compileCatalogue(raw: Record<string, string>): CompiledCatalogue {
  const out: CompiledCatalogue = {};
  for (const [key, text] of Object.entries(raw)) {
    let ast: MessageFormatElement[];
    try {
      ast = parse(text);
    } catch (err) {
      throw new Error(`Message "${key}" is not valid ICU MessageFormat: ${(err as Error).message}`);
    }
    out[key] = ast.length === 0 ? '' : ast.length === 1 && ast[0]!.type === TYPE.literal ? ast[0]!.value : ast;
  }
  return out;
}

/** Parses one message (for tests and tools). */
export function parseMessage(text: string): MessageFormatElement[] {
  return parse(text);
}
