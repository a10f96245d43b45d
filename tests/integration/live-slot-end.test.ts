import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { localDateTime } from '../../shared/time';
import { stationTimezone } from '../../server/src/settings/service';
import { createUser } from '../support/auth';
import { createPresenter } from '../support/schedule';
import { request, startTestServer, type TestServer } from '../support/server';

/**
 * The end of a live slot (issue 31, "never silent by surprise"): the
 * presenter on air is warned 5 and 1 minutes before their window closes
 * (the booking's end plus the 2-minute grace), a manager's overrun moves
 * the close 15 minutes on (the console is told), and at the close the
 * live input is ended ("window_closed"). The server's clock is moved
 * forward (the relay reads `ctx.now`), so no test waits half an hour.
 */

let t: TestServer;
let shift = 0;

beforeAll(async () => {
  t = await startTestServer({ seed: false, env: { STATION_EARS: 'off' }, now: () => Date.now() + shift });
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('the end of a live slot', () => {
  it('warns at 5 and 1 minutes, lets a manager overrun by 15 minutes, then closes the live input', async () => {
    const presenter = await createPresenter(t, 'presenter', 'Enid End');
    const manager = await createUser(t, { role: 'manager' });
    const zone = await stationTimezone(t.server.ctx);
    const s = localDateTime(Date.now(), zone);
    const e = localDateTime(Date.now() + 30 * 60_000, zone);
    const booked = await request(t.url, '/api/schedule/bookings', { method: 'POST', token: presenter.token, body: { mode: 'daily', title: 'Closing Time', event_date: s.date, start_time: s.time.slice(0, 5), end_time: e.date === s.date ? e.time.slice(0, 5) : '23:59' } });
    expect(booked.status).toBe(201);

    const ticket = await request(t.url, '/api/live/sessions', { method: 'POST', token: presenter.token, body: {} });
    expect(ticket.status).toBe(201);
    const closesAt = ticket.body.closes_at as number;
    // The booking's end (a whole minute, about 30 minutes on) plus the 2-minute grace.
    expect(closesAt % 60_000).toBe(0);
    expect(Math.abs(closesAt - Date.now() - 32 * 60_000)).toBeLessThan(61_000);

    const messages: Array<Record<string, unknown>> = [];
    const ws = new WebSocket(`${t.url.replace('http', 'ws')}/api/live/socket?ticket=${encodeURIComponent(ticket.body.ticket as string)}`);
    ws.on('message', (d, binary) => {
      if (!binary) messages.push(JSON.parse(String(d)) as Record<string, unknown>);
    });
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    await expect.poll(() => messages.some((m) => m.type === 'state' && m.state === 'On air'), { timeout: 10_000 }).toBe(true);
    const warnings = () => messages.filter((m) => m.type === 'warning').map((m) => m.minutes_left);
    expect(warnings()).toEqual([]);

    // 4 min 50 s before the close: the 5-minute warning, once.
    shift = closesAt - 290_000 - Date.now();
    await expect.poll(warnings, { timeout: 5_000 }).toEqual([5]);
    // 50 s before: the 1-minute warning.
    shift = closesAt - 50_000 - Date.now();
    await expect.poll(warnings, { timeout: 5_000 }).toEqual([5, 1]);

    // A manager lets the show overrun: 15 minutes more, and the console hears of the new close.
    const session = ticket.body.session_id as string;
    const over = await request(t.url, `/api/live/sessions/${session}/overrun`, { method: 'POST', token: manager.token, body: {} });
    expect(over.status).toBe(200);
    expect(over.body.closes_at).toBe(closesAt + 15 * 60_000);
    await expect.poll(() => messages.filter((m) => m.type === 'window').at(-1)?.closes_at, { timeout: 5_000 }).toBe(closesAt + 15 * 60_000);
    // The presenter may not overrun their own show.
    expect((await request(t.url, `/api/live/sessions/${session}/overrun`, { method: 'POST', token: presenter.token, body: {} })).status).toBe(403);

    // The warnings start again for the new close; past it the live input is closed.
    shift = closesAt + 15 * 60_000 - 290_000 - Date.now();
    await expect.poll(warnings, { timeout: 5_000 }).toEqual([5, 1, 5]);
    shift = closesAt + 15 * 60_000 + 1_000 - Date.now();
    await expect.poll(() => messages.find((m) => m.type === 'state' && m.state === 'Stopped'), { timeout: 8_000 }).toMatchObject({ reason: 'window_closed', message: 'Your slot has ended, so the live input was closed.' });
    const row = await t.server.ctx.knex('live_sessions').where({ id: session }).first();
    expect(row.end_reason).toBe('window_closed');
    ws.terminate();
  }, 60_000);
});
