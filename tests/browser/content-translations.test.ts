import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInZone, weekBoundsFrom } from '../../shared/schedule';
import { startBrowserHarness, skipBrowser, type BrowserHarness } from '../support/browser';
import { openAsStaff } from '../support/staff';
import { request } from '../support/server';

/**
 * Station content in several languages through the UI (issue 35 item 6): a manager offers Spanish in General Settings,
 * gives a show a Spanish title and a broadcast language in the Edit show form (a refused save keeps what was typed),
 * and a listener reading in Spanish sees the Spanish title on /shows, each show's language and a filter by it.
 */

let h: BrowserHarness;
beforeAll(async () => {
  if (!skipBrowser()) h = await startBrowserHarness();
});
afterAll(async () => h?.close());

describe.skipIf(skipBrowser())('station content in several languages', () => {
  it('a manager translates a show and sets its broadcast language; a Spanish listener sees it, its language and the filter', async () => {
    const { page, context, user, errors } = await openAsStaff(h, 'manager');
    // Two shows tomorrow at hours the demo schedule leaves free: one in English, one with no language yet.
    const day = addDays(todayInZone(Date.now(), h.server.config.STATION_TIMEZONE), 1);
    const book = async (title: string, start: string, end: string, broadcast_language?: string) => {
      const res = await request(h.url, '/api/schedule/bookings', { method: 'POST', token: user.token, body: { mode: 'calendar', dates: [day], start_time: start, end_time: end, title, description: 'Music and news to start the day.', presenter_id: null, host: 'Marta', image_url: null, ...(broadcast_language ? { broadcast_language } : {}) } });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.events[0].id as string;
    };
    const morning = await book('Morning Mix', '03:00', '04:00');
    await book('Evening Talk', '04:00', '04:30', 'en');

    // General Settings: Spanish offered for content.
    await page.goto(h.url + '/admin/settings');
    await page.getByRole('tab', { name: 'General Settings' }).click();
    const spanish = page.getByRole('group', { name: 'Languages offered for content' }).getByLabel('Spanish');
    await spanish.check();
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await page.getByText('Settings updated', { exact: false }).first().waitFor();
    expect((await request(h.url, '/api/settings/station', { token: user.token })).body.contentLanguages).toEqual(['es']);

    // The Edit show form: language tabs above title and description, the Broadcast language picker.
    await page.goto(`${h.url}/admin/shows/${morning}/edit`);
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('tab', { name: 'English (default)' }).waitFor();
    expect(await dialog.getByRole('tab', { name: 'English (default)' }).getAttribute('aria-selected')).toBe('true');
    await dialog.getByRole('tab', { name: 'Spanish' }).click();
    const esTitle = dialog.getByLabel('Title (Spanish)');
    expect(await esTitle.getAttribute('placeholder')).toBe('Morning Mix');
    await esTitle.fill('Mezcla Matinal');
    await dialog.getByLabel('Description (Spanish)').fill('Música y noticias para empezar el día.');
    expect(await dialog.getByRole('tab', { name: 'Spanish ✓' }).count()).toBe(1);
    const broadcast = dialog.getByRole('combobox', { name: 'Broadcast language' });
    await broadcast.fill('spani');
    await page.getByRole('option', { name: 'Spanish (es)' }).click();
    expect(await broadcast.inputValue()).toBe('Spanish (es)');

    // Refused by the server (an image from a host the station has not approved): everything typed stays.
    await dialog.getByLabel('Presenter image URL').fill('https://images.elsewhere.example/marta.jpg');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Update failed').first().waitFor();
    expect(await dialog.isVisible()).toBe(true);
    expect(await dialog.getByLabel('Title (Spanish)').inputValue()).toBe('Mezcla Matinal');
    expect(await dialog.getByLabel('Description (Spanish)').inputValue()).toBe('Música y noticias para empezar el día.');
    expect(await broadcast.inputValue()).toBe('Spanish (es)');
    expect(await dialog.getByLabel('Presenter image URL').inputValue()).toBe('https://images.elsewhere.example/marta.jpg');
    let saved = (await request(h.url, `/api/schedule/events/${morning}`, { token: user.token })).body.event;
    expect([saved.broadcast_language, saved.translations]).toEqual([null, {}]);

    await dialog.getByLabel('Presenter image URL').fill('');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Show updated').first().waitFor();
    saved = (await request(h.url, `/api/schedule/events/${morning}`, { token: user.token })).body.event;
    expect(saved).toMatchObject({ title: 'Morning Mix', broadcast_language: 'es', translations: { es: { title: 'Mezcla Matinal', description: 'Música y noticias para empezar el día.' } } });
    expect(errors).toEqual([]);
    await context.close();

    // A listener reading in Spanish, on the week of those shows.
    const listener = await h.newPage({ width: 390, storage: { active_week: weekBoundsFrom(day, 1).start } });
    const l = listener.page;
    await l.goto(`${h.url}/shows?lang=es`);
    const mix = l.getByRole('article', { name: 'Mezcla Matinal' });
    await mix.waitFor();
    expect(await l.getByRole('article', { name: 'Morning Mix' }).count()).toBe(0);
    expect(await mix.getByRole('note', { name: 'Emitido en español' }).textContent()).toBe('español');
    const talk = l.getByRole('article', { name: 'Evening Talk' });
    expect(await talk.getByRole('note').textContent()).toBe('inglés');

    // The filter: every language the week's shows use; choosing one narrows the list and goes in the address.
    const filter = l.getByRole('group', { name: 'Idioma' });
    expect(await filter.getByRole('button').allTextContents()).toEqual(['Todos', 'español', 'inglés']);
    expect(await filter.getByRole('button', { name: 'Todos' }).getAttribute('aria-pressed')).toBe('true');
    const shownBefore = await l.getByRole('article').count();
    await filter.getByRole('button', { name: 'español' }).click();
    await l.waitForURL((u) => u.searchParams.get('broadcast_language') === 'es');
    await filter.getByRole('button', { name: 'español', pressed: true }).waitFor();
    expect(await l.getByRole('article').count()).toBe(1);
    expect(await l.getByRole('article', { name: 'Mezcla Matinal' }).count()).toBe(1);
    expect(await l.getByRole('article', { name: 'Evening Talk' }).count()).toBe(0);
    expect(shownBefore).toBeGreaterThan(2);

    // The address keeps it: a reload (or a shared link) shows the same narrowed list; "Todos" lifts it.
    await l.reload();
    await l.getByRole('article', { name: 'Mezcla Matinal' }).waitFor();
    expect(await l.getByRole('article').count()).toBe(1);
    await l.getByRole('group', { name: 'Idioma' }).getByRole('button', { name: 'Todos' }).click();
    await l.waitForURL((u) => !u.searchParams.has('broadcast_language'));
    await l.getByRole('article', { name: 'Evening Talk' }).waitFor();

    // A custom page with a Spanish translation reads in Spanish; one without, in English, marked as English.
    const made = await request(h.url, '/api/pages', { method: 'POST', token: user.token, body: { title: 'About us', slug: 'about-us', content: '<p>We are a community station.</p>', translations: { es: { title: 'Sobre nosotros', content: '<p>Somos una radio comunitaria.</p>' } } } });
    expect(made.status).toBe(201);
    expect((await request(h.url, '/api/pages', { method: 'POST', token: user.token, body: { title: 'Volunteer', slug: 'volunteer', content: '<p>Help us run the station.</p>' } })).status).toBe(201);
    await l.goto(`${h.url}/page/about-us?lang=es`);
    await l.getByRole('heading', { level: 1, name: 'Sobre nosotros' }).waitFor();
    expect(await l.getByText('Somos una radio comunitaria.').count()).toBe(1);
    await l.goto(`${h.url}/page/volunteer?lang=es`);
    const heading = l.getByRole('heading', { level: 1, name: 'Volunteer' });
    await heading.waitFor();
    expect(await heading.getAttribute('lang')).toBe('en');
    expect(listener.errors).toEqual([]);
    await listener.context.close();
  }, 60_000);
});
