import type { AppRouter } from './http/router';
import type { AppContext } from './context';
import { authRoutes } from './auth/routes';
import { contentRoutes } from './content/routes';
import { docsRoutes } from './docs/routes';
import { healthRoutes } from './health/routes';
import { mediaRoutes } from './media/routes';
import { radioRoutes } from './radio/routes';
import { publicScheduleRoutes } from './public/schedule-api';
import { scheduleRoutes } from './schedule/routes';
import { settingsRoutes } from './settings/routes';
import { usersRoutes } from './users/routes';
import { privacyRoutes } from './privacy/routes';
import { requestsRoutes } from './requests/routes';
import { applicationsRoutes } from './applications/routes';
import { integrationsRoutes } from './integrations/routes';
import { presentersRoutes } from './presenters/routes';
import { requestQueueRoutes } from './requests/queues';
import { leaveRoutes } from './leave/routes';
import { applicationReviewRoutes } from './applications/review';
import { notificationsRoutes } from './notifications/routes';
import { logsRoutes } from './logs/routes';
import { dashboardRoutes } from './dashboard/routes';
import { desktopRoutes } from './desktop/routes';
import { embedRoutes } from './embed/routes';
import { audienceRoutes } from './audience/routes';
import { reportsRoutes } from './reports/routes';
import { liveRoutes } from './live/routes';
import { deadAirRoutes } from './radio/ears/routes';
import { listenAgainRoutes } from './listen-again/routes';
import { reachRoutes } from './reach/routes';
import { tracklistsRoutes } from './tracklists/routes';
import { listedRoutes } from './reach/listed-routes';

/**
 * Every domain's router, in mounting order. A new domain adds one line here;
 * the authorization matrix test enumerates the routes of these routers.
 */
export function domainRouters(ctx: AppContext): AppRouter[] {
  return [healthRoutes(ctx), authRoutes(ctx), usersRoutes(ctx), mediaRoutes(ctx), settingsRoutes(ctx), contentRoutes(ctx), docsRoutes(ctx), radioRoutes(ctx), scheduleRoutes(ctx), publicScheduleRoutes(ctx), requestsRoutes(ctx), applicationsRoutes(ctx), integrationsRoutes(ctx), presentersRoutes(ctx), requestQueueRoutes(ctx), leaveRoutes(ctx), applicationReviewRoutes(ctx), notificationsRoutes(ctx), logsRoutes(ctx), dashboardRoutes(ctx), desktopRoutes(ctx), embedRoutes(ctx), audienceRoutes(ctx), liveRoutes(ctx), deadAirRoutes(ctx), privacyRoutes(ctx), reportsRoutes(ctx), listenAgainRoutes(ctx), reachRoutes(ctx), tracklistsRoutes(ctx), listedRoutes(ctx)];
}
