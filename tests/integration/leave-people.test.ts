import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getStationInfo, saveStationInfo, stationTimezone } from '../../server/src/settings/service';
import { runShowReminders } from '../../server/src/schedule/reminders';
import { zonedInstant } from '../../shared/schedule';
import { createUser, type TestUser } from '../support/auth';
import { request, startTestServer, type TestServer } from '../support/server';
import { startMailCatcher, type Mail } from '../support/smtp';

/**
 * Issue 30 items 2, 3 and 7 (people side): leave that moves the schedule,
 * people told in the panel and by e-mail. E-mail goes through a real SMTP
 * server (the smtp-server package) on a local port: what it receives is what
 * a presenter's mailbox would.
 */

const inbox: Mail[] = [];
let smtp: Awaited<ReturnType<typeof startMailCatcher>> | null = null;


let t: TestServer;
let owner: TestUser;
let manager: TestUser;
const ahead = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  smtp = await startMailCatcher(inbox);
  t = await startTestServer({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'Airdeck Radio <radio@station.example>', PUBLIC_URL: 'https://radio.station.example' } });
  owner = await createUser(t, { role: 'owner' });
  manager = await createUser(t, { role: 'manager' });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const signIn = async (email: string, password: string) => {
  const res = await request(t.url, '/api/auth/token', { method: 'POST', body: { email, password } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { token: res.body.access_token as string, id: res.body.user.id as string };
};
const post = (who: { token: string }, path: string, body: unknown) => request(t.url, path, { method: 'POST', token: who.token, body });
const notes = async (who: { token: string }) => (await request(t.url, '/api/notifications', { token: who.token })).body.notifications as Array<{ type: string; title: string; message: string }>;
const mailTo = (to: string) => inbox.filter((m) => m.to.includes(to));

/** A presenter account with its DJ profile, made the way the owner makes one. */
async function newPresenter(email: string, name: string) {
  const res = await post(owner, '/api/users', { email, username: name, password: 'presenter-secret', role: 'presenter', presenter: { name } });
  expect(res.status).toBe(201);
  return { ...(await signIn(email, 'presenter-secret')), presenterId: res.body.presenter.id as string };
}

describe('e-mail to a new account', () => {
  it('tells the new user where and how to sign in, through the SMTP server, without the password', async () => {
    await newPresenter('ada@station.example', 'Ada Airwaves');
    await expect.poll(() => mailTo('ada@station.example').length).toBe(1);
    const mail = mailTo('ada@station.example')[0]!;
    expect(mail.subject).toMatch(/presenter panel account$/);
    expect(mail.text).toContain('https://radio.station.example/auth');
    expect(mail.text).toContain('Your DJ profile is Ada Airwaves');
    expect(mail.text).not.toContain('presenter-secret');
  });
});

describe('leave requests', () => {
  it('refuses leave in the past and single-day leave unless the station allows it (item 7)', async () => {
    const p = await newPresenter('ben@station.example', 'Ben Breakfast');
    const past = await post(p, '/api/loa', { start_date: ahead(-2), end_date: ahead(3), reason: 'personal' });
    expect(past.status).toBe(400);
    expect(past.body.error.message).toBe('Leave cannot start in the past.');
    const oneDay = await post(p, '/api/loa', { start_date: ahead(5), end_date: ahead(5), reason: 'personal' });
    expect(oneDay.status).toBe(400);
    expect(oneDay.body.error.message).toBe('End date must be after start date.');

    const station = await getStationInfo(t.server.ctx.knex, t.config);
    await saveStationInfo(t.server.ctx.knex, t.config, { ...station, singleDayLeave: true }, owner);
    t.server.ctx.settings.invalidate();
    try {
      expect((await post(p, '/api/loa', { start_date: ahead(5), end_date: ahead(5), reason: 'personal' })).status).toBe(201);
    } finally {
      await saveStationInfo(t.server.ctx.knex, t.config, { ...station, singleDayLeave: false }, owner);
      t.server.ctx.settings.invalidate();
    }
  });

  it('tells the reviewers of a new request, and lets only the presenter withdraw it while pending (item 7)', async () => {
    const p = await newPresenter('cy@station.example', 'Cy Cymbal');
    const other = await newPresenter('dee@station.example', 'Dee Drive');
    const filed = await post(p, '/api/loa', { start_date: ahead(20), end_date: ahead(22), reason: 'vacation' });
    expect(filed.status).toBe(201);
    await expect.poll(async () => (await notes(manager)).find((n) => n.type === 'leave_requested' && n.message.startsWith('Cy Cymbal requested leave'))).toBeTruthy();

    const notMine = await post(other, `/api/loa/${filed.body.id}/withdraw`, {});
    expect(notMine.status).toBe(403);
    expect(notMine.body.error.message).toBe('You can only withdraw your own leave requests.');
    const withdrawn = await post(p, `/api/loa/${filed.body.id}/withdraw`, {});
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body.status).toBe('cancelled');
    const again = await post(p, `/api/loa/${filed.body.id}/withdraw`, {});
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe('Only pending leave requests can be withdrawn.');
  });

  it('on approval lists the shows inside the leave, cancels or uncovers each as chosen, tells the presenter in the panel and by e-mail, and keeps them from booking inside it', async () => {
    const p = await newPresenter('eve@station.example', 'Eve Evening');
    const book = (date: string, title: string) => post(p, '/api/schedule/bookings', { mode: 'daily', title, event_date: date, start_time: '19:00', end_time: '20:00' });
    const a = await book(ahead(30), 'Eve One');
    const b = await book(ahead(31), 'Eve Two');
    const c = await book(ahead(32), 'Eve Three');
    const after = await book(ahead(34), 'Eve Back');
    expect([a.status, b.status, c.status, after.status]).toEqual([201, 201, 201, 201]);
    const filed = await post(p, '/api/loa', { start_date: ahead(30), end_date: ahead(32), reason: 'family' });
    expect(filed.status).toBe(201);

    const shows = await request(t.url, `/api/loa/${filed.body.id}/shows`, { token: manager.token });
    expect(shows.status).toBe(200);
    expect(shows.body.shows.map((s: { title: string }) => s.title)).toEqual(['Eve One', 'Eve Two', 'Eve Three']);

    const decided = await request(t.url, `/api/loa/${filed.body.id}`, {
      method: 'PATCH',
      token: manager.token,
      body: { status: 'approved', shows: [{ id: a.body.events[0].id, action: 'cancel' }, { id: b.body.events[0].id, action: 'cover' }, { id: c.body.events[0].id, action: 'keep' }] },
    });
    expect(decided.status).toBe(200);
    expect(decided.body.status).toBe('approved');

    // Listeners: the cancelled show is gone, the covered one no longer advertises Eve, the kept one is as booked.
    const week = async (date: string) => (await request(t.url, `/api/schedule/week?start=${date}`)).body.events as Array<{ title: string; presenter_name: string | null; event_date: string }>;
    const listed = [...(await week(ahead(30))), ...(await week(ahead(32)))];
    expect(listed.find((e) => e.title === 'Eve One')).toBeUndefined();
    expect(listed.find((e) => e.title === 'Eve Two')).toMatchObject({ presenter_name: null });
    expect(listed.find((e) => e.title === 'Eve Three')).toMatchObject({ presenter_name: 'Eve Evening' });
    // Her profile does not advertise her for the days she is away (issue 38 item 9): the show after the leave is listed.
    const profile = await request(t.url, `/api/presenters/${p.presenterId}/shows`);
    expect(profile.body.shows.map((s: { title: string }) => s.title)).toEqual(['Eve Back']);

    await expect.poll(async () => (await notes(p)).find((n) => n.type === 'leave_decided')).toMatchObject({ title: 'Leave approved' });
    await expect.poll(() => mailTo('eve@station.example').filter((m) => m.subject.includes('was approved')).length).toBe(1);
    const mail = mailTo('eve@station.example').find((m) => m.subject.includes('was approved'))!;
    expect(mail.subject).toBe(`Your leave from ${ahead(30)} to ${ahead(32)} was approved`);
    expect(mail.text).toContain('https://radio.station.example/admin/request-loa');

    const inside = await book(ahead(31), 'Sneaky');
    expect(inside.status).toBe(422);
    expect(inside.body.error.message).toMatch(/^Eve Evening is on approved leave on /);
  });
});

describe('e-mailed show reminders', () => {
  it("e-mails a show's presenter once, within a day of it, with the show and its time on the station's clock", async () => {
    const p = await newPresenter('ray@station.example', 'Ray Reminder');
    const date = ahead(60);
    const booked = await post(p, '/api/schedule/bookings', { mode: 'daily', title: 'Night Owls', event_date: date, start_time: '19:00', end_time: '20:00' });
    expect(booked.status).toBe(201);
    const zone = await stationTimezone(t.server.ctx);
    const starts = zonedInstant(date, '19:00:00', zone);
    const reminders = () => mailTo('ray@station.example').filter((m) => m.subject.startsWith('Reminder:'));

    // More than a day ahead: nothing yet.
    expect((await runShowReminders(t.server.ctx, starts - 25 * 3_600_000)).emailed).toBe(0);
    // Within the day: one e-mail, never a second.
    expect((await runShowReminders(t.server.ctx, starts - 3 * 3_600_000)).emailed).toBe(1);
    expect((await runShowReminders(t.server.ctx, starts - 2 * 3_600_000)).emailed).toBe(0);
    await expect.poll(() => reminders().length, { timeout: 15_000 }).toBe(1);
    const noon = new Date(`${date}T12:00:00Z`);
    const part = (o: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en-GB', { ...o, timeZone: 'UTC' }).format(noon);
    const long = `${part({ weekday: 'long' })} ${noon.getUTCDate()} ${part({ month: 'long' })} ${noon.getUTCFullYear()}`;
    expect(reminders()[0]!.subject).toBe(`Reminder: Night Owls ${long}, 19:00–20:00 (${zone})`);
    expect(reminders()[0]!.text).toContain('https://radio.station.example/admin/shows');
  });
});

describe('deleting a DJ (item 7)', () => {
  it('refuses while the DJ has upcoming shows or leave, naming them, and deletes nothing', async () => {
    const p = await newPresenter('fin@station.example', 'Fin Folk');
    await post(p, '/api/schedule/bookings', { mode: 'daily', title: 'Folk Hour', event_date: ahead(40), start_time: '10:00', end_time: '11:00' });
    await post(p, '/api/loa', { start_date: ahead(50), end_date: ahead(52), reason: 'other' });
    const del = await request(t.url, `/api/djs/${p.presenterId}`, { method: 'DELETE', token: manager.token });
    expect(del.status).toBe(409);
    expect(del.body.error.message).toBe('Fin Folk still has 1 upcoming show and 1 leave request. Reassign or cancel the shows and settle the leave first, then delete the DJ.');
    expect(await t.server.ctx.knex('schedule_events').where({ presenter_id: p.presenterId }).count<{ n: string }[]>({ n: '*' })).toEqual([{ n: expect.anything() }]);
    expect(Number((await t.server.ctx.knex('loa_requests').where({ presenter_id: p.presenterId }).count<{ n: string }[]>({ n: '*' }))[0]!.n)).toBe(1);
  });
});

describe('presenter applications', () => {
  it('an approved application becomes an account and a DJ profile in one step, and the applicant is told how to sign in', async () => {
    const applied = await request(t.url, '/api/applications', {
      method: 'POST',
      body: { name: 'Gil Groove', email: 'gil@listener.example', experience: 'Hospital radio, three years.', showIdea: 'Northern soul on Sunday nights.', availableTimes: ['weekend-morning'], termsAccepted: true },
    });
    expect(applied.status, JSON.stringify(applied.body)).toBe(201);
    const decided = await request(t.url, `/api/applications/${applied.body.application.id}`, { method: 'PATCH', token: manager.token, body: { status: 'approved' } });
    expect(decided.status).toBe(200);

    await expect.poll(() => mailTo('gil@listener.example').length).toBe(1);
    const mail = mailTo('gil@listener.example')[0]!;
    expect(mail.subject).toMatch(/has been approved$/);
    expect(mail.text).toContain('https://radio.station.example/auth');
    const password = /temporary password: (\S+)/.exec(mail.text)?.[1];
    expect(password).toBeTruthy();
    const gil = await signIn('gil@listener.example', password!);
    const me = await request(t.url, '/api/schedule/me', { token: gil.token });
    expect(me.body.ownPresenter).toMatchObject({ name: 'Gil Groove', role: 'probation' });
    await expect.poll(async () => (await notes(owner)).find((n) => n.type === 'application_decided')).toBeTruthy();
  });
});
