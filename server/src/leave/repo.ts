import type { Knex } from 'knex';
import type { LoaView } from '../../../shared/leave';

/**
 * The leave domain's table, `loa_requests`: every read and write of leave of
 * absence goes through here (the leave routes, the DJ directories' leave
 * badges, the schedule's on-leave flag).
 */

type Db = Knex | Knex.Transaction;

/** A leave row as the routes present it (dates as YYYY-MM-DD). */
export interface LoaRow {
  id: string;
  presenter_id: string;
  presenter_name: string;
  presenter_email: string | null;
  start_date: string;
  end_date: string;
  reason: LoaView['reason'];
  additional_notes: string | null;
  status: LoaView['status'];
  submitted_by: string | null;
  reviewed_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

function loaColumns(db: Db) {
  return [
    'id',
    'presenter_id',
    'presenter_name',
    'presenter_email',
    db.raw("to_char(start_date, 'YYYY-MM-DD') as start_date"),
    db.raw("to_char(end_date, 'YYYY-MM-DD') as end_date"),
    'reason',
    'additional_notes',
    'status',
    'submitted_by',
    'reviewed_at',
    'created_at',
    'updated_at',
  ];
}

/** Leave requests newest first, optionally of one status and only those filed by `visibleTo.userId` or for `visibleTo.presenterId`. */
export async function listLeave(db: Db, filter: { status?: string; limit: number; visibleTo?: { userId: string; presenterId?: string } }): Promise<LoaRow[]> {
  const q = db('loa_requests').select(loaColumns(db)).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(filter.limit);
  if (filter.status) q.where({ status: filter.status });
  const visibleTo = filter.visibleTo;
  if (visibleTo) {
    q.where((w) => {
      w.where('submitted_by', visibleTo.userId);
      if (visibleTo.presenterId) w.orWhere('presenter_id', visibleTo.presenterId);
    });
  }
  return (await q) as LoaRow[];
}

export async function insertLeave(db: Db, row: Omit<LoaRow, 'id' | 'reviewed_at' | 'created_at' | 'updated_at'> & { created_at: Date; updated_at: Date }): Promise<LoaRow> {
  const [inserted] = (await db('loa_requests').insert(row).returning(loaColumns(db))) as LoaRow[];
  return inserted!;
}

/** A leave request's status and presenter name, locked for update when asked. */
export async function leaveSummary(db: Db, id: string, lock = false): Promise<{ status: string; presenter_name: string } | undefined> {
  const q = db('loa_requests').where({ id });
  if (lock) q.forUpdate();
  return q.first<{ status: string; presenter_name: string } | undefined>('status', 'presenter_name');
}

export async function updateLeaveStatus(db: Db, id: string, change: { status: string; reviewed_at: Date; reviewed_by: string; updated_at: Date }): Promise<LoaRow> {
  const [updated] = (await db('loa_requests').where({ id }).update(change).returning(loaColumns(db))) as LoaRow[];
  return updated!;
}

export async function deleteLeave(db: Db, id: string): Promise<void> {
  await db('loa_requests').where({ id }).del();
}

/** Approved leave ending on or after `today` of these presenters, earliest start first (current leave, then upcoming). */
export async function approvedLeaveFrom(db: Db, presenterIds: string[], today: string): Promise<Array<{ presenter_id: string; reason: LoaView['reason']; start_date: string; end_date: string }>> {
  if (presenterIds.length === 0) return [];
  return (await db('loa_requests')
    .whereIn('presenter_id', presenterIds)
    .andWhere({ status: 'approved' })
    .andWhere('end_date', '>=', today)
    .orderBy('start_date', 'asc')
    .select('presenter_id', 'reason', db.raw("to_char(start_date, 'YYYY-MM-DD') as start_date"), db.raw("to_char(end_date, 'YYYY-MM-DD') as end_date"))) as Array<{ presenter_id: string; reason: LoaView['reason']; start_date: string; end_date: string }>;
}

/** Approved leave of these presenters covering `day` (start ≤ day ≤ end). */
export async function approvedLeaveOn(db: Db, presenterIds: string[], day: string): Promise<Array<{ presenter_id: string; end_date: string }>> {
  if (presenterIds.length === 0) return [];
  return db('loa_requests')
    .whereIn('presenter_id', presenterIds)
    .andWhere({ status: 'approved' })
    .andWhere('start_date', '<=', day)
    .andWhere('end_date', '>=', day)
    .select<Array<{ presenter_id: string; end_date: string }>>('presenter_id', db.raw("to_char(end_date, 'YYYY-MM-DD') as end_date"));
}

/** Which of these presenters have approved leave overlapping [from, to]. */
export async function onApprovedLeave(db: Db, presenterIds: readonly string[], from: string, to: string): Promise<Set<string>> {
  if (presenterIds.length === 0) return new Set();
  const rows = await db('loa_requests')
    .distinct('presenter_id')
    .whereIn('presenter_id', [...presenterIds])
    .andWhere({ status: 'approved' })
    .andWhere('start_date', '<=', to)
    .andWhere('end_date', '>=', from);
  return new Set((rows as Array<{ presenter_id: string }>).map((r) => r.presenter_id));
}

/** A leave request's presenter, dates, status and filer, taken for the transaction when asked (withdraw, approval). */
export async function leaveForDecision(db: Db, id: string, lock = false): Promise<{ id: string; presenter_id: string; presenter_name: string; start_date: string; end_date: string; status: string; submitted_by: string | null } | undefined> {
  const q = db('loa_requests')
    .where({ id })
    .first<{ id: string; presenter_id: string; presenter_name: string; start_date: string; end_date: string; status: string; submitted_by: string | null } | undefined>('id', 'presenter_id', 'presenter_name', db.raw("to_char(start_date, 'YYYY-MM-DD') as start_date"), db.raw("to_char(end_date, 'YYYY-MM-DD') as end_date"), 'status', 'submitted_by');
  if (lock) q.forUpdate();
  return q;
}

/** Approved leave of one presenter covering any of these dates: the first such date, or undefined. */
export async function firstDateOnLeave(db: Db, presenterId: string, dates: readonly string[]): Promise<string | undefined> {
  if (dates.length === 0) return undefined;
  const rows = (await db('loa_requests').where({ presenter_id: presenterId, status: 'approved' }).select(db.raw("to_char(start_date, 'YYYY-MM-DD') as start_date"), db.raw("to_char(end_date, 'YYYY-MM-DD') as end_date"))) as Array<{ start_date: string; end_date: string }>;
  return [...dates].sort().find((d) => rows.some((r) => r.start_date <= d && d <= r.end_date));
}

/** How many pending or approved leave requests of a presenter end on or after `today` (deleting a DJ must not drop them silently). */
export async function countLeaveOf(db: Db, presenterId: string, today: string): Promise<number> {
  const row = await db('loa_requests').where({ presenter_id: presenterId }).whereIn('status', ['pending', 'approved']).where('end_date', '>=', today).count<{ n: number | string }[]>({ n: '*' }).first();
  return Number(row?.n ?? 0);
}
