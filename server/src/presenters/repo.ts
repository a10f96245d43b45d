import type { Knex } from 'knex';

/**
 * The presenters domain's table, `presenters` (the DJ records, optionally
 * linked to an account). Other domains read presenter records through here.
 * The linked account's avatar and email come from `profiles` (the users
 * domain's table) by a join in the reads that show them.
 */

type Db = Knex | Knex.Transaction;

/** The presenter record linked to an account, if any. */
export async function presenterOfUser(db: Db, userId: string): Promise<{ id: string; name: string } | undefined> {
  return db('presenters').where({ user_id: userId }).first<{ id: string; name: string } | undefined>('id', 'name');
}

/** A presenter's name and its linked account's email (null when unlinked), or undefined. */
export async function presenterWithEmail(db: Db, id: string): Promise<{ id: string; name: string; email: string | null } | undefined> {
  return db('presenters as p')
    .leftJoin('profiles as u', 'u.id', 'p.user_id')
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
