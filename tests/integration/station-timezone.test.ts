import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STATION } from '../../server/src/db/seed/demo-station';
import { createUser, type TestUser } from '../support/auth';
import { request, startTestServer, type TestServer } from '../support/server';

/**
 * The station has one time zone: the one in General Settings (falling back to
 * STATION_TIMEZONE). Changing it moves "today" for every schedule reader at
 * once, without a restart. 23:30 UTC on 10 March is still the 10th in London
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
