import type { Knex } from 'knex';
import { verifyPassword } from '../auth/passwords';
import { DEMO_PASSWORD } from './demo-password';
import type { Logger } from '../log';
import { activeDemoCredentials } from './repo';

/**
 * Demo accounts that still sign in with the password the README publishes
 * (issue 39 item 2): a server holding them says so at every start (a log
 * warning) and on the owner's dashboard. The check costs one query when there
 * are none (every production server); each hash is verified once and the
 * answer remembered by the hash, so a changed password is seen at once.
 */
export interface DemoAccountCheck {
  /** Emails of active demo accounts whose password is the published one. */
  exposed(): Promise<string[]>;
}

export function createDemoAccountCheck(knex: Knex): DemoAccountCheck {
  const verdicts = new Map<string, boolean>();
  return {
    async exposed() {
      const rows = await activeDemoCredentials(knex);
      const out: string[] = [];
      for (const row of rows) {
        let published = verdicts.get(row.password_hash);
        if (published === undefined) {
          published = await verifyPassword(row.password_hash, DEMO_PASSWORD);
          verdicts.set(row.password_hash, published);
        }
        if (published) out.push(row.email);
      }
      return out;
    },
  };
}

/** The start's warning, when there is something to warn about. */
export async function warnAboutDemoAccounts(check: DemoAccountCheck, log: Logger, publicUrl: string | undefined): Promise<void> {
  const emails = await check.exposed();
  if (emails.length === 0) return;
  log.warn(
    { accounts: emails, publicUrl: publicUrl ?? null },
    `this server holds ${emails.length} demo account(s) that sign in with the password published in the README (${emails.join(', ')}): deactivate them or change their passwords before the station is public`,
  );
}
