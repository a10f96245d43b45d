import Router from '@koa/router';
import type { AppRouter } from '../app';
import type { AppContext, RequestState } from '../context';
import { readImage } from './service';

const BUCKETS = new Set(['avatars', 'show-images', 'content']);
const PATH_RE = /^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+){0,3}$/;

/**
 * Serves stored images at /media/<bucket>/<path> with an ETag (the content
 * hash). Timestamped uploads never change, so they are cached for a year;
 * avatars keep their path when replaced, so they are revalidated.
 */
export function mediaRoutes(ctx: AppContext): AppRouter {
  const router = new Router<RequestState>();
  router.get('/media/:bucket/{*path}', async (c) => {
    const bucket = c.params.bucket ?? '';
    const path = c.params.path ?? '';
    if (!BUCKETS.has(bucket) || !PATH_RE.test(path) || path.includes('..')) {
      c.status = 404;
      c.body = { error: { code: 'not_found', message: 'Image not found' } };
      return;
    }
    const img = await readImage(ctx, bucket, path);
    if (!img) {
      c.status = 404;
      c.set('Cache-Control', 'no-cache');
      c.body = { error: { code: 'not_found', message: 'Image not found' } };
      return;
    }
    const etag = `"${img.sha256.slice(0, 32)}"`;
    c.set('ETag', etag);
    c.set('Cache-Control', bucket === 'avatars' ? 'public, max-age=300, must-revalidate' : 'public, max-age=31536000, immutable');
    c.set('X-Content-Type-Options', 'nosniff');
    c.set('Content-Security-Policy', "default-src 'none'; sandbox");
    if (c.get('If-None-Match') === etag) {
      c.status = 304;
      return;
    }
    c.type = img.contentType;
    c.lastModified = img.createdAt;
    c.body = img.data;
  });
  return router;
}
