import type { AppRouter } from './app';
import type { AppContext } from './context';
import { authRoutes } from './auth/routes';
import { healthRoutes } from './health/routes';
import { settingsRoutes } from './settings/routes';
import { requestsRoutes } from './requests/routes';
import { applicationsRoutes } from './applications/routes';
import { integrationsRoutes } from './integrations/routes';

/**
 * Every domain's router, in mounting order. A new domain adds one line here;
 * the authorization matrix test enumerates the routes of these routers.
 */
export function domainRouters(ctx: AppContext): AppRouter[] {
  return [healthRoutes(ctx), authRoutes(ctx), settingsRoutes(ctx), requestsRoutes(ctx), applicationsRoutes(ctx), integrationsRoutes(ctx)];
}
