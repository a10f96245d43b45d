import Router from '@koa/router';
import { DENIED } from '../../../shared/permissions';
import { DeletionRequestSchema, MyDataQuerySchema, PrivacySettingsSchema, SubjectEraseSchema, SubjectQuerySchema, type PrivacySettingsView } from '../../../shared/privacy';
import { authorize, currentUser, requireUser } from '../auth/middleware';
import { limiter } from '../requests/limits';
import { accountData, deleteListenerData, eraseSubject, exportSubject, findSubject, listenerData, requestAccountDeletion } from './data';
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
  policy_intro: row.policy_intro,
  policy_extra: row.policy_extra,
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

  // ------------------------------------------------ a person's data (issue 37 item 2)

  // A listener's own data, by the browser's session ids (the ids are the proof; guessing is limited per address).
  const myDataLimit = async (c: { ip: string }, next: () => Promise<unknown>) => {
    await limiter(ctx, 'my_data_ip', { points: 30, durationSec: 600 }).consume(`ip:${c.ip}`);
    await next();
  };
  router.get('/api/my-data', myDataLimit, async (c) => {
    const { session_id, push_endpoint } = parse(MyDataQuerySchema, { session_id: c.query.session_id, push_endpoint: c.query.push_endpoint });
    c.set('Cache-Control', 'no-store');
    c.body = await listenerData(ctx, session_id, push_endpoint);
  });

  router.delete('/api/my-data', myDataLimit, async (c) => {
    const { session_id, push_endpoint } = parse(MyDataQuerySchema, c.request.body ?? {});
    c.body = { removed: await deleteListenerData(ctx, session_id, push_endpoint) };
  });

  // Staff answering a written request: find, export, erase (owner and manager).
  const subjects = authorize(ctx, 'privacy.subjects', DENIED.settings);
  router.get('/api/privacy/subjects', subjects, async (c) => {
    const { q } = parse(SubjectQuerySchema, { q: c.query.q });
    c.set('Cache-Control', 'no-store');
    c.body = await findSubject(ctx, q);
  });

  router.get('/api/privacy/subjects/export', subjects, async (c) => {
    const { q } = parse(SubjectQuerySchema, { q: c.query.q });
    const file = await exportSubject(ctx, currentUser(c), q, c.ip || null);
    c.set('Cache-Control', 'no-store');
    c.set('Content-Disposition', `attachment; filename="personal-data-${file.exported_at.slice(0, 10)}.json"`);
    c.type = 'application/json';
    c.body = JSON.stringify(file, null, 2);
  });

  router.post('/api/privacy/subjects/erase', subjects, async (c) => {
    const input = parse(SubjectEraseSchema, c.request.body ?? {});
    c.body = { removed: await eraseSubject(ctx, currentUser(c), input, c.ip || null) };
  });

  // A signed-in account's own data, and its request to be deleted.
  const signedIn = requireUser(ctx);
  router.get('/api/me/data', signedIn, async (c) => {
    const file = await accountData(ctx, currentUser(c), c.ip || null);
    c.set('Cache-Control', 'no-store');
    c.set('Content-Disposition', `attachment; filename="my-account-data-${String(file.exported_at).slice(0, 10)}.json"`);
    c.type = 'application/json';
    c.body = JSON.stringify(file, null, 2);
  });

  router.post('/api/me/deletion-request', signedIn, async (c) => {
    const { message } = parse(DeletionRequestSchema, c.request.body ?? {});
    await requestAccountDeletion(ctx, currentUser(c), message, c.ip || null);
    c.status = 202;
    c.body = { requested: true };
  });

  return router;
}
