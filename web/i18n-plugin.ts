import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { compileCatalogue } from '../shared/i18n/compile.ts';

const MESSAGES_DIR = path.resolve(import.meta.dirname, '../shared/i18n/messages');

/**
 * The message catalogues (shared/i18n/messages/*.json) reach the browser compiled (shared/i18n/compile.ts: plain
 * text, or the ICU syntax tree of a message with placeholders), so the app formats them with intl-messageformat's
 * runtime alone: the ICU parser (about 7 KB gzip) stays out of every page. A catalogue that is not valid ICU fails
 * the build, naming the key.
 */
export function i18nPlugin(): Plugin {
  return {
    name: 'airdeck-i18n',
    enforce: 'pre',
    config: () => ({
      resolve: {
        alias: [{ find: /^@formatjs\/icu-messageformat-parser$/, replacement: path.resolve(import.meta.dirname, '../node_modules/@formatjs/icu-messageformat-parser/no-parser.js') }],
      },
    }),
    load(id) {
      const file = id.split('?')[0]!;
      if (path.dirname(file) !== MESSAGES_DIR || !file.endsWith('.json')) return null;
      this.addWatchFile(file);
      const raw = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>;
      // `en.json?errors`: only the error texts (`error.*`), which the website matches a shared schema's English
      // message against (web/src/i18n/errors.ts) without fetching the whole English catalogue. A query is not a
      // JSON file to the bundler: this one is a module of its own.
      if (/[?&]errors\b/.test(id)) {
        const errors = Object.fromEntries(Object.entries(raw).filter(([key]) => key.startsWith('error.')));
        return `export default ${JSON.stringify(compileCatalogue(errors))};`;
      }
      return JSON.stringify(compileCatalogue(raw));
    },
  };
}
