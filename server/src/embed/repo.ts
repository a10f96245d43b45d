import type { Knex } from 'knex';
import type { EmbedSettings } from '../../../shared/embeds';
import { recordAction, type AuditActor } from '../users/audit';
import { embedFrameAncestorsValue, writeEmbedFrameAncestors } from '../settings/repo';

/**
 * The widget settings' storage: the framing allow-list, a column of the
 * settings domain's station row (migration 095_embed_settings), read and
 * written through settings/repo.ts.
 */

/** Reads the widget settings (the framing allow-list). */
export async function getEmbedSettings(knex: Knex | Knex.Transaction): Promise<EmbedSettings> {
  const stored = await embedFrameAncestorsValue(knex);
  const list = Array.isArray(stored) ? stored.filter((x): x is string => typeof x === 'string') : [];
  return { frameAncestors: list };
}

/** Saves the widget settings (already validated) and records who did it. */
export async function saveEmbedSettings(knex: Knex, input: EmbedSettings, actor: AuditActor): Promise<EmbedSettings> {
  const saved = await knex.transaction(async (trx) => {
    await writeEmbedFrameAncestors(trx, input.frameAncestors, actor.id);
    await recordAction(trx, { actor, action: 'update', resourceType: 'embed_settings', resourceId: 1, resourceName: 'Widgets', details: { frameAncestors: input.frameAncestors } });
    return getEmbedSettings(trx);
  });
  return saved;
}
