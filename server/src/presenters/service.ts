import type { Knex } from 'knex';
import { SOCIAL_PLATFORMS, type PresenterLeave, type PublicPresenter } from '../../../shared/presenters';
import { addDays, daysBetween } from '../../../shared/time';
import { approvedLeaveOn } from '../leave/repo';
import { listPresenterRows, presenterRow, type PresenterDirectoryRow } from './repo';


/** Only http(s) links of the known platforms: a stored value never reaches an href unchecked. */
function presentSocialLinks(raw: unknown): PublicPresenter['social_links'] {
  const out: PublicPresenter['social_links'] = {};
  if (!raw || typeof raw !== 'object') return out;
  const links = raw as Record<string, unknown>;
  for (const platform of SOCIAL_PLATFORMS) {
    const v = links[platform];
    if (typeof v === 'string' && /^https?:\/\//i.test(v.trim())) out[platform] = v.trim();
  }
  return out;
}

/** The public view of a presenter: the profile avatar, when present, overrides the presenter image. */
function presentPresenter(row: PresenterDirectoryRow, leave: PresenterLeave | null): PublicPresenter {
  return {
    id: row.id,
    name: row.name,
    role: row.role,
    bio: row.bio,
    image_url: row.avatar_url || row.image_url || null,
    social_links: presentSocialLinks(row.social_links),
    leave,
  };
}

/** Leave as the badge shows it: returning the day after the last day of leave. */
export function leaveInfo(endDate: string, today: string): PresenterLeave {
  return { onLeave: true, returnsInDays: Math.max(1, daysBetween(today, addDays(endDate, 1))), endDate };
}

async function leavesFor(db: Knex | Knex.Transaction, ids: string[], today: string): Promise<Map<string, PresenterLeave>> {
  const out = new Map<string, PresenterLeave>();
  for (const r of await approvedLeaveOn(db, ids, today)) {
    const prev = out.get(r.presenter_id);
    if (!prev || prev.endDate < r.end_date) out.set(r.presenter_id, leaveInfo(r.end_date, today));
  }
  return out;
}

/** Every presenter ordered by name (case-insensitive), with today's leave. */
export async function listPresenters(db: Knex | Knex.Transaction, today: string): Promise<PublicPresenter[]> {
  const rows = await listPresenterRows(db);
  const leaves = await leavesFor(db, rows.map((r) => r.id), today);
  return rows.map((r) => presentPresenter(r, leaves.get(r.id) ?? null));
}

/** One presenter, or null when there is none with this id. */
export async function getPresenter(db: Knex | Knex.Transaction, id: string, today: string): Promise<PublicPresenter | null> {
  const row = await presenterRow(db, id);
  if (!row) return null;
  const leaves = await leavesFor(db, [row.id], today);
  return presentPresenter(row, leaves.get(row.id) ?? null);
}
