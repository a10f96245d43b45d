import Router from '@koa/router';
import type Koa from 'koa';
import { z } from 'zod';
import { DiscordCallbackInputSchema, MusicLinksQuerySchema, WebhookCreateSchema, WebhookUpdateSchema, type DiscordAuthorizeResponse, type DiscordCallbackResponse } from '../../../shared/integrations';
import { DENIED } from '../../../shared/permissions';
import { TrackSearchQuerySchema } from '../../../shared/requests';
import type { AppRouter } from '../http/router';
import { authorize, currentUser } from '../auth/middleware';
import type { AppContext, RequestState } from '../context';
import { fail } from '../http/errors';
import { siteOrigin } from '../http/public-url';
import { parse } from '../http/validate';
import { limiter } from '../requests/limits';
import { getStationInfo } from '../settings/service';
import { integrations, SPOTIFY_FAILED, SPOTIFY_NOT_CONFIGURED, upstreamToHttp } from './clients';
import { completeDiscordSignIn, discordSignInAvailable, isToken, OAUTH_MESSAGES, LINK_COOKIE, LINK_TTL_MS, randomToken, startDiscordSignIn, STATE_COOKIE, STATE_TTL_MS } from './discord-oauth';
import { addWebhook, changeWebhook, listDeliveries, listEndpoints, removeWebhook, testWebhook, type WebhookActor } from './webhooks';

type Ctx = Koa.ParameterizedContext<RequestState>;

const IdSchema = z.object({ id: z.uuid('Webhook not found') });
export const DeliveriesQuerySchema = z.object({ endpoint: z.uuid().optional(), limit: z.coerce.number().int().min(1).max(200).default(50) });

/**
 * Where Discord sends the applicant back: the configured URI, else PUBLIC_URL's
 * /discord-callback. Never built from the request's Host (a forged Host would
 * send the applicant's code elsewhere): without either, Discord sign-in refuses to start.
 */
function redirectUri(ctx: AppContext, c: Ctx): string {
  if (ctx.config.DISCORD_REDIRECT_URI) return ctx.config.DISCORD_REDIRECT_URI;
  const origin = siteOrigin(ctx.config);
  if (!origin) {
    c.state.log.warn("Discord sign-in needs the site's public address: set PUBLIC_URL (or DISCORD_REDIRECT_URI)");
    // The applicant sees the usual text and types their Discord username instead.
    throw fail.notConfigured(OAUTH_MESSAGES.notConfigured);
  }
  return `${origin}/discord-callback`;
}

/** Who is making a staff change, for the audit log. */
function who(c: Ctx): WebhookActor {
  return { actor: currentUser(c), ip: c.ip || null };
}

/**
 * Spotify search for the song request page, the staff music-link lookup,
 * Discord sign-in for applicants, and the outgoing webhooks' staff API.
 */
export function integrationsRoutes(ctx: AppContext): AppRouter {
  const router = new Router<RequestState>();
  const deps = { tokens: ctx.tokens, knex: ctx.knex };

  // Whether Spotify search is set up, so the song request page offers it only when it can work (issue 19).
  router.get('/api/spotify/status', (c) => {
    c.set('Cache-Control', 'no-cache');
    c.body = { available: integrations(ctx).spotify !== null };
  });

  router.get('/api/spotify/search', async (c) => {
    const { q, limit } = parse(TrackSearchQuerySchema.extend({ limit: z.coerce.number().int().min(1).max(50).default(10) }), c.query);
    const spotify = integrations(ctx).spotify;
    if (!spotify) throw fail.notConfigured(SPOTIFY_NOT_CONFIGURED);
    await limiter(ctx, 'search_spotify', { points: Math.max(1, Math.ceil(ctx.config.SEARCH_LIMIT_PER_MINUTE / 3)), durationSec: 60 }).consume(`ip:${c.ip}`);
    try {
      c.set('Cache-Control', 'no-store');
      c.body = { tracks: await spotify.searchTracks(q, limit) };
    } catch (err) {
      c.state.log.warn({ err }, 'spotify search failed');
      throw upstreamToHttp(err, SPOTIFY_FAILED);
    }
  });

  router.get('/api/music-links', authorize(deps, 'requests.manage', DENIED.generic), async (c) => {
    const input = parse(MusicLinksQuerySchema, c.query);
    try {
      c.set('Cache-Control', 'private, max-age=300');
      c.body = await integrations(ctx).musicLinks.find(input);
    } catch (err) {
      c.state.log.warn({ err }, 'music-link lookup failed');
      throw upstreamToHttp(err, 'Failed to search for music links. Please try again.');
    }
  });

  // Whether Discord sign-in is set up, so the application form offers "Connect Discord" only when it can work.
  router.get('/api/discord/status', async (c) => {
    c.set('Cache-Control', 'no-cache');
    c.body = { available: await discordSignInAvailable(ctx, !!siteOrigin(ctx.config)) };
  });

  // Discord sign-in for applicants.
  router.get('/api/discord/authorize', async (c) => {
    await limiter(ctx, 'discord_authorize', { points: 20, durationSec: 600 }).consume(`ip:${c.ip}`);
    const existing = c.cookies.get(STATE_COOKIE);
    // Reuse this browser's nonce so two tabs can each finish their own sign-in.
    const nonce = isToken(existing) ? existing : randomToken();
    const { url } = await startDiscordSignIn(ctx, { browserNonce: nonce, redirectUri: redirectUri(ctx, c) });
    c.cookies.set(STATE_COOKIE, nonce, { httpOnly: true, sameSite: 'lax', secure: c.secure, path: '/api/discord', maxAge: STATE_TTL_MS, overwrite: true });
    c.set('Cache-Control', 'no-store');
    c.body = { url } satisfies DiscordAuthorizeResponse;
  });

  router.post('/api/discord/callback', async (c) => {
    const input = parse(DiscordCallbackInputSchema, c.request.body);
    await limiter(ctx, 'discord_callback', { points: 20, durationSec: 600 }).consume(`ip:${c.ip}`);
    const { user, linkToken } = await completeDiscordSignIn(ctx, { ...input, browserNonce: c.cookies.get(STATE_COOKIE) });
    c.cookies.set(LINK_COOKIE, linkToken, { httpOnly: true, sameSite: 'lax', secure: c.secure, path: '/api', maxAge: LINK_TTL_MS, overwrite: true });
    c.set('Cache-Control', 'no-store');
    c.body = { success: true, user: { username: user.username } } satisfies DiscordCallbackResponse;
  });

  // Outgoing webhooks (owner and manager: settings access).
  const staff = authorize(deps, 'settings.access', DENIED.settings);

  router.get('/api/webhooks', staff, async (c) => {
    c.body = { webhooks: await listEndpoints(ctx.knex) };
  });

  router.post('/api/webhooks', staff, async (c) => {
    const input = parse(WebhookCreateSchema, c.request.body);
    const webhook = await addWebhook(ctx.knex, input, who(c));
    c.status = 201;
    c.body = { webhook };
  });

  router.patch('/api/webhooks/:id', staff, async (c) => {
    const { id } = parse(IdSchema, c.params);
    const patch = parse(WebhookUpdateSchema, c.request.body);
    const webhook = await changeWebhook(ctx.knex, id, patch, who(c));
    c.body = { webhook };
  });

  router.delete('/api/webhooks/:id', staff, async (c) => {
    const { id } = parse(IdSchema, c.params);
    await removeWebhook(ctx.knex, id, who(c));
    c.status = 204;
  });

  router.post('/api/webhooks/:id/test', staff, async (c) => {
    const { id } = parse(IdSchema, c.params);
    const station = await getStationInfo(ctx.knex, ctx.config);
    const queued = await testWebhook(ctx, id, station.name, `test:${ctx.now()}:${randomToken().slice(0, 8)}`, who(c));
    c.status = 202;
    c.body = { queued };
  });

  router.get('/api/webhooks/deliveries', staff, async (c) => {
    const q = parse(DeliveriesQuerySchema, c.query);
    c.body = { deliveries: await listDeliveries(ctx.knex, { endpointId: q.endpoint, limit: q.limit }) };
  });

  return router;
}
