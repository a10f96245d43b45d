import Router from '@koa/router';
import { z } from 'zod';
import { APPLICATION_REVIEW_TEXTS, ApplicationDecisionSchema, ApplicationFilterSchema, type ApplicationList, type ApplicationView } from '../../../shared/applications';
import { DENIED } from '../../../shared/permissions';
import type { AppRouter } from '../http/router';
import { authorize, currentUser } from '../auth/middleware';
import type { AppContext, RequestState } from '../context';
import { fail } from '../http/errors';
import { parse } from '../http/validate';
import type { ApplicationRow } from './repo';
import { decideApplication, listForReview } from './service';

/**
 * Staff review of presenter applications (001 §2 Applications, §4): the
 * list with a count per tab, and the decision. Approve and reject are final:
 * the update only applies to a pending row, so two reviewers racing cannot
 * both decide. The applicant hears on Discord when they linked an account;
 * a failure there is only logged.
 */

function present(r: ApplicationRow): ApplicationView {
  return {
    id: r.id,
    name: r.name,
    email: r.email,
    experience: r.experience,
    show_idea: r.show_idea,
    available_times: r.available_times,
    has_discord: r.has_discord,
    discord_username: r.discord_username,
    discord_linked: r.discord_user_id !== null,
    terms_accepted: r.terms_accepted,
    status: r.status,
    created_at: new Date(r.created_at).toISOString(),
    reviewed_at: r.reviewed_at ? new Date(r.reviewed_at).toISOString() : null,
    updated_at: new Date(r.updated_at).toISOString(),
  };
}

export function applicationReviewRoutes(ctx: AppContext): AppRouter {
  const router = new Router<RequestState>();
  const gate = authorize(ctx, 'applications.manage', DENIED.role);

  router.get('/api/applications', gate, async (c) => {
    const { status } = parse(ApplicationFilterSchema, c.query);
    const { rows, counts } = await listForReview(ctx, status);
    c.set('Cache-Control', 'no-store');
    c.body = { applications: rows.map(present), counts } satisfies ApplicationList;
  });

  router.patch('/api/applications/:id', gate, async (c) => {
    const { status } = parse(ApplicationDecisionSchema, c.request.body);
    const id = z.uuid().safeParse(c.params.id);
    if (!id.success) throw fail.notFound(APPLICATION_REVIEW_TEXTS.notFound);
    const outcome = await decideApplication(ctx, currentUser(c), id.data, status, c.ip);
    if (outcome.kind === 'missing') throw fail.notFound(APPLICATION_REVIEW_TEXTS.notFound);
    if (outcome.kind === 'final') throw fail.conflict(APPLICATION_REVIEW_TEXTS.final(outcome.status));
    c.body = present(outcome.row);
  });

  return router;
}
