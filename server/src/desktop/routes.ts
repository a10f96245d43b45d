import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import Router from '@koa/router';
import type { AppRouter } from '../http/router';
import type { AppContext, RequestState } from '../context';
import { HttpError } from '../http/errors';
import { DENIED } from '../../../shared/permissions';
import { authorize, currentUser, type AuthDeps } from '../auth/middleware';
import { showSummary } from './summary';

/**
 * The desktop studio's update feed: the files electron-builder writes
 * (latest.yml, latest-mac.yml, latest-linux.yml, the installers and their
 * .blockmap files) served from DESKTOP_UPDATES_DIR at /desktop/<file>, for
 * electron-updater's generic provider. An operator publishes a build by
 * copying files into the folder. Public (the updater has no account), flat
 * file names only (no folders, no dot files, no traversal), byte ranges for
 * differential downloads.
 */
export const DESKTOP_TEXTS = {
  notPublished: 'This station does not publish desktop studio updates.',
  notFound: 'No such desktop studio file.',
} as const;

/** A file name the feed may serve: letters, digits, dot, dash, underscore, plus; no leading dot. */
export const DESKTOP_FILE_RE = /^[A-Za-z0-9_][A-Za-z0-9._+-]{0,200}$/;

const TYPES: Record<string, string> = {
  '.yml': 'text/yaml; charset=utf-8',
  '.yaml': 'text/yaml; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.blockmap': 'application/octet-stream',
  '.exe': 'application/vnd.microsoft.portable-executable',
  '.dmg': 'application/x-apple-diskimage',
  '.zip': 'application/zip',
  '.deb': 'application/vnd.debian.binary-package',
  '.appimage': 'application/octet-stream',
};

/** Parses a single `bytes=a-b` range against a size; null for none, 'invalid' for unsatisfiable. */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | null | 'invalid' {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null; // several ranges or junk: send the whole file
  let start: number;
  let end: number;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return 'invalid';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (start >= size || start > end) return 'invalid';
  return { start, end };
}

export function desktopRoutes(ctx: AppContext): AppRouter {
  const router = new Router<RequestState>();
  const deps: AuthDeps = { tokens: ctx.tokens, knex: ctx.knex };

  /** The On Air console's end-of-show summary for the signed-in presenter. */
  router.get('/api/on-air/summary', authorize(deps, 'panel.view', DENIED.panel), async (c) => {
    c.set('Cache-Control', 'no-store');
    c.body = await showSummary(ctx.knex, currentUser(c).id, ctx.now());
  });

  router.get('/desktop/:file', async (c) => {
    const dir = ctx.config.DESKTOP_UPDATES_DIR;
    if (!dir) throw new HttpError('not_found', DESKTOP_TEXTS.notPublished);
    const name = c.params.file ?? '';
    if (!DESKTOP_FILE_RE.test(name) || name.includes('..')) throw new HttpError('not_found', DESKTOP_TEXTS.notFound);
    const root = path.resolve(ctx.config.rootDir, dir);
    const file = path.resolve(root, name);
    if (path.dirname(file) !== root) throw new HttpError('not_found', DESKTOP_TEXTS.notFound);
    const stat = await fs.promises.lstat(file).catch(() => null);
    // Symbolic links are not followed: only files really in the folder are served.
    if (!stat?.isFile()) throw new HttpError('not_found', DESKTOP_TEXTS.notFound);
    const ext = path.extname(name).toLowerCase();
    c.type = TYPES[ext] ?? 'application/octet-stream';
    c.lastModified = stat.mtime;
    c.set('Accept-Ranges', 'bytes');
    c.set('X-Content-Type-Options', 'nosniff');
    // The feed files change with each release; the installers never change under one name.
    c.set('Cache-Control', ext === '.yml' || ext === '.yaml' || ext === '.json' ? 'no-cache' : 'public, max-age=3600');
    if (ext !== '.yml' && ext !== '.yaml' && ext !== '.json') c.attachment(name, { type: 'attachment' });
    const range = parseRange(c.get('Range') || undefined, stat.size);
    if (range === 'invalid') {
      throw new HttpError('range_not_satisfiable', 'The requested byte range is outside the file.', { size: stat.size }, { 'Content-Range': `bytes */${stat.size}` });
    }
    // Installers are already compressed, and byte ranges must count the file's own bytes.
    c.compress = false;
    const { start, end } = range ?? { start: 0, end: stat.size - 1 };
    c.status = range ? 206 : 200;
    if (range) c.set('Content-Range', `bytes ${start}-${end}/${stat.size}`);
    // A HEAD answer carries the headers only: no file is opened for it.
    c.body = c.method === 'HEAD' || stat.size === 0 ? Readable.from([]) : fs.createReadStream(file, { start, end });
    c.length = stat.size === 0 ? 0 : end - start + 1;
  });
  return router;
}
