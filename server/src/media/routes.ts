import Router from '@koa/router';
import type { AppRouter } from '../http/router';
import type { AppContext, RequestState } from '../context';
import { fail } from '../http/errors';
import { readMediaFile } from './service';

const BUCKETS = new Set(['avatars', 'show-images', 'content']);

/**
 * Serves uploaded images from the media table. Each upload has its own path,
 * so a file never changes and may be cached for a year; nothing is sniffed
 * (the stored type is one of four image types, checked by its bytes).
 */
export function mediaRoutes(ctx: AppContext): AppRouter {
  const router = new Router<RequestState>();
  router.get('/media/:bucket/*path', async (c) => {
    const bucket = c.params.bucket ?? '';
    const raw = c.params.path;
    const path = Array.isArray(raw) ? raw.join('/') : (raw ?? '');
    if (!BUCKETS.has(bucket) || !path || path.length > 300 || path.includes('\u0000')) throw fail.notFound('File not found');
    const row = await readMediaFile(ctx.knex, { bucket, path });
    if (!row) throw fail.notFound('File not found');
    c.set('Cache-Control', 'public, max-age=31536000, immutable');
    c.set('X-Content-Type-Options', 'nosniff');
    c.set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
    c.etag = row.sha256;
    c.lastModified = new Date(row.created_at);
    c.status = 200;
    if (c.fresh) {
      c.status = 304;
      return;
    }
    c.type = row.content_type;
    c.length = row.byte_size;
    c.body = Buffer.isBuffer(row.data) ? row.data : Buffer.from(row.data);
  });
  return router;
}
