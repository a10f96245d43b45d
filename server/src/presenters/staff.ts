import Router from '@koa/router';
import type { Knex } from 'knex';
import { z } from 'zod';
import { DENIED } from '../../../shared/permissions';
import { DJ_TEXTS, DjInputSchema, SOCIAL_PLATFORMS, type DjLeave, type StaffDj } from '../../../shared/presenters';
import { todayInZone } from '../../../shared/time';
import type { AppRouter } from '../http/router';
import { authorize, currentUser, requireUser } from '../auth/middleware';
import type { AppContext, RequestState } from '../context';
import { fail } from '../http/errors';
import { parse } from '../http/validate';
import { recordAction } from '../users/audit';

/**
 * The DJs & Staff directory of the staff panel (001 §2): every presenter
 * record with its linked account's avatar, its social links and its approved
 * leave (current, else the next), and add, edit and delete for moderators
 * and above (001 §6).
 */

type Db = Knex | Knex.Transaction;

interface DjRow {
  id: string;
  name: string;
  role: string;
  bio: string | null;
  image_url: string | null;
  avatar_url: string | null;
  azuracast_id: string | null;
  social_links: unknown;
  user_id: string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

function presentLinks(raw: unknown): StaffDj['social_links'] {
  const out: StaffDj['social_links'] = {};
  const links = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  for (const p of SOCIAL_PLATFORMS) {
    const v = links[p];
    out[p] = typeof v === 'string' && /^https?:\/\//i.test(v) ? v : null;
  }
  return out;
}

function present(r: DjRow, leave: DjLeave | null): StaffDj {
  return {
    id: r.id,
    name: r.name,
    role: r.role,
    bio: r.bio,
    image_url: r.avatar_url || r.image_url || null,
    azuracast_id: r.azuracast_id,
    social_links: presentLinks(r.social_links),
    user_id: r.user_id,
    created_at: new Date(r.created_at).toISOString(),
    updated_at: new Date(r.updated_at).toISOString(),
    leave,
  };
}

const base = (db: Db) =>
  db('presenters as p')
    .leftJoin('profiles as u', 'u.id', 'p.user_id')
    .select<DjRow[]>('p.id', 'p.name', 'p.role', 'p.bio', 'p.image_url', 'u.avatar_url', 'p.azuracast_id', 'p.social_links', 'p.user_id', 'p.created_at', 'p.updated_at');

/** Approved leave ending today or later, per presenter: the current one, else the soonest. */
async function leaves(db: Db, ids: string[], today: string): Promise<Map<string, DjLeave>> {
  const out = new Map<string, DjLeave>();
  if (ids.length === 0) return out;
  const rows = (await db('loa_requests')
    .whereIn('presenter_id', ids)
    .andWhere({ status: 'approved' })
    .andWhere('end_date', '>=', today)
    .orderBy('start_date', 'asc')
    .select('presenter_id', 'reason', db.raw("to_char(start_date, 'YYYY-MM-DD') as start_date"), db.raw("to_char(end_date, 'YYYY-MM-DD') as end_date"))) as Array<{ presenter_id: string; reason: DjLeave['reason']; start_date: string; end_date: string }>;
  for (const r of rows) {
    if (!out.has(r.presenter_id)) out.set(r.presenter_id, { start_date: r.start_date, end_date: r.end_date, reason: r.reason, current: r.start_date <= today });
  }
  return out;
}

export async function listStaffDjs(db: Db, today: string): Promise<StaffDj[]> {
  const rows = await base(db).orderByRaw('lower(p.name), p.name, p.id');
  const l = await leaves(db, rows.map((r) => r.id), today);
  return rows.map((r) => present(r, l.get(r.id) ?? null));
}

async function one(db: Db, id: string, today: string): Promise<StaffDj | null> {
  const row = await base(db).where('p.id', id).first();
  if (!row) return null;
  const l = await leaves(db, [id], today);
  return present(row, l.get(id) ?? null);
}

export function staffDjRoutes(ctx: AppContext): AppRouter {
  const router = new Router<RequestState>();
  const manage = authorize(ctx, 'djs.manage', DENIED.generic);
  const today = () => todayInZone(ctx.now(), ctx.config.STATION_TIMEZONE);
  const idOf = (raw: string) => {
    const id = z.uuid().safeParse(raw);
    if (!id.success) throw fail.notFound(DJ_TEXTS.notFound);
    return id.data;
  };

  router.get('/api/djs', requireUser(ctx), async (c) => {
    c.set('Cache-Control', 'no-store');
    c.body = { djs: await listStaffDjs(ctx.knex, today()) };
  });

  router.post('/api/djs', manage, async (c) => {
    const input = parse(DjInputSchema, c.request.body);
    const actor = currentUser(c);
    const now = new Date(ctx.now());
    const id = await ctx.knex.transaction(async (trx) => {
      const [row] = await trx('presenters')
        .insert({ name: input.name, role: input.role, bio: input.bio, azuracast_id: input.azuracast_id, social_links: JSON.stringify(input.social_links), created_at: now, updated_at: now })
        .returning<{ id: string }[]>('id');
      await recordAction(trx, { actor, action: 'create', resourceType: 'presenters', resourceId: row!.id, resourceName: input.name, details: { role: input.role }, ip: c.ip });
      return row!.id;
    });
    c.status = 201;
    c.body = await one(ctx.knex, id, today());
  });

  router.patch('/api/djs/:id', manage, async (c) => {
    const id = idOf(c.params.id!);
    const input = parse(DjInputSchema, c.request.body);
    const actor = currentUser(c);
    const found = await ctx.knex.transaction(async (trx) => {
      const n = await trx('presenters')
        .where({ id })
        .update({ name: input.name, role: input.role, bio: input.bio, azuracast_id: input.azuracast_id, social_links: JSON.stringify(input.social_links), updated_at: new Date(ctx.now()) });
      if (n === 0) return false;
      await recordAction(trx, { actor, action: 'update', resourceType: 'presenters', resourceId: id, resourceName: input.name, details: { role: input.role }, ip: c.ip });
      return true;
    });
    if (!found) throw fail.notFound(DJ_TEXTS.notFound);
    c.body = await one(ctx.knex, id, today());
  });

  router.delete('/api/djs/:id', manage, async (c) => {
    const id = idOf(c.params.id!);
    const actor = currentUser(c);
    const found = await ctx.knex.transaction(async (trx) => {
      const before = await trx('presenters').where({ id }).first<{ name: string } | undefined>('name');
      if (!before) return false;
      await trx('presenters').where({ id }).del();
      await recordAction(trx, { actor, action: 'delete', resourceType: 'presenters', resourceId: id, resourceName: before.name, ip: c.ip });
      return true;
    });
    if (!found) throw fail.notFound(DJ_TEXTS.notFound);
    c.status = 204;
  });

  return router;
}
