import Router from '@koa/router';
import type Koa from 'koa';
import { INVALID_ACTION_MESSAGE, REQUEST_RULE_MESSAGES, SongRequestApiBodySchema, SongRequestApiSearchQuerySchema, SongRequestApiSpotifyQuerySchema, type SongRequestApiResponse } from '../../../shared/song-request-api';
import { GeneralRequestInputSchema, IDEMPOTENCY_KEY_RE, SESSION_ID_RE, ShoutoutRequestInputSchema, SongRequestInputSchema, TrackSearchQuerySchema } from '../../../shared/requests';
import type { AppRouter } from '../http/router';
import type { AppContext, RequestState } from '../context';
import { fail } from '../http/errors';
import { parse } from '../http/validate';
import { integrations, SPOTIFY_FAILED, SPOTIFY_NOT_CONFIGURED, upstreamToHttp } from '../integrations/clients';
import { fieldQuery } from '../integrations/spotify';
import { laneOutcome } from './fast-lane';
import { limiter } from './limits';
import { createGeneralRequest, createShoutoutRequest, createSongRequest, searchLibrary } from './service';

type Ctx = Koa.ParameterizedContext<RequestState>;

/** The optional Idempotency-Key header, checked. */
function idempotencyKey(c: Ctx): string | undefined {
  const raw = c.get('Idempotency-Key');
  if (!raw) return undefined;
  if (!IDEMPOTENCY_KEY_RE.test(raw)) throw fail.badRequest(REQUEST_RULE_MESSAGES.badIdempotencyKey);
  return raw;
}

/** Searches are cheap here but not at Spotify: a per-address budget for both. */
async function consumeSearch(ctx: AppContext, c: Ctx, kind: 'library' | 'spotify'): Promise<void> {
  const perMinute = ctx.config.SEARCH_LIMIT_PER_MINUTE;
  await limiter(ctx, `search_${kind}`, { points: kind === 'spotify' ? Math.max(1, Math.ceil(perMinute / 3)) : perMinute, durationSec: 60 }).consume(`ip:${c.ip}`);
}

/**
 * The listener website's request endpoints and the public song-request API
 * (`/song-request-api`, also under `/api/public/`). The public API answers
 * errors in the site's error shape plus `success: false` and `message`.
 */
export function requestsRoutes(ctx: AppContext): AppRouter {
  const router = new Router<RequestState>();

  router.post('/api/requests/song', async (c) => {
    const input = parse(SongRequestInputSchema, c.request.body);
    // Made already when the song-request lane read it (requests/fast-lane.ts).
    const { request, replayed } = await (laneOutcome(c) ?? createSongRequest(ctx, input, { ip: c.ip, sessionId: input.user_session, source: 'website', clientKey: idempotencyKey(c) }));
    if (replayed) c.set('Idempotent-Replayed', 'true');
    c.status = 201;
    c.body = { request };
  });

  router.post('/api/requests/shoutout', async (c) => {
    const input = parse(ShoutoutRequestInputSchema, c.request.body);
    const { user_session, ...fields } = input;
    c.status = 201;
    c.body = { request: await createShoutoutRequest(ctx, fields, { ip: c.ip, sessionId: user_session, source: 'website' }) };
  });

  router.post('/api/requests/general', async (c) => {
    const input = parse(GeneralRequestInputSchema, c.request.body);
    const { user_session, ...fields } = input;
    c.status = 201;
    c.body = { request: await createGeneralRequest(ctx, fields, { ip: c.ip, sessionId: user_session, source: 'website' }) };
  });

  router.get('/api/tracks/search', async (c) => {
    const { q, limit } = parse(TrackSearchQuerySchema, c.query);
    await consumeSearch(ctx, c, 'library');
    c.set('Cache-Control', 'no-store');
    c.body = { tracks: await searchLibrary(ctx.knex, q, limit) };
  });

  // Public song-request API (errors get success/message added in app.ts).
  const apiGet = async (c: Ctx) => {
    const action = typeof c.query.action === 'string' ? c.query.action : '';
    c.set('Cache-Control', 'no-store');
    if (action === 'search') {
      const q = parse(SongRequestApiSearchQuerySchema, c.query);
      await consumeSearch(ctx, c, 'library');
      const tracks = await searchLibrary(ctx.knex, q.query, q.limit);
      c.body = { success: true, data: { tracks, total: tracks.length }, message: tracks.length ? `Found ${tracks.length} track${tracks.length === 1 ? '' : 's'}` : 'No tracks found' };
      return;
    }
    if (action === 'spotify-search') {
      const spotify = integrations(ctx).spotify;
      if (!spotify) throw fail.notConfigured(SPOTIFY_NOT_CONFIGURED);
      const q = parse(SongRequestApiSpotifyQuerySchema, c.query);
      await consumeSearch(ctx, c, 'spotify');
      try {
        const tracks = await spotify.searchTracks(fieldQuery(q.artist, q.title), q.limit);
        c.body = { success: true, data: { tracks, total: tracks.length }, message: tracks.length ? `Found ${tracks.length} track${tracks.length === 1 ? '' : 's'}` : 'No tracks found' };
      } catch (err) {
        c.state.log.warn({ err }, 'spotify search failed');
        throw upstreamToHttp(err, SPOTIFY_FAILED);
      }
      return;
    }
    throw fail.badRequest(INVALID_ACTION_MESSAGE);
  };

  const apiPost = async (c: Ctx) => {
    const body = parse(SongRequestApiBodySchema, c.request.body);
    const session = c.get('X-Session-Id');
    if (session && !SESSION_ID_RE.test(session)) throw fail.badRequest('X-Session-Id must be 8 to 128 letters, digits, - or _.');
    const { request, replayed } = await (laneOutcome(c) ?? createSongRequest(ctx, body, { ip: c.ip, sessionId: session || undefined, source: 'api', clientKey: idempotencyKey(c) }));
    if (replayed) c.set('Idempotent-Replayed', 'true');
    c.status = 201;
    c.body = {
      success: true,
      data: { request_id: request.id, status: request.status, submitted_at: request.created_at },
      message: replayed ? 'Song request already received' : 'Song request submitted successfully',
    } satisfies SongRequestApiResponse;
  };

  for (const path of ['/song-request-api', '/api/public/song-request-api']) {
    router.get(path, apiGet);
    router.post(path, apiPost);
  }

  return router;
}
