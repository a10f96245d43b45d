import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DENIED } from '../../shared/permissions';
import { createUser } from '../support/auth';
import { buildShow, createPresenter, FIXED_NOW } from '../support/schedule';
import { request, startTestServer, type TestServer } from '../support/server';

let t: TestServer;
let moderatorToken: string;

// The week of 23-29 March 2026 (clocks go forward on Sunday 29th) and the week after.
beforeAll(async () => {
  t = await startTestServer({ now: () => FIXED_NOW });
  moderatorToken = (await createUser(t, { role: 'moderator' })).token;
  const knex = t.server.ctx.knex;

  const oneHour = await createPresenter(t, 'presenter', 'A One Hour');
  await buildShow(t, { event_date: '2026-03-24', start_time: '10:00', end_time: '11:00', presenter_id: oneHour.presenterId });
  await buildShow(t, { event_date: '2026-03-25', start_time: '10:00', end_time: '12:00', presenter_id: oneHour.presenterId, status: 'cancelled' });

  await createPresenter(t, 'probation', 'B Nothing Booked');

  const done = await createPresenter(t, 'presenter', 'C Done');
  await buildShow(t, { event_date: '2026-03-26', start_time: '22:00', end_time: '00:00', presenter_id: done.presenterId });

  const moderatorPresenter = await createPresenter(t, 'moderator', 'D Moderator');
  void moderatorPresenter;

  const onLeave = await createPresenter(t, 'presenter', 'E On Leave');
  await knex('loa_requests').insert({ presenter_id: onLeave.presenterId, presenter_name: 'E On Leave', start_date: '2026-03-29', end_date: '2026-04-02', reason: 'vacation', status: 'approved' });
  const pendingLeave = await createPresenter(t, 'presenter', 'F Pending Leave');
  await knex('loa_requests').insert({ presenter_id: pendingLeave.presenterId, presenter_name: 'F', start_date: '2026-03-20', end_date: '2026-04-02', reason: 'vacation', status: 'pending' });

  // Booked by themselves for nobody (created_by counts), plus the same event as presenter: counted once.
  const creator = await createPresenter(t, 'presenter', 'G Creator');
  await buildShow(t, { event_date: '2026-03-27', start_time: '09:00', end_time: '10:30', created_by: creator.id });
  await buildShow(t, { event_date: '2026-03-28', start_time: '09:00', end_time: '09:15', created_by: creator.id, presenter_id: creator.presenterId });

  // Sunday 23:00-01:00 crossing into the next week counts one hour in each.
  const late = await createPresenter(t, 'presenter', 'H Late');
  await buildShow(t, { event_date: '2026-03-29', start_time: '23:00', end_time: '01:00', presenter_id: late.presenterId });
  // Spring forward: 00:00-03:00 on 29 March lasts two real hours.
  const night = await createPresenter(t, 'presenter', 'I Clock Change');
  await buildShow(t, { event_date: '2026-03-29', start_time: '00:00', end_time: '03:00', presenter_id: night.presenterId });
  // Without an account, only presenter_id counts.
  const [noAccount] = await knex('presenters').insert({ name: 'J No Account', role: 'presenter' }).returning('id');
  await buildShow(t, { event_date: '2026-03-23', start_time: '00:00', end_time: '00:30', presenter_id: noAccount.id });
});
afterAll(async () => t?.close());

describe('GET /api/schedule/outstanding (spec 001 §2 Logs, §9)', () => {
  it('lists presenters under the 2-hour weekly requirement with their hours', async () => {
    const res = await request(t.url, '/api/schedule/outstanding?week=2026-03-25', { token: moderatorToken });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ weekStart: '2026-03-23', weekEnd: '2026-03-29' });
    const byName = Object.fromEntries(res.body.outstandingBookings.map((e: { name: string }) => [e.name, e]));
    expect(Object.keys(byName).sort()).toEqual(['A One Hour', 'B Nothing Booked', 'F Pending Leave', 'G Creator', 'H Late', 'J No Account']);
    expect(byName['A One Hour']).toMatchObject({ role: 'presenter', scheduled_hours: 1, required_hours: 2, remaining_hours: 1 });
    expect(byName['B Nothing Booked']).toMatchObject({ role: 'probation', scheduled_hours: 0, remaining_hours: 2 });
    expect(byName['G Creator']).toMatchObject({ scheduled_hours: 1.75, remaining_hours: 0.25 });
    expect(byName['H Late']).toMatchObject({ scheduled_hours: 1, remaining_hours: 1 });
    expect(byName['J No Account']).toMatchObject({ scheduled_hours: 0.5, remaining_hours: 1.5 });
    expect(res.body.totalOutstanding).toBe(6);
    expect(Object.keys(res.body.outstandingBookings[0]).sort()).toEqual(['id', 'image_url', 'name', 'remaining_hours', 'required_hours', 'role', 'scheduled_hours']);
    // Sorted by what is still missing, most first.
    expect(res.body.outstandingBookings.map((e: { remaining_hours: number }) => e.remaining_hours)).toEqual([2, 2, 1.5, 1, 1, 0.25]);
  });

  it('moves week by week (the crossing show counts in the next week too; leave that week excludes)', async () => {
    const res = await request(t.url, '/api/schedule/outstanding?week=2026-03-30', { token: moderatorToken });
    expect(res.body).toMatchObject({ weekStart: '2026-03-30', weekEnd: '2026-04-05' });
    const names = res.body.outstandingBookings.map((e: { name: string }) => e.name);
    expect(names).not.toContain('E On Leave');
    expect(res.body.outstandingBookings.find((e: { name: string }) => e.name === 'H Late')).toMatchObject({ scheduled_hours: 1 });
    expect(names).toContain('C Done');
  });

  it('defaults to the current week and is for moderators and above', async () => {
    const res = await request(t.url, '/api/schedule/outstanding', { token: moderatorToken });
    expect(res.body.weekStart).toBe('2026-03-23');
    const presenter = await createUser(t, { role: 'presenter' });
    const denied = await request(t.url, '/api/schedule/outstanding', { token: presenter.token });
    expect(denied.status).toBe(403);
    expect(denied.body.error.message).toBe(DENIED.logs);
    expect((await request(t.url, '/api/schedule/outstanding?week=soon', { token: moderatorToken })).status).toBe(400);
  });
});
