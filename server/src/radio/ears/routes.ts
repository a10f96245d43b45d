import Router from '@koa/router';
import { z } from 'zod';
import { DeadAirSettingsSchema, UPTIME_RANGES } from '../../../../shared/dead-air';
import { DENIED } from '../../../../shared/permissions';
import { authorize, currentUser } from '../../auth/middleware';
import type { AppContext, RequestState } from '../../context';
import type { AppRouter } from '../../http/router';
import { parse } from '../../http/validate';
import { stationTimezone } from '../../settings/service';
import { recordAction } from '../../users/audit';
import { fail } from '../../http/errors';
import { incidentSample, readDeadAirSettings } from './repo';
import { saveDeadAirSettings, uptimeView } from './service';

const IncidentIdSchema = z.object({ id: z.uuid({ error: 'Unknown incident.' }) });
export const UptimeQuerySchema = z.object({ range: z.enum(UPTIME_RANGES, { error: 'Choose 24h, 7d or 30d.' }).default('24h') });

/**
 * Dead air over HTTP: the public condition (listeners and the player: is the station heard, and the
 * backup stream), the staff Uptime screen, and the watch's settings.
 */
export function deadAirRoutes(ctx: AppContext): AppRouter {
  const router = new Router<RequestState>();
  const deps = { tokens: ctx.tokens, knex: ctx.knex };
  const uptime = authorize(deps, 'uptime.view', DENIED.role);
  const settingsAccess = authorize(deps, 'settings.access', DENIED.settings);

  router.get('/api/station/condition', async (c) => {
    await ctx.radio.deadAir.ready;
    await ctx.radio.deadAir.settings();
    c.set('Cache-Control', 'no-cache');
    c.body = ctx.radio.deadAir.view();
  });

  router.get('/api/uptime', uptime, async (c) => {
    const q = parse(UptimeQuerySchema, c.query);
    c.set('Cache-Control', 'no-store');
    c.body = await uptimeView(ctx.knex, q.range, ctx.now(), await stationTimezone(ctx));
  });

  // The 10-second sample kept with an incident (MP3), for staff to hear what listeners heard.
  router.get('/api/uptime/incidents/:id/sample', uptime, async (c) => {
    const id = parse(IncidentIdSchema, c.params).id;
    const sample = await incidentSample(ctx.knex, id);
    if (!sample) throw fail.notFound('This incident has no sample.');
    c.set('Cache-Control', 'private, max-age=3600');
    c.set('Content-Disposition', `inline; filename="incident-${id}.mp3"`);
    c.type = sample.content_type;
    c.body = sample.audio;
  });

  router.get('/api/dead-air/settings', settingsAccess, async (c) => {
    c.set('Cache-Control', 'no-store');
    c.body = await readDeadAirSettings(ctx.knex);
  });

  router.put('/api/dead-air/settings', settingsAccess, async (c) => {
    const input = parse(DeadAirSettingsSchema, c.request.body);
    const user = currentUser(c);
    const { after } = await saveDeadAirSettings(ctx.knex, input);
    ctx.radio.deadAir.forgetSettings();
    await recordAction(ctx.knex, { actor: { id: user.id, email: user.email }, action: 'update', resourceType: 'dead_air_settings', resourceId: '1', resourceName: 'Dead air settings', details: input, ip: c.ip });
    c.body = after;
  });

  return router;
}
