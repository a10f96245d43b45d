import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInZone } from '../../shared/time';
import { startBrowserHarness, skipBrowser, type BrowserHarness } from '../support/browser';
import { openAsStaff } from '../support/staff';

/**
 * Panel defects of issue 30 item 7 in Chromium: Schedule Overview's Cancel asks first and offers Undo (it
 * took a live show off air in one click), and a toast raised over a dialog keeps the header's bell and Sign
 * Out in sight. Issue 30's rota tools where they live in the browser: a presenter's next show on the
 * dashboard, their calendar feed in My Profile, and the printable weekly rota.
 */
let h: BrowserHarness;
beforeAll(async () => {
  if (skipBrowser()) return;
  h = await startBrowserHarness();
});
afterAll(async () => h?.close());

const knex = () => h.server.server.ctx.knex;
const overlaps = (a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }) =>
  Math.min(a.x + a.width, b.x + b.width) > Math.max(a.x, b.x) && Math.min(a.y + a.height, b.y + b.height) > Math.max(a.y, b.y);

describe.skipIf(skipBrowser())('rota panel defects (issue 30 item 7)', () => {
  it("Schedule Overview's Cancel asks for confirmation, and Undo puts the show back", async () => {
    // Tomorrow: a show of today's 05:05 would be over at some hours of the day the suite runs, and an aired show is not put back.
    const tomorrow = addDays(todayInZone(Date.now(), h.server.config.STATION_TIMEZONE), 1);
    const [row] = await knex()('schedule_events')
      .insert({ title: 'Cancel Me Maybe', type: 'show', event_date: tomorrow, start_time: '05:05:00', end_time: '05:10:00', status: 'scheduled', host: 'Maya Okafor', recurrence_type: 'once', booking_type: 'single' })
      .returning<{ id: string }[]>('id');
    const status = async () => (await knex()('schedule_events').where({ id: row!.id }).first<{ status: string }>('status')).status;
    const staff = await openAsStaff(h, 'owner');
    const { page } = staff;
    await page.goto(`${h.url}/admin/schedule`);
    // The calendar opens on today: tomorrow may be in the next month.
    if (tomorrow.slice(0, 7) !== todayInZone(Date.now(), h.server.config.STATION_TIMEZONE).slice(0, 7)) await page.getByRole('button', { name: 'Next month' }).click();
    await page.locator(`[data-date="${tomorrow}"]`).click();
    const card = page.getByRole('article', { name: 'Cancel Me Maybe' });
    await card.waitFor();

    // One click only asks.
    await card.getByRole('button', { name: 'Cancel', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this event?' });
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain('"Cancel Me Maybe"');
    expect(await status()).toBe('scheduled');
    await dialog.getByRole('button', { name: 'Keep it' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await status()).toBe('scheduled');

    // Confirmed: cancelled, with Undo in the toast.
    await card.getByRole('button', { name: 'Cancel', exact: true }).click();
    await page.getByRole('dialog', { name: 'Cancel this event?' }).getByRole('button', { name: 'Cancel event' }).click();
    const toast = page.locator('[data-toast]').filter({ hasText: 'Event cancelled' });
    await toast.waitFor();
    await expect.poll(status).toBe('cancelled');
    await toast.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(status).toBe('scheduled');
    await page.locator('[data-toast]').filter({ hasText: 'Cancellation undone' }).waitFor();
    expect(staff.errors).toEqual([]);
    await staff.context.close();
  });

  it('a toast over a dialog keeps the bell and Sign Out in sight (768 to 1280 px)', async () => {
    for (const width of [1280, 1024, 768]) {
      const staff = await openAsStaff(h, 'owner', { width });
      const { page } = staff;
      await page.goto(`${h.url}/admin/users`);
      await page.getByRole('button', { name: 'Create Account' }).click();
      const dialog = page.getByRole('dialog');
      // An address already in use: the refusal is a toast raised while the dialog stays open.
      await dialog.getByLabel('Email').fill('owner@airdeck.demo');
      await dialog.getByLabel('Username').fill(`Second Owner ${width}`);
      await dialog.getByLabel('Password').fill('a-long-password');
      await dialog.getByRole('button', { name: /Create/ }).last().click();
      const toast = page.locator('[data-toast]');
      await toast.waitFor();
      await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
      const t = (await toast.boundingBox())!;
      // The page behind a dialog is hidden from the accessibility tree, so found by CSS.
      for (const [name, selector] of [['the bell', 'header button[aria-label^="Notifications"]'], ['Sign Out', 'header button:has-text("Sign Out")']] as const) {
        const control = page.locator(selector).first();
        const box = (await control.boundingBox())!;
        expect(overlaps(t, box), `at ${width} px the toast ${JSON.stringify(t)} covers ${name} ${JSON.stringify(box)}`).toBe(false);
      }
      await staff.context.close();
    }
  });

  it("a presenter's next show on the dashboard, their calendar feed in My Profile, and the weekly rota on paper", async () => {
    const staff = await openAsStaff(h, 'presenter');
    const { page } = staff;
    const zone = ((await (await fetch(`${h.url}/api/station`)).json()) as { timezone: string }).timezone;
    const tomorrow = addDays(todayInZone(Date.now(), zone), 1);
    const [p] = await knex()('presenters').insert({ name: 'Rota Tester', role: 'presenter', user_id: staff.user.id }).returning<{ id: string }[]>('id');
    await knex()('schedule_events').insert([
      { title: 'Rota Tester Live', type: 'show', event_date: tomorrow, start_time: '04:10:00', end_time: '04:50:00', status: 'scheduled', presenter_id: p!.id, presenter_name: 'Rota Tester', recurrence_type: 'once', booking_type: 'single' },
      { title: 'Someone Else Hour', type: 'show', event_date: tomorrow, start_time: '04:50:00', end_time: '05:00:00', status: 'scheduled', presenter_name: 'Other Voice', recurrence_type: 'once', booking_type: 'single' },
      // A DJ whose name holds the whole of this one's: not in this presenter's feed (the feed filters by DJ id).
      { title: 'Namesake Hour', type: 'show', event_date: tomorrow, start_time: '05:00:00', end_time: '05:30:00', status: 'scheduled', presenter_name: 'Rota Tester Junior', recurrence_type: 'once', booking_type: 'single' },
    ]);

    // The dashboard: their own next show, day and times in the station's zone, and how long until it.
    await page.goto(`${h.url}/admin`);
    const card = page.getByRole('region', { name: 'My next show' });
    await card.waitFor();
    expect(await card.innerText()).toContain('Rota Tester Live');
    const day = new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(`${tomorrow}T00:00:00Z`));
    expect(await page.getByTestId('my-next-show-when').innerText()).toBe(`${day}, 04:10–04:50 (${zone})`);
    expect(await page.getByTestId('my-next-show-until').innerText()).toMatch(/^Starts (in \d+ hours?|tomorrow)$/);

    // My Profile: the feed of their own shows, to copy or subscribe to.
    await page.goto(`${h.url}/profile`);
    const feed = page.getByRole('region', { name: 'My calendar feed' });
    await feed.waitFor();
    const address = await feed.getByLabel('Feed address').inputValue();
    expect(address).toBe(`${h.url}/api/public/schedule.ics?presenter_id=${p!.id}`);
    expect(await feed.getByRole('link', { name: 'Subscribe in calendar app' }).getAttribute('href')).toBe(`webcal://${new URL(h.url).host}/api/public/schedule.ics?presenter_id=${p!.id}`);
    const ics = await (await fetch(address)).text();
    expect(ics).toContain('SUMMARY:Rota Tester Live');
    expect(ics).not.toContain('Someone Else Hour');
    expect(ics).not.toContain('Namesake Hour');

    // The weekly rota: tomorrow's shows with their presenters, the zone named; printed, only the rota shows.
    await page.goto(`${h.url}/admin/rota?week=${tomorrow}`);
    const dayHeading = new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(`${tomorrow}T12:00:00Z`));
    const section = page.getByRole('region', { name: dayHeading });
    await section.getByText('Rota Tester Live').waitFor();
    const rows = await section.getByRole('row').allInnerTexts();
    expect(rows.some((r) => r.includes('04:10') && r.includes('Rota Tester Live') && r.includes('Rota Tester'))).toBe(true);
    expect(rows.some((r) => r.includes('Someone Else Hour') && r.includes('Other Voice'))).toBe(true);
    expect(await page.getByTestId('rota-zone').innerText()).toBe(`All times are station time (${zone}).`);
    const signOut = page.locator('header button:has-text("Sign Out")').first();
    expect(await signOut.isVisible()).toBe(true);
    await page.emulateMedia({ media: 'print' });
    expect(await signOut.isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
    expect(await section.getByText('Rota Tester Live').isVisible()).toBe(true);
    expect(staff.errors).toEqual([]);
    await staff.context.close();
  });

  it('a whole series is cancelled from Show Management only after confirming', async () => {
    const today = todayInZone(Date.now(), h.server.config.STATION_TIMEZONE);
    const seriesId = crypto.randomUUID();
    await knex()('schedule_events').insert(
      [7, 14, 21].map((n) => ({ title: 'Series To Cancel', type: 'show', event_date: addDays(today, n), start_time: '03:10:00', end_time: '03:40:00', status: 'scheduled', presenter_name: 'Maya Okafor', recurrence_type: 'weekly', booking_type: 'series', series_id: seriesId })),
    );
    const statuses = async () => (await knex()('schedule_events').where({ series_id: seriesId }).orderBy('event_date').select('status')).map((r: { status: string }) => r.status);
    const staff = await openAsStaff(h, 'owner');
    const { page } = staff;
    await page.goto(`${h.url}/admin/shows`);
    await page.getByRole('tab', { name: 'Series' }).click();
    await page.getByRole('button', { name: /Series To Cancel/ }).click();
    const actions = page.getByRole('group', { name: 'Series actions' });
    await actions.getByRole('button', { name: 'Cancel series' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this series?' });
    expect(await dialog.innerText()).toContain('all 3 upcoming shows of "Series To Cancel"');
    await dialog.getByRole('button', { name: 'Go back' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await statuses()).toEqual(['scheduled', 'scheduled', 'scheduled']);
    await actions.getByRole('button', { name: 'Cancel series' }).click();
    await page.getByRole('dialog', { name: 'Cancel this series?' }).getByRole('button', { name: 'Cancel series' }).click();
    await page.locator('[data-toast]').filter({ hasText: 'Series cancelled' }).waitFor();
    await expect.poll(statuses).toEqual(['cancelled', 'cancelled', 'cancelled']);
    expect(staff.errors).toEqual([]);
    await staff.context.close();
  });
});
