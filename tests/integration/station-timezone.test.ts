import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STATION } from '../../server/src/db/seed/demo-station';
import { runShowReminders } from '../../server/src/schedule/reminders';
import { createUser, type TestUser } from '../support/auth';
import { buildShow, createPresenter, type TestPresenter } from '../support/schedule';
import { request, startTestServer, type TestServer } from '../support/server';

/**
 * The station has one time zone: the one in General Settings (falling back to
 * STATION_TIMEZONE). Changing it moves "today" for every schedule reader at
 * once, without a restart, and for every other reader of the station's day:
 * the DJs & Staff directory's leave, the activity log export, the presenter
 * reminders. 23:30 UTC on 10 March is still the 10th in London
 * and already the 11th in Auckland (UTC+13).
 */
const NOW = Date.UTC(2026, 2, 10, 23, 30);

let t: TestServer;
let manager: TestUser;
beforeAll(async () => {
  t = await startTestServer({ now: () => NOW, env: { STATION_TIMEZONE: 'Europe/London' } });
  manager = await createUser(t, { role: 'manager' });
  await t.server.ctx.knex('schedule_events').insert([
    { title: 'Tuesday Late Show', type: 'show', status: 'scheduled', event_date: '2026-03-10', start_time: '22:00:00', end_time: '23:59:00', presenter_name: 'Ada' },
    { title: 'Wednesday Breakfast', type: 'show', status: 'scheduled', event_date: '2026-03-11', start_time: '13:00:00', end_time: '15:00:00', presenter_name: 'Bo' },
  ]);
});
afterAll(async () => t?.close());

const setZone = (timezone: string) => request(t.url, '/api/settings/station', { method: 'PUT', token: manager.token, body: { ...DEMO_STATION, timezone } });

describe('the station time zone', () => {
  it('comes from the environment default until General Settings set one', async () => {
    expect((await request(t.url, '/api/station')).body.timezone).toBe('Europe/London');
    const today = (await request(t.url, '/api/schedule/today')).body;
    expect(today).toMatchObject({ date: '2026-03-10', timezone: 'Europe/London' });
    expect(today.shows.map((s: { title: string }) => s.title)).toEqual(['Tuesday Late Show']);
    expect((await request(t.url, '/schedule-api?today=true')).body.data.shows.map((s: { title: string }) => s.title)).toEqual(['Tuesday Late Show']);
  });

  it('follows General Settings at once in every schedule reader, without a restart', async () => {
    expect((await setZone('Pacific/Auckland')).status).toBe(200);
    expect((await request(t.url, '/api/station')).body.timezone).toBe('Pacific/Auckland');
    const today = (await request(t.url, '/api/schedule/today')).body;
    expect(today).toMatchObject({ date: '2026-03-11', timezone: 'Pacific/Auckland' });
    expect(today.shows.map((s: { title: string }) => s.title)).toEqual(['Wednesday Breakfast']);
    const next = (await request(t.url, '/api/schedule/next')).body;
    expect(next.timezone).toBe('Pacific/Auckland');
    expect(next.show.title).toBe('Wednesday Breakfast');
    const api = (await request(t.url, '/schedule-api?today=true')).body.data;
    expect(api.date_range).toEqual({ start: '2026-03-11', end: '2026-03-11' });
    expect(api.shows.map((s: { title: string }) => s.title)).toEqual(['Wednesday Breakfast']);
    const ics = await fetch(`${t.url}/api/schedule.ics?today=true`).then((r) => r.text());
    expect(ics).toContain('TZID=Pacific/Auckland');
    expect(ics).not.toContain('TZID=Europe/London');
  });

  it('goes back when the setting is changed back', async () => {
    expect((await setZone('Europe/London')).status).toBe(200);
    expect((await request(t.url, '/api/schedule/today')).body).toMatchObject({ date: '2026-03-10', timezone: 'Europe/London' });
    expect((await request(t.url, '/schedule-api?today=true')).body.data.date_range.start).toBe('2026-03-10');
  });
});

describe('the station time zone outside the schedule API', () => {
  let dj: TestPresenter;
  beforeAll(async () => {
    dj = await createPresenter(t, 'presenter', 'Kiri Kahu');
    await t.server.ctx.knex('loa_requests').insert({ presenter_id: dj.presenterId, presenter_name: dj.presenterName, start_date: '2026-03-11', end_date: '2026-03-12', reason: 'vacation', status: 'approved' });
    // 12:35 on the 11th in Auckland is 23:35 UTC on the 10th: five minutes after NOW there, but the next day in London.
    await buildShow(t, { event_date: '2026-03-11', start_time: '12:35', end_time: '14:00', title: 'Kiri at Lunch', presenter_id: dj.presenterId });
  });

  const leaveOf = async () => {
    const res = await request(t.url, '/api/djs', { token: manager.token });
    expect(res.status).toBe(200);
    return res.body.djs.find((d: { id: string }) => d.id === dj.presenterId).leave;
  };
  const exportName = async () => {
    const res = await fetch(`${t.url}/api/logs/export`, { headers: { Authorization: `Bearer ${manager.token}` } });
    await res.text();
    return res.headers.get('content-disposition');
  };

  it("dates DJs' leave, the log export and the reminders by General Settings' zone", async () => {
    expect(await leaveOf()).toEqual({ start_date: '2026-03-11', end_date: '2026-03-12', reason: 'vacation', current: false });
    expect(await exportName()).toBe('attachment; filename="user-logs-2026-03-10.csv"');
    expect(await runShowReminders(t.server.ctx, NOW)).toEqual({ startsSoon: 0, notLive: 0, emailed: 0 });

    expect((await setZone('Pacific/Auckland')).status).toBe(200);
    expect(await leaveOf()).toEqual({ start_date: '2026-03-11', end_date: '2026-03-12', reason: 'vacation', current: true });
    expect(await exportName()).toBe('attachment; filename="user-logs-2026-03-11.csv"');
    expect(await runShowReminders(t.server.ctx, NOW)).toEqual({ startsSoon: 1, notLive: 0, emailed: 0 });
    const sent = await t.server.ctx.knex('admin_notifications').where({ type: 'system_alert' }).select('title', 'message', 'target_user_ids');
    expect(sent).toEqual([{ title: 'Your show starts in 5 minutes', message: 'Kiri at Lunch starts at 12:35. Get ready to go live.', target_user_ids: [dj.id] }]);

    expect((await setZone('Europe/London')).status).toBe(200);
    expect(await leaveOf()).toMatchObject({ current: false });
  });
});
