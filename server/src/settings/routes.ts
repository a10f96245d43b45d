import Router from '@koa/router';
import { CONTENT_EVENTS, DiscordConfigInputSchema, DiscordConfigUpdateSchema } from '../../../shared/content';
import { can, DENIED } from '../../../shared/permissions';
import { StationInfoSchema } from '../../../shared/station';
import type { SetupState } from '../../../shared/station-setup';
import type { AppRouter } from '../http/router';
import { authorize, currentUser } from '../auth/middleware';
import type { AppContext, RequestState } from '../context';
import { parse } from '../http/validate';
import { fail } from '../http/errors';
import { imagePolicyOf } from '../http/public-images';
import { imageUrlProblem } from '../../../shared/image-hosts';
import { getDiscordView, getStationInfo, isSetupNeeded, saveDiscordConfig, saveStationInfo, skipSetup, updateDiscordConfig } from './service';

/** The refusal for anyone but the owner on the Discord integration (001 §6: owner only). */
export const DISCORD_DENIED = 'Only the station owner can manage the Discord integration.';

/**
 * Station settings: the public identity (`GET /api/station`), General
 * Settings for owner and manager, and the owner-only Discord integration.
 */
export function settingsRoutes(ctx: AppContext): AppRouter {
  const router = new Router<RequestState>();
  const deps = { tokens: ctx.tokens, knex: ctx.knex };
  const settingsAccess = authorize(deps, 'settings.access', DENIED.settings);
  const ownerOnly = authorize(deps, 'settings.discord', DISCORD_DENIED);

  router.get('/api/station', async (c) => {
    // Revalidated on every load so a change in General Settings shows at once.
    c.set('Cache-Control', 'no-cache');
    c.body = await getStationInfo(ctx.knex, ctx.config);
  });

  router.get('/api/settings/access', settingsAccess, (c) => {
    const user = currentUser(c);
    c.set('Cache-Control', 'no-store');
    c.body = { settings: true, discord: can(user.role, 'settings.discord') };
  });

  router.get('/api/settings/station', settingsAccess, async (c) => {
    c.set('Cache-Control', 'no-store');
    c.body = await getStationInfo(ctx.knex, ctx.config);
  });

  router.put('/api/settings/station', settingsAccess, async (c) => {
    // A client that does not send the approved image hosts (first-run setup, an older panel) keeps them.
    const body = c.request.body;
    const before = await getStationInfo(ctx.knex, ctx.config);
    // The same for the languages (issue 35): a form that does not send them keeps them.
    const kept = (['approvedImageHosts', 'language', 'contentLanguages', 'taglineTranslations'] as const).filter((k) => body && typeof body === 'object' && !Array.isArray(body) && !(k in body));
    const withHosts = kept.length > 0 ? { ...(body as object), ...Object.fromEntries(kept.map((k) => [k, before[k]])) } : body;
    const input = parse(StationInfoSchema, withHosts);
    // The logo, as every image listeners load: from this site or an approved host (issue 29), those of this save included.
    const problem = input.logoUrl !== before.logoUrl ? imageUrlProblem(input.logoUrl, imagePolicyOf(input, ctx.config), 'Logo URL') : null;
    if (problem) throw fail.badRequest(problem, [{ path: 'logoUrl', message: problem }]);
    const saved = await saveStationInfo(ctx.knex, ctx.config, input, currentUser(c));
    // This instance forgets its copy now; the others when the event below reaches them.
    ctx.settings.invalidate();
    // Compliance mode UK or US (issue 34): the upcoming song leaves the now-playing document and its push now.
    if (saved.compliance_mode !== before.compliance_mode) await ctx.radio.complianceChanged();
    await ctx.bus.publish({ channel: 'content', name: CONTENT_EVENTS.stationUpdated, data: {} });
    c.body = saved;
  });

  // First-run setup (issue 17): its state for the setup screen; saving is PUT /api/settings/station.
  router.get('/api/settings/setup', settingsAccess, async (c) => {
    c.set('Cache-Control', 'no-store');
    const cfg = ctx.config;
    const state: SetupState = {
      needed: await isSetupNeeded(ctx.knex),
      source: { kind: cfg.STATION_SOURCE, url: cfg.STATION_SOURCE === 'demo' ? null : (cfg.STATION_URL ?? null) },
      streamUrlFromConfig: cfg.STREAM_URL ?? null,
      serverTimezone: cfg.STATION_TIMEZONE,
    };
    c.body = state;
  });

  router.post('/api/settings/setup/skip', settingsAccess, async (c) => {
    await skipSetup(ctx.knex, currentUser(c));
    c.status = 204;
  });

  router.get('/api/settings/discord', ownerOnly, async (c) => {
    c.set('Cache-Control', 'no-store');
    c.body = await getDiscordView(ctx.knex, await ctx.secrets.box());
  });

  router.put('/api/settings/discord', ownerOnly, async (c) => {
    const input = parse(DiscordConfigInputSchema, c.request.body);
    const { view, created } = await saveDiscordConfig(ctx.knex, await ctx.secrets.box(), input, currentUser(c));
    c.set('Cache-Control', 'no-store');
    c.status = created ? 201 : 200;
    c.body = view;
  });

  router.patch('/api/settings/discord', ownerOnly, async (c) => {
    const input = parse(DiscordConfigUpdateSchema, c.request.body);
    c.set('Cache-Control', 'no-store');
    c.body = await updateDiscordConfig(ctx.knex, await ctx.secrets.box(), input, currentUser(c));
  });

  return router;
}
