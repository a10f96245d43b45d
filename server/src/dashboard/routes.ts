import Router from '@koa/router';
import { DENIED } from '../../../shared/permissions';
import { stationTimezone } from '../settings/service';
import type { AppRouter } from '../http/router';
import { authorize, currentUser } from '../auth/middleware';
import type { AppContext, RequestState } from '../context';
import { dashboardData, firstRunChecklist } from './service';

/**
 * The staff dashboard's data (001 §2 Dashboard, §7 Dashboard data, §9) that
 * no other API gives in one call: the signed-in presenter's hours still to
 * book this week, the top rated song this month, the three newest pending
 * requests of each kind and the next three shows. The live show and the
 * current song come from the public `now-playing` channel.
 */
export function dashboardRoutes(ctx: AppContext): AppRouter {
  const router = new Router<RequestState>();
  const panel = authorize(ctx, 'panel.view', DENIED.panel);
  router.get('/api/dashboard', panel, async (c) => {
    c.set('Cache-Control', 'no-store');
    const user = currentUser(c);
    const data = await dashboardData(ctx.knex, user.id, ctx.now(), await stationTimezone(ctx));
    // The owner is told when demo accounts still open with the README's password, and what a new station still needs.
    c.body = user.role === 'owner' ? { ...data, demo_accounts: await ctx.demoAccounts.exposed(), first_run: await firstRunChecklist(ctx.knex, ctx.config, user.id) } : data;
  });
  return router;
}
