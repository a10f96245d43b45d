/**
 * The schedule's rows of the authorization matrix: every schedule route,
 * every role (and no one), the status each gets. Each row builds the event it
 * acts on, so rows are independent. `SCHEDULE_AUTHZ_ROWS` is exported for the
 * shared matrix (tests/integration/authz-matrix.ts) to include.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, type Role } from '../../shared/permissions';
import { createUser } from '../support/auth';
import { buildShow, createPresenter, FIXED_NOW, type TestPresenter } from '../support/schedule';
import { request, startTestServer, type TestServer } from '../support/server';

type Who = Role | 'anonymous';
const WHO: Who[] = ['anonymous', ...ROLES];
const MOD_UP: Role[] = ['owner', 'manager', 'admin', 'moderator'];

/** One route of the matrix: how to call it, and the status each caller gets. */
export interface AuthzRow {
  name: string;
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** Builds what the call acts on (for the caller, when it matters); returns the path (and body). */
  prepare: (t: TestServer, caller?: { id: string; presenterId?: string }) => Promise<{ path: string; body?: unknown }>;
  expect: (who: Who) => number;
}

const signedIn = (ok: number) => (who: Who) => (who === 'anonymous' ? 401 : ok);
const modUp = (ok: number) => (who: Who) => (who === 'anonymous' ? 401 : MOD_UP.includes(who) ? ok : 403);
const everyone = (ok: number) => () => ok;
let day = 0;
/** A fresh future date per row, so rows never conflict with each other. */
const nextDate = () => {
  day++;
  return new Date(Date.UTC(2026, 3, 1) + day * 86_400_000).toISOString().slice(0, 10);
};

/** The schedule routes with their expected statuses per role (spec 001 §6). */
export const SCHEDULE_AUTHZ_ROWS: AuthzRow[] = [
  { name: 'who am I (booking form)', method: 'GET', prepare: async () => ({ path: '/api/schedule/me' }), expect: signedIn(200) },
  { name: 'list events', method: 'GET', prepare: async () => ({ path: '/api/schedule/events?type=show' }), expect: signedIn(200) },
  {
    name: 'view one event',
    method: 'GET',
    prepare: async (t) => ({ path: `/api/schedule/events/${await buildShow(t, { event_date: nextDate(), start_time: '10:00', end_time: '11:00' })}` }),
    expect: signedIn(200),
  },
  {
    name: 'book a show',
    method: 'POST',
    prepare: async () => ({ path: '/api/schedule/bookings', body: { mode: 'daily', title: 'Matrix', event_date: nextDate(), start_time: '10:00', end_time: '11:00' } }),
    // Guests have no presenter record here: 'Contact admin to set up presenter profile'.
    expect: (who) => (who === 'anonymous' ? 401 : who === 'guest' ? 422 : 201),
  },
  {
    name: "edit someone else's show",
    method: 'PATCH',
    prepare: async (t) => ({
      path: `/api/schedule/events/${await buildShow(t, { event_date: nextDate(), start_time: '10:00', end_time: '11:00' })}`,
      body: { title: 'Edited', start_time: '10:00', end_time: '11:00' },
    }),
    expect: modUp(200),
  },
  {
    // 001 §6: a presenter may edit and delete the shows they present; a guest has no presenter record, so it is not theirs.
    name: 'edit a show the caller presents',
    method: 'PATCH',
    prepare: async (t, caller) => ({
      path: `/api/schedule/events/${await buildShow(t, { event_date: nextDate(), start_time: '10:00', end_time: '11:00', presenter_id: caller?.presenterId ?? null })}`,
      body: { title: 'My show, edited', start_time: '10:00', end_time: '11:00' },
    }),
    expect: (who) => (who === 'anonymous' ? 401 : who === 'guest' ? 403 : 200),
  },
  {
    name: 'delete a show the caller presents',
    method: 'DELETE',
    prepare: async (t, caller) => ({ path: `/api/schedule/events/${await buildShow(t, { event_date: nextDate(), start_time: '10:00', end_time: '11:00', presenter_id: caller?.presenterId ?? null })}` }),
    expect: (who) => (who === 'anonymous' ? 401 : who === 'guest' ? 403 : 204),
  },
  {
    name: "delete someone else's show",
    method: 'DELETE',
    prepare: async (t) => ({ path: `/api/schedule/events/${await buildShow(t, { event_date: nextDate(), start_time: '10:00', end_time: '11:00' })}` }),
    expect: modUp(204),
  },
  {
    name: 'approve a pending show',
    method: 'POST',
    prepare: async (t) => ({ path: `/api/schedule/events/${await buildShow(t, { event_date: nextDate(), start_time: '10:00', end_time: '11:00', status: 'pending' })}/approve` }),
    expect: modUp(200),
  },
  {
    name: 'resolve a conflict',
    method: 'POST',
    prepare: async (t) => ({ path: `/api/schedule/events/${await buildShow(t, { event_date: nextDate(), start_time: '10:00', end_time: '11:00', status: 'conflicted' })}/resolve`, body: { decision: 'approve' } }),
    expect: modUp(200),
  },
  {
    name: 'cancel an event (overview)',
    method: 'POST',
    prepare: async (t) => ({ path: `/api/schedule/events/${await buildShow(t, { event_date: nextDate(), start_time: '10:00', end_time: '11:00' })}/cancel` }),
    expect: modUp(200),
  },
  {
    name: 'undo a cancel (overview)',
    method: 'POST',
    prepare: async (t) => ({ path: `/api/schedule/events/${await buildShow(t, { event_date: nextDate(), start_time: '10:00', end_time: '11:00', status: 'cancelled' })}/restore`, body: { status: 'scheduled' } }),
    expect: modUp(200),
  },
  {
    name: 'create an overview event',
    method: 'POST',
    prepare: async () => ({ path: '/api/schedule/overview/events', body: { event_date: nextDate(), title: 'Special', start_time: '12:00', end_time: '14:00' } }),
    expect: modUp(201),
  },
  {
    name: 'edit an overview event',
    method: 'PATCH',
    prepare: async (t) => {
      const date = nextDate();
      return { path: `/api/schedule/overview/events/${await buildShow(t, { event_date: date, start_time: '10:00', end_time: '11:00', type: 'event' })}`, body: { event_date: date, title: 'Moved', start_time: '10:00', end_time: '11:00', type: 'event' } };
    },
    expect: modUp(200),
  },
  { name: 'outstanding bookings', method: 'GET', prepare: async () => ({ path: '/api/schedule/outstanding' }), expect: modUp(200) },
  { name: 'public schedule API', method: 'GET', prepare: async () => ({ path: '/schedule-api?week=current' }), expect: everyone(200) },
  { name: 'public schedule API (alias)', method: 'GET', prepare: async () => ({ path: '/api/public/schedule' }), expect: everyone(200) },
  { name: 'iCalendar feed', method: 'GET', prepare: async () => ({ path: '/api/schedule.ics' }), expect: everyone(200) },
  { name: 'listener week', method: 'GET', prepare: async () => ({ path: '/api/schedule/week' }), expect: everyone(200) },
  { name: 'listener today', method: 'GET', prepare: async () => ({ path: '/api/schedule/today' }), expect: everyone(200) },
  { name: 'listener next show', method: 'GET', prepare: async () => ({ path: '/api/schedule/next' }), expect: everyone(200) },
];

let t: TestServer;
const users = new Map<Role, TestPresenter | { id: string; token: string }>();
beforeAll(async () => {
  t = await startTestServer({ now: () => FIXED_NOW });
  for (const role of ROLES) {
    if (role === 'guest') {
      users.set(role, await createUser(t, { role }));
    } else {
      users.set(role, await createPresenter(t, role));
    }
  }
});
afterAll(async () => t?.close());

describe('schedule authorization matrix', () => {
  for (const row of SCHEDULE_AUTHZ_ROWS) {
    it(`${row.method} ${row.name}`, async () => {
      const got: Record<string, number> = {};
      const want: Record<string, number> = {};
      for (const who of WHO) {
        const caller = who === 'anonymous' ? undefined : users.get(who)!;
        const { path, body } = await row.prepare(t, caller);
        const token = caller?.token;
        const res = await request(t.url, path, { method: row.method, ...(token ? { token } : {}), ...(body !== undefined ? { body } : {}) });
        got[who] = res.status;
        want[who] = row.expect(who);
      }
      expect(got).toEqual(want);
    });
  }
});
