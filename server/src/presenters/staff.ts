import type { Knex } from 'knex';
import type { z } from 'zod';
import { DJ_TEXTS, SOCIAL_PLATFORMS, type DjInputSchema, type DjLeave, type StaffDj } from '../../../shared/presenters';
import type { AppContext } from '../context';
import { fail } from '../http/errors';
import { approvedLeaveFrom, countLeaveOf } from '../leave/repo';
import { countUpcomingEventsOf } from '../schedule/repo';
import { recordAction } from '../users/audit';
import { emailOf } from '../users/repo';
import { deletePresenter, insertPresenter, listPresenterRows, lockPresenterLink, presenterName, presenterNameTaken, presenterOfUser, presenterRow, setPresenterUser, updatePresenter, type PresenterDirectoryRow } from './repo';

/**
 * The DJs & Staff directory of the staff panel (001 §2): every presenter
 * record with its linked account's avatar, its social links and its approved
 * leave (current, else the next), and add, edit and delete for moderators
 * and above (001 §6). The routes are `/api/djs` in `routes.ts`.
 */

type Db = Knex | Knex.Transaction;
type DjInput = z.output<typeof DjInputSchema>;
type Actor = { id: string; email: string };

function presentLinks(raw: unknown): StaffDj['social_links'] {
  const out: StaffDj['social_links'] = {};
  const links = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  for (const p of SOCIAL_PLATFORMS) {
    const v = links[p];
    out[p] = typeof v === 'string' && /^https?:\/\//i.test(v) ? v : null;
  }
  return out;
}

function present(r: PresenterDirectoryRow, leave: DjLeave | null): StaffDj {
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

/** Approved leave ending today or later, per presenter: the current one, else the soonest. */
async function leaves(db: Db, ids: string[], today: string): Promise<Map<string, DjLeave>> {
  const out = new Map<string, DjLeave>();
  for (const r of await approvedLeaveFrom(db, ids, today)) {
    if (!out.has(r.presenter_id)) out.set(r.presenter_id, { start_date: r.start_date, end_date: r.end_date, reason: r.reason, current: r.start_date <= today });
  }
  return out;
}

export async function listStaffDjs(db: Db, today: string): Promise<StaffDj[]> {
  const rows = await listPresenterRows(db);
  const l = await leaves(db, rows.map((r) => r.id), today);
  return rows.map((r) => present(r, l.get(r.id) ?? null));
}

async function one(db: Db, id: string, today: string): Promise<StaffDj | null> {
  const row = await presenterRow(db, id);
  if (!row) return null;
  const l = await leaves(db, [id], today);
  return present(row, l.get(id) ?? null);
}

const fields = (input: DjInput) => ({ name: input.name, role: input.role, bio: input.bio, azuracast_id: input.azuracast_id, social_links: input.social_links });

const nameTaken = () => fail.conflict(DJ_TEXTS.nameTaken, [{ path: 'name', message: DJ_TEXTS.nameTaken }]);

/** Checks that `userId` is an account with no DJ profile other than `presenterId`; answers its email. */
async function linkableAccount(db: Db, userId: string, presenterId: string | null): Promise<string> {
  const email = await emailOf(db, userId);
  if (!email) throw fail.badRequest(DJ_TEXTS.accountNotFound, [{ path: 'user_id', message: DJ_TEXTS.accountNotFound }]);
  const other = await presenterOfUser(db, userId);
  if (other && other.id !== presenterId) {
    const message = DJ_TEXTS.accountLinked(other.name);
    throw fail.conflict(message, [{ path: 'user_id', message }]);
  }
  return email;
}

/** Adds a presenter record (audited), linked to an account when one is given, and returns it as the directory shows it. */
export async function createDj(ctx: AppContext, input: DjInput, actor: Actor, ip: string, today: string): Promise<StaffDj | null> {
  const now = new Date(ctx.now());
  const id = await ctx.knex.transaction(async (trx) => {
    if (await presenterNameTaken(trx, input.name)) throw nameTaken();
    const account = input.user_id ? await linkableAccount(trx, input.user_id, null) : null;
    const newId = await insertPresenter(trx, fields(input), now, input.user_id ?? null);
    await recordAction(trx, { actor, action: 'create', resourceType: 'presenters', resourceId: newId, resourceName: input.name, details: { role: input.role, ...(account ? { user: account } : {}) }, ip });
    return newId;
  });
  return one(ctx.knex, id, today);
}

/** Edits a presenter record (audited); 404 when there is none. */
export async function updateDj(ctx: AppContext, id: string, input: DjInput, actor: Actor, ip: string, today: string): Promise<StaffDj | null> {
  const found = await ctx.knex.transaction(async (trx) => {
    const before = await lockPresenterLink(trx, id);
    if (!before) return false;
    if (await presenterNameTaken(trx, input.name, id)) throw nameTaken();
    const at = new Date(ctx.now());
    await updatePresenter(trx, id, fields(input), at);
    const details: Record<string, unknown> = { role: input.role };
    if (input.user_id !== undefined && input.user_id !== before.user_id) {
      const to = input.user_id ? await linkableAccount(trx, input.user_id, id) : null;
      await setPresenterUser(trx, id, input.user_id, at);
      details.user = { from: before.user_id ? await emailOf(trx, before.user_id) : null, to };
    }
    await recordAction(trx, { actor, action: 'update', resourceType: 'presenters', resourceId: id, resourceName: input.name, details, ip });
    return true;
  });
  if (!found) throw fail.notFound(DJ_TEXTS.notFound);
  return one(ctx.knex, id, today);
}

/**
 * Deletes a presenter record (audited); 404 when there is none. Refused
 * while the DJ has upcoming shows or pending or approved leave (issue 30
 * item 7): deleting would orphan the shows and drop the leave silently.
 */
export async function deleteDj(ctx: AppContext, id: string, actor: Actor, ip: string, today: string): Promise<void> {
  const found = await ctx.knex.transaction(async (trx) => {
    const name = (await lockPresenterLink(trx, id))?.name;
    if (name === undefined) return false;
    const [shows, leave] = await Promise.all([countUpcomingEventsOf(trx, id, today), countLeaveOf(trx, id, today)]);
    if (shows > 0 || leave > 0) throw fail.conflict(DJ_TEXTS.stillBooked(name, shows, leave));
    await deletePresenter(trx, id);
    await recordAction(trx, { actor, action: 'delete', resourceType: 'presenters', resourceId: id, resourceName: name, ip });
    return true;
  });
  if (!found) throw fail.notFound(DJ_TEXTS.notFound);
}
