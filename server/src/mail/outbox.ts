import type { Knex } from 'knex';
import nodemailer, { type Transporter } from 'nodemailer';
import type { AppContext } from '../context';
import { dueOutboxMessages, insertOutboxMessage, markOutboxFailed, markOutboxSent, pendingOutboxMessage, type OutboxRow } from './repo';
import type { EmailContent } from './templates';

/**
 * The station's e-mail (issue 30): every message is written to the
 * `email_outbox` table inside the transaction of the change it reports (so
 * an approved leave and its e-mail commit together), then delivered through
 * SMTP with nodemailer (SMTP_URL, MAIL_FROM). A failed delivery is retried
 * with a growing delay, at most {@link MAX_ATTEMPTS} times; without SMTP_URL
 * messages wait in the outbox. Delivery never blocks or fails the request
 * that queued it.
 */

type Db = Knex | Knex.Transaction;

export const MAX_ATTEMPTS = 6;
const RETRY_BASE_MS = 30_000;

/** The panel's address of a path, for e-mails (PUBLIC_URL; without it, the path alone). */
export function panelUrl(ctx: Pick<AppContext, 'config'>, path: string): string {
  return ctx.config.PUBLIC_URL ? new URL(path, ctx.config.PUBLIC_URL).toString() : path;
}

/** Queues an e-mail in the caller's transaction; answers its id (send it after commit with {@link sendQueuedEmail}). */
export async function queueEmail(db: Db, to: string, content: EmailContent): Promise<string> {
  return insertOutboxMessage(db, { to_address: to.slice(0, 320), template: content.template, subject: content.subject.slice(0, 300), body: content.text.slice(0, 20_000) });
}

const transports = new WeakMap<object, { url: string; transport: Transporter }>();

function transportFor(ctx: Pick<AppContext, 'config'>): Transporter | null {
  const url = ctx.config.SMTP_URL;
  if (!url) return null;
  const known = transports.get(ctx.config);
  if (known && known.url === url) return known.transport;
  const transport = nodemailer.createTransport(url);
  transports.set(ctx.config, { url, transport });
  return transport;
}

/** The From address: MAIL_FROM, else the station's contact e-mail, else a no-reply address of PUBLIC_URL's host. */
function fromAddress(ctx: Pick<AppContext, 'config'>): string {
  if (ctx.config.MAIL_FROM) return ctx.config.MAIL_FROM;
  const host = ctx.config.PUBLIC_URL ? new URL(ctx.config.PUBLIC_URL).hostname : 'localhost';
  return `no-reply@${host}`;
}

/** Delivers one queued message now; records success, or the error and when to retry. Never throws. */
async function deliver(ctx: Pick<AppContext, 'config' | 'knex' | 'log'>, row: OutboxRow, transport: Transporter): Promise<boolean> {
  try {
    await transport.sendMail({ from: fromAddress(ctx), to: row.to_address, subject: row.subject, text: row.body });
    await markOutboxSent(ctx.knex, row.id, row.attempts + 1);
    return true;
  } catch (err) {
    const attempts = row.attempts + 1;
    const failed = attempts >= MAX_ATTEMPTS;
    ctx.log.warn({ err: err instanceof Error ? err.message : String(err), emailId: row.id, attempts }, failed ? 'e-mail could not be delivered; giving up' : 'e-mail delivery failed; will retry');
    await markOutboxFailed(ctx.knex, row.id, { attempts, failed, error: err instanceof Error ? err.message : String(err), nextAttemptAt: new Date(Date.now() + RETRY_BASE_MS * 2 ** (attempts - 1)) }).catch(() => undefined);
    return false;
  }
}

/** Sends one queued e-mail in the background (after the commit that queued it). */
export function sendQueuedEmail(ctx: Pick<AppContext, 'config' | 'knex' | 'log'>, id: string): void {
  const transport = transportFor(ctx);
  if (!transport) return;
  void (async () => {
    const row = await pendingOutboxMessage(ctx.knex, id);
    if (row) await deliver(ctx, row, transport);
  })().catch((err: unknown) => ctx.log.warn({ err }, 'e-mail delivery failed'));
}

/** Delivers every due message (the retry job); answers how many were sent. */
export async function deliverDueEmail(ctx: Pick<AppContext, 'config' | 'knex' | 'log'>, limit = 50): Promise<number> {
  const transport = transportFor(ctx);
  if (!transport) return 0;
  const rows = await dueOutboxMessages(ctx.knex, limit);
  let sent = 0;
  for (const row of rows) if (await deliver(ctx, row, transport)) sent += 1;
  return sent;
}

/** The retry job: every minute, the due messages go out. */
export function emailOutboxJob(ctx: Pick<AppContext, 'config' | 'knex' | 'log'>): { name: string; stop: () => Promise<void> } {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running || !ctx.config.SMTP_URL) return;
    running = deliverDueEmail(ctx)
      .catch((err: unknown) => ctx.log.warn({ err }, 'e-mail outbox run failed'))
      .finally(() => {
        running = null;
      });
  }, 60_000);
  timer.unref();
  return {
    name: 'email-outbox',
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
