import type { Knex } from 'knex';
import type { EmbedSettings } from '../../../shared/embeds';
import { recordAction, type AuditActor } from '../users/audit';

/**
 * The widget settings' storage: the framing allow-list, a column of
 * station_settings (migration 095_embed_settings).
 */

/** Reads the widget settings (the framing allow-list). */
export async function getEmbedSettings(knex: Knex | Knex.Transaction): Promise<EmbedSettings> {
  const row = await knex('station_settings').where({ id: 1 }).first<{ embed_frame_ancestors: unknown } | undefined>('embed_frame_ancestors');
  const list = Array.isArray(row?.embed_frame_ancestors) ? row.embed_frame_ancestors.filter((x): x is string => typeof x === 'string') : [];
  return { frameAncestors: list };
}

/** Saves the widget settings (already validated) and records who did it. */
export async function saveEmbedSettings(knex: Knex, input: EmbedSettings, actor: AuditActor): Promise<EmbedSettings> {
  const saved = await knex.transaction(async (trx) => {
    await trx('station_settings').where({ id: 1 }).update({ embed_frame_ancestors: JSON.stringify(input.frameAncestors), updated_by: actor.id, updated_at: trx.fn.now() });
    await recordAction(trx, { actor, action: 'update', resourceType: 'embed_settings', resourceId: 1, resourceName: 'Widgets', details: { frameAncestors: input.frameAncestors } });
    return getEmbedSettings(trx);
  });
  return saved;
}
