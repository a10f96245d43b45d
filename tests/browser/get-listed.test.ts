import fs from 'node:fs';
import http from 'node:http';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserHarness, skipBrowser, type BrowserHarness } from '../support/browser';
import { openAsStaff } from '../support/staff';

/**
 * Settings → Get listed (issue 36 item 3) in Chromium: an owner checks the stream, saves the country and
 * language, registers the station on a local radio-browser.info stand-in (its JSON answer) and sees the id it
 * gave, the Icecast headers, the QR code and the links; the voice-assistant page for listeners too. Axe and
 * screenshots at 390, 768 and 1280 px.
 */
const AXE = fs.readFileSync('node_modules/axe-core/axe.min.js', 'utf8');
async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: Document, opts: unknown): Promise<{ violations: { id: string; help: string; nodes: { target: string[] }[] }[] }> } }).axe;
    const result = await axe.run(document, { runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] });
    return result.violations.map((v) => `${v.id} (${v.help}): ${v.nodes.slice(0, 5).map((n) => n.target.join(' ')).join(', ')}`);
  });
}

const UUID = '9617a958-0601-11e8-ae97-52543be04c81';
let h: BrowserHarness;
let rb: http.Server;
const added: Record<string, string>[] = [];

beforeAll(async () => {
  if (skipBrowser()) return;
  rb = http.createServer((req, res) => {
    let body = '';
    req.on('data', (d: Buffer) => (body += d.toString('utf8')));
    req.on('end', () => {
      added.push(Object.fromEntries(new URLSearchParams(body)));
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ ok: true, message: 'added station successfully', uuid: UUID }));
    });
  });
  await new Promise<void>((r) => rb.listen(0, '127.0.0.1', r));
  const probe = http.createServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((r) => probe.close(r));
  h = await startBrowserHarness({ env: { PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, RADIO_BROWSER_URL: `http://127.0.0.1:${(rb.address() as net.AddressInfo).port}` } });
}, 90_000);
afterAll(async () => {
  await h?.close();
  rb?.close();
});

describe.skipIf(skipBrowser())('Settings → Get listed in Chromium', () => {
  it('an owner checks the stream, saves the details, registers on radio-browser.info and sees the id, headers, QR code and links', async () => {
    const { page, context, errors } = await openAsStaff(h, 'owner');
    await page.goto(h.url + '/admin/settings');
    await page.getByRole('tab', { name: 'Get listed' }).click();
    await page.getByTestId('get-listed').waitFor({ timeout: 20_000 });

    const stream = page.getByRole('region', { name: '1. Your stream' });
    await stream.getByRole('button', { name: 'Check the stream' }).click();
    const checks = stream.getByRole('list', { name: 'Stream checks' });
    await checks.waitFor({ timeout: 20_000 });
    expect(await checks.getByRole('listitem').count()).toBe(6);
    await checks.getByText('Plays: passed').waitFor();
    await checks.getByText('Audio content type: passed').waitFor();
    await checks.getByText('Served over HTTPS: needs attention').waitFor();

    const rbCard = page.getByRole('region', { name: '3. radio-browser.info' });
    expect(await rbCard.getByTestId('listed-rb-status').textContent()).toBe('Not registered yet. Save the country first.');
    expect(await rbCard.getByRole('button', { name: 'Register the station' }).isDisabled()).toBe(true);

    const details = page.getByRole('region', { name: '2. Directory details' });
    await details.getByLabel('Country (two-letter code, e.g. GB)').fill('gb');
    await details.getByLabel('Language').fill('english');
    await details.getByLabel('Tags (comma-separated)').fill('community,indie');
    await details.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Listing details saved').first().waitFor({ timeout: 15_000 });
    expect(await details.getByLabel('Country (two-letter code, e.g. GB)').inputValue()).toBe('GB');

    await rbCard.getByRole('button', { name: 'Register the station' }).click();
    await expect.poll(() => rbCard.getByTestId('listed-rb-status').textContent(), { timeout: 15_000 }).toContain(`Station id: ${UUID}`);
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({ countrycode: 'GB', language: 'english', tags: 'community,indie' });
    expect(await rbCard.getByTestId('listed-icecast-headers').textContent()).toContain('<header name="icy-country-code" value="GB" />');

    const links = page.getByRole('region', { name: '4. Playlists, QR code and smart speakers' });
    const qr = links.getByRole('img', { name: /^QR code of .+'s stream$/ });
    await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 10_000 }).toBe(true);
    expect(await links.getByRole('link', { name: 'M3U playlist (/listen.m3u)' }).getAttribute('href')).toBe(`${h.url}/listen.m3u`);
    await page.getByRole('region', { name: '5. Podcast directories' }).getByRole('link', { name: 'Apple Podcasts' }).waitFor();

    for (const width of [1280, 768, 390]) {
      await page.setViewportSize({ width, height: width > 800 ? 900 : 844 });
      await page.screenshot({ path: path.join(os.tmpdir(), `airdeck-get-listed-${width}.png`), fullPage: true });
      expect(await axeViolations(page), `axe at ${width} px`).toEqual([]);
    }
    expect(errors).toEqual([]);

    // The listeners' page the screen links to.
    await page.goto(h.url + '/listen-everywhere');
    await page.getByRole('heading', { level: 1, name: /^Listen to .+ everywhere$/ }).waitFor();
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 844 });
      await page.screenshot({ path: path.join(os.tmpdir(), `airdeck-listen-everywhere-${width}.png`), fullPage: true });
      expect(await axeViolations(page), `listen-everywhere axe at ${width} px`).toEqual([]);
    }
    await context.close();
  }, 150_000);
});
