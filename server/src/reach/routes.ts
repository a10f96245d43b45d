import Router from '@koa/router';
import type { AppRouter } from '../http/router';
import type { AppContext, RequestState } from '../context';
import { siteOrigin } from '../http/public-url';
import { cachedStationInfo } from '../settings/service';
import { resolveListenUrl } from '../radio/sources';
import { m3uPlaylist, plsPlaylist } from './playlists';
import { DENIED } from '../../../shared/permissions';
import { FollowInputSchema, UnfollowInputSchema } from '../../../shared/reach';
import { authorize } from '../auth/middleware';
import { parse } from '../http/validate';
import { fail, HttpError } from '../http/errors';
import { follow, followerCountsView, unfollow, vapidKeys } from './follows';

/**
 * The station's stream as a playlist entry: its address made absolute with
 * PUBLIC_URL when it is this server's own path (never with the request's Host,
 * which anyone can forge: without PUBLIC_URL it stays relative to the
 * playlist's own address, which players resolve), titled with the station's name.
 */
async function streamEntry(ctx: AppContext): Promise<{ url: string; title: string }> {
  await ctx.radio.ready;
  const url = await resolveListenUrl(ctx, ctx.radio.store.current?.station.listen_url ?? null);
  const absolute = /^https?:\/\//i.test(url) ? url : `${siteOrigin(ctx.config)}${url.startsWith('/') ? '' : '/'}${url}`;
  return { url: absolute, title: (await cachedStationInfo(ctx)).name };
}

/** A DELETE request's JSON body when the app's body parser has not read it; at most 8 KB. */
async function deleteBody(req: NodeJS.ReadableStream): Promise<unknown> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const b = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
    size += b.length;
    if (size > 8192) throw new HttpError('payload_too_large', 'The request body is too large.');
    parts.push(b);
  }
  if (size === 0) return {};
  try {
    return JSON.parse(Buffer.concat(parts).toString('utf8')) as unknown;
  } catch {
    throw fail.badRequest('The request body is not valid JSON.');
  }
}

/**
 * Reach (issue 36): the playlist files of the public stream, and following a
 * show without an account (the VAPID key, follow, unfollow: public; the
 * follower counts: staff with follows.view).
 */
export function reachRoutes(ctx: AppContext): AppRouter {
  const router = new Router<RequestState>();
  const deps = { tokens: ctx.tokens, knex: ctx.knex };
  // Anonymous writes, per address and across instances, as song requests: enough for a listener, not for a script.
  const followLimit = ctx.limits.limiter('follow_write', { points: 30, durationSec: 600 });

  router.get('/api/push/key', async (c) => {
    c.set('Cache-Control', 'no-cache');
    c.body = { public_key: (await vapidKeys(ctx)).publicKey };
  });
  router.post('/api/follows', async (c) => {
    await followLimit.consume(c.ip);
    const input = parse(FollowInputSchema, c.request.body ?? {});
    await follow(ctx, input);
    c.status = 201;
    c.body = { show_id: input.show_id, following: true };
  });
  router.delete('/api/follows', async (c) => {
    await followLimit.consume(c.ip);
    const input = parse(UnfollowInputSchema, c.request.body !== undefined ? c.request.body : await deleteBody(c.req));
    const removed = await unfollow(ctx, input.endpoint, input.show_id ?? null);
    c.body = { removed };
  });
  router.get('/api/follows/counts', authorize(deps, 'follows.view', DENIED.role), async (c) => {
    c.set('Cache-Control', 'no-store');
    c.body = await followerCountsView(ctx);
  });

  router.get('/listen.m3u', async (c) => {
    c.type = 'audio/x-mpegurl';
    c.set('Content-Disposition', 'inline; filename="listen.m3u"');
    c.set('Cache-Control', 'public, max-age=300');
    c.body = m3uPlaylist(await streamEntry(ctx));
  });
  router.get('/listen.pls', async (c) => {
    c.type = 'audio/x-scpls';
    c.set('Content-Disposition', 'inline; filename="listen.pls"');
    c.set('Cache-Control', 'public, max-age=300');
    c.body = plsPlaylist(await streamEntry(ctx));
  });
  return router;
}
