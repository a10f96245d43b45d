import type { Knex } from 'knex';
import { DateTime } from 'luxon';
import type { z } from 'zod';
import type { Page, PageAnalytics, PageInputSchema, PublicPage } from '../../../shared/content';
import { fail } from '../http/errors';
import { recordAction, type AuditActor } from '../users/audit';
import { deletePageRow, insertPage, insertPageView, pageRow, pageRows, pageViewCounts, publishedPageRow, slugTaken, updatePageRow, type PageRow } from './repo';
import { cleanStoredContent, hasVisibleContent, sanitizePageHtml } from './sanitize';
import { compactTranslations, readTranslations, textLanguage, translated, type PageTranslations } from '../../../shared/content-languages';
import { refuseDisabledLanguages } from './languages';
import type { StationInfo } from '../../../shared/station';

type PageValues = z.output<typeof PageInputSchema>;
type PageColumns = Omit<PageValues, 'translations'> & { translations?: string };

/** A page's stored translations, the content of each sanitised again on the way out (as the page's own). */
function cleanTranslations(raw: unknown): PageTranslations {
  const tr = readTranslations(raw) as PageTranslations;
  for (const fields of Object.values(tr)) if (fields?.content) fields.content = cleanStoredContent(fields.content).html;
  return tr;
}

const iso = (v: Date | string): string => new Date(v).toISOString();

/** The staff view of a page; content is sanitised again on the way out. */
export function presentPage(row: PageRow): Page {
  const { html, excerpt } = cleanStoredContent(row.content);
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    content: html,
    excerpt,
    meta_description: row.meta_description,
    is_published: row.is_published,
    is_featured: row.is_featured,
    display_order: row.display_order,
    translations: cleanTranslations(row.translations),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

/**
 * A published page for visitors: its title, content and meta description in the reader's language (`locale`) when
 * the page has that translation (issue 35), else as written in the station's default language.
 */
export function presentPublicPage(row: PageRow, locale?: string, stationDefault = 'en'): PublicPage {
  const tr = locale ? (readTranslations(row.translations) as PageTranslations) : undefined;
  const content = locale ? translated(tr, locale, 'content', row.content) : row.content;
  return {
    id: row.id,
    title: locale ? translated(tr, locale, 'title', row.title) : row.title,
    slug: row.slug,
    content: cleanStoredContent(content).html,
    meta_description: locale ? translated(tr, locale, 'meta_description', row.meta_description) : row.meta_description,
    ...(locale ? { language: textLanguage(tr, locale, 'content', stationDefault) } : {}),
    is_featured: row.is_featured,
    created_at: iso(row.created_at),
  };
}

/** True for PostgreSQL's unique-violation error (both engines report SQLSTATE 23505). */
export function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === '23505';
}

/** The refusal for a slug that another page already uses. */
export function duplicateSlugMessage(slug: string): string {
  return `A page with the slug "/${slug}" already exists. Choose a different slug.`;
}

/** Every page, by display order (spec 001 §7: ordered by display_order ascending). */
export async function listPages(db: Knex | Knex.Transaction): Promise<Page[]> {
  const rows = await pageRows(db);
  return rows.map(presentPage);
}

/**
 * Sanitises the content, and each translation's content with the same DOMPurify rules (issue 35), and refuses a
 * page left with nothing to show. Translations left out are kept as they are (undefined).
 */
function cleanValues(input: PageValues): PageColumns {
  const content = sanitizePageHtml(input.content);
  if (!hasVisibleContent(content)) throw fail.badRequest('Content is required', [{ path: 'content', message: 'Content is required' }]);
  const { translations, ...rest } = input;
  if (translations === undefined) return { ...rest, content };
  const clean: PageTranslations = {};
  for (const [code, fields] of Object.entries(translations) as [keyof PageTranslations, PageTranslations[keyof PageTranslations]][]) {
    const html = fields?.content ? sanitizePageHtml(fields.content) : undefined;
    clean[code] = { ...fields, content: html && hasVisibleContent(html) ? html : undefined };
  }
  return { ...rest, content, translations: JSON.stringify(compactTranslations(clean)) };
}

async function refuseDuplicate(trx: Knex.Transaction, slug: string, exceptId: string | null): Promise<void> {
  if (await slugTaken(trx, slug, exceptId)) throw fail.conflict(duplicateSlugMessage(slug));
}

/** Creates a page (sanitised on save); a taken slug is refused with a clear message. */
export async function createPage(knex: Knex, input: PageValues, actor: AuditActor, languages?: { settings: { station(): Promise<StationInfo> } }): Promise<Page> {
  if (languages) await refuseDisabledLanguages(languages, input.translations);
  const values = cleanValues(input);
  try {
    return await knex.transaction(async (trx) => {
      await refuseDuplicate(trx, values.slug, null);
      const row = await insertPage(trx, values, actor.id);
      await recordAction(trx, { actor, action: 'create', resourceType: 'custom_page', resourceId: row.id, resourceName: row.title, details: { slug: row.slug, is_published: row.is_published } });
      return presentPage(row);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw fail.conflict(duplicateSlugMessage(values.slug));
    throw err;
  }
}

/** Replaces a page's fields. 404 when it does not exist. */
export async function updatePage(knex: Knex, id: string, input: PageValues, actor: AuditActor, languages?: { settings: { station(): Promise<StationInfo> } }): Promise<Page> {
  if (languages) await refuseDisabledLanguages(languages, input.translations);
  const values = cleanValues(input);
  try {
    return await knex.transaction(async (trx) => {
      const before = await pageRow(trx, id);
      if (!before) throw fail.notFound('Page not found');
      await refuseDuplicate(trx, values.slug, id);
      const row = await updatePageRow(trx, id, values);
      const changed = (Object.keys(values) as (keyof PageColumns)[]).filter((k) => (k === 'translations' ? JSON.stringify(readTranslations(before.translations)) !== values.translations : before[k] !== values[k]));
      await recordAction(trx, { actor, action: 'update', resourceType: 'custom_page', resourceId: id, resourceName: row!.title, details: { slug: row!.slug, changed } });
      return presentPage(row!);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw fail.conflict(duplicateSlugMessage(values.slug));
    throw err;
  }
}

/** Deletes a page (its views go with it). 404 when it does not exist. */
export async function deletePage(knex: Knex, id: string, actor: AuditActor): Promise<void> {
  await knex.transaction(async (trx) => {
    const row = await deletePageRow(trx, id);
    if (!row) throw fail.notFound('Page not found');
    await recordAction(trx, { actor, action: 'delete', resourceType: 'custom_page', resourceId: id, resourceName: row.title, details: { slug: row.slug } });
  });
}

/** A published page by slug, or null (missing and unpublished look the same to visitors). */
export async function getPublishedPage(db: Knex, slug: string, locale?: string, stationDefault?: string): Promise<PublicPage | null> {
  const row = await publishedPageRow(db, slug);
  return row ? presentPublicPage(row, locale, stationDefault) : null;
}

/**
 * Counts a view: one per page, browser session and station day (insert or
 * ignore on the primary key). Unpublished or missing pages count nothing.
 */
export async function recordPageView(db: Knex, slug: string, sessionId: string, viewDate: string): Promise<void> {
  await insertPageView(db, slug, sessionId, viewDate);
}

/** The station day of an instant, 'yyyy-MM-dd'. */
export function stationDay(now: number, timezone: string): string {
  return DateTime.fromMillis(now, { zone: timezone }).toISODate()!;
}

/**
 * Views per published page (spec 001 §3): total, today, this week (from
 * Monday) and this month, in the station's time zone.
 */
export async function pageAnalytics(db: Knex, now: number, timezone: string): Promise<PageAnalytics[]> {
  const today = DateTime.fromMillis(now, { zone: timezone }).startOf('day');
  const weekStart = today.minus({ days: today.weekday - 1 }).toISODate()!;
  const monthStart = today.startOf('month').toISODate()!;
  const rows = await pageViewCounts(db, today.toISODate()!, weekStart, monthStart);
  return rows.map((r) => ({
    page_id: String(r.id),
    page_title: String(r.title),
    page_slug: String(r.slug),
    is_published: Boolean(r.is_published),
    total_views: Number(r.total_views),
    views_today: Number(r.views_today),
    views_this_week: Number(r.views_this_week),
    views_this_month: Number(r.views_this_month),
  }));
}
