import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../support/auth';
import { createPresenter } from '../support/schedule';
import { request, startTestServer, type TestServer } from '../support/server';

/**
 * Signed-in writes are rate-limited per account (issue 29): bookings on their own limit (BOOKING_LIMIT per
 * BOOKING_WINDOW_SECONDS), every other write on STAFF_WRITE_LIMIT per STAFF_WRITE_WINDOW_SECONDS. Over it: 429
 * with Retry-After and nothing written; another account is not affected.
 */
let t: TestServer;

beforeAll(async () => {
  t = await startTestServer({ env: { BOOKING_LIMIT: '3', BOOKING_WINDOW_SECONDS: '3600', STAFF_WRITE_LIMIT: '5', STAFF_WRITE_WINDOW_SECONDS: '3600' } });
});
afterAll(async () => t?.close());

const booking = (i: number) => ({ mode: 'daily', title: `Limited ${i}`, event_date: '2026-12-10', start_time: `${String(10 + i).padStart(2, '0')}:00`, end_time: `${String(10 + i).padStart(2, '0')}:30` });

describe('rate limits on signed-in writes', () => {
  it('refuses a fourth booking within the window with 429 and Retry-After, and books nothing', async () => {
    const probation = await createPresenter(t, 'probation');
    for (let i = 0; i < 3; i++) expect((await request(t.url, '/api/schedule/bookings', { method: 'POST', token: probation.token, body: booking(i) })).status).toBe(201);
    const refused = await request(t.url, '/api/schedule/bookings', { method: 'POST', token: probation.token, body: booking(3) });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.body.error.message).toMatch(/^Too many requests\. Please wait \d+ (seconds?|minutes?) and try again\.$/);
    expect(await t.server.ctx.knex('schedule_events').where({ title: 'Limited 3' }).first()).toBeUndefined();
    // Another account books as usual.
    const other = await createPresenter(t, 'presenter');
    expect((await request(t.url, '/api/schedule/bookings', { method: 'POST', token: other.token, body: booking(5) })).status).toBe(201);
  });

  it('limits any other staff write per account', async () => {
    const manager = await createUser(t, { role: 'manager' });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await request(t.url, '/api/sponsored', { method: 'POST', token: manager.token, body: { title: `Sponsor ${i}`, description: 'Words', image_url: '/demo/x.svg', learn_more_url: 'https://example.org' } });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    // Reads are not limited.
    expect((await request(t.url, '/api/sponsored', { token: manager.token })).status).toBe(200);
  });
});
