import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../support/auth';
import { clearSchedule, createPresenter, FIXED_NOW, type TestPresenter } from '../support/schedule';
import { request, startTestServer, type TestServer } from '../support/server';

/**
 * Error answers in the requester's language (issue 35 item 1, README "Languages" → "Error messages"): every
 * refusal carries a stable message key (`error.key`, `error.values`) and its text in the language of `?lang=`,
 * the `airdeck_lang` cookie or Accept-Language, English otherwise; the code and the key are the same in every
 * language. Through the real server and database. The expected texts are the translations as written for the
 * catalogue, here by hand.
 */
let t: TestServer;
let presenter: TestPresenter;
let guest: TestUser;

beforeAll(async () => {
  t = await startTestServer({ now: () => FIXED_NOW, env: { TRUST_PROXY: 'true', SIGNIN_IP_LIMIT: '3', SIGNIN_EMAIL_LIMIT: '50' } });
  presenter = await createPresenter(t, 'presenter', 'Leah Lunchtime');
  guest = await createUser(t, { role: 'guest' });
});
afterAll(async () => t?.close());
beforeEach(async () => clearSchedule(t));

const show = { mode: 'daily', title: 'Morning Mix', event_date: '2026-03-26', start_time: '10:00', end_time: '12:00' };
const book = (body: Record<string, unknown>, opts: { query?: string; headers?: Record<string, string>; token?: string | null } = {}) =>
  request(t.url, `/api/schedule/bookings${opts.query ?? ''}`, { method: 'POST', body, headers: opts.headers ?? {}, ...(opts.token === null ? {} : { token: opts.token ?? presenter.token }) });

describe('a booking with an empty title', () => {
  it('is refused in English by default, in Spanish for Accept-Language: es, in Arabic for ?lang=ar, with one code and key', async () => {
    const en = await book({ ...show, title: '' });
    expect(en.status).toBe(400);
    expect(en.body.error).toMatchObject({ code: 'validation_failed', message: 'Title is required', key: 'error.titleRequired' });
    expect(en.body.error.details.fields).toContainEqual({ path: 'title', message: 'Title is required', key: 'error.titleRequired' });

    const es = await book({ ...show, title: '' }, { headers: { 'Accept-Language': 'es-ES,es;q=0.9,en;q=0.5' } });
    expect(es.status).toBe(400);
    expect(es.body.error).toMatchObject({ code: 'validation_failed', message: 'El título es obligatorio', key: 'error.titleRequired' });
    expect(es.body.error.details.fields).toContainEqual({ path: 'title', message: 'El título es obligatorio', key: 'error.titleRequired' });

    const ar = await book({ ...show, title: '' }, { query: '?lang=ar', headers: { 'Accept-Language': 'de' } });
    expect(ar.status).toBe(400);
    expect(ar.body.error).toMatchObject({ code: 'validation_failed', message: 'العنوان مطلوب', key: 'error.titleRequired' });
  });

  it('follows the language cookie before Accept-Language, and ?lang before the cookie', async () => {
    const cookie = await book({ ...show, title: '' }, { headers: { Cookie: 'airdeck_lang=de', 'Accept-Language': 'fr' } });
    expect(cookie.body.error.message).toBe('Titel ist erforderlich');
    const param = await book({ ...show, title: '' }, { query: '?lang=pt-BR', headers: { Cookie: 'airdeck_lang=de' } });
    expect(param.body.error.message).toBe('O título é obrigatório');
    // A language the station does not speak: English.
    const other = await book({ ...show, title: '' }, { headers: { 'Accept-Language': 'ja' } });
    expect(other.body.error.message).toBe('Title is required');
  });
});

describe('each kind of refusal in the requester’s language', () => {
  it('401: signing in is needed', async () => {
    const res = await book(show, { token: null, headers: { 'Accept-Language': 'fr' } });
    expect(res.status).toBe(401);
    expect(res.body.error).toMatchObject({ code: 'unauthorized', message: 'Veuillez vous connecter pour continuer.', key: 'error.signInToContinue' });
    const en = await book(show, { token: null });
    expect(en.body.error).toMatchObject({ code: 'unauthorized', message: 'Please sign in to continue.', key: 'error.signInToContinue' });
  });

  it('403: a guest may not manage users', async () => {
    const res = await request(t.url, '/api/users?lang=es', { token: guest.token });
    expect(res.status).toBe(403);
    expect(res.body.error).toMatchObject({ code: 'forbidden', message: 'Acceso denegado. Se requieren privilegios de gestión de usuarios.', key: 'error.deniedUsers' });
  });

  it('404: an API path that does not exist, its values kept in the text', async () => {
    const res = await request(t.url, '/api/nothing-here', { headers: { 'Accept-Language': 'de-AT' } });
    expect(res.status).toBe(404);
    expect(res.body.error).toEqual({ code: 'not_found', message: 'Keine API-Route für GET /api/nothing-here', key: 'error.noApiRoute', values: { method: 'GET', path: '/api/nothing-here' } });
  });

  it('409: an overlapping booking, the count in the language’s plural', async () => {
    expect((await book(show)).status).toBe(201);
    const en = await book({ ...show, title: 'Second' });
    expect(en.status).toBe(409);
    expect(en.body.error).toMatchObject({
      code: 'conflict',
      message: 'This booking overlaps 1 existing event. Proceed anyway to create it with conflicted status, or pick another time.',
      key: 'error.bookingOverlaps',
      values: { count: 1 },
    });
    const ar = await book({ ...show, title: 'Second' }, { query: '?lang=ar' });
    expect(ar.status).toBe(409);
    expect(ar.body.error.message).toBe('يتداخل هذا الحجز مع حدث قائم واحد. تابع على أي حال لإنشائه بحالة متعارضة، أو اختر وقتًا آخر.');
    expect(ar.body.error).toMatchObject({ code: 'conflict', key: 'error.bookingOverlaps', values: { count: 1 } });
    // The overlapping events are still listed for the form.
    expect(ar.body.error.details.conflicts).toHaveLength(1);
  });

  it('429: too many sign-in attempts, with Retry-After', async () => {
    const ip = { 'X-Forwarded-For': '203.0.113.99' };
    for (let i = 0; i < 3; i++) await request(t.url, '/api/auth/token', { method: 'POST', body: { email: guest.email, password: `wrong-${i}` }, headers: ip });
    const res = await request(t.url, '/api/auth/token', { method: 'POST', body: { email: guest.email, password: 'wrong' }, headers: { ...ip, 'Accept-Language': 'es' } });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(res.body.error.code).toBe('rate_limited');
    expect(res.body.error.key).toBe('error.signInTooMany');
    const minutes = res.body.error.values.minutes as number;
    expect(minutes).toBeGreaterThan(0);
    expect(res.body.error.message).toBe(`Demasiados intentos de inicio de sesión. Inténtalo de nuevo dentro de ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}.`);
  });
});
