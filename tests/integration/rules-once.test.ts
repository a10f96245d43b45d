import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPoller, type Poller } from '../../server/src/radio/poller';
import { createUser, type TestUser } from '../support/auth';
import { connectRealtime } from '../support/radio';
import { buildShow, createPresenter, type TestPresenter } from '../support/schedule';
import { request, startTestServer, type TestServer } from '../support/server';

/**
 * Rules the issue found written two or three times and disagreeing, now one
 * implementation each, read from every place that shows them (issue 23 item 7):
 * hours booked in a week (dashboard and Outstanding Bookings), the next show
 * (schedule API, dashboard, now playing) and the live identity of a token
 * (HTTP and the realtime hello).
 */

// Wednesday 11 March 2026, 12:00 in London (GMT): the week is Monday 9 to Sunday 15 March.
const NOW = Date.UTC(2026, 2, 11, 12, 0, 0);
let t: TestServer;
let poller: Poller;
let moderator: TestUser;
let approvedLeave: TestPresenter;
let pendingLeave: TestPresenter;
let sundayNights: TestPresenter;

beforeAll(async () => {
  t = await startTestServer({
    now: () => NOW,
    jobs: (ctx) => {
      poller = startPoller(ctx, ctx.radio, { intervalMs: 3_600_000 });
      return [poller];
    },
  });
  const knex = t.server.ctx.knex;
  moderator = await createUser(t, { role: 'moderator' });
  approvedLeave = await createPresenter(t, 'presenter', 'A Approved Leave');
  pendingLeave = await createPresenter(t, 'presenter', 'B Pending Leave');
  sundayNights = await createPresenter(t, 'presenter', 'C Sunday Nights');
  await knex('loa_requests').insert([
    { presenter_id: approvedLeave.presenterId, presenter_name: 'A', start_date: '2026-03-12', end_date: '2026-03-13', reason: 'vacation', status: 'approved' },
    { presenter_id: pendingLeave.presenterId, presenter_name: 'B', start_date: '2026-03-09', end_date: '2026-03-15', reason: 'vacation', status: 'pending' },
  ]);
  // Last Sunday 23:30-00:30 puts half an hour into this Monday; this Sunday 23:00-01:00 one hour before midnight.
  await buildShow(t, { event_date: '2026-03-08', start_time: '23:30', end_time: '00:30', presenter_id: sundayNights.presenterId, title: 'Last Sunday Late' });
  await buildShow(t, { event_date: '2026-03-15', start_time: '23:00', end_time: '01:00', presenter_id: sundayNights.presenterId, title: 'Sunday Late' });
  // Pending leave excuses nothing: one 30-minute show.
  await buildShow(t, { event_date: '2026-03-10', start_time: '09:00', end_time: '09:30', presenter_id: pendingLeave.presenterId, title: 'Tuesday Short' });
  // The next show: not the past one, not a special event, not a cancelled show, not maintenance; a pending show counts.
  await buildShow(t, { event_date: '2026-03-11', start_time: '09:00', end_time: '10:00', title: 'This Morning' });
  await buildShow(t, { event_date: '2026-03-11', start_time: '13:00', end_time: '14:00', title: 'Open Day', type: 'event' });
  await buildShow(t, { event_date: '2026-03-11', start_time: '14:00', end_time: '15:00', title: 'Called Off', status: 'cancelled' });
  await buildShow(t, { event_date: '2026-03-11', start_time: '14:30', end_time: '15:00', title: 'Transmitter Work', type: 'maintenance' });
  await buildShow(t, { event_date: '2026-03-11', start_time: '15:00', end_time: '16:00', title: 'Afternoon Pending', status: 'pending' });
  await buildShow(t, { event_date: '2026-03-12', start_time: '10:00', end_time: '11:00', title: 'Thursday Morning' });
});
afterAll(async () => t?.close());

const dashboard = async (u: { token: string }) => {
  const res = await request(t.url, '/api/dashboard', { token: u.token });
  expect(res.status).toBe(200);
  return res.body;
};

describe('hours booked in a week: one rule for the dashboard and Outstanding Bookings', () => {
  it('honours approved leave only and counts a Sunday show running past midnight up to midnight', async () => {
    const week = { week_start: '2026-03-09', week_end: '2026-03-15', required: 2 };
    expect((await dashboard(approvedLeave)).hours).toEqual({ ...week, scheduled: 0, remaining: 0 });
    expect((await dashboard(pendingLeave)).hours).toEqual({ ...week, scheduled: 0.5, remaining: 1.5 });
    expect((await dashboard(sundayNights)).hours).toEqual({ ...week, scheduled: 1.5, remaining: 0.5 });

    const outstanding = await request(t.url, '/api/schedule/outstanding', { token: moderator.token });
    expect(outstanding.status).toBe(200);
    expect(outstanding.body).toMatchObject({ weekStart: '2026-03-09', weekEnd: '2026-03-15' });
    expect(outstanding.body.outstandingBookings.map((e: { name: string; scheduled_hours: number; remaining_hours: number }) => [e.name, e.scheduled_hours, e.remaining_hours])).toEqual([
      ['B Pending Leave', 0.5, 1.5],
      ['C Sunday Nights', 1.5, 0.5],
    ]);
  });
});

describe('the next show: one rule for the schedule API, the dashboard and now playing', () => {
  it('is the same show from all three', async () => {
    const next = await request(t.url, '/api/schedule/next');
    expect(next.body.show).toMatchObject({ title: 'Afternoon Pending', event_date: '2026-03-11', start_time: '15:00:00' });
    const upcoming = (await dashboard(moderator)).upcoming;
    expect(upcoming.map((s: { title: string }) => s.title)).toEqual(['Afternoon Pending', 'Thursday Morning', 'Sunday Late']);
    await poller.pollNow();
    const np = await request(t.url, '/api/now-playing');
    expect(np.status).toBe(200);
    expect(np.body.next_show).toMatchObject({ title: 'Afternoon Pending', event_date: '2026-03-11', start_time: '15:00:00', starts_at: Date.UTC(2026, 2, 11, 15, 0, 0) / 1000 });
  });
});

describe('the live identity of a token: one check for HTTP and the realtime hello', () => {
  it("refuses a token whose session belongs to someone else, over HTTP and over the WebSocket alike", async () => {
    const other = await createUser(t, { role: 'owner' });
    // Correctly signed, but `sub` (the owner) does not own the session (the moderator's).
    const { token: crossed } = await t.server.ctx.tokens.sign({ userId: other.id, sessionId: moderator.sessionId, role: 'owner', email: other.email });
    expect((await request(t.url, '/api/dashboard', { token: crossed })).status).toBe(401);
    expect((await request(t.url, '/api/dashboard', { token: moderator.token })).status).toBe(200);

    const ws = await connectRealtime(t.url);
    try {
      ws.send({ type: 'hello', token: crossed });
      await expect.poll(() => ws.frames.filter((f) => f.type === 'welcome').length).toBe(2);
      expect(ws.frames.filter((f) => f.type === 'welcome').at(-1)).toMatchObject({ authenticated: false });
      ws.send({ type: 'subscribe', channel: 'bookings' });
      await expect.poll(() => ws.frames.find((f) => f.type === 'error')).toMatchObject({ code: 'forbidden', channel: 'bookings' });
      ws.send({ type: 'hello', token: moderator.token });
      await expect.poll(() => ws.frames.filter((f) => f.type === 'welcome').length).toBe(3);
      expect(ws.frames.filter((f) => f.type === 'welcome').at(-1)).toMatchObject({ authenticated: true });
    } finally {
      ws.close();
    }
  });
});
