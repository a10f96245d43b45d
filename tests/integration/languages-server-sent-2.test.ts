import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startIntegrationJobs } from '../../server/src/integrations/jobs';
import { createUser, type TestUser } from '../support/auth';
import { startFakeDiscord, type FakeDiscord } from '../support/fake-services';
import { createPresenter, type TestPresenter } from '../support/schedule';
import { request, startTestServer, type TestServer } from '../support/server';
import { startMailCatcher, type Mail } from '../support/smtp';

/**
 * Issue 35, what the server sends (the rest of item 1 and 3), through the real producers: a booking made through the
 * API tells a Spanish-profile moderator in Spanish (listed, and pushed over a real WebSocket, where the `bookings`
 * event carries the text's keys for the client), an English one in the spec's English; an applicant's decision
 * e-mail in the language they applied in (a real SMTP server); a new account's welcome e-mail, the Discord channel
 * posts (a local stand-in speaking Discord's API) in the station's default language; the iCal feed's own words and
 * the web app manifest per language. Expected texts are the translations as a reader would see them.
 */

const inbox: Mail[] = [];
let smtp: Awaited<ReturnType<typeof startMailCatcher>> | null = null;
let discord: FakeDiscord & { apiUrl: string };
let t: TestServer;
let dist: string;
let owner: TestUser;
let modEs: TestUser;
let modEn: TestUser;
let dj: TestPresenter;

const HOOK = { id: '333333333333333333', token: 'tokC_abcdefghijklmnopqrstuvwxyz012345' };
const STATION = 'Radio Languages';

interface Frame {
  type: string;
  channel?: string;
  name?: string;
  data?: { title?: string; message?: string; related_id?: string; text_key?: string; text_values?: Record<string, unknown> };
}

/** A real WebSocket client signed in as `user`, subscribed to the given channels. */
async function listen(user: { token: string }, channels: string[]): Promise<{ events: (name: string) => Frame[]; close: () => void }> {
  const ws = new WebSocket(`${t.url.replace('http', 'ws')}/api/realtime`);
  const frames: Frame[] = [];
  ws.on('message', (m) => frames.push(JSON.parse(m.toString()) as Frame));
  await new Promise((r) => ws.once('open', r));
  ws.send(JSON.stringify({ type: 'hello', token: user.token }));
  await expect.poll(() => frames.filter((f) => f.type === 'welcome').length).toBe(2);
  for (const channel of channels) ws.send(JSON.stringify({ type: 'subscribe', channel }));
  await expect.poll(() => frames.filter((f) => f.type === 'subscribed').length).toBe(channels.length);
  return { events: (name) => frames.filter((f) => f.type === 'event' && f.name === name), close: () => ws.close() };
}

const settings = async () => (await request(t.url, '/api/settings/station', { token: owner.token })).body as Record<string, unknown>;
const saveSettings = async (patch: Record<string, unknown>) => {
  const res = await request(t.url, '/api/settings/station', { method: 'PUT', token: owner.token, body: { ...(await settings()), ...patch } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};
const notes = async (who: { token: string }) => (await request(t.url, '/api/notifications', { token: who.token })).body.notifications as Array<{ title: string; message: string; related_id: string }>;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'airdeck-server-sent-'));
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html lang="en-GB"><head><meta charset="UTF-8" /><title>Airdeck</title><link rel="manifest" href="/manifest.webmanifest" /></head><body><div id="root"></div></body></html>',
  );
  smtp = await startMailCatcher(inbox);
  discord = await startFakeDiscord({ clientId: '998877665544', clientSecret: 'client-secret', botToken: 'bot-secret' });
  discord.webhooks.set(HOOK.id, HOOK.token);
  t = await startTestServer({
    env: {
      WEB_DIST_DIR: dist,
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Radio Languages <radio@station.example>',
      PUBLIC_URL: 'https://radio.station.example',
      DISCORD_CLIENT_ID: '998877665544',
      DISCORD_CLIENT_SECRET: 'client-secret',
      DISCORD_BOT_TOKEN: 'bot-secret',
      DISCORD_API_URL: discord.apiUrl,
      EXTERNAL_TIMEOUT_MS: '1500',
      APPLICATION_LIMIT_PER_HOUR: '100',
    },
    jobs: (ctx) => [startIntegrationJobs(ctx)],
  });
  owner = await createUser(t, { role: 'owner' });
  modEs = await createUser(t, { role: 'moderator', username: 'Marta Moderadora' });
  modEn = await createUser(t, { role: 'moderator', username: 'Eddie Moderator' });
  dj = await createPresenter(t, 'presenter', 'DJ Sol');
  // Their account's name is the one notifications name them by.
  await t.server.ctx.knex('profiles').where({ id: dj.id }).update({ username: 'DJ Sol' });
  expect((await request(t.url, '/api/me', { method: 'PATCH', token: modEs.token, body: { language: 'es' } })).status).toBe(200);
  await saveSettings({ name: STATION });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
  await discord?.close();
  if (dist) fs.rmSync(dist, { recursive: true, force: true });
});

describe('a booking made through the API, told to each moderator in their language', () => {
  it('Spanish for the Spanish profile (list and WebSocket), the spec\'s English for the other; the bookings event carries the keys', async () => {
    const es = await listen(modEs, ['notifications', 'bookings']);
    const en = await listen(modEn, ['notifications']);
    const res = await request(t.url, '/api/schedule/bookings', { method: 'POST', token: dj.token, body: { mode: 'daily', title: 'Mañanas Sol', event_date: '2027-01-11', start_time: '07:00', end_time: '09:00' } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const id = res.body.events[0].id as string;
    expect(res.body.events[0].status).toBe('scheduled');

    const spanish = ['Nuevo programa reservado', 'DJ Sol reservó «Mañanas Sol» (1 emisión; la primera, lunes, 11 de enero de 2027, 07:00–09:00).'];
    const english = ['New show booked', 'DJ Sol booked "Mañanas Sol" (1 event(s), first Monday 11 January 2027, 07:00–09:00).'];
    await expect.poll(() => es.events('notification.created').filter((f) => f.data?.related_id === id).map((f) => [f.data?.title, f.data?.message])).toEqual([spanish]);
    await expect.poll(() => en.events('notification.created').filter((f) => f.data?.related_id === id).map((f) => [f.data?.title, f.data?.message])).toEqual([english]);
    // The schedule's own event: the English as before, and the keys and values a client formats in its reader's language.
    await expect.poll(() => es.events('booking.created').filter((f) => f.data?.related_id === id).length).toBe(1);
    const booking = es.events('booking.created').find((f) => f.data?.related_id === id)!.data!;
    expect([booking.title, booking.message]).toEqual(english);
    expect(booking.text_key).toBe('notify.showBooked');
    expect(booking.text_values).toMatchObject({ status: 'scheduled', actor: 'DJ Sol', show: 'Mañanas Sol', count: 1, firstDay: '2027-01-11', start: '07:00', end: '09:00' });
    es.close();
    en.close();

    const mine = (await notes(modEs)).find((n) => n.related_id === id)!;
    expect([mine.title, mine.message]).toEqual(spanish);
    expect(((await notes(modEn)).find((n) => n.related_id === id))).toMatchObject({ title: english[0], message: english[1] });

    // Cancelled and restored by the English moderator: the presenter (no language of their own: the station's, English) is
    // told in the spec's English; after choosing French in their profile, the same stored notifications read in French.
    expect((await request(t.url, `/api/schedule/events/${id}/cancel`, { method: 'POST', token: modEn.token })).status).toBe(200);
    expect((await request(t.url, `/api/schedule/events/${id}/restore`, { method: 'POST', token: modEn.token })).status).toBe(200);
    const told = async () => (await notes(dj)).filter((n) => n.related_id === id).map((n) => [n.title, n.message]);
    await expect.poll(told).toEqual([
      ['Cancellation undone', '"Mañanas Sol" on Monday 11 January 2027 was restored by Eddie Moderator.'],
      ['Event cancelled', '"Mañanas Sol" on Monday 11 January 2027 was cancelled by Eddie Moderator.'],
    ]);
    expect((await request(t.url, '/api/me', { method: 'PATCH', token: dj.token, body: { language: 'fr' } })).status).toBe(200);
    expect(await told()).toEqual([
      ['Annulation défaite', 'Eddie Moderator a rétabli « Mañanas Sol » du lundi 11 janvier 2027.'],
      ['Événement annulé', 'Eddie Moderator a annulé « Mañanas Sol » du lundi 11 janvier 2027.'],
    ]);
    expect((await request(t.url, '/api/me', { method: 'PATCH', token: dj.token, body: { language: null } })).status).toBe(200);
  });
});

describe('an applicant\'s decision e-mail in the language they applied in', () => {
  const apply = (name: string, email: string, headers: Record<string, string>) =>
    request(t.url, '/api/applications', {
      method: 'POST',
      headers,
      body: { name, email, experience: 'Radio escolar durante años.', showIdea: 'Música latina de madrugada.', availableTimes: ['weekday-evening'], termsAccepted: true },
    });

  it('a Spanish applicant is approved and a German one rejected: each e-mail arrives in their language (a real SMTP server)', async () => {
    const carmen = await apply('Carmen Cantante', 'carmen@listener.example', { 'Accept-Language': 'es-ES,es;q=0.9,en;q=0.5' });
    expect(carmen.status, JSON.stringify(carmen.body)).toBe(201);
    const jonas = await apply('Jonas Jodler', 'jonas@listener.example', { 'Accept-Language': 'en-US' });
    expect(jonas.status).toBe(201);
    // Jonas switched the site to German with the language menu (the remembered choice wins over the browser's).
    await t.server.ctx.knex('presenter_applications').where({ id: jonas.body.application.id }).update({ language: null });
    const jonas2 = await request(t.url, '/api/applications?lang=de', {
      method: 'POST',
      body: { name: 'Jonas Jodler', email: 'jonas2@listener.example', experience: 'Campusradio.', showIdea: 'Volksmusik remixed.', availableTimes: ['weekday-evening'], termsAccepted: true },
    });
    expect(jonas2.status).toBe(201);

    expect((await request(t.url, `/api/applications/${carmen.body.application.id}`, { method: 'PATCH', token: owner.token, body: { status: 'approved' } })).status).toBe(200);
    expect((await request(t.url, `/api/applications/${jonas2.body.application.id}`, { method: 'PATCH', token: owner.token, body: { status: 'rejected' } })).status).toBe(200);
    expect((await request(t.url, `/api/applications/${jonas.body.application.id}`, { method: 'PATCH', token: owner.token, body: { status: 'rejected' } })).status).toBe(200);

    await expect.poll(() => inbox.filter((m) => /listener\.example/.test(m.to)).length, { timeout: 20_000 }).toBe(3);
    const es = inbox.find((m) => m.to.includes('carmen@listener.example'))!;
    expect(es.subject).toBe(`Tu solicitud a ${STATION} ha sido aprobada`);
    expect(es.text).toContain(`Hola, Carmen Cantante:\n\nBuenas noticias: tu solicitud para presentar en ${STATION} ha sido aprobada.`);
    expect(es.text).toContain('Tu cuenta del panel de presentadores está lista. Inicia sesión en https://radio.station.example/auth con esta dirección de correo (carmen@listener.example)');
    const de = inbox.find((m) => m.to.includes('jonas2@listener.example'))!;
    expect(de.subject).toBe(`Deine Bewerbung bei ${STATION}`);
    expect(de.text).toContain(`Hallo Jonas Jodler,\n\ndanke für deine Bewerbung als Moderator:in bei ${STATION}.`);
    // No language said: the station's default (English), word for word as before.
    const en = inbox.find((m) => m.to.includes('jonas@listener.example'))!;
    expect(en.subject).toBe(`Your application to ${STATION}`);
    expect(en.text.trimEnd()).toBe(
      `Hi Jonas Jodler,\n\nThank you for applying to present on ${STATION}. We're not able to offer you a slot at the moment, but we'd love to hear from you again in the future. Keep listening!\n\n— ${STATION}`,
    );
  });
});

describe('the iCal feed and the web app manifest in the language asked for', () => {
  it('the feed\'s own words follow ?lang= (the show\'s title is content and stays as written)', async () => {
    const ics = await fetch(`${t.url}/api/schedule.ics?lang=de&start_date=2027-01-11&end_date=2027-01-11`).then((r) => r.text());
    const unfolded = ics.replace(/\r\n[ \t]/g, '');
    expect(unfolded).toContain(`X-WR-CALNAME:Sendeplan von ${STATION}`);
    expect(unfolded).toContain('SUMMARY:Mañanas Sol');
    expect(unfolded).toContain('DESCRIPTION:Moderiert von DJ Sol');
    const english = (await fetch(`${t.url}/api/schedule.ics?start_date=2027-01-11&end_date=2027-01-11`).then((r) => r.text())).replace(/\r\n[ \t]/g, '');
    expect(english).toContain(`X-WR-CALNAME:${STATION} schedule`);
    expect(english).toContain('DESCRIPTION:Presented by DJ Sol');
  });

  it('the manifest in German and Arabic (lang, dir, the tagline\'s translation), and each page links the one in its language', async () => {
    await saveSettings({ tagline: 'Community radio for everyone', contentLanguages: ['de'], taglineTranslations: { de: 'Gemeinschaftsradio für alle' } });
    const de = await request(t.url, '/manifest.webmanifest?lang=de');
    expect(de.headers.get('content-type')).toContain('application/manifest+json');
    expect(de.body).toMatchObject({ name: STATION, lang: 'de', dir: 'ltr', description: 'Gemeinschaftsradio für alle' });
    expect((await request(t.url, '/manifest.webmanifest', { headers: { 'Accept-Language': 'de-DE,de;q=0.9' } })).body).toMatchObject({ lang: 'de', description: 'Gemeinschaftsradio für alle' });
    expect((await request(t.url, '/manifest.webmanifest?lang=ar')).body).toMatchObject({ lang: 'ar', dir: 'rtl', description: 'Community radio for everyone' });
    expect((await request(t.url, '/manifest.webmanifest?lang=en')).body).toMatchObject({ lang: 'en', dir: 'ltr', description: 'Community radio for everyone' });
    const page = await fetch(`${t.url}/?lang=de`).then((r) => r.text());
    expect(page).toMatch(/<html lang="de" dir="ltr">/);
    expect(page).toContain('<link rel="manifest" href="/manifest.webmanifest?lang=de" />');
    const arabic = await fetch(`${t.url}/shows?lang=ar`).then((r) => r.text());
    expect(arabic).toContain('<link rel="manifest" href="/manifest.webmanifest?lang=ar" />');
  });
});

describe('what goes to everyone in the station\'s default language', () => {
  it('with German as the station\'s language: the Discord channel posts and a new account\'s welcome e-mail are German', async () => {
    await saveSettings({ language: 'de' });
    try {
      const hook = await request(t.url, '/api/webhooks', { method: 'POST', token: owner.token, body: { name: 'Studio', url: `https://discord.com/api/webhooks/${HOOK.id}/${HOOK.token}`, events: ['show.booked', 'application.received'] } });
      expect(hook.status, JSON.stringify(hook.body)).toBe(201);
      discord.webhookCalls.length = 0;

      const booked = await request(t.url, '/api/schedule/bookings', { method: 'POST', token: owner.token, body: { mode: 'weekly', title: 'Abendwelle', event_date: '2027-02-01', end_date: '2027-02-15', start_time: '20:00', end_time: '21:00', presenter_id: dj.presenterId } });
      expect(booked.status, JSON.stringify(booked.body)).toBe(201);
      await expect.poll(() => discord.webhookCalls.length, { timeout: 20_000 }).toBe(1);
      const post = discord.webhookCalls[0]!.body as { embeds: { title: string; fields: { name: string; value: string }[]; footer: { text: string } }[] };
      expect(post.embeds[0]!.title).toBe('Neue Sendung gebucht: Abendwelle');
      expect(post.embeds[0]!.fields.map((f) => [f.name, f.value])).toEqual([
        ['Datum', '2027-02-01'],
        ['Uhrzeit', '20:00–21:00'],
        ['Moderation', 'DJ Sol'],
        ['Wiederkehrend', '3 Termine gebucht'],
      ]);

      const applied = await request(t.url, '/api/applications', {
        method: 'POST',
        body: { name: 'Lena Lauscher', email: 'lena@listener.example', experience: 'Schulradio.', showIdea: 'Hörspiele.', availableTimes: ['weekday-evening'], termsAccepted: true },
      });
      expect(applied.status).toBe(201);
      await expect.poll(() => discord.webhookCalls.length, { timeout: 20_000 }).toBe(2);
      const app = discord.webhookCalls[1]!.body as { embeds: { title: string; description: string; fields: { name: string; value: string }[] }[] };
      expect(app.embeds[0]!.title).toBe('Neue Bewerbung für die Moderation');
      expect(app.embeds[0]!.description).toBe(`Lena Lauscher hat sich als Moderator:in bei ${STATION} beworben. Prüfe die Bewerbung im Moderationsbereich.`);
      expect(app.embeds[0]!.fields.map((f) => f.name)).toEqual(['Verfügbarkeit', 'Discord']);
      expect(app.embeds[0]!.fields[1]!.value).toBe('Nein');

      // A new account has no language of its own yet: its welcome e-mail is in the station's.
      const made = await request(t.url, '/api/users', { method: 'POST', token: owner.token, body: { email: 'hanna@station.example', username: 'Hanna Hörfunk', password: 'presenter-secret', role: 'presenter', presenter: { name: 'Hanna Hörfunk' } } });
      expect(made.status).toBe(201);
      await expect.poll(() => inbox.filter((m) => m.to.includes('hanna@station.example')).length, { timeout: 20_000 }).toBe(1);
      const welcome = inbox.find((m) => m.to.includes('hanna@station.example'))!;
      expect(welcome.subject).toBe(`Dein Konto im Moderationsbereich von ${STATION}`);
      expect(welcome.text).toContain(`Hallo Hanna Hörfunk,\n\nfür dich wurde ein Konto im Moderationsbereich von ${STATION} mit der Rolle Moderator:in angelegt. Dein DJ-Profil ist Hanna Hörfunk`);
    } finally {
      await saveSettings({ language: 'en' });
    }
  });
});
