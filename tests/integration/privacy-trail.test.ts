import { createECDH, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDateTime } from '../../shared/time';
import { runRetention } from '../../server/src/privacy/service';
import { stationTimezone } from '../../server/src/settings/service';
import { createUser, type TestUser } from '../support/auth';
import { placesHolding } from '../support/find-value';
import { createPresenter } from '../support/schedule';
import { request, startTestServer, type TestServer } from '../support/server';
import { startMailCatcher, type Mail } from '../support/smtp';

/**
 * Issue 37's remaining data paths, through the real server on a real database (either engine, as the suite runs):
 * - the audit trail no longer names a person once their record is erased (a staff erasure at once, the retention
 *   job when the entry is older than the record's period): an applicant's name was kept by the decision's entry;
 * - a browser's push subscription (issue 36's follows) is in the listener's own data: listed and deleted by its
 *   endpoint, after which no table holds the endpoint;
 * - a new staff account is e-mailed a single-use link to choose its password (a real local SMTP server): it works
 *   once, expires, and signs the account in with the password chosen.
 */

const DAY = 86_400_000;
let frozen: number | null = null;
const now = () => frozen ?? Date.now();
const inbox: Mail[] = [];
let smtp: Awaited<ReturnType<typeof startMailCatcher>> | null = null;
let t: TestServer;
let owner: TestUser;
let manager: TestUser;
const knex = () => t.server.ctx.knex;
/** A POST; sent again if the kept-alive connection was closed under it (after a long scan of every table). */
async function post(path: string, body: unknown, token?: string) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await request(t.url, path, { method: 'POST', body, ...(token ? { token } : {}) });
    } catch (err) {
      if (attempt >= 2) throw err;
    }
  }
}
const PUSH_ORIGIN = 'https://push.listener.example';

beforeAll(async () => {
  smtp = await startMailCatcher(inbox);
  t = await startTestServer({
    now,
    env: { SMTP_URL: smtp.url, MAIL_FROM: 'Airdeck Radio <radio@station.example>', PUBLIC_URL: 'https://radio.station.example', SIGNIN_IP_LIMIT: '1000', SIGNIN_SLOWDOWN_MS: '0', PUSH_SERVICE_ORIGINS: PUSH_ORIGIN, REQUEST_LIMIT_IP: '1000' },
  });
  owner = await createUser(t, { role: 'owner' });
  manager = await createUser(t, { role: 'manager' });
}, 120_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

/** The audit entries about one record. */
const entriesAbout = (id: string) => knex()('user_action_logs').where({ resource_id: id }).select<{ resource_name: string | null; action_type: string; user_email: string }[]>('resource_name', 'action_type', 'user_email');

describe('the audit trail forgets an erased person (issue 37)', () => {
  it('a staff erasure of a decided application and an answered inquiry leaves their audit entries without the name', async () => {
    const name = `Avery Marsh ${randomBytes(2).toString('hex')}`;
    const email = `am-${randomBytes(3).toString('hex')}@example.org`;
    expect((await post('/api/applications', { name: `${name}`, email, experience: 'Five years of hospital radio.', showIdea: 'Folk songs and stories.', availableTimes: ['weekend-evening'], discordUsername: 'avery_m', termsAccepted: true })).status).toBe(201);
    expect((await post('/api/requests/general', { name, email, subject: 'other', message: 'Hello', user_session: `session_${randomBytes(8).toString('hex')}` })).status).toBe(201);
    const found = await request(t.url, `/api/privacy/subjects?q=${encodeURIComponent(name)}`, { token: manager.token });
    const appId = found.body.presenter_applications[0].id as string;
    const inquiryId = found.body.general_requests[0].id as string;
    // Staff decide both: the decision entries name the person.
    expect((await request(t.url, `/api/applications/${appId}`, { method: 'PATCH', token: manager.token, body: { status: 'rejected' } })).status).toBe(200);
    expect((await request(t.url, `/api/requests/general/${inquiryId}`, { method: 'PATCH', token: manager.token, body: { status: 'responded' } })).status).toBe(200);
    expect((await entriesAbout(appId)).map((e) => e.resource_name)).toEqual([name]);
    expect((await entriesAbout(inquiryId))[0]!.resource_name).toContain(name);

    const erased = await post('/api/privacy/subjects/erase', { reason: 'Written request, ref. DR-9', presenter_applications: [appId], general_requests: [inquiryId] }, manager.token);
    expect(erased.status).toBe(200);
    expect(erased.body.removed).toMatchObject({ presenter_applications: 1, general_requests: 1, audit_entries: 2 });
    // Who decided, and when, stays; the name does not.
    expect(await entriesAbout(appId)).toEqual([{ resource_name: null, action_type: 'update', user_email: manager.email }]);
    expect(await entriesAbout(inquiryId)).toEqual([{ resource_name: null, action_type: 'update', user_email: manager.email }]);
    expect(await placesHolding(knex(), name)).toEqual([]);
    expect(await placesHolding(knex(), email)).toEqual([]);
  });

  it('the retention job takes the name out of entries older than the record’s period, and leaves newer ones', async () => {
    const oldName = `Old Applicant ${randomBytes(2).toString('hex')}`;
    const newName = `New Applicant ${randomBytes(2).toString('hex')}`;
    const ids: Record<string, string> = {};
    for (const name of [oldName, newName]) {
      expect((await post('/api/applications', { name, email: `${randomBytes(3).toString('hex')}@example.org`, experience: 'Ten years of pirate radio.', showIdea: 'Late-night jazz and talk.', availableTimes: ['weekend-evening'], termsAccepted: true })).status).toBe(201);
      ids[name] = (await request(t.url, `/api/privacy/subjects?q=${encodeURIComponent(name)}`, { token: manager.token })).body.presenter_applications[0].id as string;
    }
    expect((await request(t.url, `/api/applications/${ids[oldName]}`, { method: 'PATCH', token: manager.token, body: { status: 'rejected' } })).status).toBe(200);
    expect((await request(t.url, `/api/applications/${ids[newName]}`, { method: 'PATCH', token: owner.token, body: { status: 'rejected' } })).status).toBe(200);
    // The job runs 366 days from now: the old decision (and its entry) is 366 days old, the new one (dated two days on) 364.
    const jobNow = Date.now() + 366 * DAY;
    await knex()('user_action_logs').where({ resource_id: ids[newName] }).update({ created_at: new Date(Date.now() + 2 * DAY) });
    await knex()('presenter_applications').where({ id: ids[newName] }).update({ reviewed_at: new Date(Date.now() + 2 * DAY) });
    const removed = await runRetention(t.server.ctx, jobNow);
    expect(removed.audit_names).toBeGreaterThanOrEqual(1);
    expect((await entriesAbout(ids[oldName]!)).map((e) => e.resource_name)).toEqual([null]);
    expect((await entriesAbout(ids[newName]!)).map((e) => e.resource_name)).toEqual([newName]);
    // Nothing else names the old applicant: the application, its notifications and its audit entry (the rejection
    // e-mail goes with `email_days` once sent; here the outbox may still be sending it, so it is left out).
    expect((await placesHolding(knex(), oldName)).filter((p) => !p.startsWith('email_outbox.'))).toEqual([]);
  });
});

describe('a browser’s push subscription in "Your data" (issue 36 follows, issue 37)', () => {
  it('lists the shows the browser’s endpoint follows, deletes them with its data, and no table holds the endpoint afterwards', async () => {
    const presenter = await createPresenter(t, 'presenter', `DJ Follow ${randomBytes(2).toString('hex')}`);
    const zone = await stationTimezone(t.server.ctx);
    const s = localDateTime(Date.now() + 3 * DAY, zone);
    const booked = await post('/api/schedule/bookings', { mode: 'daily', title: 'Folk at Dawn', event_date: s.date, start_time: '06:00', end_time: '07:00' }, presenter.token);
    expect(booked.status).toBe(201);
    const showId = (booked.body?.events?.[0]?.id ?? booked.body?.event?.id) as string;
    const endpoint = `${PUSH_ORIGIN}/send/${randomBytes(16).toString('hex')}`;
    const ecdh = createECDH('prime256v1');
    const subscription = { endpoint, keys: { p256dh: ecdh.generateKeys().toString('base64url'), auth: randomBytes(16).toString('base64url') } };
    const followed = await post('/api/follows', { show_id: showId, subscription });
    expect(followed.status).toBeLessThan(300);

    const mine = await request(t.url, `/api/my-data?push_endpoint=${encodeURIComponent(endpoint)}`);
    expect(mine.status).toBe(200);
    expect(mine.body.push_follows).toEqual([{ show_id: showId, title: 'Folk at Dawn' }]);
    expect(mine.body.song_requests).toEqual([]);
    // Another endpoint sees nothing.
    expect((await request(t.url, `/api/my-data?push_endpoint=${encodeURIComponent(`${PUSH_ORIGIN}/send/other`)}`)).body.push_follows).toEqual([]);
    // Neither ids nor an endpoint: refused.
    expect((await request(t.url, '/api/my-data')).status).toBe(400);

    const session = `session_${randomBytes(8).toString('hex')}`;
    const gone = await request(t.url, '/api/my-data', { method: 'DELETE', body: { session_id: session, push_endpoint: endpoint } });
    expect(gone.status).toBe(200);
    expect(gone.body.removed).toMatchObject({ push_follows: 1 });
    expect(await placesHolding(knex(), endpoint)).toEqual([]);
    expect((await request(t.url, `/api/my-data?push_endpoint=${encodeURIComponent(endpoint)}`)).body.push_follows).toEqual([]);
  });
});

describe('a new staff account chooses its own password from an e-mailed link (issue 30, issue 37)', () => {
  const linkOf = (mail: Mail) => /https:\/\/radio\.station\.example\/auth\/reset#token=([\w-]+)/.exec(mail.text)?.[1];

  it('a new account is e-mailed a single-use link that sets its own password and ends the first one', async () => {
    const email = `new-${randomBytes(3).toString('hex')}@station.example`;
    const made = await post('/api/users', { email, username: `New ${randomBytes(2).toString('hex')}`, role: 'presenter', password: 'first shared passphrase' }, owner.token);
    expect(made.status).toBe(201);
    await expect.poll(() => inbox.filter((m) => m.to.includes(email)).length, { timeout: 10_000 }).toBe(1);
    const mail = inbox.find((m) => m.to.includes(email))!;
    expect(mail.text).toMatch(/Choose your password with this link \(it works once, for 7 days\)/);
    expect(mail.text).not.toContain('first shared passphrase');
    const token = linkOf(mail);
    expect(token).toBeTruthy();
    expect((await post('/api/auth/password-reset/confirm', { token, password: 'a brand new passphrase' })).status).toBe(204);
    expect((await post('/api/auth/token', { email, password: 'a brand new passphrase', client: 'web' })).status).toBe(200);
    expect((await post('/api/auth/token', { email, password: 'first shared passphrase', client: 'web' })).status).toBe(400);
    // Once only.
    expect((await post('/api/auth/password-reset/confirm', { token, password: 'yet another passphrase' })).status).toBe(400);
  });

  it('the link is sent besides the first password and expires after 7 days', async () => {
    const email = `new-${randomBytes(3).toString('hex')}@station.example`;
    expect((await post('/api/users', { email, username: `Temp ${randomBytes(2).toString('hex')}`, role: 'presenter', password: 'first shared passphrase' }, owner.token)).status).toBe(201);
    await expect.poll(() => inbox.filter((m) => m.to.includes(email)).length, { timeout: 10_000 }).toBe(1);
    const mail = inbox.find((m) => m.to.includes(email))!;
    expect(mail.text).toMatch(/gave you a first password, that works too/);
    expect(mail.text).not.toContain('first shared passphrase');
    const token = linkOf(mail)!;
    frozen = Date.now() + 7 * DAY + 60_000;
    try {
      expect((await post('/api/auth/password-reset/confirm', { token, password: 'a brand new passphrase' })).status).toBe(400);
    } finally {
      frozen = null;
    }
    expect((await post('/api/auth/token', { email, password: 'first shared passphrase', client: 'web' })).status).toBe(200);
  });
});
