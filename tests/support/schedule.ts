import type { Role } from '../../shared/permissions';
import { createUser, type TestUser } from './auth';
import type { TestServer } from './server';

/** A test account with its presenter record (the booking form's "own presenter"). */
export interface TestPresenter extends TestUser {
  presenterId: string;
  presenterName: string;
}

/** Creates an account of a role plus a presenter record linked to it. */
export async function createPresenter(t: TestServer, role: Role, name?: string): Promise<TestPresenter> {
  const u = await createUser(t, { role });
  const presenterName = name ?? `DJ ${u.username}`;
  const [p] = await t.server.ctx.knex('presenters').insert({ user_id: u.id, name: presenterName, role, bio: `${presenterName} bio` }).returning<{ id: string }[]>('id');
  return { ...u, presenterId: p!.id, presenterName };
}

/** Inserts a schedule event straight into the database (a factory for tests, not a booking). */
export async function buildShow(
  t: TestServer,
  fields: { event_date: string; start_time: string; end_time: string; title?: string; status?: string; type?: string; presenter_id?: string | null; presenter_name?: string | null; created_by?: string | null; host?: string | null; image_url?: string | null; presenter_image_url?: string | null; series_id?: string | null },
): Promise<string> {
  const [row] = await t.server.ctx
    .knex('schedule_events')
    .insert({ title: 'Existing show', type: 'show', status: 'scheduled', recurrence_type: 'once', booking_type: 'single', ...fields })
    .returning<{ id: string }[]>('id');
  return row!.id;
}

/** Empties the schedule between tests of one file. */
export async function clearSchedule(t: TestServer): Promise<void> {
  await t.server.ctx.knex('schedule_events').delete();
}

/** A fixed clock: Wednesday 25 March 2026, 12:00 in London (GMT, the week before clocks go forward). */
export const FIXED_NOW = Date.UTC(2026, 2, 25, 12, 0, 0);
