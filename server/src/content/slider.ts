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
import { readTranslations, translated, type SlideTranslations } from '../../../shared/content-languages';
import type { StationInfo } from '../../../shared/station';
import { refuseDisabledLanguages } from './languages';
import { deleteSlideRow, insertSlide, slideRows, sliderSettingsRow, updateSlideRow, upsertSliderSettings, type SlideRow } from './repo';

type SlideValues = z.output<typeof SlideInputSchema>;

/** A slide as visitors get it: title and description in the reader's language (`locale`) when translated (issue 35). */
export function presentPublicSlide(row: SlideRow, locale?: string): PublicSlide {
  const tr = locale ? (readTranslations(row.translations) as SlideTranslations) : undefined;
  return {
    id: row.id,
    title: locale ? translated(tr, locale, 'title', row.title) : row.title,
    description: locale ? translated(tr, locale, 'description', row.description) : row.description,
    image_url: row.image_url,
    link_url: row.link_url,
  };
}

/** The columns a slide is written with: translations as JSON text, left out when the request left them out (kept). */
function slideColumns(input: SlideValues): Record<string, unknown> {
  const { translations, ...rest } = input;
  return translations === undefined ? rest : { ...rest, translations: JSON.stringify(translations) };
}

/** A slide as staff see it, with its counters. */
export function presentSlide(row: SlideRow): Slide {
  return {
    ...presentPublicSlide(row),
    translations: readTranslations(row.translations) as SlideTranslations,
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
export async function getSliderData(db: Knex, locale?: string): Promise<SliderData> {
  const [settings, rows] = await Promise.all([
    getSliderSettings(db),
    slideRows(db, { activeOnly: true }),
  ]);
  return { settings, slides: rows.map((r) => presentPublicSlide(r, locale)) };
}

/** Every slide for staff, by display order (spec 001 §7). */
export async function listSlides(db: Knex): Promise<Slide[]> {
  const rows = await slideRows(db);
  return rows.map(presentSlide);
}

/** Creates a slide. */
export async function createSlide(knex: Knex, input: SlideValues, actor: AuditActor, languages?: { settings: { station(): Promise<StationInfo> } }): Promise<Slide> {
  if (languages) await refuseDisabledLanguages(languages, input.translations);
  return knex.transaction(async (trx) => {
    const row = await insertSlide(trx, slideColumns(input));
    await recordAction(trx, { actor, action: 'create', resourceType: 'slider_content', resourceId: row.id, resourceName: row.title, details: { is_active: row.is_active } });
    return presentSlide(row);
  });
}

/** Replaces a slide's fields; counters are kept. 404 when it does not exist. */
export async function updateSlide(knex: Knex, id: string, input: SlideValues, actor: AuditActor, languages?: { settings: { station(): Promise<StationInfo> } }): Promise<Slide> {
  if (languages) await refuseDisabledLanguages(languages, input.translations);
  return knex.transaction(async (trx) => {
    const row = await updateSlideRow(trx, id, slideColumns(input));
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
