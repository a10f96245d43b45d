import type { Knex } from 'knex';

/** The mail domain's table, `email_outbox` (issue 30): the only file that names it. */

type Db = Knex | Knex.Transaction;

export interface OutboxRow {
  id: string;
  to_address: string;
  subject: string;
  body: string;
  attempts: number;
}

const OUTBOX_COLUMNS = ['id', 'to_address', 'subject', 'body', 'attempts'] as const;

/** Writes one message in the caller's transaction; answers its id. */
export async function insertOutboxMessage(db: Db, message: { to_address: string; template: string; subject: string; body: string }): Promise<string> {
  const [row] = await db('email_outbox').insert(message).returning<{ id: string }[]>('id');
  return row!.id;
}

/** One message still waiting to be sent, or undefined. */
export async function pendingOutboxMessage(db: Db, id: string): Promise<OutboxRow | undefined> {
  return db('email_outbox').where({ id, status: 'pending' }).first<OutboxRow | undefined>(...OUTBOX_COLUMNS);
}

/** The messages due for a (re)try, oldest first. */
export async function dueOutboxMessages(db: Db, limit: number): Promise<OutboxRow[]> {
  return db('email_outbox').where({ status: 'pending' }).where('next_attempt_at', '<=', new Date()).orderBy('created_at').limit(limit).select<OutboxRow[]>(...OUTBOX_COLUMNS);
}

export async function markOutboxSent(db: Db, id: string, attempts: number): Promise<void> {
  await db('email_outbox').where({ id }).update({ status: 'sent', sent_at: new Date(), attempts, last_error: null });
}

export async function markOutboxFailed(db: Db, id: string, change: { attempts: number; failed: boolean; error: string; nextAttemptAt: Date }): Promise<void> {
  await db('email_outbox')
    .where({ id })
    .update({ attempts: change.attempts, status: change.failed ? 'failed' : 'pending', last_error: change.error.slice(0, 500), next_attempt_at: change.nextAttemptAt });
}

/** Sent or given-up e-mail created before `cutoff` (addresses and bodies) is deleted; pending mail stays. Answers how many. */
export async function deleteFinishedEmailBefore(db: Db, cutoff: Date): Promise<number> {
  return (await db('email_outbox').whereIn('status', ['sent', 'failed']).andWhere('created_at', '<', cutoff).delete().returning<{ id: string }[]>('id')).length;
}

/** Deletes every e-mail to these addresses, sent or waiting (a person's erasure; issue 37 item 2). Answers how many. */
export async function deleteEmailTo(db: Db, addresses: readonly string[]): Promise<number> {
  if (addresses.length === 0) return 0;
  const rows = await db('email_outbox').whereRaw(`lower(to_address) IN (${addresses.map(() => '?').join(', ')})`, addresses.map((a) => a.toLowerCase())).delete().returning<{ id: string }[]>('id');
  return rows.length;
}
