import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserHarness, skipBrowser, type BrowserHarness } from '../support/browser';
import { openAsStaff } from '../support/staff';

/*
 * A form's messages in the reader's language (issue 35, README "Languages" → "Error messages"): the form's own check
 * before sending, then the server's refusal, both in the page's language, with every typed value kept; in Arabic
 * the message sits at the field's right-hand (starting) edge and the arrows point the way the page reads.
 * Expected texts are the Spanish and Arabic catalogue's words, written out here.
 */
let h: BrowserHarness;
beforeAll(async () => {
  if (!skipBrowser()) h = await startBrowserHarness();
});
afterAll(async () => h?.close());

const SHOTS = process.env.FORM_SHOTS_DIR;

/** Whether a text is on screen (not only in the toasts' hidden announcer). */
const shown = (page: Page, text: string | RegExp) => page.getByText(text).evaluateAll((els) => els.some((e) => e.checkVisibility()));

describe.skipIf(skipBrowser())('form messages in the reader’s language', () => {
  it('a Spanish listener sees the song form’s own check and the station’s refusal in Spanish, with the form kept', async () => {
    // The same song was requested a moment ago (a rule only the server checks: not twice within the hour).
    const seeded = await fetch(`${h.url}/api/requests/song`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': 'seed-forms-i18n-1' },
      body: JSON.stringify({ title: 'Ocean Eyes', artist: 'Billie Eilish', request_type: 'custom', requester: 'Ana', user_session: 'forms-i18n-seed' }),
    });
    expect(seeded.status, await seeded.clone().text()).toBe(201);

    const { page, context, errors } = await h.newPage({ width: 390, height: 844, locale: 'es-ES' });
    await page.goto(`${h.url}/song-request?lang=es`);
    await page.getByRole('button', { name: '¿No la encuentras? Pide una canción personalizada' }).click();
    await page.getByLabel('Título de la canción').fill('Ocean Eyes');
    await page.getByLabel('Tu nombre').fill('Lucía');
    await page.getByLabel('Mensaje (opcional)').fill('¡Para mi hermana!');
    const send = page.getByRole('button', { name: 'Enviar petición' });
    await send.click();
    // The form's own check: no artist.
    await expect.poll(() => shown(page, 'Escribe el título de la canción y el artista')).toBe(true);
    expect(await shown(page, 'Please enter both song title and artist')).toBe(false);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/es-client-390.png` });

    await page.getByLabel('Artista').fill('Billie Eilish');
    await send.click();
    // The station's refusal, in Spanish (error.songRecentlyRequested), and nothing typed is lost.
    await expect.poll(() => shown(page, 'Esta canción ya se ha pedido en los últimos 60 minutos. Elige otra canción.')).toBe(true);
    expect(await shown(page, /already requested/)).toBe(false);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/es-server-390.png` });
    expect(await page.getByLabel('Título de la canción').inputValue()).toBe('Ocean Eyes');
    expect(await page.getByLabel('Artista').inputValue()).toBe('Billie Eilish');
    expect(await page.getByLabel('Tu nombre').inputValue()).toBe('Lucía');
    expect(await page.getByLabel('Mensaje (opcional)').inputValue()).toBe('¡Para mi hermana!');
    // The page logs the refused send on purpose (console.error('song request failed', …)); nothing else.
    expect(errors.filter((e) => !e.startsWith('song request failed'))).toEqual([]);
    await context.close();
  });

  it('an Arabic staff member sees the DJ form’s messages in Arabic at the field’s starting (right) edge, with the form kept', async () => {
    const { page, context, errors } = await openAsStaff(h, 'owner', { width: 390 });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${h.url}/admin/djs?lang=ar`);
    const addDj = async (name: string, website: string) => {
      await page.getByRole('button', { name: 'إضافة منسق' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'إضافة منسق جديد' });
      await dialog.getByLabel('الاسم').fill(name);
      await dialog.getByLabel('Website').fill(website);
      await dialog.getByRole('button', { name: 'إضافة منسق' }).click();
      return dialog;
    };
    // A DJ to collide with.
    const first = await addDj('ليلى', '');
    await first.waitFor({ state: 'hidden' });

    const dialog = await addDj('ليلى', 'ليلى.example');
    // The shared schema's check, said in Arabic (error.socialUrlInvalid, a text with a placeholder).
    const urlHelp = dialog.locator('.MuiFormHelperText-root', { hasText: 'رابطًا صالحًا' });
    await expect.poll(() => urlHelp.count()).toBe(1);
    expect(await urlHelp.textContent()).toBe('يجب أن يكون Website رابطًا صالحًا (يبدأ بـ http:// أو https://).');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/ar-client-390.png` });
    await startsAtRightEdge(urlHelp);

    // A valid address: now only the server can refuse (the name is taken), in Arabic, on the name field.
    await dialog.getByLabel('Website').fill('https://layla.example');
    await dialog.getByLabel('نبذة').fill('برنامج الصباح');
    await dialog.getByRole('button', { name: 'إضافة منسق' }).click();
    const nameHelp = dialog.locator('.MuiFormHelperText-root', { hasText: 'يوجد DJ بهذا الاسم بالفعل' });
    await expect.poll(() => nameHelp.count()).toBe(1);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/ar-server-390.png` });
    await startsAtRightEdge(nameHelp);
    expect(await dialog.getByLabel('الاسم').inputValue()).toBe('ليلى');
    expect(await dialog.getByLabel('Website').inputValue()).toBe('https://layla.example');
    expect(await dialog.getByLabel('نبذة').inputValue()).toBe('برنامج الصباح');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('mirrors a forward arrow in Arabic and leaves it as drawn in English', async () => {
    const transformOf = async (lang: string) => {
      const { page, context } = await h.newPage({ width: 390 });
      await page.goto(`${h.url}/request?lang=${lang}`);
      const arrow = page.locator('main svg.flip-rtl').first();
      await arrow.waitFor();
      const transform = await arrow.evaluate((el) => getComputedStyle(el).transform);
      await context.close();
      return transform;
    };
    expect(await transformOf('ar')).toBe('matrix(-1, 0, 0, 1, 0, 0)');
    expect(await transformOf('en')).toBe('none');
  });
});

/** The first line of a field's message ends at the field's right-hand edge (its start in Arabic), not its left. */
async function startsAtRightEdge(help: Locator): Promise<void> {
  const box = await help.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    // The first line (a mixed-direction line is several boxes, one per run).
    const rects = [...range.getClientRects()];
    const top = Math.min(...rects.map((r) => r.top));
    const first = rects.filter((r) => r.top - top < 4);
    const line = { left: Math.min(...first.map((r) => r.left)), right: Math.max(...first.map((r) => r.right)) };
    const field = el.parentElement!.getBoundingClientRect();
    return { lineLeft: line.left, lineRight: line.right, fieldLeft: field.left, fieldRight: field.right, dir: getComputedStyle(el).direction };
  });
  expect(box.dir, JSON.stringify(box)).toBe('rtl');
  expect(box.fieldRight - box.lineRight, JSON.stringify(box)).toBeLessThan(24);
  expect(box.fieldRight - box.lineRight).toBeGreaterThanOrEqual(0);
}
