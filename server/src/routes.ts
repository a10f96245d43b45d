import type { AppRouter } from './app';
import type { AppContext } from './context';
import { authRoutes } from './auth/routes';
import { contentRoutes } from './content/routes';
import { docsRoutes } from './docs/routes';
import { healthRoutes } from './health/routes';
import { settingsRoutes } from './settings/routes';

/**
 * Every domain's router, in mounting order. A new domain adds one line here;
 * the authorization matrix test enumerates the routes of these routers.
 */
export function domainRouters(ctx: AppContext): AppRouter[] {
  return [healthRoutes(ctx), authRoutes(ctx), settingsRoutes(ctx), contentRoutes(ctx), docsRoutes(ctx)];
}
