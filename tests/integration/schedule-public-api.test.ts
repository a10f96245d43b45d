import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildShow, createPresenter, FIXED_NOW, type TestPresenter } from '../support/schedule';
import { createLogger } from '../../server/src/log';
import { startServer } from '../../server/src/server';
import { approveImageHosts } from '../support/image-hosts';
import { request, startTestServer, type TestServer } from '../support/server';

let t: TestServer;
let leah: TestPresenter;

// FIXED_NOW is Wednesday 25 March 2026: the current week is 23-29 March.
beforeAll(async () => {
  t = await startTestServer({ now: () => FIXED_NOW });
  leah = await createPresenter(t, 'presenter', 'Leah Campbell');
  await t.server.ctx.knex('presenters').where({ id: leah.presenterId }).update({ image_url: '/media/avatars/leah/avatar.png' });
  await buildShow(t, { event_date: '2026-03-23', start_time: '12:00', end_time: '14:00', title: 'Lunchtime Lowdown', presenter_id: leah.presenterId, presenter_name: 'Leah Campbell', image_url: '/media/show-images/a/image_1.png' });
  await buildShow(t, { event_date: '2026-03-25', start_time: '07:00', end_time: '09:00', title: 'Breakfast', presenter_name: 'Priya Shah' });
  await buildShow(t, { event_date: '2026-03-25', start_time: '23:00', end_time: '01:00', title: 'Late Night Lounge', presenter_name: 'DJ Fjord', image_url: 'https://cdn.example/x.png' });
  await approveImageHosts(t, ['https://cdn.example']);
  await buildShow(t, { event_date: '2026-03-26', start_time: '10:00', end_time: '12:00', title: 'Pending show', presenter_name: 'Sam Adeyemi', status: 'pending' });
  await buildShow(t, { event_date: '2026-03-27', start_time: '10:00', end_time: '12:00', title: 'Cancelled show', presenter_name: 'Leah Campbell', status: 'cancelled' });
  await buildShow(t, { event_date: '2026-03-29', start_time: '01:30', end_time: '03:00', title: 'Clock change', presenter_name: 'The Night Bus' });
  await buildShow(t, { event_date: '2026-03-31', start_time: '12:00', end_time: '14:00', title: 'Next week', presenter_name: 'Leah Campbell' });
  await buildShow(t, { event_date: '2026-03-16', start_time: '12:00', end_time: '14:00', title: 'Last week', presenter_name: '100% Leah_x' });
});
afterAll(async () => t?.close());

const titles = (body: { data: { shows: { title: string }[] } }) => body.data.shows.map((s) => s.title);

describe('GET /schedule-api (spec 001 §3, §7)', () => {
  it('answers exactly the spec shape for the current week, scheduled shows by default', async () => {
    const res = await request(t.url, '/schedule-api?week=current');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['data', 'message', 'success']);
    expect(Object.keys(res.body.data).sort()).toEqual(['date_range', 'filters_applied', 'shows', 'shows_by_date', 'total_shows']);
    expect(res.body.success).toBe(true);
    expect(res.body.data.date_range).toEqual({ start: '2026-03-23', end: '2026-03-29' });
    expect(res.body.data.filters_applied).toEqual({ status: 'scheduled', presenter: null, limit: 50 });
    expect(titles(res.body)).toEqual(['Lunchtime Lowdown', 'Breakfast', 'Late Night Lounge', 'Clock change']);
    expect(res.body.data.total_shows).toBe(4);
    const show = res.body.data.shows[0];
    expect(Object.keys(show).sort()).toEqual(['broadcast_language', 'date', 'description', 'end_time', 'id', 'presenter', 'show_image', 'start_time', 'status', 'title', 'type']);
    expect(show).toMatchObject({ date: '2026-03-23', start_time: '12:00:00', end_time: '14:00:00', status: 'scheduled', type: 'show', presenter: { name: 'Leah Campbell', bio: null, image_url: '/media/avatars/leah/avatar.png' } });
    // Without PUBLIC_URL the links are relative, never built from the request's Host (issue 18).
    expect(show.show_image).toBe('/media/show-images/a/image_1.png');
    expect(res.body.data.shows[1].show_image).toBe('/placeholder-show.svg');
    expect(res.body.data.shows[2].show_image).toBe('https://cdn.example/x.png');
    expect(Object.keys(res.body.data.shows_by_date)).toEqual(['2026-03-23', '2026-03-25', '2026-03-29']);
    expect(res.body.data.shows_by_date['2026-03-25'].map((s: { title: string }) => s.title)).toEqual(['Breakfast', 'Late Night Lounge']);
    expect(res.body.message).toBe('Found 4 shows.');
  });

  it('is also served at /api/public/schedule, open to any origin and cacheable', async () => {
    const a = await request(t.url, '/schedule-api?week=current', { headers: { Origin: 'https://fan-site.example' } });
    const b = await request(t.url, '/api/public/schedule?week=current', { headers: { Origin: 'https://fan-site.example' } });
    expect(b.body).toEqual(a.body);
    expect(a.headers.get('access-control-allow-origin')).toBe('*');
    expect(a.headers.get('access-control-allow-credentials')).toBeNull();
    expect(a.headers.get('cache-control')).toBe('public, max-age=15, must-revalidate');
    const pre = await fetch(`${t.url}/schedule-api`, { method: 'OPTIONS', headers: { Origin: 'https://fan-site.example', 'Access-Control-Request-Method': 'GET' } });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('takes week next, previous and a date, start_date/end_date, and today', async () => {
    expect(titles((await request(t.url, '/schedule-api?week=next')).body)).toEqual(['Next week']);
    expect(titles((await request(t.url, '/schedule-api?week=previous')).body)).toEqual(['Last week']);
    const byDate = await request(t.url, '/schedule-api?week=2026-04-01');
    expect(byDate.body.data.date_range).toEqual({ start: '2026-03-30', end: '2026-04-05' });
    const range = await request(t.url, '/schedule-api?start_date=2026-03-25&end_date=2026-03-31');
    expect(titles(range.body)).toEqual(['Breakfast', 'Late Night Lounge', 'Clock change', 'Next week']);
    const today = await request(t.url, '/schedule-api?today=true');
    expect(today.body.data.date_range).toEqual({ start: '2026-03-25', end: '2026-03-25' });
    expect(titles(today.body)).toEqual(['Breakfast', 'Late Night Lounge']);
    const fromOnly = await request(t.url, '/schedule-api?start_date=2026-03-29');
    expect(fromOnly.body.data.date_range).toEqual({ start: '2026-03-29', end: '2026-04-04' });
    const none = await request(t.url, '/schedule-api');
    expect(none.body.data.date_range).toEqual({ start: '2026-03-25', end: '2026-03-31' });
  });

  it('filters by presenter (partial, case-insensitive, literal) and status', async () => {
    const leahs = await request(t.url, '/schedule-api?start_date=2026-03-01&end_date=2026-04-30&presenter=LEAH');
    expect(titles(leahs.body)).toEqual(['Last week', 'Lunchtime Lowdown', 'Next week']);
    expect(leahs.body.data.filters_applied.presenter).toBe('LEAH');
    const literal = await request(t.url, `/schedule-api?start_date=2026-03-01&end_date=2026-04-30&presenter=${encodeURIComponent('0% L')}`);
    expect(titles(literal.body)).toEqual(['Last week']);
    const underscore = await request(t.url, '/schedule-api?start_date=2026-03-01&end_date=2026-04-30&presenter=h_x');
    expect(titles(underscore.body)).toEqual(['Last week']);
    expect(titles((await request(t.url, '/schedule-api?week=current&status=pending')).body)).toEqual(['Pending show']);
    expect(titles((await request(t.url, '/schedule-api?week=current&status=cancelled')).body)).toEqual(['Cancelled show']);
    expect((await request(t.url, '/schedule-api?week=current&status=all')).body.data.total_shows).toBe(6);
  });

  it("filters by one DJ profile's id, exactly (a presenter's own calendar feed)", async () => {
    // '100% Leah_x' holds 'Leah' and shows without a DJ profile name Leah too: the id takes only her own record's shows.
    const byId = await request(t.url, `/schedule-api?start_date=2026-03-01&end_date=2026-04-30&presenter_id=${leah.presenterId}`);
    expect(titles(byId.body)).toEqual(['Lunchtime Lowdown']);
    const ics = await (await fetch(`${t.url}/api/public/schedule.ics?start_date=2026-03-01&end_date=2026-04-30&presenter_id=${leah.presenterId.toUpperCase()}`)).text();
    expect(ics.match(/^SUMMARY:.*$/gm)).toEqual(['SUMMARY:Lunchtime Lowdown']);
    const nobody = await request(t.url, '/schedule-api?start_date=2026-03-01&end_date=2026-04-30&presenter_id=00000000-0000-4000-8000-000000000000');
    expect(nobody.body.data.total_shows).toBe(0);
  });

  it('applies the limit (default 50)', async () => {
    const res = await request(t.url, '/schedule-api?week=current&limit=2');
    expect(titles(res.body)).toEqual(['Lunchtime Lowdown', 'Breakfast']);
    expect(res.body.data.filters_applied.limit).toBe(2);
    expect(res.body.data.total_shows).toBe(2);
  });

  it.each([
    ['week=someday', 'week', 'Invalid week parameter: use current, next, previous or a date (YYYY-MM-DD).'],
    ['start_date=2026-13-01', 'start_date', 'Invalid start_date parameter: use a date written YYYY-MM-DD.'],
    ['start_date=2026-03-10&end_date=2026-03-01', 'end_date', 'Invalid end_date parameter: it must be on or after start_date.'],
    ['start_date=2026-01-01&end_date=2027-06-01', 'end_date', 'Invalid end_date parameter: a range may cover at most 366 days.'],
    ['end_date=yesterday', 'end_date', 'Invalid end_date parameter: use a date written YYYY-MM-DD.'],
    ['today=yes', 'today', 'Invalid today parameter: use true or false.'],
    ['today=true&week=current', 'today', 'Conflicting parameters today and week: use only one of today, week or start_date/end_date.'],
    ['status=live', 'status', 'Invalid status parameter: use one of scheduled, pending, conflicted, needs_review, cancelled, completed or all.'],
    ['limit=0', 'limit', 'Invalid limit parameter: use a whole number from 1 to 500.'],
    ['limit=501', 'limit', 'Invalid limit parameter: use a whole number from 1 to 500.'],
    ['limit=ten', 'limit', 'Invalid limit parameter: use a whole number from 1 to 500.'],
    ['limit=1&limit=2', 'limit', 'Invalid limit parameter: give it only once.'],
    [`presenter=${'x'.repeat(101)}`, 'presenter', 'Invalid presenter parameter: use at most 100 characters.'],
    ['presenter=%00', 'presenter', 'Invalid presenter parameter: it contains a character that is not allowed.'],
    ['presenter_id=Leah', 'presenter_id', 'Invalid presenter_id parameter: use a DJ profile id.'],
  ])('answers 400 naming the parameter for ?%s', async (qs, parameter, message) => {
    const res = await request(t.url, `/schedule-api?${qs}`);
    expect(res.status).toBe(400);
    // The message's catalogue key comes too (README "Languages", error messages), and its values when it has any.
    expect(res.body).toEqual({ success: false, error: expect.objectContaining({ code: 'validation_failed', message, details: { parameter }, key: expect.stringMatching(/^error\.param/) }), message });
    expect(Object.keys(res.body.error).sort()).toEqual(res.body.error.values ? ['code', 'details', 'key', 'message', 'values'] : ['code', 'details', 'key', 'message']);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('revalidates with the ETag and changes it the moment the schedule changes', async () => {
    const first = await fetch(`${t.url}/schedule-api?week=current`);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"s\d+-/);
    const again = await fetch(`${t.url}/schedule-api?week=current`, { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    const mod = await createPresenter(t, 'moderator');
    const booked = await request(t.url, '/api/schedule/bookings', { method: 'POST', token: mod.token, body: { mode: 'daily', title: 'Bass Culture', event_date: '2026-03-28', start_time: '15:00', end_time: '17:00' } });
    expect(booked.status).toBe(201);
    const changed = await fetch(`${t.url}/schedule-api?week=current`, { headers: { 'If-None-Match': etag } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect(((await changed.json()) as { data: { shows: { title: string }[] } }).data.shows.map((s) => s.title)).toContain('Bass Culture');
    // A write that bypasses the app (another tool on the database) is seen within a second.
    await t.server.ctx.knex('schedule_events').where({ title: 'Bass Culture' }).delete();
    await expect.poll(async () => titles((await request(t.url, '/schedule-api?week=current')).body), { timeout: 3000 }).not.toContain('Bass Culture');
  });

  it('is invalidated on every server instance when one of them changes the schedule', async () => {
    // A second instance on the same database (PostgreSQL: its own LISTEN/NOTIFY bus; PGlite: no bus, the 1 s memo).
    const other = await startServer({ config: t.config, db: t.database.db, log: createLogger({ level: 'silent', pretty: false }), closeDatabase: false, now: () => FIXED_NOW });
    try {
      const before = await request(other.url, '/schedule-api?week=current');
      expect(titles(before.body)).not.toContain('Other instance');
      const mod = await createPresenter(t, 'moderator');
      const booked = await request(t.url, '/api/schedule/bookings', { method: 'POST', token: mod.token, body: { mode: 'daily', title: 'Other instance', event_date: '2026-03-27', start_time: '15:00', end_time: '16:00' } });
      expect(booked.status).toBe(201);
      await expect.poll(async () => titles((await request(other.url, '/schedule-api?week=current')).body), { timeout: 3000 }).toContain('Other instance');
      await t.server.ctx.knex('schedule_events').where({ title: 'Other instance' }).delete();
    } finally {
      await other.close();
    }
  });

  it('compresses large answers for clients that accept it, with the same JSON', async () => {
    const plain = await request(t.url, '/schedule-api?start_date=2026-03-01&end_date=2026-04-30&status=all', { headers: { 'Accept-Encoding': 'identity' } });
    const res = await fetch(`${t.url}/schedule-api?start_date=2026-03-01&end_date=2026-04-30&status=all`, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('vary')).toMatch(/Accept-Encoding/);
    expect(await res.json()).toEqual(plain.body);
  });
});

describe('the iCalendar feed', () => {
  it('writes a title or description with a bare carriage return as text, never as a property of its own', async () => {
    const mod = await createPresenter(t, 'moderator');
    const booked = await request(t.url, '/api/schedule/bookings', {
      method: 'POST',
      token: mod.token,
      body: { mode: 'daily', title: 'Night\rATTACH:https://evil.example/x.exe', description: 'Fine\rX-INJECTED:1\r\nalso\nthis', event_date: '2026-04-16', start_time: '09:00', end_time: '10:00' },
    });
    expect(booked.status).toBe(201);
    try {
      const text = await (await fetch(`${t.url}/api/schedule.ics?start_date=2026-04-13&end_date=2026-04-19`)).text();
      expect(text).toContain('SUMMARY:Night');
      // A reader that ends a line at any CR or LF (many do) still sees no injected property.
      const lines = text.replace(/\r\n[ \t]/g, '').split(/\r\n|\r|\n/);
      expect(lines.filter((l) => /^(ATTACH|X-INJECTED)/.test(l))).toEqual([]);
      expect(lines).toContain('SUMMARY:Night\\nATTACH:https://evil.example/x.exe');
      expect(text).not.toMatch(/\r(?!\n)/);
    } finally {
      await t.server.ctx.knex('schedule_events').where({ created_by: mod.id }).delete();
    }
  });

  it('serves the same shows as a calendar in the station zone, with its DST rules', async () => {
    const res = await fetch(`${t.url}/api/schedule.ics?week=current`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const text = await res.text();
    expect(text.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    const unfolded = text.replace(/\r\n /g, '');
    expect(unfolded).toContain('X-WR-TIMEZONE:Europe/London');
    // London 2026: BST from 01:00 GMT on 29 March, GMT again from 02:00 BST on 25 October.
    expect(unfolded).toContain('BEGIN:DAYLIGHT\r\nDTSTART:20260329T010000\r\nTZOFFSETFROM:+0000\r\nTZOFFSETTO:+0100\r\nTZNAME:BST\r\nEND:DAYLIGHT');
    expect(unfolded).toContain('BEGIN:STANDARD\r\nDTSTART:20261025T020000\r\nTZOFFSETFROM:+0100\r\nTZOFFSETTO:+0000\r\nTZNAME:GMT\r\nEND:STANDARD');
    const events = unfolded.split('BEGIN:VEVENT').slice(1);
    expect(events).toHaveLength(4);
    const late = events.find((e) => e.includes('SUMMARY:Late Night Lounge'))!;
    expect(late).toContain('DTSTART;TZID=Europe/London:20260325T230000');
    expect(late).toContain('DTEND;TZID=Europe/London:20260326T010000');
    expect(late).toContain('STATUS:CONFIRMED');
    expect(late).toContain('DESCRIPTION:Presented by DJ Fjord');
    const change = events.find((e) => e.includes('SUMMARY:Clock change'))!;
    expect(change).toContain('DTSTART;TZID=Europe/London:20260329T013000');
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect((await fetch(`${t.url}/api/public/schedule.ics?week=current`)).status).toBe(200);
    expect((await fetch(`${t.url}/api/schedule.ics?limit=0`)).status).toBe(400);
  });
});

describe('listener data', () => {
  it('gives the week (scheduled and pending, Monday to Sunday), today, the next show and a presenter’s shows', async () => {
    const week = await request(t.url, '/api/schedule/week?start=2026-03-26');
    expect(week.body).toMatchObject({ weekStart: '2026-03-23', weekEnd: '2026-03-29', timezone: 'Europe/London', carryover: [] });
    expect(week.body.events.map((e: { title: string }) => e.title)).toEqual(['Lunchtime Lowdown', 'Breakfast', 'Late Night Lounge', 'Pending show', 'Clock change']);
    expect(week.body.events[0].created_by).toBeUndefined();
    const nextWeek = await request(t.url, '/api/schedule/week?start=2026-03-30');
    expect(nextWeek.body.carryover).toEqual([]);
    await buildShow(t, { event_date: '2026-03-29', start_time: '23:00', end_time: '02:00', title: 'Sunday late' });
    const carried = await request(t.url, '/api/schedule/week?start=2026-04-01');
    expect(carried.body.carryover.map((e: { title: string }) => e.title)).toEqual(['Sunday late']);
    const today = await request(t.url, '/api/schedule/today');
    expect(today.body).toMatchObject({ date: '2026-03-25' });
    expect(today.body.shows.map((e: { title: string }) => e.title)).toEqual(['Breakfast', 'Late Night Lounge']);
    const next = await request(t.url, '/api/schedule/next');
    expect(next.body.show.title).toBe('Late Night Lounge');
    const mine = await request(t.url, `/api/presenters/${leah.presenterId}/shows?from=2026-03-01`);
    expect(mine.body.shows.map((e: { title: string }) => e.title)).toEqual(['Lunchtime Lowdown']);
    expect((await request(t.url, '/api/presenters/nope/shows')).body.shows).toEqual([]);
    expect((await request(t.url, '/api/schedule/week?start=2026-02-31')).status).toBe(400);
  });

  it('limits today’s featured shows to 6 scheduled shows by start time', async () => {
    for (let h = 10; h < 18; h++) await buildShow(t, { event_date: '2026-03-25', start_time: `${h}:00`, end_time: `${h}:30`, title: `Slot ${h}` });
    await buildShow(t, { event_date: '2026-03-25', start_time: '09:00', end_time: '09:30', title: 'An event', type: 'event' });
    const today = await request(t.url, '/api/schedule/today');
    expect(today.body.shows.map((e: { title: string }) => e.title)).toEqual(['Breakfast', 'Slot 10', 'Slot 11', 'Slot 12', 'Slot 13', 'Slot 14']);
  });
});
