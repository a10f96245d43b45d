import Router from '@koa/router';
import { z } from 'zod';
import { APPLICATION_REVIEW_TEXTS, ApplicationDecisionSchema, ApplicationFilterSchema, type ApplicationList, type ApplicationStatus, type ApplicationView, type AvailabilitySlot } from '../../../shared/applications';
import { DENIED } from '../../../shared/permissions';
import type { AppRouter } from '../http/router';
import { authorize, currentUser } from '../auth/middleware';
import type { AppContext, RequestState } from '../context';
import { fail } from '../http/errors';
import { parse } from '../http/validate';
import { recordAction } from '../users/audit';
import { sendApplicationDecision } from './service';

/**
 * Staff review of presenter applications (001 §2 Applications, §4): the
 * list with a count per tab, and the decision. Approve and reject are final:
 * the update only applies to a pending row, so two reviewers racing cannot
 * both decide. The applicant hears on Discord when they linked an account;
 * a failure there is only logged.
 */

interface ApplicationRow {
  id: string;
  name: string;
  email: string;
  experience: string;
  show_idea: string;
  available_times: AvailabilitySlot[];
  has_discord: boolean;
  discord_username: string | null;
  discord_user_id: string | null;
  terms_accepted: boolean;
  status: ApplicationStatus;
  created_at: Date | string;
  reviewed_at: Date | string | null;
  updated_at: Date | string;
}

const COLUMNS = ['id', 'name', 'email', 'experience', 'show_idea', 'available_times', 'has_discord', 'discord_username', 'discord_user_id', 'terms_accepted', 'status', 'created_at', 'reviewed_at', 'updated_at'];

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
    const q = ctx.knex('presenter_applications').select(COLUMNS).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(500);
    if (status) q.where({ status });
    const rows = (await q) as ApplicationRow[];
    const counted = (await ctx.knex('presenter_applications').select('status').count<{ status: ApplicationStatus; n: string | number }[]>('* as n').groupBy('status')) as { status: ApplicationStatus; n: string | number }[];
    const counts: ApplicationList['counts'] = { pending: 0, approved: 0, rejected: 0 };
    for (const r of counted) counts[r.status] = Number(r.n);
    c.set('Cache-Control', 'no-store');
    c.body = { applications: rows.map(present), counts } satisfies ApplicationList;
  });

  router.patch('/api/applications/:id', gate, async (c) => {
    const { status } = parse(ApplicationDecisionSchema, c.request.body);
    const id = z.uuid().safeParse(c.params.id);
    if (!id.success) throw fail.notFound(APPLICATION_REVIEW_TEXTS.notFound);
    const actor = currentUser(c);
    const now = new Date(ctx.now());
    const outcome = await ctx.knex.transaction(async (trx) => {
      const before = await trx('presenter_applications').where({ id: id.data }).forUpdate().first<{ status: ApplicationStatus; name: string } | undefined>('status', 'name');
      if (!before) return { kind: 'missing' as const };
      if (before.status !== 'pending') return { kind: 'final' as const, status: before.status };
      const [row] = (await trx('presenter_applications').where({ id: id.data, status: 'pending' }).update({ status, reviewed_at: now, reviewed_by: actor.id, updated_at: now }).returning(COLUMNS)) as ApplicationRow[];
      await recordAction(trx, { actor, action: 'update', resourceType: 'presenter_applications', resourceId: id.data, resourceName: before.name, details: { from: 'pending', to: status }, ip: c.ip });
      return { kind: 'done' as const, row: row! };
    });
    if (outcome.kind === 'missing') throw fail.notFound(APPLICATION_REVIEW_TEXTS.notFound);
    if (outcome.kind === 'final') throw fail.conflict(APPLICATION_REVIEW_TEXTS.final(outcome.status));
    if (outcome.row.discord_user_id) {
      // Never blocks the reviewer: the send logs its own failure.
      void sendApplicationDecision(ctx, outcome.row.id, status);
    }
    c.body = present(outcome.row);
  });

  return router;
}
