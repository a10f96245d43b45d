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
