import Router from '@koa/router';
import { DENIED } from '../../../shared/permissions';
import { PrivacySettingsSchema, type PrivacySettingsView } from '../../../shared/privacy';
import { authorize, currentUser } from '../auth/middleware';
import type { AppContext, RequestState } from '../context';
import type { AppRouter } from '../http/router';
import { parse } from '../http/validate';
import { getPrivacySettings, putPrivacySettings, recentRetentionRuns, runRetention } from './service';

const view = (row: PrivacySettingsView): PrivacySettingsView => ({
  analytics_level: row.analytics_level,
  request_days: row.request_days,
  vote_days: row.vote_days,
  page_view_days: row.page_view_days,
  inquiry_days: row.inquiry_days,
  application_days: row.application_days,
  failed_signin_days: row.failed_signin_days,
  audit_days: row.audit_days,
  email_days: row.email_days,
});

/** The owner's privacy settings and the retention job's record (issue 37 item 1). */
export function privacyRoutes(ctx: AppContext): AppRouter {
  const router = new Router<RequestState>();
  const owner = authorize(ctx, 'privacy.manage', DENIED.settings);

  // The privacy page's figures (issue 37 item 3): the periods and the analytics level in force, for anyone.
  router.get('/api/privacy', async (c) => {
    c.set('Cache-Control', 'no-cache');
    c.body = view(await getPrivacySettings(ctx));
  });

  router.get('/api/privacy/settings', owner, async (c) => {
    c.set('Cache-Control', 'no-store');
    c.body = view(await getPrivacySettings(ctx));
  });

  router.put('/api/privacy/settings', owner, async (c) => {
    const input = parse(PrivacySettingsSchema, c.request.body ?? {});
    c.body = view(await putPrivacySettings(ctx, currentUser(c), input, c.ip || null));
  });

  router.get('/api/privacy/retention', owner, async (c) => {
    c.set('Cache-Control', 'no-store');
    c.body = { runs: await recentRetentionRuns(ctx) };
  });

  router.post('/api/privacy/retention/run', owner, async (c) => {
    c.body = { removed: await runRetention(ctx, ctx.now()) };
  });

  return router;
}
