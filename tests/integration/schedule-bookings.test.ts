import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { BOOKING_MESSAGES } from '../../shared/bookings';
import { DENIED } from '../../shared/permissions';
import { createUser, type TestUser } from '../support/auth';
import { buildShow, clearSchedule, createPresenter, FIXED_NOW, type TestPresenter } from '../support/schedule';
import { request, startTestServer, type TestServer } from '../support/server';

let t: TestServer;
let presenter: TestPresenter;
let other: TestPresenter;
let probation: TestPresenter;
let moderator: TestPresenter;
let guest: TestUser;

beforeAll(async () => {
  t = await startTestServer({ now: () => FIXED_NOW });
  presenter = await createPresenter(t, 'presenter', 'Leah Lunchtime');
  other = await createPresenter(t, 'presenter', 'Other Presenter');
  probation = await createPresenter(t, 'probation', 'New Sam');
  moderator = await createPresenter(t, 'moderator', 'DJ Fjord');
  guest = await createUser(t, { role: 'guest' });
});
afterAll(async () => t?.close());
beforeEach(async () => clearSchedule(t));

const book = (user: { token: string }, body: Record<string, unknown>) => request(t.url, '/api/schedule/bookings', { method: 'POST', token: user.token, body });
const single = (date: string, start: string, end: string, extra: Record<string, unknown> = {}) => ({ mode: 'daily', title: 'Test Show', event_date: date, start_time: start, end_time: end, ...extra });
const get = (user: { token: string }, id: string) => request(t.url, `/api/schedule/events/${id}`, { token: user.token });

describe('booking validation (spec 001 §5)', () => {
  it('needs a signed-in user', async () => {
    const res = await request(t.url, '/api/schedule/bookings', { method: 'POST', body: single('2026-03-26', '10:00', '12:00') });
    expect(res.status).toBe(401);
  });

  it.each([
    [{ mode: 'daily', event_date: '2026-03-26', start_time: '10:00', end_time: '12:00' }, BOOKING_MESSAGES.titleRequired],
    [{ mode: 'daily', title: '   ', event_date: '2026-03-26', start_time: '10:00', end_time: '12:00' }, BOOKING_MESSAGES.titleRequired],
    [{ mode: 'daily', title: 'x', event_date: '2026-03-26', end_time: '12:00' }, BOOKING_MESSAGES.startRequired],
    [{ mode: 'daily', title: 'x', event_date: '2026-03-26', start_time: '10:00' }, BOOKING_MESSAGES.endRequired],
    [{ mode: 'daily', title: 'x', start_time: '10:00', end_time: '12:00' }, BOOKING_MESSAGES.dateRequired],
    [{ mode: 'calendar', title: 'x', dates: [], start_time: '10:00', end_time: '12:00' }, BOOKING_MESSAGES.dateRequired],
    [{ mode: 'weekly', title: 'x', event_date: '2026-03-26', start_time: '10:00', end_time: '12:00' }, BOOKING_MESSAGES.endDateRequired],
    [{ mode: 'monthly', title: 'x', event_date: '2026-03-26', end_date: '2026-03-26', start_time: '10:00', end_time: '12:00' }, 'The end date must be after the start date'],
    [{ mode: 'daily', title: 'x', event_date: '2026-02-30', start_time: '10:00', end_time: '12:00' }, 'Date must be a real date written YYYY-MM-DD'],
    [{ mode: 'daily', title: 'x', event_date: '2026-03-26', start_time: '25:00', end_time: '12:00' }, 'Start time must be a time such as 14:00'],
    [{ mode: 'daily', title: 'a\u0000b', event_date: '2026-03-26', start_time: '10:00', end_time: '12:00' }, 'Title contains a character that is not allowed'],
    [{ mode: 'daily', title: 'x'.repeat(201), event_date: '2026-03-26', start_time: '10:00', end_time: '12:00' }, 'Title must be at most 200 characters'],
    [{ mode: 'daily', title: 'x', event_date: '2026-03-26', start_time: '10:00', end_time: '12:00', image_url: 'javascript:alert(1)' }, 'Image URL must be an uploaded image or an http(s) address'],
    [{ mode: 'hourly', title: 'x', event_date: '2026-03-26', start_time: '10:00', end_time: '12:00' }, 'Choose a booking mode: daily, weekly, monthly or calendar'],
    [{ mode: 'daily', title: 'x', event_date: '2026-03-24', start_time: '10:00', end_time: '12:00' }, 'Bookings cannot start in the past'],
    [{ mode: 'weekly', title: 'x', event_date: '2026-03-26', end_date: '2033-12-31', start_time: '10:00', end_time: '12:00' }, 'A series may have at most 366 occurrences'],
  ])('refuses %j with its message', async (body, message) => {
    const res = await book(presenter, body);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(message);
    expect(await t.server.ctx.knex('schedule_events').count({ n: '*' }).first()).toEqual({ n: 0 });
  });

  it('normalises times to HH:MM:SS', async () => {
    const res = await book(presenter, single('2026-03-26', '9:05', '10:30'));
    expect(res.status).toBe(201);
    expect(res.body.events[0]).toMatchObject({ start_time: '09:05:00', end_time: '10:30:00' });
  });
});

describe('who books with which presenter (spec 001 §6)', () => {
  it('locks presenters to their own record', async () => {
    const res = await book(presenter, single('2026-03-26', '10:00', '12:00'));
    expect(res.status).toBe(201);
    expect(res.body.events[0]).toMatchObject({ presenter_id: presenter.presenterId, presenter_name: 'Leah Lunchtime', host: 'Leah Lunchtime', created_by: presenter.id, type: 'show' });
    const forOther = await book(presenter, single('2026-03-27', '10:00', '12:00', { presenter_id: other.presenterId }));
    expect(forOther.status).toBe(403);
  });

  it("refuses a user without a presenter record with 'Contact admin to set up presenter profile'", async () => {
    const res = await book(guest, single('2026-03-26', '10:00', '12:00'));
    expect(res.status).toBe(422);
    expect(res.body.error.message).toBe(BOOKING_MESSAGES.noPresenterProfile);
    const me = await request(t.url, '/api/schedule/me', { token: guest.token });
    expect(me.body).toMatchObject({ canPickAny: false, options: [], lockedMessage: BOOKING_MESSAGES.noPresenterProfile });
  });

  it('lets moderators pick anyone or no one', async () => {
    const me = await request(t.url, '/api/schedule/me', { token: moderator.token });
    expect(me.body.canPickAny).toBe(true);
    expect(me.body.options.map((o: { name: string }) => o.name)).toEqual(expect.arrayContaining(['Leah Lunchtime', 'Other Presenter', 'New Sam', 'DJ Fjord']));
    const forOther = await book(moderator, single('2026-03-26', '10:00', '12:00', { presenter_id: other.presenterId }));
    expect(forOther.body.events[0]).toMatchObject({ presenter_id: other.presenterId, presenter_name: 'Other Presenter', created_by: moderator.id });
    const none = await book(moderator, single('2026-03-26', '13:00', '14:00', { presenter_id: null }));
    expect(none.status).toBe(201);
    expect(none.body.events[0]).toMatchObject({ presenter_id: null, presenter_name: null });
    const unknown = await book(moderator, single('2026-03-26', '15:00', '16:00', { presenter_id: '00000000-0000-4000-8000-000000000000' }));
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toBe('Choose a presenter from the list');
  });
});

describe('booking modes and statuses (spec 001 §4, §8)', () => {
  it('creates a single scheduled booking with the success message', async () => {
    const res = await book(presenter, single('2026-03-26', '10:00', '12:00'));
    expect(res.body).toMatchObject({ title: 'Booking created', status: 'scheduled', count: 1, series_id: null, message: '1 event(s) have been created and scheduled successfully!' });
    expect(res.body.events[0]).toMatchObject({ recurrence_type: 'daily', booking_type: 'single', status: 'scheduled' });
  });

  it('makes probation bookings pending', async () => {
    const res = await book(probation, single('2026-03-26', '10:00', '12:00'));
    expect(res.body).toMatchObject({ status: 'pending', message: '1 event(s) have been created and are pending approval.' });
  });

  it('generates a weekly series in one go, sharing a series id, across the clock change', async () => {
    const res = await book(presenter, { mode: 'weekly', title: 'Weekly', event_date: '2026-03-26', end_date: '2026-04-16', start_time: '20:00', end_time: '22:00' });
    expect(res.status).toBe(201);
    expect(res.body.count).toBe(4);
    expect(res.body.message).toBe('4 event(s) have been created and scheduled successfully!');
    expect(res.body.events.map((e: { event_date: string }) => e.event_date)).toEqual(['2026-03-26', '2026-04-02', '2026-04-09', '2026-04-16']);
    for (const e of res.body.events) {
      expect(e).toMatchObject({ series_id: res.body.series_id, booking_type: 'series', recurrence_type: 'weekly', recurrence_end_date: '2026-04-16', start_time: '20:00:00', end_time: '22:00:00' });
    }
  });

  it('places a monthly series on the 31st on the last day of shorter months', async () => {
    const res = await book(presenter, { mode: 'monthly', title: 'Month end', event_date: '2026-03-31', end_date: '2026-07-31', start_time: '18:00', end_time: '19:00' });
    expect(res.body.events.map((e: { event_date: string }) => e.event_date)).toEqual(['2026-03-31', '2026-04-30', '2026-05-31', '2026-06-30', '2026-07-31']);
  });

  it('books hand-picked dates in calendar mode as one series', async () => {
    const res = await book(presenter, { mode: 'calendar', title: 'Picked', dates: ['2026-04-10', '2026-03-28', '2026-04-10', '2026-04-01'], start_time: '08:00', end_time: '09:00' });
    expect(res.body.count).toBe(3);
    expect(res.body.events.map((e: { event_date: string }) => e.event_date)).toEqual(['2026-03-28', '2026-04-01', '2026-04-10']);
    expect(res.body.events[0]).toMatchObject({ booking_type: 'series', recurrence_type: 'once' });
  });
});

describe('conflicts (spec 001 §5)', () => {
  it('answers 409 with the conflicts and creates nothing, then creates a conflicted booking on Proceed Anyway', async () => {
    const existing = await buildShow(t, { event_date: '2026-04-02', start_time: '20:30', end_time: '21:30', title: 'Already there' });
    const body = { mode: 'weekly', title: 'Weekly', event_date: '2026-03-26', end_date: '2026-04-09', start_time: '20:00', end_time: '22:00' };
    const res = await book(presenter, body);
    expect(res.status).toBe(409);
    expect(res.body.error.details.conflicts).toEqual([expect.objectContaining({ id: existing, title: 'Already there', event_date: '2026-04-02', booking_date: '2026-04-02' })]);
    expect(await t.server.ctx.knex('schedule_events').count({ n: '*' }).first()).toEqual({ n: 1 });
    const proceed = await book(presenter, { ...body, proceed: true });
    expect(proceed.status).toBe(201);
    expect(proceed.body).toMatchObject({ status: 'conflicted', count: 3, message: '3 event(s) have been created with conflicted status and are pending admin review.' });
    const notes = await t.server.ctx.knex('admin_notifications').where({ type: 'show_conflicts', related_id: proceed.body.events[0].id });
    expect(notes).toHaveLength(1);
    expect(notes[0].target_roles).toEqual(['owner', 'manager', 'admin', 'moderator']);
    // In the panel's words (issue 19 item 20): long dates, times with an en dash, no raw ISO dates.
    expect(notes[0].message).toBe('"Weekly" (Thursday 26 March 2026, 20:00–22:00) overlaps 1 existing event(s): "Already there" on Thursday 2 April 2026.');
    const booked = await t.server.ctx.knex('admin_notifications').where({ type: 'show_added', related_id: proceed.body.events[0].id }).first();
    expect(booked.message).toBe(`${presenter.username} booked "Weekly" (3 event(s), first Thursday 26 March 2026, 20:00–22:00).`);
    expect(booked.message).not.toContain(presenter.email);
  });

  it('sees a show crossing midnight into the next morning, ignores cancelled events and allows touching slots', async () => {
    await buildShow(t, { event_date: '2026-03-27', start_time: '23:00', end_time: '01:00' });
    expect((await book(presenter, single('2026-03-28', '00:30', '02:00'))).status).toBe(409);
    expect((await book(presenter, single('2026-03-28', '01:00', '02:00'))).status).toBe(201);
    expect((await book(presenter, single('2026-03-27', '22:00', '23:00'))).status).toBe(201);
    await buildShow(t, { event_date: '2026-03-30', start_time: '10:00', end_time: '12:00', status: 'cancelled' });
    expect((await book(presenter, single('2026-03-30', '10:00', '12:00'))).status).toBe(201);
  });

  it('keeps the overlap rule on the clock-change night (01:00-03:00 on 29 March conflicts with 02:30-04:00)', async () => {
    await buildShow(t, { event_date: '2026-03-29', start_time: '01:00', end_time: '03:00' });
    expect((await book(presenter, single('2026-03-29', '02:30', '04:00'))).status).toBe(409);
    expect((await book(presenter, single('2026-03-29', '03:00', '04:00'))).status).toBe(201);
  });

  it('refuses a time the clocks skip and a show that ends when it starts, in words, and books nothing (issue 30 item 7)', async () => {
    // 29 March 2026 in London: 01:00 GMT becomes 02:00 BST, so 01:30 never happens.
    const gap = await book(presenter, single('2026-03-29', '01:30', '03:00'));
    expect(gap.status).toBe(400);
    expect(gap.body.error.message).toBe('01:30 does not exist on Sunday 29 March 2026 in Europe/London: the clocks go forward that night. Pick a time after the change.');
    // A show ending in the gap is refused the same way (the end is the wall clock too).
    expect((await book(presenter, single('2026-03-29', '00:00', '01:15'))).body.error.message).toMatch(/^01:15 does not exist on Sunday 29 March 2026/);
    // End = start was booked as a 24-hour show.
    const same = await book(presenter, single('2026-03-26', '10:00', '10:00'));
    expect(same.status).toBe(400);
    expect(same.body.error.message).toBe('The end time must be different from the start time: a show cannot start and end at the same time.');
    expect(await t.server.ctx.knex('schedule_events').count({ n: '*' }).first()).toEqual({ n: 0 });
    // Editing one time to meet the other, and the overview's form, are refused too.
    const id = (await book(presenter, single('2026-03-26', '10:00', '12:00'))).body.events[0].id;
    const edited = await request(t.url, `/api/schedule/events/${id}`, { method: 'PATCH', token: presenter.token, body: { end_time: '10:00' } });
    expect(edited.body.error.message).toBe('The end time must be different from the start time: a show cannot start and end at the same time.');
    expect((await get(presenter, id)).body.event.end_time).toBe('12:00:00');
    const overview = await request(t.url, '/api/schedule/overview/events', { method: 'POST', token: moderator.token, body: { event_date: '2026-03-29', title: 'Maintenance', start_time: '01:00', end_time: '02:30', type: 'maintenance' } });
    expect(overview.body.error.message).toMatch(/^01:00 does not exist on Sunday 29 March 2026/);
    // The hour after the change is fine.
    expect((await book(presenter, single('2026-03-29', '02:00', '03:00'))).status).toBe(201);
  });

  it('lets only one of two simultaneous bookings of the same slot through', async () => {
    const [a, b] = await Promise.all([book(presenter, single('2026-04-20', '10:00', '12:00')), book(other, single('2026-04-20', '11:00', '13:00'))]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    expect(await t.server.ctx.knex('schedule_events').where({ event_date: '2026-04-20' }).count({ n: '*' }).first()).toEqual({ n: 1 });
  });
});

describe('edit show (spec 001 §5, §6)', () => {
  const edit = (user: { token: string }, id: string, body: Record<string, unknown>) => request(t.url, `/api/schedule/events/${id}`, { method: 'PATCH', token: user.token, body });
  const fields = { title: 'Renamed', description: 'New words', start_time: '10:00', end_time: '12:00', presenter_name: 'Leah', presenter_bio: null, presenter_image_url: null, image_url: '/media/show-images/x/image_1.png' };

  it('checks the messages', async () => {
    const id = (await book(presenter, single('2026-03-26', '10:00', '12:00'))).body.events[0].id;
    expect((await edit(presenter, id, { ...fields, title: '' })).body.error.message).toBe(BOOKING_MESSAGES.titleRequired);
    expect((await edit(presenter, id, { ...fields, start_time: '' })).body.error.message).toBe(BOOKING_MESSAGES.editTimesRequired);
    expect((await edit(presenter, id, { ...fields, end_time: '' })).body.error.message).toBe(BOOKING_MESSAGES.editTimesRequired);
    // A refused edit changes nothing.
    expect((await get(presenter, id)).body.event).toMatchObject({ title: 'Test Show', start_time: '10:00:00', end_time: '12:00:00' });
  });

  it('changes only the fields it is sent (issue 30 item 4: a PATCH never wipes the others)', async () => {
    const id = (await book(presenter, single('2026-03-26', '10:00', '12:00', { description: 'Lunchtime tunes', image_url: '/media/show-images/x/image_1.png' }))).body.events[0].id;
    const titled = await edit(presenter, id, { title: 'Only the title' });
    expect(titled.status).toBe(200);
    expect((await get(presenter, id)).body.event).toMatchObject({
      title: 'Only the title',
      description: 'Lunchtime tunes',
      start_time: '10:00:00',
      end_time: '12:00:00',
      presenter_name: 'Leah Lunchtime',
      presenter_bio: 'Leah Lunchtime bio',
      image_url: '/media/show-images/x/image_1.png',
      status: 'scheduled',
    });
    // One time alone moves that end and keeps the other; an empty optional text clears it.
    expect((await edit(presenter, id, { end_time: '13:00', description: '' })).status).toBe(200);
    expect((await get(presenter, id)).body.event).toMatchObject({ title: 'Only the title', description: null, start_time: '10:00:00', end_time: '13:00:00', image_url: '/media/show-images/x/image_1.png' });
  });

  it('sends an approved show a probation presenter edits back for approval, off the public schedule (issue 30 item 4)', async () => {
    const id = (await book(probation, single('2026-03-26', '20:00', '21:00', { title: 'First Steps' }))).body.events[0].id;
    expect((await request(t.url, `/api/schedule/events/${id}/approve`, { method: 'POST', token: moderator.token })).body.event.status).toBe('scheduled');
    const publicTitles = async () => ((await request(t.url, '/schedule-api?week=current')).body.data.shows as { title: string }[]).map((s) => s.title);
    expect(await publicTitles()).toContain('First Steps');

    // A new title and an hour longer: Pending again, and gone from the public schedule (scheduled shows only).
    const res = await edit(probation, id, { title: 'First Steps, Extended', end_time: '22:00' });
    expect(res.status).toBe(200);
    expect(res.body.event).toMatchObject({ status: 'pending', title: 'First Steps, Extended', end_time: '22:00:00' });
    expect((await get(moderator, id)).body.event.status).toBe('pending');
    expect(await publicTitles()).not.toContain('First Steps, Extended');
    expect(await publicTitles()).not.toContain('First Steps');
    // The moderators are told it needs approval again.
    const note = await t.server.ctx.knex('admin_notifications').where({ related_id: id }).orderBy('created_at', 'desc').first();
    expect(note.title).toBe('Edited show awaiting approval');

    // Approving it publishes the edited show.
    expect((await request(t.url, `/api/schedule/events/${id}/approve`, { method: 'POST', token: moderator.token })).body.event.status).toBe('scheduled');
    expect(await publicTitles()).toContain('First Steps, Extended');

    // The same edit by a full presenter, or a moderator's edit of the probation's show, keeps it scheduled.
    const full = (await book(presenter, single('2026-03-27', '20:00', '21:00'))).body.events[0].id;
    expect((await edit(presenter, full, { title: 'Renamed', end_time: '22:00' })).body.event.status).toBe('scheduled');
    expect((await edit(moderator, id, { title: 'Renamed by a moderator' })).body.event.status).toBe('scheduled');
  });

  it("lets the creator, the show's presenter and moderators edit; refuses others", async () => {
    const mine = (await book(presenter, single('2026-03-26', '10:00', '12:00'))).body.events[0].id;
    const forOther = (await book(moderator, single('2026-03-27', '10:00', '12:00', { presenter_id: other.presenterId }))).body.events[0].id;
    expect((await edit(presenter, mine, fields)).status).toBe(200);
    expect((await edit(other, forOther, fields)).status).toBe(200);
    const denied = await edit(other, mine, fields);
    expect(denied.status).toBe(403);
    expect(denied.body.error.message).toBe(DENIED.editShow);
    expect((await edit(moderator, mine, { ...fields, title: 'By mod' })).body.event.title).toBe('By mod');
    const after = await get(presenter, mine);
    expect(after.body.event).toMatchObject({ title: 'By mod', description: 'New words', image_url: '/media/show-images/x/image_1.png' });
  });

  it('excludes the edited show from the conflict check, and marks needs_review when proceeding over another show', async () => {
    const id = (await book(presenter, single('2026-03-26', '10:00', '12:00'))).body.events[0].id;
    await buildShow(t, { event_date: '2026-03-26', start_time: '13:00', end_time: '14:00' });
    expect((await edit(presenter, id, { ...fields, start_time: '10:30', end_time: '12:30' })).status).toBe(200);
    const clash = await edit(presenter, id, { ...fields, start_time: '12:00', end_time: '13:30' });
    expect(clash.status).toBe(409);
    const proceed = await edit(presenter, id, { ...fields, start_time: '12:00', end_time: '13:30', proceed: true });
    expect(proceed.body.event.status).toBe('needs_review');
  });
});

describe('approve, resolve, cancel and delete (spec 001 §4)', () => {
  const post = (user: { token: string }, path: string, body?: unknown) => request(t.url, path, { method: 'POST', token: user.token, ...(body ? { body } : {}) });

  it('approves pending shows (moderator and above only)', async () => {
    const id = (await book(probation, single('2026-03-26', '10:00', '12:00'))).body.events[0].id;
    const denied = await post(presenter, `/api/schedule/events/${id}/approve`);
    expect(denied.status).toBe(403);
    expect((await post(moderator, `/api/schedule/events/${id}/approve`)).body.event.status).toBe('scheduled');
    const again = await post(moderator, `/api/schedule/events/${id}/approve`);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe('Only pending shows can be approved.');
  });

  it('resolves conflicted and needs_review shows by approving or rejecting', async () => {
    await buildShow(t, { event_date: '2026-03-26', start_time: '10:00', end_time: '12:00' });
    const a = await buildShow(t, { event_date: '2026-03-26', start_time: '11:00', end_time: '12:00', status: 'conflicted' });
    const b = await buildShow(t, { event_date: '2026-03-26', start_time: '11:30', end_time: '12:00', status: 'needs_review' });
    expect((await post(presenter, `/api/schedule/events/${a}/resolve`, { decision: 'approve' })).status).toBe(403);
    expect((await post(moderator, `/api/schedule/events/${a}/resolve`, { decision: 'maybe' })).body.error.message).toBe('Decision must be approve or reject');
    expect((await post(moderator, `/api/schedule/events/${a}/resolve`, { decision: 'approve' })).body.event.status).toBe('scheduled');
    expect((await post(moderator, `/api/schedule/events/${b}/resolve`, { decision: 'reject' })).body.event.status).toBe('cancelled');
    const wrong = await post(moderator, `/api/schedule/events/${a}/resolve`, { decision: 'reject' });
    expect(wrong.status).toBe(409);
    expect(wrong.body.error.message).toBe('Only conflicted shows or shows that need review can be resolved.');
  });

  it('cancels scheduled or pending events from the overview (moderator and above)', async () => {
    const id = await buildShow(t, { event_date: '2026-03-26', start_time: '10:00', end_time: '12:00', created_by: presenter.id });
    expect((await post(presenter, `/api/schedule/events/${id}/cancel`)).status).toBe(403);
    expect((await post(moderator, `/api/schedule/events/${id}/cancel`)).body.event.status).toBe('cancelled');
    expect((await post(moderator, `/api/schedule/events/${id}/cancel`)).body.error.message).toBe('Only scheduled or pending events can be cancelled.');
  });

  it('undoes a cancel back to the status it had, unless the slot was taken meanwhile (issue 30 item 7)', async () => {
    const id = await buildShow(t, { event_date: '2026-03-26', start_time: '10:00', end_time: '11:00', title: 'Morning Show' });
    expect((await post(moderator, `/api/schedule/events/${id}/cancel`)).body.event.status).toBe('cancelled');
    expect((await post(presenter, `/api/schedule/events/${id}/restore`, { status: 'scheduled' })).status).toBe(403);
    expect((await post(moderator, `/api/schedule/events/${id}/restore`, { status: 'scheduled' })).body.event.status).toBe('scheduled');
    const again = await post(moderator, `/api/schedule/events/${id}/restore`, { status: 'scheduled' });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe('Only cancelled events can be restored.');
    // Cancelled, then the slot is booked by someone else: the undo is refused and changes nothing.
    expect((await post(moderator, `/api/schedule/events/${id}/cancel`)).status).toBe(200);
    await buildShow(t, { event_date: '2026-03-26', start_time: '10:30', end_time: '11:30', title: 'Taken Slot' });
    const taken = await post(moderator, `/api/schedule/events/${id}/restore`, { status: 'scheduled' });
    expect(taken.status).toBe(409);
    expect(taken.body.error.message).toBe('This slot has been booked since it was cancelled ("Taken Slot"), so the cancellation cannot be undone.');
    expect((await get(moderator, id)).body.event.status).toBe('cancelled');
  });

  it("deletes for the creator, the show's presenter and moderators, with the spec's refusal", async () => {
    const mine = (await book(presenter, single('2026-03-26', '10:00', '12:00'))).body.events[0].id;
    const denied = await request(t.url, `/api/schedule/events/${mine}`, { method: 'DELETE', token: other.token });
    expect(denied.status).toBe(403);
    expect(denied.body.error.message).toBe(DENIED.deleteShow);
    expect((await request(t.url, `/api/schedule/events/${mine}`, { method: 'DELETE', token: presenter.token })).status).toBe(204);
    expect((await get(presenter, mine)).status).toBe(404);
    const forOther = (await book(moderator, single('2026-03-27', '10:00', '12:00', { presenter_id: other.presenterId }))).body.events[0].id;
    expect((await request(t.url, `/api/schedule/events/${forOther}`, { method: 'DELETE', token: other.token })).status).toBe(204);
    expect((await request(t.url, '/api/schedule/events/not-a-uuid', { method: 'DELETE', token: moderator.token })).status).toBe(404);
  });

  it('writes the audit trail for every change', async () => {
    const id = (await book(probation, single('2026-03-26', '10:00', '12:00'))).body.events[0].id;
    await post(moderator, `/api/schedule/events/${id}/approve`);
    await request(t.url, `/api/schedule/events/${id}`, { method: 'DELETE', token: moderator.token });
    const logs = await t.server.ctx.knex('user_action_logs').where({ resource_type: 'schedule_event', resource_id: id }).orderBy('id');
    expect(logs.map((l: { action_type: string; user_email: string }) => [l.action_type, l.user_email])).toEqual([
      ['create', probation.email],
      ['update', moderator.email],
      ['delete', moderator.email],
    ]);
  });
});

describe('the schedule overview (spec 001 §5)', () => {
  const create = (user: { token: string }, body: Record<string, unknown>) => request(t.url, '/api/schedule/overview/events', { method: 'POST', token: user.token, body });

  it('creates scheduled special events with the defaults, for moderators and above only', async () => {
    expect((await create(presenter, { event_date: '2026-03-26', title: 'x', start_time: '12:00', end_time: '14:00' })).status).toBe(403);
    const res = await create(moderator, { event_date: '2026-03-26', title: 'Birthday party', start_time: '12:00', end_time: '14:00' });
    expect(res.status).toBe(201);
    expect(res.body.event).toMatchObject({ type: 'event', status: 'scheduled', recurrence_type: 'once', booking_type: 'single', start_time: '12:00:00', end_time: '14:00:00' });
    for (const body of [{ event_date: '2026-03-26', start_time: '12:00', end_time: '14:00' }, { event_date: '2026-03-26', title: 'x', end_time: '14:00' }, { event_date: '2026-03-26', title: 'x', start_time: '12:00' }]) {
      const bad = await create(moderator, body);
      expect(bad.status).toBe(400);
      expect(bad.body.error.message).toBe(BOOKING_MESSAGES.overviewRequired);
    }
  });

  it('edits date, times, type and status, warning about overlaps unless told to proceed', async () => {
    const id = (await create(moderator, { event_date: '2026-03-26', title: 'Maintenance', type: 'maintenance', start_time: '05:00', end_time: '06:00' })).body.event.id;
    await buildShow(t, { event_date: '2026-03-27', start_time: '05:30', end_time: '07:00' });
    const body = { event_date: '2026-03-27', title: 'Maintenance', type: 'maintenance', start_time: '05:00', end_time: '06:00', host: 'Engineering', status: 'scheduled' };
    expect((await request(t.url, `/api/schedule/overview/events/${id}`, { method: 'PATCH', token: moderator.token, body })).status).toBe(409);
    const ok = await request(t.url, `/api/schedule/overview/events/${id}`, { method: 'PATCH', token: moderator.token, body: { ...body, proceed: true } });
    expect(ok.body.event).toMatchObject({ event_date: '2026-03-27', host: 'Engineering', type: 'maintenance', status: 'scheduled' });
  });
});

describe('realtime', () => {
  it('pushes every change on the public schedule channel', async () => {
    const ws = new WebSocket(`${t.url.replace('http', 'ws')}/api/realtime`);
    const frames: { type: string; name?: string; data?: { action: string; dates: string[] } }[] = [];
    ws.on('message', (m) => frames.push(JSON.parse(m.toString())));
    await new Promise((r) => ws.once('open', r));
    ws.send(JSON.stringify({ type: 'subscribe', channel: 'schedule' }));
    await expect.poll(() => frames.some((f) => f.type === 'subscribed')).toBe(true);
    const id = (await book(presenter, single('2026-03-26', '10:00', '12:00'))).body.events[0].id;
    await request(t.url, `/api/schedule/events/${id}`, { method: 'DELETE', token: presenter.token });
    await expect.poll(() => frames.filter((f) => f.type === 'event').map((f) => f.name)).toEqual(['schedule.created', 'schedule.deleted']);
    expect(frames.find((f) => f.name === 'schedule.created')?.data).toMatchObject({ action: 'created', dates: ['2026-03-26'] });
    ws.close();
  });

  it('tells staff about bookings on the bookings channel', async () => {
    const ws = new WebSocket(`${t.url.replace('http', 'ws')}/api/realtime`);
    const frames: { type: string; name?: string; channel?: string }[] = [];
    ws.on('message', (m) => frames.push(JSON.parse(m.toString())));
    await new Promise((r) => ws.once('open', r));
    ws.send(JSON.stringify({ type: 'hello', token: moderator.token }));
    await expect.poll(() => frames.filter((f) => f.type === 'welcome').length).toBe(2);
    ws.send(JSON.stringify({ type: 'subscribe', channel: 'bookings' }));
    await expect.poll(() => frames.some((f) => f.type === 'subscribed')).toBe(true);
    await book(probation, single('2026-03-26', '10:00', '12:00'));
    await expect.poll(() => frames.filter((f) => f.channel === 'bookings' && f.type === 'event').map((f) => f.name)).toEqual(['booking.created']);
    ws.close();
  });
});
