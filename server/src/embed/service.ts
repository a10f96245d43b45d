import fs from 'node:fs';
import path from 'node:path';
import type { Knex } from 'knex';
import type Koa from 'koa';
import { EMBED_WIDGET_LABELS, type EmbedWidget } from '../../../shared/embed-options';
import { frameAncestorsSources } from '../../../shared/embeds';
import { printAST } from '@formatjs/icu-messageformat-parser/printer.js';
import { compileCatalogue } from '../../../shared/i18n/compile';
import { LOCALES, localeDir, PSEUDO_LOCALE, type Locale } from '../../../shared/i18n/locales';
import { pseudoCatalogue } from '../../../shared/i18n/pseudo';
import type { Config } from '../config';
import { getEmbedSettings } from './repo';

const CACHE_MS = 10_000;

/** This instance's copy of the widget pages' `frame-ancestors` sources (`ctx.frameAncestors`, built once in server.ts). */
export interface FrameAncestors {
  /** The sources, kept for 10 s (emptied at once by a save on this instance). */
  get(now?: number): Promise<string>;
  /** Empties the copy after a save (other instances follow within its 10 s). */
  forget(): void;
}

/** Builds the copy of one server instance, read from the embed settings through `knex`. */
export function createFrameAncestors(knex: Knex): FrameAncestors {
  let hit: { at: number; value: Promise<string> } | null = null;
  return {
    get(now = Date.now()) {
      if (hit && now - hit.at < CACHE_MS) return hit.value;
      const value = getEmbedSettings(knex).then((s) => frameAncestorsSources(s.frameAncestors));
      const entry = { at: now, value };
      value.catch(() => {
        if (hit === entry) hit = null;
      });
      hit = entry;
      return value;
    },
    forget() {
      hit = null;
    },
  };
}

/** True for the widget pages and their files: the only paths another site may frame. */
export function isEmbedPath(p: string): boolean {
  return p.startsWith('/embed/');
}

/**
 * Framing, per route: a widget page may be framed by any site
 * (`frame-ancestors *`) or by the station's allow-list; every other response
 * keeps the site-wide policy (`frame-ancestors 'none'`, X-Frame-Options).
 * Only the `frame-ancestors` directive of the site's CSP is changed, so the
 * rest of the policy stays whatever the site sets. Widget responses never
 * carry a cookie.
 */
export function embedFraming(frameAncestors: FrameAncestors): Koa.Middleware {
  return async (c, next) => {
    if (!isEmbedPath(c.path)) return next();
    await next();
    c.remove('Set-Cookie');
    const csp = c.response.get('Content-Security-Policy');
    if (typeof csp !== 'string' || !csp) return;
    const sources = await frameAncestors.get();
    c.set('Content-Security-Policy', /frame-ancestors[^;]*/.test(csp) ? csp.replace(/frame-ancestors[^;]*/, `frame-ancestors ${sources}`) : `${csp};frame-ancestors ${sources}`);
    c.remove('X-Frame-Options');
  };
}

/** Reads a built widget page (`web/dist/embed/<widget>.html`), or null before the web build. */
export async function readWidgetPage(config: Config, widget: string): Promise<Buffer | null> {
  const dist = config.WEB_DIST_DIR ?? path.join(config.rootDir, 'web', 'dist');
  return fs.promises.readFile(path.join(path.resolve(dist), 'embed', `${widget}.html`)).catch(() => null);
}

/** The catalogue keys a widget page carries: the `embed.` ones (web/src/embed/i18n.ts reads them). */
export const EMBED_KEY_PREFIX = 'embed.';

const embedTextsByLocale = new Map<Locale, Promise<Record<string, string>>>();

/**
 * A language's `embed.*` texts as its translator wrote them (ICU), read once per language; the pseudo-locale's
 * made from English's (accented, 40 % longer: shared/i18n/pseudo.ts) and printed back as ICU.
 */
export function embedTexts(locale: Locale): Promise<Record<string, string>> {
  let hit = embedTextsByLocale.get(locale);
  if (!hit) {
    const entry = LOCALES.find((l) => l.code === locale) ?? LOCALES[0];
    const own = entry.load().then((m) => Object.fromEntries(Object.entries(m.default as Record<string, string>).filter(([k]) => k.startsWith(EMBED_KEY_PREFIX))));
    hit = locale !== PSEUDO_LOCALE ? own : own.then((en) => Object.fromEntries(Object.entries(pseudoCatalogue(compileCatalogue(en))).map(([k, m]) => [k, typeof m === 'string' ? m.replace(/'/g, "''") : printAST(m)])));
    hit.catch(() => embedTextsByLocale.delete(locale));
    embedTextsByLocale.set(locale, hit);
  }
  return hit;
}

/**
 * A widget page in a language: `<html lang dir>`, the page title, and the language's `embed.*` texts as a JSON
 * element (`#embed-texts`, not a script the content policy would refuse) that the widget reads before drawing.
 */
export function localiseWidgetPage(html: string, widget: EmbedWidget, locale: Locale, texts: Record<string, string>): string {
  const dir = localeDir(locale);
  const json = JSON.stringify(texts).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
  const data = `<script type="application/json" id="embed-texts">${json}</script>`;
  const htmlTag = `<html lang="${locale}" dir="${dir}">`;
  let out = /<html[^>]*>/i.test(html) ? html.replace(/<html[^>]*>/i, htmlTag) : html.replace(/^(<!doctype html>)?/i, (d) => `${d}${htmlTag}`);
  const label = texts[EMBED_TITLE_KEYS[widget]];
  if (label) out = out.replace(`<title>${EMBED_WIDGET_LABELS[widget]}</title>`, `<title>${escapeHtml(label)}</title>`);
  return out.includes('</head>') ? out.replace('</head>', `${data}\n</head>`) : `${out}${data}`;
}

/** The catalogue key of each widget's name (shared/embed-options.ts EMBED_WIDGET_LABELS in English). */
export const EMBED_TITLE_KEYS: Record<EmbedWidget, string> = {
  player: 'embed.widget.player',
  'now-playing': 'embed.widget.nowPlaying',
  schedule: 'embed.widget.schedule',
  recent: 'embed.widget.recent',
  request: 'embed.widget.request',
};

function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
