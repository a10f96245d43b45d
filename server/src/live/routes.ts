import Router from '@koa/router';
import { LiveInputSettingsInputSchema, LiveStartSchema } from '../../../shared/live';
import { DENIED } from '../../../shared/permissions';
import type { AppRouter } from '../http/router';
import { authorize, currentUser } from '../auth/middleware';
import type { AppContext, RequestState } from '../context';
import { fail } from '../http/errors';
import { parse } from '../http/validate';
import { liveSettingsView, liveStatus, saveLiveSettings } from './service';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const sessionId = (id: string | undefined): string => {
  if (!id || !UUID.test(id)) throw fail.notFound('That live session has ended.');
  return id;
};

/** Only owners and managers may let a show overrun or end someone's live session. */
export const LIVE_MANAGE_DENIED = 'Only owners and managers can change a live session.';

/**
 * Going live (issue 31): the console's status, the go-live ticket (the slot
 * rule is checked here, on the server), a manager's overrun and end, and the
 * live-input settings (General Settings; passwords go in, never out). The
 * audio itself travels on the `/api/live/socket` WebSocket (server.ts).
 */
export function liveRoutes(ctx: AppContext): AppRouter {
  const router = new Router<RequestState>();
  const deps = { tokens: ctx.tokens, knex: ctx.knex };
  const goLive = authorize(deps, 'live.goLive', DENIED.generic);
  const manage = authorize(deps, 'live.unscheduled', LIVE_MANAGE_DENIED);
  const settingsAccess = authorize(deps, 'settings.access', DENIED.settings);

  router.get('/api/live/status', goLive, async (c) => {
    c.set('Cache-Control', 'no-store');
    c.body = await liveStatus(ctx, currentUser(c));
  });

  router.post('/api/live/sessions', goLive, async (c) => {
    const input = parse(LiveStartSchema, c.request.body ?? {});
    c.set('Cache-Control', 'no-store');
    c.status = 201;
    c.body = await ctx.live.start(currentUser(c), input, c.ip || null);
  });

  router.post('/api/live/sessions/:id/overrun', manage, async (c) => {
    c.body = await ctx.live.overrun(currentUser(c), sessionId(c.params.id));
  });

  router.post('/api/live/sessions/:id/end', manage, async (c) => {
    await ctx.live.endByStaff(currentUser(c), sessionId(c.params.id));
    c.status = 204;
  });

  router.get('/api/settings/live-input', settingsAccess, async (c) => {
    c.set('Cache-Control', 'no-store');
    c.body = await liveSettingsView(ctx);
  });

  router.put('/api/settings/live-input', settingsAccess, async (c) => {
    const input = parse(LiveInputSettingsInputSchema, c.request.body);
    c.set('Cache-Control', 'no-store');
    c.body = await saveLiveSettings(ctx, await ctx.secrets.box(), input, currentUser(c));
  });

  return router;
}
