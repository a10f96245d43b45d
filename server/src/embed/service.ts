import fs from 'node:fs';
import path from 'node:path';
import type { Knex } from 'knex';
import type Koa from 'koa';
import { frameAncestorsSources } from '../../../shared/embeds';
import type { Config } from '../config';
import { getEmbedSettings } from './repo';

const cache = new WeakMap<Knex, { at: number; value: Promise<string> }>();
const CACHE_MS = 10_000;

/** The `frame-ancestors` sources for widget pages, cached for 10 s (emptied at once by a save on this instance). */
export function cachedFrameAncestors(knex: Knex, now = Date.now()): Promise<string> {
  const hit = cache.get(knex);
  if (hit && now - hit.at < CACHE_MS) return hit.value;
  const value = getEmbedSettings(knex).then((s) => frameAncestorsSources(s.frameAncestors));
  value.catch(() => cache.delete(knex));
  cache.set(knex, { at: now, value });
  return value;
}

/** Empties the cache after a save (other instances follow within its 10 s). */
export function forgetFrameAncestors(knex: Knex): void {
  cache.delete(knex);
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
export function embedFraming(knex: Knex): Koa.Middleware {
  return async (c, next) => {
    if (!isEmbedPath(c.path)) return next();
    await next();
    c.remove('Set-Cookie');
    const csp = c.response.get('Content-Security-Policy');
    if (typeof csp !== 'string' || !csp) return;
    const sources = await cachedFrameAncestors(knex);
    c.set('Content-Security-Policy', /frame-ancestors[^;]*/.test(csp) ? csp.replace(/frame-ancestors[^;]*/, `frame-ancestors ${sources}`) : `${csp};frame-ancestors ${sources}`);
    c.remove('X-Frame-Options');
  };
}

/** Reads a built widget page (`web/dist/embed/<widget>.html`), or null before the web build. */
export async function readWidgetPage(config: Config, widget: string): Promise<Buffer | null> {
  const dist = config.WEB_DIST_DIR ?? path.join(config.rootDir, 'web', 'dist');
  return fs.promises.readFile(path.join(path.resolve(dist), 'embed', `${widget}.html`)).catch(() => null);
}
