import type { Knex } from 'knex';
import { joinableAccounts } from '../users/repo';

/**
 * The presenters domain's table, `presenters` (the DJ records, optionally
 * linked to an account). Other domains read presenter records through here.
 * The linked account's avatar and email are joined in from the users domain's
 * piece ({@link joinableAccounts}) in the reads that show them, one query;
 * the schedule joins {@link joinablePresenters} the same way.
 */

type Db = Knex | Knex.Transaction;

/**
 * Presenters as another domain's query joins them, in one round trip (the schedule's events read their
 * presenter's account and image): `.leftJoin(joinablePresenters(db).as('p'), 'p.id', 'e.presenter_id')`.
 */
export function joinablePresenters(db: Db): Knex.QueryBuilder {
  return db('presenters').select('id', 'user_id', 'image_url');
}

/** The presenter record linked to an account, if any. */
export async function presenterOfUser(db: Db, userId: string): Promise<{ id: string; name: string } | undefined> {
  return db('presenters').where({ user_id: userId }).first<{ id: string; name: string } | undefined>('id', 'name');
}

/** A presenter's name and its linked account's email (null when unlinked), or undefined. */
export async function presenterWithEmail(db: Db, id: string): Promise<{ id: string; name: string; email: string | null } | undefined> {
  return db('presenters as p')
    .leftJoin(joinableAccounts(db).as('u'), 'u.id', 'p.user_id')
    .where('p.id', id)
    .first<{ id: string; name: string; email: string | null } | undefined>('p.id', 'p.name', 'u.email');
}

/** The presenter record linked to an account with its raw social links (My Profile); `lock` takes the row for the transaction. */
export async function linkedPresenterLinks(db: Db, userId: string, lock = false): Promise<{ id: string; name: string; social_links: unknown } | undefined> {
  const q = db('presenters').where({ user_id: userId }).first<{ id: string; name: string; social_links: unknown } | undefined>('id', 'name', 'social_links');
  if (lock) q.forUpdate();
  return q;
}

/** Saves a presenter record's social links (platform → URL, only those set). */
export async function setPresenterSocialLinks(db: Db, presenterId: string, links: Record<string, string>, at: Date): Promise<void> {
  await db('presenters').where({ id: presenterId }).update({ social_links: JSON.stringify(links), updated_at: at });
}

/** A presenter row as the directories show it, with the linked account's avatar. */
export interface PresenterDirectoryRow {
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

function directory(db: Db) {
  return db('presenters as p')
    .leftJoin(joinableAccounts(db).as('u'), 'u.id', 'p.user_id')
    .select<PresenterDirectoryRow[]>('p.id', 'p.name', 'p.role', 'p.bio', 'p.image_url', 'u.avatar_url', 'p.azuracast_id', 'p.social_links', 'p.user_id', 'p.created_at', 'p.updated_at');
}

/** Every presenter ordered by name (case-insensitive, then exact, then id). */
export async function listPresenterRows(db: Db): Promise<PresenterDirectoryRow[]> {
  return directory(db).orderByRaw('lower(p.name), p.name, p.id');
}

/** One presenter, or undefined. */
export async function presenterRow(db: Db, id: string): Promise<PresenterDirectoryRow | undefined> {
  return directory(db).where('p.id', id).first();
}

/** The fields staff edit on a presenter record. */
export interface PresenterFields {
  name: string;
  role: string;
  bio: string | null;
  azuracast_id: string | null;
  social_links: Record<string, unknown>;
}

export async function insertPresenter(db: Db, fields: PresenterFields, at: Date, userId: string | null = null): Promise<string> {
  const [row] = await db('presenters')
    .insert({ ...fields, user_id: userId, social_links: JSON.stringify(fields.social_links), created_at: at, updated_at: at })
    .returning<{ id: string }[]>('id');
  return row!.id;
}

/** Updates a presenter record; false when there is none with this id. */
export async function updatePresenter(db: Db, id: string, fields: PresenterFields, at: Date): Promise<boolean> {
  const n = await db('presenters')
    .where({ id })
    .update({ ...fields, social_links: JSON.stringify(fields.social_links), updated_at: at });
  return n > 0;
}

export async function presenterName(db: Db, id: string): Promise<string | undefined> {
  const row = await db('presenters').where({ id }).first<{ name: string } | undefined>('name');
  return row?.name;
}

export async function deletePresenter(db: Db, id: string): Promise<void> {
  await db('presenters').where({ id }).del();
}

/** A presenter as a booking uses it. */
export interface BookingPresenter {
  id: string;
  name: string;
  bio: string | null;
  image_url: string | null;
  role: string;
  user_id: string | null;
}

const BOOKING_COLUMNS = ['id', 'name', 'bio', 'image_url', 'role', 'user_id'] as const;

/** The presenter record linked to an account, as a booking uses it. */
export async function bookingPresenterOfUser(db: Db, userId: string): Promise<BookingPresenter | undefined> {
  return (await db('presenters').where({ user_id: userId }).first(...BOOKING_COLUMNS)) as BookingPresenter | undefined;
}

/** Presenters of these roles by name (case-insensitive). */
export async function bookingPresentersWithRoles(db: Db, roles: readonly string[]): Promise<BookingPresenter[]> {
  return (await db('presenters').whereIn('role', [...roles]).orderByRaw('lower(name)').select(...BOOKING_COLUMNS)) as BookingPresenter[];
}

/** One presenter if it has one of these roles. */
export async function bookingPresenterWithRole(db: Db, id: string, roles: readonly string[]): Promise<BookingPresenter | undefined> {
  return (await db('presenters').where({ id }).whereIn('role', [...roles]).first(...BOOKING_COLUMNS)) as BookingPresenter | undefined;
}

/** Presenters' id, role and account: these ids, else every presenter of these roles. */
export async function presenterRoles(db: Db, which: { ids: readonly string[] } | { roles: readonly string[] }): Promise<Array<{ id: string; role: string; user_id: string | null }>> {
  const q = db('presenters').select('id', 'role', 'user_id');
  if ('ids' in which) void q.whereIn('id', [...which.ids]);
  else void q.whereIn('role', [...which.roles]);
  return (await q) as Array<{ id: string; role: string; user_id: string | null }>;
}

/** Presenters' cards (name, role, image, the account's avatar). */
export async function presenterCards(db: Db, ids: readonly string[]): Promise<Array<{ id: string; name: string; role: string; image_url: string | null; avatar_url: string | null; user_id: string | null }>> {
  return (await db('presenters as p')
    .leftJoin(joinableAccounts(db).as('u'), 'u.id', 'p.user_id')
    .whereIn('p.id', [...ids])
    .select('p.id', 'p.name', 'p.role', 'p.image_url', 'u.avatar_url', 'p.user_id')) as Array<{ id: string; name: string; role: string; image_url: string | null; avatar_url: string | null; user_id: string | null }>;
}

/** The account linked to a presenter record, or null. */
export async function presenterUserId(db: Db, presenterId: string): Promise<string | null> {
  const row = await db('presenters').where({ id: presenterId }).first<{ user_id: string | null } | undefined>('user_id');
  return row?.user_id ?? null;
}

/** Whether a presenter record exists. */
export async function presenterExists(db: Db, id: string): Promise<boolean> {
  return Boolean(await db('presenters').where({ id }).first('id'));
}

/** The presenter linked to a station-panel (AzuraCast streamer) id, or undefined. */
export async function presenterIdByPanelId(db: Db, azuracastId: string): Promise<{ id: string } | undefined> {
  return db('presenters').where({ azuracast_id: azuracastId }).first<{ id: string } | undefined>('id');
}

/** A presenter's name and station-panel (AzuraCast streamer) id, or undefined. */
export async function presenterNameAndPanelId(db: Db, id: string): Promise<{ name: string; azuracast_id: string | null } | undefined> {
  return db('presenters').where({ id }).first<{ name: string; azuracast_id: string | null } | undefined>('name', 'azuracast_id');
}

/** A presenter's linked account and name, or undefined. */
export async function presenterUserAndName(db: Db, id: string): Promise<{ user_id: string | null; name: string } | undefined> {
  return db('presenters').where({ id }).first<{ user_id: string | null; name: string } | undefined>('user_id', 'name');
}

/** The presenter with a station-panel (AzuraCast streamer) id, with its name, or undefined. */
export async function presenterByPanelId(db: Db, azuracastId: string): Promise<{ id: string; name: string } | undefined> {
  return db('presenters').where({ azuracast_id: azuracastId }).first<{ id: string; name: string } | undefined>('id', 'name');
}

/** The oldest presenter of a name (case-insensitive), or undefined. */
export async function presenterByName(db: Db, name: string): Promise<{ id: string; name: string } | undefined> {
  return db('presenters').whereRaw('lower(name) = lower(?)', [name]).orderBy('created_at').first<{ id: string; name: string } | undefined>('id', 'name');
}

/** The DJ profiles of these accounts, by account id (User Management's DJ column). */
export async function presentersOfUsers(db: Db, userIds: readonly string[]): Promise<Map<string, { id: string; name: string }>> {
  if (userIds.length === 0) return new Map();
  const rows = (await db('presenters').whereIn('user_id', [...userIds]).select('id', 'name', 'user_id')) as Array<{ id: string; name: string; user_id: string }>;
  return new Map(rows.map((r) => [r.user_id, { id: r.id, name: r.name }]));
}

/** Whether a DJ profile other than `exceptId` has this name (case-insensitively, ignoring surrounding spaces). */
export async function presenterNameTaken(db: Db, name: string, exceptId?: string): Promise<boolean> {
  const q = db('presenters').whereRaw('lower(trim(name)) = lower(trim(?))', [name]);
  if (exceptId) q.whereNot({ id: exceptId });
  return Boolean(await q.first('id'));
}

/** A DJ profile's name and linked account, taken for the transaction (linking it to an account). */
export async function lockPresenterLink(db: Db, id: string): Promise<{ id: string; name: string; user_id: string | null } | undefined> {
  return db('presenters').where({ id }).forUpdate().first<{ id: string; name: string; user_id: string | null } | undefined>('id', 'name', 'user_id');
}

/** Links a DJ profile to an account, or unlinks it (null). */
export async function setPresenterUser(db: Db, id: string, userId: string | null, at: Date): Promise<void> {
  await db('presenters').where({ id }).update({ user_id: userId, updated_at: at });
}

/** Whether the station has any DJ profile (the owner's first-run checklist, issue 30). */
export async function anyPresenter(db: Db): Promise<boolean> {
  return Boolean(await db('presenters').first('id'));
}
