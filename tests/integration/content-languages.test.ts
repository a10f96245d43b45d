import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertEpisode } from '../../server/src/listen-again/repo';
import { createUser, type TestUser } from '../support/auth';
import { FIXED_NOW } from '../support/schedule';
import { request, startTestServer, type TestServer } from '../support/server';

/**
 * Station content in several languages (issue 35 item 6): "A show, a custom page, a slide and the station's
 * description can have a translation per enabled language, with a fallback to the station's default; each show has a
 * broadcast language (ISO 639) shown on the schedule and carried into the iCal feed, the podcast feeds and the public
 * APIs, and listeners can filter the schedule by it." Everything through the HTTP API as a manager and a listener.
 */

let t: TestServer;
let manager: TestUser;
let dir: string;
let showId = '';
let englishShowId = '';

// FIXED_NOW is Wednesday 25 March 2026 (the week of 23–29 March).
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'airdeck-content-languages-'));
  t = await startTestServer({ now: () => FIXED_NOW, env: { RECORDINGS_DIR: dir } });
  manager = await createUser(t, { role: 'manager' });
}, 60_000);

afterAll(async () => {
  await t?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const settings = async () => (await request(t.url, '/api/settings/station', { token: manager.token })).body as Record<string, unknown>;
const saveSettings = (body: unknown) => request(t.url, '/api/settings/station', { method: 'PUT', token: manager.token, body });
const book = (body: Record<string, unknown>) =>
  request(t.url, '/api/schedule/bookings', { method: 'POST', token: manager.token, body: { mode: 'calendar', start_time: '10:00', end_time: '12:00', presenter_id: null, host: 'Marta', image_url: null, description: '', ...body } });
const week = (q = '', headers: Record<string, string> = {}) => request(t.url, `/schedule-api?week=current${q}`, { headers });
type Show = { id: string; title: string; description: string | null; broadcast_language: string | null };
const shows = (body: { data: { shows: Show[] } }) => body.data.shows;

describe('languages offered for content (General Settings)', () => {
  it('keeps the default language and the languages offered, refusing a language Airdeck does not ship', async () => {
    const before = await settings();
    expect(before.language).toBe('en');
    expect(before.contentLanguages).toEqual([]);
    const bad = await saveSettings({ ...before, contentLanguages: ['es', 'xx'] });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain('"xx" is not a language Airdeck offers for content');
    expect((await settings()).contentLanguages).toEqual([]);

    const ok = await saveSettings({ ...before, contentLanguages: ['es', 'fr'], taglineTranslations: { es: 'Radio comunitaria para todos', fr: 'La radio associative pour tous' }, tagline: 'Community radio for everyone' });
    expect(ok.status).toBe(200);
    expect(ok.body.contentLanguages).toEqual(['es', 'fr']);
    // A form that does not send the languages (an older panel) keeps them.
    const { language: _l, contentLanguages: _c, taglineTranslations: _t, ...withoutLanguages } = ok.body as Record<string, unknown>;
    const again = await saveSettings({ ...withoutLanguages, name: 'Radio Tres' });
    expect(again.status).toBe(200);
    expect(again.body.contentLanguages).toEqual(['es', 'fr']);
    expect(again.body.taglineTranslations).toEqual({ es: 'Radio comunitaria para todos', fr: 'La radio associative pour tous' });
  });
});

describe('a show in several languages, with its broadcast language', () => {
  it('saves translations and the broadcast language through the booking and edit APIs', async () => {
    const created = await book({
      title: 'Morning Mix',
      description: 'Music and news to start the day.',
      dates: ['2026-03-26'],
      broadcast_language: 'ES',
      translations: { es: { title: 'Mezcla Matinal', description: 'Música y noticias para empezar el día.' } },
    });
    expect(created.status).toBe(201);
    showId = created.body.events[0].id;
    expect(created.body.events[0]).toMatchObject({ broadcast_language: 'es', translations: { es: { title: 'Mezcla Matinal', description: 'Música y noticias para empezar el día.' } } });

    const edited = await request(t.url, `/api/schedule/events/${showId}`, { method: 'PATCH', token: manager.token, body: { translations: { es: { title: 'Mezcla Matinal', description: 'Música y noticias para empezar el día.' }, fr: { title: 'Mélange du Matin' } } } });
    expect(edited.status).toBe(200);
    expect(edited.body.event.translations).toEqual({ es: { title: 'Mezcla Matinal', description: 'Música y noticias para empezar el día.' }, fr: { title: 'Mélange du Matin' } });
    expect(edited.body.event.broadcast_language).toBe('es');

    const english = await book({ title: 'Evening Talk', dates: ['2026-03-27'], broadcast_language: 'en' });
    expect(english.status).toBe(201);
    englishShowId = english.body.events[0].id;
    // A three-letter ISO 639-3 code (Cantonese).
    const cantonese = await book({ title: 'Cantonese Hour', dates: ['2026-03-28'], broadcast_language: 'yue' });
    expect(cantonese.status).toBe(201);
    expect(cantonese.body.events[0].broadcast_language).toBe('yue');
  });

  it('refuses a bad broadcast language or a translation in a language not offered, with a clear message, changing nothing', async () => {
    const badCode = await request(t.url, `/api/schedule/events/${showId}`, { method: 'PATCH', token: manager.token, body: { broadcast_language: 'spanish', title: 'Changed' } });
    expect(badCode.status).toBe(400);
    expect(badCode.body.error.message).toContain('Broadcast language must be an ISO 639 language code such as es, fr or yue.');
    const unknown = await request(t.url, `/api/schedule/events/${showId}`, { method: 'PATCH', token: manager.token, body: { broadcast_language: 'qq' } });
    expect(unknown.status).toBe(400);
    const notOffered = await request(t.url, `/api/schedule/events/${showId}`, { method: 'PATCH', token: manager.token, body: { title: 'Changed', translations: { de: { title: 'Morgenmix' } } } });
    expect(notOffered.status).toBe(400);
    expect(notOffered.body.error.message).toBe('"de" is not one of the station\'s languages for content (es, fr). Add it in General Settings first.');
    const notShipped = await request(t.url, `/api/schedule/events/${showId}`, { method: 'PATCH', token: manager.token, body: { translations: { klingon: { title: 'x' } } } });
    expect(notShipped.status).toBe(400);
    const bookBad = await book({ title: 'Bad', dates: ['2026-03-29'], broadcast_language: 'zz' });
    expect(bookBad.status).toBe(400);

    const event = (await request(t.url, `/api/schedule/events/${showId}`, { token: manager.token })).body.event;
    expect(event).toMatchObject({ title: 'Morning Mix', broadcast_language: 'es' });
    expect(Object.keys(event.translations).sort()).toEqual(['es', 'fr']);
    expect(shows((await week()).body).map((s) => s.title)).toEqual(['Morning Mix', 'Evening Talk', 'Cantonese Hour']);
  });

  it('the public schedule API reads ?lang=es, Accept-Language: fr, and falls back to the default language', async () => {
    const es = shows((await week('&lang=es')).body);
    expect(es.map((s) => s.title)).toEqual(['Mezcla Matinal', 'Evening Talk', 'Cantonese Hour']);
    expect(es[0]!.description).toBe('Música y noticias para empezar el día.');
    expect(es.map((s) => s.broadcast_language)).toEqual(['es', 'en', 'yue']);

    const fr = shows((await week('', { 'Accept-Language': 'fr-FR,fr;q=0.9' })).body);
    expect(fr[0]!.title).toBe('Mélange du Matin');
    // No French description: the station's default (English) one.
    expect(fr[0]!.description).toBe('Music and news to start the day.');

    const de = shows((await week('', { 'Accept-Language': 'de' })).body);
    expect(de[0]!.title).toBe('Morning Mix');
    const plain = shows((await week()).body);
    expect(plain[0]!.title).toBe('Morning Mix');
    // ?lang wins over Accept-Language.
    expect(shows((await week('&lang=es', { 'Accept-Language': 'fr' })).body)[0]!.title).toBe('Mezcla Matinal');
    expect((await week('&lang=xx')).status).toBe(400);
  });

  it('filters the public schedule by broadcast language, refusing a code that is not one', async () => {
    const res = await week('&broadcast_language=es');
    expect(res.status).toBe(200);
    expect(shows(res.body).map((s) => s.title)).toEqual(['Morning Mix']);
    expect(res.body.data.filters_applied.broadcast_language).toBe('es');
    expect(shows((await week('&broadcast_language=YUE')).body).map((s) => s.title)).toEqual(['Cantonese Hour']);
    expect(shows((await week('&broadcast_language=fr')).body)).toEqual([]);
    const bad = await week('&broadcast_language=klingon-ish');
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('Invalid broadcast_language parameter: use an ISO 639 language code such as es, fr or yue.');
  });

  it('the listener week, today and next-show APIs carry the broadcast language and the translation', async () => {
    const es = (await request(t.url, '/api/schedule/week?start=2026-03-23&lang=es')).body as { events: Show[] };
    expect(es.events.map((e) => [e.title, e.broadcast_language])).toEqual([
      ['Mezcla Matinal', 'es'],
      ['Evening Talk', 'en'],
      ['Cantonese Hour', 'yue'],
    ]);
    const fr = (await request(t.url, '/api/schedule/week?start=2026-03-23', { headers: { 'Accept-Language': 'fr' } })).body as { events: Show[] };
    expect(fr.events[0]!.title).toBe('Mélange du Matin');
    const viaCookie = (await request(t.url, '/api/schedule/week?start=2026-03-23', { headers: { Cookie: 'airdeck_lang=es', 'Accept-Language': 'fr' } })).body as { events: Show[] };
    expect(viaCookie.events[0]!.title).toBe('Mezcla Matinal');
    const next = (await request(t.url, '/api/schedule/next?lang=es')).body as { show: Show };
    expect(next.show).toMatchObject({ title: 'Mezcla Matinal', broadcast_language: 'es' });
  });

  it('the iCal feed carries the broadcast language and the titles of ?lang', async () => {
    const res = await fetch(`${t.url}/api/schedule.ics?lang=es`);
    expect(res.status).toBe(200);
    const ics = (await res.text()).replace(/\r\n /g, '');
    const events = ics.split('BEGIN:VEVENT').slice(1);
    const morning = events.find((e) => e.includes(`UID:${showId}@airdeck`))!;
    expect(morning).toContain('SUMMARY;LANGUAGE=es:Mezcla Matinal');
    expect(morning).toContain('DESCRIPTION;LANGUAGE=es:Música y noticias para empezar el día.');
    expect(morning).toContain('X-AIRDECK-BROADCAST-LANGUAGE:es');
    const evening = events.find((e) => e.includes(`UID:${englishShowId}@airdeck`))!;
    // No Spanish title: the station's default language, said so.
    expect(evening).toContain('SUMMARY;LANGUAGE=en:Evening Talk');
    expect(evening).toContain('X-AIRDECK-BROADCAST-LANGUAGE:en');
    const plain = (await (await fetch(`${t.url}/api/schedule.ics`)).text()).replace(/\r\n /g, '');
    expect(plain).toContain('SUMMARY;LANGUAGE=en:Morning Mix');
    const filtered = (await (await fetch(`${t.url}/api/schedule.ics?broadcast_language=yue`)).text()).replace(/\r\n /g, '');
    expect(filtered.match(/^SUMMARY.*$/gm)).toEqual(['SUMMARY;LANGUAGE=en:Cantonese Hour']);
  });

  it('the podcast feeds say the language: the show feed its broadcast language, each episode its own', async () => {
    const AUDIO = Buffer.concat(Array.from({ length: 40 }, () => Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.alloc(413)])));
    const id = randomUUID();
    fs.mkdirSync(path.join(dir, 'episode-audio'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'episode-audio', `${id}.mp3`), AUDIO);
    const to = FIXED_NOW - 3_600_000;
    await insertEpisode(t.server.ctx.knex, {
      id, show_id: showId, show_key: showId, presenter_id: null, title: 'Morning Mix', description: null,
      aired_from: new Date(to - 7_200_000), aired_to: new Date(to), trim_start_seconds: 0, trim_end_seconds: 0,
      status: 'published', hidden: false, file: `episode-audio/${id}.mp3`, content_type: 'audio/mpeg', bytes: AUDIO.length,
      duration_seconds: 7200, gaps: [], tracks: [], cut_at: new Date(),
    });
    const station = await fetch(`${t.url}/podcasts/station.xml`);
    expect(station.status).toBe(200);
    const stationXml = await station.text();
    expect(stationXml).toContain('<language>en</language>');
    expect(stationXml).toContain('<dc:language>es</dc:language>');
    const show = await fetch(`${t.url}/podcasts/${showId}.xml`);
    expect(show.status).toBe(200);
    expect(await show.text()).toContain('<language>es</language>');
  });
});

describe('pages, slides and the station description in several languages', () => {
  it('a custom page: its translation sanitised as the page body, read with ?lang or Accept-Language, else the default', async () => {
    const created = await request(t.url, '/api/pages', {
      method: 'POST',
      token: manager.token,
      body: {
        title: 'About us',
        slug: 'about',
        content: '<p>We are a community station.</p>',
        translations: { es: { title: 'Sobre nosotros', content: '<p>Somos una radio <strong>comunitaria</strong>.</p><script>alert(1)</script><img src="x" onerror="alert(1)">' } },
      },
    });
    expect(created.status).toBe(201);
    const content = created.body.translations.es.content as string;
    expect(content).toContain('<strong>comunitaria</strong>');
    expect(content).not.toContain('<script');
    expect(content).not.toContain('onerror');

    const es = (await request(t.url, '/api/content/pages/about?lang=es')).body;
    expect(es.title).toBe('Sobre nosotros');
    expect(es.content).toContain('Somos una radio');
    expect(es.content).not.toContain('alert');
    const fr = (await request(t.url, '/api/content/pages/about', { headers: { 'Accept-Language': 'fr' } })).body;
    expect(fr.title).toBe('About us');
    expect(fr.content).toBe('<p>We are a community station.</p>');

    // A save that leaves translations out keeps them; one in a language not offered is refused and changes nothing.
    const kept = await request(t.url, `/api/pages/${created.body.id}`, { method: 'PUT', token: manager.token, body: { title: 'About us', slug: 'about', content: '<p>We are a community station in Madrid.</p>' } });
    expect(kept.status).toBe(200);
    expect(kept.body.translations.es.title).toBe('Sobre nosotros');
    const refused = await request(t.url, `/api/pages/${created.body.id}`, { method: 'PUT', token: manager.token, body: { title: 'Changed', slug: 'about', content: '<p>x</p>', translations: { ar: { title: 'من نحن' } } } });
    expect(refused.status).toBe(400);
    expect((await request(t.url, '/api/content/pages/about')).body.title).toBe('About us');

  });

  it('a slide: its texts per language on the listener slider', async () => {
    const created = await request(t.url, '/api/slider/slides', {
      method: 'POST',
      token: manager.token,
      body: { title: 'Join us', description: 'Become a presenter.', translations: { fr: { title: 'Rejoignez-nous', description: 'Devenez animateur.' } } },
    });
    expect(created.status).toBe(201);
    expect(created.body.translations).toEqual({ fr: { title: 'Rejoignez-nous', description: 'Devenez animateur.' } });
    const fr = (await request(t.url, '/api/content/slider', { headers: { 'Accept-Language': 'fr-CA' } })).body;
    expect(fr.slides.map((s: { title: string; description: string }) => [s.title, s.description])).toEqual([['Rejoignez-nous', 'Devenez animateur.']]);
    const es = (await request(t.url, '/api/content/slider?lang=es')).body;
    expect(es.slides[0].title).toBe('Join us');
  });
});
