import type { Knex } from 'knex';
import type { z } from 'zod';
import { pickWeighted, type PublicSponsored, type Sponsored, type SponsoredInputSchema } from '../../../shared/content';
import { fail } from '../http/errors';
import { recordAction, type AuditActor } from '../users/audit';
import { deleteSponsoredRow, eligibleSponsoredRows, insertSponsored, sponsoredRows, updateSponsoredRow, type SponsoredRow } from './repo';

type SponsoredValues = z.output<typeof SponsoredInputSchema>;

const dateOnly = (v: string | Date | null): string | null => (v === null ? null : typeof v === 'string' ? v.slice(0, 10) : v.toISOString().slice(0, 10));

/** Sponsored content as visitors get it. */
export function presentPublicSponsored(row: SponsoredRow): PublicSponsored {
  return { id: row.id, title: row.title, description: row.description, image_url: row.image_url, learn_more_url: row.learn_more_url };
}

/** Sponsored content as staff see it. */
export function presentSponsored(row: SponsoredRow): Sponsored {
  return {
    ...presentPublicSponsored(row),
    is_active: row.is_active,
    priority: row.priority,
    start_date: dateOnly(row.start_date),
    end_date: dateOnly(row.end_date),
    view_count: Number(row.view_count),
    click_count: Number(row.click_count),
    created_at: new Date(row.created_at).toISOString(),
  };
}

/** Every item, newest first (spec 001 §7). */
export async function listSponsored(db: Knex): Promise<Sponsored[]> {
  const rows = await sponsoredRows(db);
  return rows.map(presentSponsored);
}

/** Creates an item. */
export async function createSponsored(knex: Knex, input: SponsoredValues, actor: AuditActor): Promise<Sponsored> {
  return knex.transaction(async (trx) => {
    const row = await insertSponsored(trx, input);
    await recordAction(trx, { actor, action: 'create', resourceType: 'sponsored_content', resourceId: row.id, resourceName: row.title, details: { priority: row.priority, is_active: row.is_active } });
    return presentSponsored(row);
  });
}

/** Replaces an item's fields; counters are kept. 404 when it does not exist. */
export async function updateSponsored(knex: Knex, id: string, input: SponsoredValues, actor: AuditActor): Promise<Sponsored> {
  return knex.transaction(async (trx) => {
    const row = await updateSponsoredRow(trx, id, input);
    if (!row) throw fail.notFound('Sponsored content not found');
    await recordAction(trx, { actor, action: 'update', resourceType: 'sponsored_content', resourceId: id, resourceName: row.title, details: { priority: row.priority, is_active: row.is_active } });
    return presentSponsored(row);
  });
}

/** Deletes an item. 404 when it does not exist. */
export async function deleteSponsored(knex: Knex, id: string, actor: AuditActor): Promise<void> {
  await knex.transaction(async (trx) => {
    const row = await deleteSponsoredRow(trx, id);
    if (!row) throw fail.notFound('Sponsored content not found');
    await recordAction(trx, { actor, action: 'delete', resourceType: 'sponsored_content', resourceId: id, resourceName: row.title });
  });
}

/** One eligible item, chosen at random weighted by priority; null when there is none. */
export async function randomSponsored(db: Knex, day: string, rand: number = Math.random()): Promise<PublicSponsored | null> {
  const picked = pickWeighted(await eligibleSponsoredRows(db, day), rand);
  return picked ? presentPublicSponsored(picked) : null;
}
