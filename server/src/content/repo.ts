import type { Knex } from 'knex';

/**
 * The content domain's tables, and the only file that names them: custom_pages, page_views, slider_settings,
 * slider_content, sponsored_content (migration 008_content). Rows in, rows out: the rules (sanitising, audit,
 * presenting) are in pages.ts, slider.ts, sponsored.ts and counters.ts; other domains call those, or the
 * functions here that answer them (the image origins the content security policy allows).
 */

type Db = Knex | Knex.Transaction;

// ---------------------------------------------------------------------------
// Custom pages
// ---------------------------------------------------------------------------

/** A custom_pages row as the database returns it. */
export interface PageRow {
  id: string;
  title: string;
  slug: string;
  content: string;
  meta_description: string | null;
  is_published: boolean;
  is_featured: boolean;
  display_order: number;
  /** Translations per content language (jsonb; issue 35). */
  translations?: unknown;
  created_at: Date | string;
  updated_at: Date | string;
}

/** The columns a page is written with (translations as JSON text; left out: kept). */
export interface PageValues {
  title: string;
  slug: string;
  content: string;
  meta_description: string | null;
  is_published: boolean;
  is_featured: boolean;
  display_order: number;
  translations?: string;
}

/** Every page, by display order, then creation. */
export async function pageRows(db: Db): Promise<PageRow[]> {
  return db<PageRow>('custom_pages').select('*').orderBy([{ column: 'display_order', order: 'asc' }, { column: 'created_at', order: 'asc' }]);
}

/** One page by id. */
export async function pageRow(db: Db, id: string): Promise<PageRow | undefined> {
  return db<PageRow>('custom_pages').where({ id }).first();
}

/** A published page by slug. */
export async function publishedPageRow(db: Db, slug: string): Promise<PageRow | undefined> {
  return db<PageRow>('custom_pages').where({ slug, is_published: true }).first();
}

/** Whether another page (not `exceptId`) already has this slug. */
export async function slugTaken(db: Db, slug: string, exceptId: string | null): Promise<boolean> {
  const q = db('custom_pages').where({ slug }).first('id');
  if (exceptId) q.whereNot({ id: exceptId });
  return Boolean(await q);
}

export async function insertPage(db: Db, values: PageValues, createdBy: string | null): Promise<PageRow> {
  const [row] = await db('custom_pages')
    .insert({ ...values, created_by: createdBy })
    .returning<PageRow[]>('*');
  return row!;
}

export async function updatePageRow(db: Db, id: string, values: PageValues): Promise<PageRow | undefined> {
  const [row] = await db('custom_pages')
    .where({ id })
    .update({ ...values, updated_at: db.fn.now() })
    .returning<PageRow[]>('*');
  return row;
}

/** Deletes a page (its views go with it, on cascade); what it was, or undefined. */
export async function deletePageRow(db: Db, id: string): Promise<Pick<PageRow, 'title' | 'slug'> | undefined> {
  const [row] = await db('custom_pages').where({ id }).delete().returning<Pick<PageRow, 'title' | 'slug'>[]>(['title', 'slug']);
  return row;
}

/** One view per page, session and day (insert or ignore); unpublished or missing pages count nothing. */
export async function insertPageView(db: Db, slug: string, sessionId: string, viewDate: string): Promise<void> {
  await db.raw(
    `INSERT INTO page_views (page_id, session_id, view_date)
     SELECT id, ?, ?::date FROM custom_pages WHERE slug = ? AND is_published
     ON CONFLICT DO NOTHING`,
    [sessionId, viewDate, slug],
  );
}

/** Views per published page: total, on `today`, since `weekStart` and since `monthStart` (dates, yyyy-MM-dd). */
export async function pageViewCounts(db: Db, today: string, weekStart: string, monthStart: string): Promise<Record<string, unknown>[]> {
  const rows = await db.raw<{ rows: Record<string, unknown>[] }>(
    `SELECT p.id, p.title, p.slug, p.is_published,
            count(v.page_id) AS total_views,
            count(v.page_id) FILTER (WHERE v.view_date = ?::date) AS views_today,
            count(v.page_id) FILTER (WHERE v.view_date >= ?::date) AS views_this_week,
            count(v.page_id) FILTER (WHERE v.view_date >= ?::date) AS views_this_month
       FROM custom_pages p
       LEFT JOIN page_views v ON v.page_id = p.id
      WHERE p.is_published
      GROUP BY p.id
      ORDER BY p.display_order ASC, p.created_at ASC`,
    [today, weekStart, monthStart],
  );
  return rows.rows;
}

// ---------------------------------------------------------------------------
// The slider
// ---------------------------------------------------------------------------

/** A slider_content row. */
export interface SlideRow {
  id: string;
  title: string;
  description: string;
  image_url: string | null;
  link_url: string | null;
  is_active: boolean;
  display_order: number;
  view_count: number | string;
  click_count: number | string;
  /** Translations per content language (jsonb; issue 35). */
  translations?: unknown;
  created_at: Date | string;
}

const SETTINGS_COLUMNS = ['background_type', 'background_image_url', 'background_color', 'background_overlay_opacity', 'auto_advance_interval', 'show_dots', 'show_arrows'] as const;

/** The one slider_settings row, unparsed (undefined when somehow missing). */
export async function sliderSettingsRow(db: Db): Promise<Record<string, unknown> | undefined> {
  return db('slider_settings').where({ id: 1 }).first<Record<string, unknown> | undefined>(SETTINGS_COLUMNS);
}

/** Writes the one settings row (upsert). */
export async function upsertSliderSettings(db: Db, values: Record<(typeof SETTINGS_COLUMNS)[number], unknown>): Promise<void> {
  await db('slider_settings')
    .insert({ id: 1, ...values, updated_at: db.fn.now() })
    .onConflict('id')
    .merge();
}

const SLIDE_ORDER = [
  { column: 'display_order', order: 'asc' },
  { column: 'created_at', order: 'asc' },
] as const;

/** Slides by display order, then creation; only the active ones when asked. */
export async function slideRows(db: Db, opts: { activeOnly?: boolean } = {}): Promise<SlideRow[]> {
  const q = db('slider_content').orderBy([...SLIDE_ORDER]);
  if (opts.activeOnly) q.where({ is_active: true });
  return q.select<SlideRow[]>('*');
}

export async function insertSlide(db: Db, values: object): Promise<SlideRow> {
  const [row] = await db('slider_content').insert(values).returning<SlideRow[]>('*');
  return row!;
}

export async function updateSlideRow(db: Db, id: string, values: object): Promise<SlideRow | undefined> {
  const [row] = await db('slider_content')
    .where({ id })
    .update({ ...values, updated_at: db.fn.now() })
    .returning<SlideRow[]>('*');
  return row;
}

export async function deleteSlideRow(db: Db, id: string): Promise<Pick<SlideRow, 'title'> | undefined> {
  const [row] = await db('slider_content').where({ id }).delete().returning<Pick<SlideRow, 'title'>[]>(['title']);
  return row;
}

// ---------------------------------------------------------------------------
// Sponsored content
// ---------------------------------------------------------------------------

/** A sponsored_content row. */
export interface SponsoredRow {
  id: string;
  title: string;
  description: string;
  image_url: string;
  learn_more_url: string;
  is_active: boolean;
  priority: number;
  start_date: string | Date | null;
  end_date: string | Date | null;
  view_count: number | string;
  click_count: number | string;
  created_at: Date | string;
}

/** Every item, newest first. */
export async function sponsoredRows(db: Db): Promise<SponsoredRow[]> {
  return db('sponsored_content').orderBy('created_at', 'desc').select<SponsoredRow[]>('*');
}

export async function insertSponsored(db: Db, values: object): Promise<SponsoredRow> {
  const [row] = await db('sponsored_content').insert(values).returning<SponsoredRow[]>('*');
  return row!;
}

export async function updateSponsoredRow(db: Db, id: string, values: object): Promise<SponsoredRow | undefined> {
  const [row] = await db('sponsored_content')
    .where({ id })
    .update({ ...values, updated_at: db.fn.now() })
    .returning<SponsoredRow[]>('*');
  return row;
}

export async function deleteSponsoredRow(db: Db, id: string): Promise<Pick<SponsoredRow, 'title'> | undefined> {
  const [row] = await db('sponsored_content').where({ id }).delete().returning<Pick<SponsoredRow, 'title'>[]>(['title']);
  return row;
}

/** The items a visitor may see on a station day (yyyy-MM-dd): active, and the day within their optional dates. */
export async function eligibleSponsoredRows(db: Db, day: string): Promise<SponsoredRow[]> {
  return db('sponsored_content')
    .where({ is_active: true })
    .andWhere((q) => q.whereNull('start_date').orWhere('start_date', '<=', day))
    .andWhere((q) => q.whereNull('end_date').orWhere('end_date', '>=', day))
    .orderBy('id')
    .select<SponsoredRow[]>('*');
}

// ---------------------------------------------------------------------------
// Counters
// ---------------------------------------------------------------------------

/** What a public counter counts: a slide or a sponsored item. */
export type CounterItem = 'slide' | 'sponsored';
/** Which counter. */
export type CounterKind = 'view' | 'click';

const COUNTER_TABLES = { slide: 'slider_content', sponsored: 'sponsored_content' } as const satisfies Record<CounterItem, string>;

/** Adds one to a counter of an active item (an atomic UPDATE); unknown or inactive items count nothing. */
export async function incrementCounter(db: Db, item: CounterItem, id: string, kind: CounterKind): Promise<void> {
  await db(COUNTER_TABLES[item])
    .where({ id, is_active: true })
    .increment(kind === 'view' ? 'view_count' : 'click_count', 1);
}

/** Page views of days before `cutoff` (yyyy-MM-dd) lose their session id (each gets a random one); the counts stay. Answers how many. */
export async function erasePageViewSessionsBefore(db: Db, cutoffDay: string): Promise<number> {
  const rows = await db('page_views')
    .where('view_date', '<', cutoffDay)
    .andWhereNot('session_id', 'like', 'erased-%')
    .update({ session_id: db.raw("'erased-' || gen_random_uuid()::text") })
    .returning<{ page_id: string }[]>('page_id');
  return rows.length;
}

/** The page views recorded under these keys (session ids, or today's hashes of them), newest first (issue 37 item 2). */
export async function pageViewsOfKeys(db: Db, keys: readonly string[]): Promise<{ slug: string; title: string; view_date: string }[]> {
  return db('page_views as v')
    .join('custom_pages as p', 'p.id', 'v.page_id')
    .whereIn('v.session_id', keys)
    .orderBy('v.view_date', 'desc')
    .select('p.slug', 'p.title', 'v.view_date');
}

/** The page views under these keys get a random key each (the counts stay). Answers how many. */
export async function erasePageViewsOfKeys(db: Db, keys: readonly string[]): Promise<number> {
  const rows = await db('page_views')
    .whereIn('session_id', keys)
    .update({ session_id: db.raw("'erased-' || gen_random_uuid()::text") })
    .returning<{ page_id: string }[]>('page_id');
  return rows.length;
}
