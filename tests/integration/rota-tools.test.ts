import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../support/auth';
import { buildShow, createPresenter, FIXED_NOW, type TestPresenter } from '../support/schedule';
import { request, startTestServer, type TestServer } from '../support/server';

/**
 * Issue 30's rota tools a manager expects, from the API: a presenter's own next show on the dashboard, …
 * The station runs on New York time while the fixed clock reads Wednesday 25 March 2026, 12:00 UTC (08:00 in
 * New York, already on summer time), so station time and UTC differ by four hours.
 */
let t: TestServer;
let admin: TestUser;
let pat: TestPresenter;
let kim: TestPresenter;

beforeAll(async () => {
  t = await startTestServer({ now: () => FIXED_NOW, env: { STATION_TIMEZONE: 'America/New_York' } });
  admin = await createUser(t, { role: 'admin' });
  pat = await createPresenter(t, 'presenter', 'Pat Night');
  kim = await createPresenter(t, 'presenter', 'Kim Day');
});
afterAll(() => t?.close());

describe('my next show on the dashboard', () => {
  it("is the presenter's own next scheduled or pending show, on the station's clock, with the instant it starts", async () => {
    const mine = { presenter_id: pat.presenterId, presenter_name: pat.presenterName };
    await buildShow(t, { ...mine, title: 'Already Over', event_date: '2026-03-25', start_time: '06:00:00', end_time: '07:00:00' });
    await buildShow(t, { ...mine, title: 'Called Off', event_date: '2026-03-25', start_time: '10:00:00', end_time: '11:00:00', status: 'cancelled' });
    await buildShow(t, { presenter_id: kim.presenterId, presenter_name: kim.presenterName, title: 'Not Mine', event_date: '2026-03-25', start_time: '09:00:00', end_time: '10:00:00' });
    await buildShow(t, { ...mine, title: 'Later Still', event_date: '2026-04-01', start_time: '18:00:00', end_time: '20:00:00' });
    const next = await buildShow(t, { ...mine, title: 'Friday Night Pat', event_date: '2026-03-27', start_time: '18:00:00', end_time: '20:00:00', status: 'pending' });

    const res = await request(t.url, '/api/dashboard', { token: pat.token });
    expect(res.status).toBe(200);
    expect(res.body.my_next_show).toEqual({
      zone: 'America/New_York',
      show: { id: next, title: 'Friday Night Pat', event_date: '2026-03-27', start_time: '18:00:00', end_time: '20:00:00', status: 'pending', starts_at: '2026-03-27T22:00:00.000Z' },
    });
  });

  it('says nothing is booked for a presenter without shows, and is absent for an account without a DJ profile', async () => {
    const lone = await createPresenter(t, 'presenter', 'Lone Wolf');
    expect((await request(t.url, '/api/dashboard', { token: lone.token })).body.my_next_show).toEqual({ show: null, zone: 'America/New_York' });
    expect((await request(t.url, '/api/dashboard', { token: admin.token })).body.my_next_show).toBeNull();
  });
});

describe("Show Management's search and My shows", () => {
  it('finds shows by words of the title or the presenter, case-insensitive, and narrows to one presenter', async () => {
    const week = { from: '2026-04-06', to: '2026-04-12' };
    await buildShow(t, { presenter_id: pat.presenterId, presenter_name: 'Pat Night', title: 'Deep Jazz Hour', event_date: '2026-04-06', start_time: '10:00:00', end_time: '11:00:00' });
    await buildShow(t, { presenter_id: kim.presenterId, presenter_name: 'Kim Day', title: 'Jazz Breakfast', event_date: '2026-04-07', start_time: '07:00:00', end_time: '08:00:00' });
    await buildShow(t, { presenter_id: kim.presenterId, presenter_name: 'Kim Day', title: 'Rock Block', event_date: '2026-04-08', start_time: '07:00:00', end_time: '08:00:00' });
    const titles = async (params: Record<string, string>, token = pat.token) => {
      const res = await request(t.url, `/api/schedule/events?${new URLSearchParams({ ...week, type: 'show', ...params })}`, { token });
      expect(res.status).toBe(200);
      return (res.body.events as { title: string }[]).map((e) => e.title).sort();
    };
    expect(await titles({ q: 'jazz' })).toEqual(['Deep Jazz Hour', 'Jazz Breakfast']);
    expect(await titles({ q: 'KIM' })).toEqual(['Jazz Breakfast', 'Rock Block']);
    expect(await titles({ q: 'jazz kim' })).toEqual(['Jazz Breakfast']);
    expect(await titles({ q: 'nothing like this' })).toEqual([]);
    expect(await titles({ presenter_id: pat.presenterId })).toEqual(['Deep Jazz Hour']);
    expect(await titles({ presenter_id: kim.presenterId, q: 'rock' })).toEqual(['Rock Block']);
    expect((await request(t.url, `/api/schedule/events?q=${'x'.repeat(101)}`, { token: pat.token })).status).toBe(400);
    expect((await request(t.url, '/api/schedule/events?q=jazz')).status).toBe(401);
  });
});

describe('move a show to another date', () => {
  const move = (id: string, body: unknown, token: string) => request(t.url, `/api/schedule/events/${id}/move`, { method: 'POST', token, body });
  const publicDates = async (title: string) => {
    const res = await request(t.url, '/api/public/schedule?start_date=2026-04-13&end_date=2026-04-26&status=all');
    return (res.body.data.shows as { title: string; date: string; start_time: string; end_time: string }[]).filter((s) => s.title === title).map((s) => `${s.date} ${s.start_time}-${s.end_time}`);
  };

  it('keeps the times, tells listeners at once, and is in the audit log', async () => {
    const id = await buildShow(t, { presenter_id: pat.presenterId, presenter_name: pat.presenterName, created_by: pat.id, title: 'Moving Pictures', event_date: '2026-04-13', start_time: '21:00:00', end_time: '23:00:00' });
    expect(await publicDates('Moving Pictures')).toEqual(['2026-04-13 21:00:00-23:00:00']);
    const pushed: { name: string; data: unknown }[] = [];
    const stop = t.server.ctx.bus.subscribe((e) => {
      if (e.channel === 'schedule') pushed.push({ name: e.name, data: e.data });
    });
    const res = await move(id, { event_date: '2026-04-15' }, pat.token);
    stop();
    expect(res.status).toBe(200);
    expect(res.body.event).toMatchObject({ id, event_date: '2026-04-15', start_time: '21:00:00', end_time: '23:00:00', status: 'scheduled' });
    expect(await publicDates('Moving Pictures')).toEqual(['2026-04-15 21:00:00-23:00:00']);
    expect(pushed).toEqual([{ name: 'schedule.updated', data: expect.objectContaining({ action: 'updated', ids: [id], dates: ['2026-04-13', '2026-04-15'] }) }]);
    const log = await t.server.ctx.knex('user_action_logs').where({ resource_id: id, action_type: 'update' }).first<{ user_email: string; details: string | object }>();
    expect(log.user_email).toBe(pat.email);
    const details = typeof log.details === 'string' ? JSON.parse(log.details) : log.details;
    expect(details.moved).toEqual({ from: '2026-04-13', to: '2026-04-15' });
  });

  it('follows the booking rules: who may, not into the past, not over another show unless proceeding, not inside approved leave', async () => {
    const id = await buildShow(t, { presenter_id: pat.presenterId, presenter_name: pat.presenterName, created_by: pat.id, title: 'Rule Keeper', event_date: '2026-04-20', start_time: '12:00:00', end_time: '13:00:00' });
    await buildShow(t, { presenter_id: kim.presenterId, presenter_name: kim.presenterName, title: 'In The Way', event_date: '2026-04-21', start_time: '12:30:00', end_time: '14:00:00' });
    await t.server.ctx.knex('loa_requests').insert({ presenter_id: pat.presenterId, presenter_name: pat.presenterName, start_date: '2026-04-23', end_date: '2026-04-24', reason: 'vacation', status: 'approved' });

    // Another presenter may not move it; anonymous is not signed in.
    expect((await move(id, { event_date: '2026-04-22' }, kim.token)).status).toBe(403);
    expect((await request(t.url, `/api/schedule/events/${id}/move`, { method: 'POST', body: { event_date: '2026-04-22' } })).status).toBe(401);
    // The past (the station's today is 25 March 2026) and the same date are refused in words.
    const past = await move(id, { event_date: '2026-03-24' }, pat.token);
    expect(past.status).toBe(400);
    expect(past.body.error.message).toBe('A show cannot be moved into the past.');
    expect((await move(id, { event_date: '2026-04-20' }, pat.token)).status).toBe(400);
    expect((await move(id, { event_date: '2026-02-30' }, pat.token)).status).toBe(400);
    // Inside the presenter's approved leave.
    const leave = await move(id, { event_date: '2026-04-23' }, pat.token);
    expect(leave.status).toBe(422);
    expect(leave.body.error.message).toContain('Thursday 23 April 2026');
    // Over another show: 409 naming it, nothing changed; proceeding books it for review.
    const clash = await move(id, { event_date: '2026-04-21' }, pat.token);
    expect(clash.status).toBe(409);
    expect(clash.body.error.details.conflicts.map((c: { title: string }) => c.title)).toEqual(['In The Way']);
    expect((await t.server.ctx.knex('schedule_events').where({ id }).first<{ event_date: string | Date }>()).event_date).not.toBe('2026-04-21');
    const forced = await move(id, { event_date: '2026-04-21', proceed: true }, admin.token);
    expect(forced.status).toBe(200);
    expect(forced.body.event).toMatchObject({ event_date: '2026-04-21', status: 'needs_review' });
  });

  it("sends a probation presenter's approved show back for approval", async () => {
    const rookie = await createPresenter(t, 'probation', 'Rookie Ray');
    const id = await buildShow(t, { presenter_id: rookie.presenterId, presenter_name: rookie.presenterName, created_by: rookie.id, title: 'First Steps', event_date: '2026-04-14', start_time: '06:00:00', end_time: '07:00:00' });
    const res = await move(id, { event_date: '2026-04-16' }, rookie.token);
    expect(res.status).toBe(200);
    expect(res.body.event.status).toBe('pending');
  });
});

describe('a whole series', () => {
  const seriesOf = async (seriesId: string) =>
    (await t.server.ctx.knex('schedule_events').where({ series_id: seriesId }).orderBy('event_date').select('event_date', 'title', 'start_time', 'end_time', 'status')).map((r: { event_date: string | Date; title: string; start_time: string; end_time: string; status: string }) => ({
      ...r,
      event_date: typeof r.event_date === 'string' ? r.event_date.slice(0, 10) : r.event_date.toISOString().slice(0, 10),
    }));
  /** A weekly series of Pat's on Mondays: one already past (16 March), three ahead. */
  const weekly = async (title: string, status = 'scheduled', start = '15:00:00', end = '16:00:00') => {
    const seriesId = crypto.randomUUID();
    for (const d of ['2026-03-16', '2026-05-04', '2026-05-11', '2026-05-18']) {
      await buildShow(t, { presenter_id: pat.presenterId, presenter_name: pat.presenterName, created_by: pat.id, title, event_date: d, start_time: start, end_time: end, status, series_id: seriesId });
    }
    return seriesId;
  };

  it('edits every upcoming show of it, leaving the past alone, and checks the new times for overlaps', async () => {
    const id = await weekly('Monday Mix');
    await buildShow(t, { presenter_id: kim.presenterId, presenter_name: kim.presenterName, title: 'Kim Overlap', event_date: '2026-05-11', start_time: '17:30:00', end_time: '18:30:00' });
    const patch = (body: unknown, token = pat.token) => request(t.url, `/api/schedule/series/${id}`, { method: 'PATCH', token, body });
    expect((await patch({ title: 'Not Yours' }, kim.token)).status).toBe(403);
    const renamed = await patch({ title: 'Monday Mixtape', description: 'Fresh every week' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toEqual({ series_id: id, count: 3 });
    expect((await seriesOf(id)).map((r) => r.title)).toEqual(['Monday Mix', 'Monday Mixtape', 'Monday Mixtape', 'Monday Mixtape']);

    const clash = await patch({ start_time: '17:00', end_time: '18:00' });
    expect(clash.status).toBe(409);
    expect(clash.body.error.details.conflicts.map((c: { title: string }) => c.title)).toEqual(['Kim Overlap']);
    expect((await seriesOf(id)).map((r) => r.start_time)).toEqual(['15:00:00', '15:00:00', '15:00:00', '15:00:00']);
    const later = await patch({ start_time: '17:00', end_time: '18:00', proceed: true });
    expect(later.status).toBe(200);
    expect((await seriesOf(id)).map((r) => `${r.start_time} ${r.status}`)).toEqual(['15:00:00 scheduled', '17:00:00 scheduled', '17:00:00 needs_review', '17:00:00 scheduled']);
    const log = await t.server.ctx.knex('user_action_logs').where({ resource_type: 'schedule_series', resource_id: id }).orderBy('created_at').select('action_type', 'details');
    expect(log).toHaveLength(2);
  });

  it('approves, cancels and deletes the upcoming shows: approve and cancel for moderators, listeners see the outcome', async () => {
    const mod = await createUser(t, { role: 'moderator' });
    const id = await weekly('Pending Parade', 'pending', '09:00:00', '10:00:00');
    expect((await request(t.url, `/api/schedule/series/${id}/approve`, { method: 'POST', token: pat.token })).status).toBe(403);
    const approved = await request(t.url, `/api/schedule/series/${id}/approve`, { method: 'POST', token: mod.token });
    expect(approved.body).toEqual({ series_id: id, count: 3 });
    expect((await seriesOf(id)).map((r) => r.status)).toEqual(['pending', 'scheduled', 'scheduled', 'scheduled']);
    const listeners = async () => ((await request(t.url, '/api/public/schedule?start_date=2026-05-04&end_date=2026-05-18')).body.data.shows as { title: string }[]).filter((s) => s.title === 'Pending Parade').length;
    expect(await listeners()).toBe(3);

    expect((await request(t.url, `/api/schedule/series/${id}/cancel`, { method: 'POST', token: pat.token })).status).toBe(403);
    expect((await request(t.url, `/api/schedule/series/${id}/cancel`, { method: 'POST', token: mod.token })).body.count).toBe(3);
    expect((await seriesOf(id)).map((r) => r.status)).toEqual(['pending', 'cancelled', 'cancelled', 'cancelled']);
    expect(await listeners()).toBe(0);

    expect((await request(t.url, `/api/schedule/series/${id}`, { method: 'DELETE', token: kim.token })).status).toBe(403);
    expect((await request(t.url, `/api/schedule/series/${id}`, { method: 'DELETE', token: pat.token })).body.count).toBe(3);
    expect((await seriesOf(id)).map((r) => r.event_date)).toEqual(['2026-03-16']);
    expect((await request(t.url, `/api/schedule/series/${id}`, { method: 'DELETE', token: pat.token })).status).toBe(404);
  });
});
