import type { Knex } from 'knex';
import type { z } from 'zod';
import {
  DEFAULT_SLIDER_SETTINGS,
  SliderSettingsSchema,
  type PublicSlide,
  type Slide,
  type SlideInputSchema,
  type SliderData,
  type SliderSettings,
} from '../../../shared/content';
import { fail } from '../http/errors';
import { recordAction, type AuditActor } from '../users/audit';
import { deleteSlideRow, insertSlide, slideRows, sliderSettingsRow, updateSlideRow, upsertSliderSettings, type SlideRow } from './repo';

type SlideValues = z.output<typeof SlideInputSchema>;

/** A slide as visitors get it. */
export function presentPublicSlide(row: SlideRow): PublicSlide {
  return { id: row.id, title: row.title, description: row.description, image_url: row.image_url, link_url: row.link_url };
}

/** A slide as staff see it, with its counters. */
export function presentSlide(row: SlideRow): Slide {
  return {
    ...presentPublicSlide(row),
    is_active: row.is_active,
    display_order: row.display_order,
    view_count: Number(row.view_count),
    click_count: Number(row.click_count),
    created_at: new Date(row.created_at).toISOString(),
  };
}

/** The one settings row (spec: slider_settings, one row); the defaults if it is somehow missing. */
export async function getSliderSettings(db: Knex | Knex.Transaction): Promise<SliderSettings> {
  const row = await sliderSettingsRow(db);
  if (!row) return DEFAULT_SLIDER_SETTINGS;
  const parsed = SliderSettingsSchema.safeParse(row);
  return parsed.success ? parsed.data : DEFAULT_SLIDER_SETTINGS;
}

/** Saves the global settings (upsert of the single row). */
export async function saveSliderSettings(knex: Knex, input: SliderSettings, actor: AuditActor): Promise<SliderSettings> {
  return knex.transaction(async (trx) => {
    await upsertSliderSettings(trx, input);
    await recordAction(trx, { actor, action: 'update', resourceType: 'slider_settings', resourceId: 1, resourceName: 'Slider settings', details: { ...input } });
    return getSliderSettings(trx);
  });
}

/** What the listener slider needs: the settings and the active slides in display order. */
export async function getSliderData(db: Knex): Promise<SliderData> {
  const [settings, rows] = await Promise.all([
    getSliderSettings(db),
    slideRows(db, { activeOnly: true }),
  ]);
  return { settings, slides: rows.map(presentPublicSlide) };
}

/** Every slide for staff, by display order (spec 001 §7). */
export async function listSlides(db: Knex): Promise<Slide[]> {
  const rows = await slideRows(db);
  return rows.map(presentSlide);
}

/** Creates a slide. */
export async function createSlide(knex: Knex, input: SlideValues, actor: AuditActor): Promise<Slide> {
  return knex.transaction(async (trx) => {
    const row = await insertSlide(trx, input);
    await recordAction(trx, { actor, action: 'create', resourceType: 'slider_content', resourceId: row.id, resourceName: row.title, details: { is_active: row.is_active } });
    return presentSlide(row);
  });
}

/** Replaces a slide's fields; counters are kept. 404 when it does not exist. */
export async function updateSlide(knex: Knex, id: string, input: SlideValues, actor: AuditActor): Promise<Slide> {
  return knex.transaction(async (trx) => {
    const row = await updateSlideRow(trx, id, input);
    if (!row) throw fail.notFound('Slide not found');
    await recordAction(trx, { actor, action: 'update', resourceType: 'slider_content', resourceId: id, resourceName: row.title, details: { is_active: row.is_active } });
    return presentSlide(row);
  });
}

/** Deletes a slide. 404 when it does not exist. */
export async function deleteSlide(knex: Knex, id: string, actor: AuditActor): Promise<void> {
  await knex.transaction(async (trx) => {
    const row = await deleteSlideRow(trx, id);
    if (!row) throw fail.notFound('Slide not found');
    await recordAction(trx, { actor, action: 'delete', resourceType: 'slider_content', resourceId: id, resourceName: row.title });
  });
}
