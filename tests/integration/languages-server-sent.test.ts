import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createUser, type TestUser } from '../support/auth';
import { startFakeDiscord, type FakeDiscord } from '../support/fake-services';
import { request, startTestServer, type TestServer } from '../support/server';
import { startMailCatcher, type Mail } from '../support/smtp';

/**
 * Issue 35 items 1 and 3, what the server sends: a staff member's language in their profile (My Profile's API),
 * used for their notifications (listed and pushed over a real WebSocket), the bot's Discord direct messages (a
 * local stand-in speaking Discord's API) and their e-mails (a real SMTP server on a local port); the iCal feed
 * with ?lang= and the PWA manifest per language. Expected texts are the translations as a reader would see them.
 */

const inbox: Mail[] = [];
let smtp: Awaited<ReturnType<typeof startMailCatcher>> | null = null;
let discord: FakeDiscord & { apiUrl: string };
let t: TestServer;
let owner: TestUser;
let modEs: TestUser;
let modEn: TestUser;

const ahead = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const post = (who: { token: string }, path: string, body: unknown) => request(t.url, path, { method: 'POST', token: who.token, body });
const notes = async (who: { token: string }) => (await request(t.url, '/api/notifications', { token: who.token })).body.notifications as Array<{ type: string; title: string; message: string; related_id: string }>;

interface Frame {
  type: string;
  name?: string;
  data?: { id?: string; type?: string; title?: string; message?: string; related_id?: string };
}

/** A real WebSocket client signed in as `user` and subscribed to the notifications channel. */
async function listen(user: { token: string }): Promise<{ created: () => Frame[]; close: () => void }> {
  const ws = new WebSocket(`${t.url.replace('http', 'ws')}/api/realtime`);
  const frames: Frame[] = [];
  ws.on('message', (m) => frames.push(JSON.parse(m.toString()) as Frame));
  await new Promise((r) => ws.once('open', r));
  ws.send(JSON.stringify({ type: 'hello', token: user.token }));
  await expect.poll(() => frames.filter((f) => f.type === 'welcome').length).toBe(2);
  ws.send(JSON.stringify({ type: 'subscribe', channel: 'notifications' }));
  await expect.poll(() => frames.some((f) => f.type === 'subscribed')).toBe(true);
  return { created: () => frames.filter((f) => f.type === 'event' && f.name === 'notification.created'), close: () => ws.close() };
}

beforeAll(async () => {
  smtp = await startMailCatcher(inbox);
  discord = await startFakeDiscord({ clientId: '998877665544', clientSecret: 'client-secret', botToken: 'bot-secret' });
  t = await startTestServer({
    env: {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Airdeck Radio <radio@station.example>',
      PUBLIC_URL: 'https://radio.station.example',
      DISCORD_CLIENT_ID: '998877665544',
      DISCORD_CLIENT_SECRET: 'client-secret',
      DISCORD_BOT_TOKEN: 'bot-secret',
      DISCORD_API_URL: discord.apiUrl,
      EXTERNAL_TIMEOUT_MS: '1500',
    },
  });
  owner = await createUser(t, { role: 'owner' });
  modEs = await createUser(t, { role: 'moderator', username: 'Marta Moderadora' });
  modEn = await createUser(t, { role: 'moderator', username: 'Eddie Moderator' });
  // Their Discord accounts (an approved applicant's linked account becomes their profile's).
  await t.server.ctx.knex('profiles').where({ id: modEs.id }).update({ discord_user_id: '111111111111111111' });
  await t.server.ctx.knex('profiles').where({ id: modEn.id }).update({ discord_user_id: '222222222222222222' });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
  await discord?.close();
});

describe('the language in the profile', () => {
  it('is read and saved through My Profile\'s API: one of the shipped codes, or null for the station default', async () => {
    const me = await request(t.url, '/api/me', { token: modEs.token });
    expect(me.status).toBe(200);
    expect(me.body.language).toBeNull();
    const bad = await request(t.url, '/api/me', { method: 'PATCH', token: modEs.token, body: { language: 'xx' } });
    expect(bad.status).toBe(400);
    const saved = await request(t.url, '/api/me', { method: 'PATCH', token: modEs.token, body: { language: 'es' } });
    expect(saved.status).toBe(200);
    expect(saved.body.language).toBe('es');
    expect((await request(t.url, '/api/me', { token: modEs.token })).body.language).toBe('es');
    const cleared = await request(t.url, '/api/me', { method: 'PATCH', token: modEn.token, body: { language: null } });
    expect(cleared.body.language).toBeNull();
  });
});

describe('a notification and a Discord message in the recipient\'s language', () => {
  it('a presenter asks for leave: the Spanish moderator is told in Spanish (list, WebSocket, Discord), the English one in English', async () => {
    const made = await post(owner, '/api/users', { email: 'lola@station.example', username: 'Lola Locutora', password: 'presenter-secret', role: 'presenter', presenter: { name: 'Lola Locutora' } });
    expect(made.status).toBe(201);
    const signIn = await request(t.url, '/api/auth/token', { method: 'POST', body: { email: 'lola@station.example', password: 'presenter-secret' } });
    const lola = { token: signIn.body.access_token as string };
    const es = await listen(modEs);
    const en = await listen(modEn);
    discord.messages.length = 0;
    const start = ahead(20);
    const end = ahead(22);
    const filed = await post(lola, '/api/loa', { start_date: start, end_date: end, reason: 'vacation' });
    expect(filed.status, JSON.stringify(filed.body)).toBe(201);

    const spanishTitle = 'Nueva solicitud de ausencia';
    const spanishMessage = `Lola Locutora solicitó una ausencia del ${start} al ${end} (vacaciones).`;
    const englishMessage = `Lola Locutora requested leave from ${start} to ${end} (vacation).`;

    await expect.poll(() => es.created().filter((f) => f.data?.related_id === filed.body.id).map((f) => [f.data?.title, f.data?.message])).toEqual([[spanishTitle, spanishMessage]]);
    await expect.poll(() => en.created().filter((f) => f.data?.related_id === filed.body.id).map((f) => [f.data?.title, f.data?.message])).toEqual([['New leave request', englishMessage]]);
    es.close();
    en.close();

    const mine = (await notes(modEs)).find((n) => n.related_id === filed.body.id)!;
    expect([mine.title, mine.message]).toEqual([spanishTitle, spanishMessage]);
    const theirs = (await notes(modEn)).find((n) => n.related_id === filed.body.id)!;
    expect([theirs.title, theirs.message]).toEqual(['New leave request', englishMessage]);

    // The bot's direct messages (leave requests are high priority): each in its reader's language.
    await expect.poll(() => discord.messages.map((m) => m.recipientId).sort()).toEqual(['111111111111111111', '222222222222222222']);
    const dmEs = discord.messages.find((m) => m.recipientId === '111111111111111111')!.content;
    expect(dmEs).toBe(`${spanishTitle}\n\n${spanishMessage}\n\nAbre el panel de presentadores: https://radio.station.example/admin/notifications`);
    const dmEn = discord.messages.find((m) => m.recipientId === '222222222222222222')!.content;
    expect(dmEn).toBe(`New leave request\n\n${englishMessage}\n\nOpen the presenter panel: https://radio.station.example/admin/notifications`);

    // A later change of language shows the stored notification in the new one.
    await request(t.url, '/api/me', { method: 'PATCH', token: modEn.token, body: { language: 'de' } });
    const now = (await notes(modEn)).find((n) => n.related_id === filed.body.id)!;
    expect([now.title, now.message]).toEqual(['Neuer Abwesenheitsantrag', `Lola Locutora hat Abwesenheit vom ${start} bis ${end} beantragt (Urlaub).`]);
    await request(t.url, '/api/me', { method: 'PATCH', token: modEn.token, body: { language: null } });
  });
});

describe('e-mails in the recipient\'s language', () => {
  it('a leave decision reaches a Spanish presenter in Spanish and an English one in English (a real SMTP server)', async () => {
    const make = async (email: string, name: string, language: string | null) => {
      const made = await post(owner, '/api/users', { email, username: name, password: 'presenter-secret', role: 'presenter', presenter: { name } });
      expect(made.status).toBe(201);
      const signIn = await request(t.url, '/api/auth/token', { method: 'POST', body: { email, password: 'presenter-secret' } });
      const who = { token: signIn.body.access_token as string };
      if (language) expect((await request(t.url, '/api/me', { method: 'PATCH', token: who.token, body: { language } })).status).toBe(200);
      return who;
    };
    const pablo = await make('pablo@station.example', 'Pablo Pinchadiscos', 'es');
    const jane = await make('jane@station.example', 'Jane Jingles', null);
    const start = ahead(40);
    const end = ahead(41);
    for (const who of [pablo, jane]) {
      const filed = await post(who, '/api/loa', { start_date: start, end_date: end, reason: 'family' });
      expect(filed.status).toBe(201);
      const decided = await request(t.url, `/api/loa/${filed.body.id}`, { method: 'PATCH', token: owner.token, body: { status: 'approved' } });
      expect(decided.status).toBe(200);
    }
    await expect.poll(() => inbox.filter((m) => /leave|ausencia/i.test(m.subject)).length, { timeout: 20_000 }).toBe(2);
    const es = inbox.find((m) => m.to.includes('pablo@station.example') && /ausencia/.test(m.subject))!;
    expect(es.subject).toBe(`Tu ausencia del ${start} al ${end} fue aprobada`);
    expect(es.text).toContain(`Hola, Pablo Pinchadiscos:\n\nTu ausencia del ${start} al ${end} fue aprobada. Tus programas dentro de la ausencia se han ajustado en la programación.`);
    expect(es.text).toContain('Consulta tus solicitudes en https://radio.station.example/admin/request-loa');
    const en = inbox.find((m) => m.to.includes('jane@station.example') && /leave/.test(m.subject))!;
    expect(en.subject).toBe(`Your leave from ${start} to ${end} was approved`);
    expect(en.text).toContain(`Hi Jane Jingles,\n\nYour leave of absence from ${start} to ${end} was approved. Your shows inside the leave have been adjusted on the schedule.`);
  });

  it('a password reset link reaches a Spanish staff member in Spanish', async () => {
    const res = await request(t.url, '/api/auth/password-reset', { method: 'POST', body: { email: modEs.email } });
    expect(res.status).toBe(202);
    await expect.poll(() => inbox.filter((m) => m.to.includes(modEs.email)).length, { timeout: 20_000 }).toBe(1);
    const mail = inbox.find((m) => m.to.includes(modEs.email))!;
    expect(mail.subject).toMatch(/^Elige una contraseña nueva para /);
    expect(mail.text).toMatch(/^Hola, Marta Moderadora:\n\nAlguien \(esperamos que tú\) pidió una contraseña nueva para tu cuenta de /);
    expect(mail.text).toContain('El enlace funciona una sola vez, durante 30 minutos.');
  });
});

