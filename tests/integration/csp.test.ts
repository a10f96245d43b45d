import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../support/auth';
import { buildShow, createPresenter } from '../support/schedule';
import { request, startTestServer, type TestServer } from '../support/server';

/**
 * A tight content policy (issue 18 §5, issue 29): connections to this site
 * only, media from the configured stream origins, images from this site plus
 * the hosts staff approved (never a host content names), form targets this
 * site plus the donation provider, bounded in size whatever is booked. No
 * scheme-wide sources (`https:`, `http:`, `ws:`, `wss:`) anywhere.
 */
let t: TestServer;
let dist: string;
let manager: TestUser;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'airdeck-csp-'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head><title>Airdeck Radio</title></head><body><div id="root"></div></body></html>');
  t = await startTestServer({ env: { WEB_DIST_DIR: dist, STREAM_URL: 'https://stream.radio.example:8443/live.mp3' } });
  manager = await createUser(t, { role: 'manager' });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

/** The page policy, directive → sources. */
async function policy(p = '/'): Promise<Record<string, string[]>> {
  const res = await fetch(t.url + p);
  const header = res.headers.get('content-security-policy') ?? '';
  return Object.fromEntries(
    header
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

describe('the content security policy of the website', () => {
  it('allows no scheme-wide source and connects to this site only', async () => {
    const csp = await policy();
    expect(csp['connect-src']).toEqual(["'self'"]);
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    for (const [name, sources] of Object.entries(csp)) {
      for (const wide of ['https:', 'http:', 'ws:', 'wss:', '*']) expect(sources, `${name} ${wide}`).not.toContain(wide);
    }
    // The configured stream's origin; a clean install has no donation provider, so forms post here only.
    expect(csp['media-src']).toEqual(["'self'", 'blob:', 'https://stream.radio.example:8443']);
    expect(csp['form-action']).toEqual(["'self'"]);
  });

  it('lists the image hosts staff approved and the donation provider they choose, never the hosts content names', async () => {
    const staff = async (method: string, path: string, body: unknown) => {
      const res = await request(t.url, path, { method, token: manager.token, body });
      expect(res.status, `${method} ${path}`).toBeLessThan(300);
      return res.body;
    };
    const station = await request(t.url, '/api/settings/station', { token: manager.token });
    const approve = (hosts: string[], extra: Record<string, unknown> = {}) => staff('PUT', '/api/settings/station', { ...station.body, approvedImageHosts: hosts, ...extra });
    // Content may name only approved hosts (issue 29): saved while approved, then the hosts are withdrawn.
    await approve(['https://cdn.bakery.example', 'https://images.festival.example']);
    await staff('POST', '/api/sponsored', { title: 'Bakery', description: 'Fresh bread', image_url: 'https://cdn.bakery.example/ad.png', learn_more_url: 'https://bakery.example' });
    await staff('POST', '/api/slider/slides', { title: 'Festival', description: 'Summer', image_url: 'https://images.festival.example/s.jpg', link_url: '/schedule' });
    await approve([]);
    // A page saved before the rule, naming a host nobody approved.
    await t.server.ctx.knex('custom_pages').insert({ title: 'Gallery', slug: 'gallery', content: '<p>Photos</p><p><img src="https://photos.gallery.example/a.jpg"></p>', is_published: true });
    // Content alone adds nothing to the policy, and listeners get none of its images.
    await expect.poll(async () => (await policy())['img-src'], { timeout: 3000, interval: 300 }).toEqual(["'self'", 'data:', 'blob:']);
    await expect.poll(async () => JSON.stringify((await request(t.url, '/api/content/slider')).body), { timeout: 3000, interval: 300 }).not.toContain('festival');
    expect((await request(t.url, '/api/content/pages/gallery')).body.content).toBe('<p>Photos</p><p></p>');
    await approve(['https://CDN.bakery.example/', 'https://images.festival.example'], { donation: { ...station.body.donation, providerUrl: 'https://donate.kindness.example/form' } });
    await expect
      .poll(async () => (await policy())['img-src'], { timeout: 5000, interval: 300 })
      .toEqual(["'self'", 'data:', 'blob:', 'https://cdn.bakery.example', 'https://images.festival.example']);
    expect((await policy())['form-action']).toEqual(["'self'", 'https://donate.kindness.example']);
    // What listeners are answered: the approved hosts' images, none from the page's unapproved host.
    const slider = await request(t.url, '/api/content/slider');
    expect(JSON.stringify(slider.body)).toContain('https://images.festival.example/s.jpg');
    const sponsored = await request(t.url, '/api/content/sponsored');
    expect(JSON.stringify(sponsored.body)).toContain('https://cdn.bakery.example/ad.png');
    expect((await request(t.url, '/api/content/pages/gallery')).body.content).not.toContain('photos.gallery.example');
  });

  it('refuses approved image hosts that are not https origins, or too many of them, and changes nothing', async () => {
    const station = await request(t.url, '/api/settings/station', { token: manager.token });
    for (const hosts of [['http://images.example.org'], ['https://images.example.org/path'], ['https://*.example.org'], Array.from({ length: 11 }, (_, i) => `https://h${i}.example.org`)]) {
      const res = await request(t.url, '/api/settings/station', { method: 'PUT', token: manager.token, body: { ...station.body, approvedImageHosts: hosts } });
      expect(res.status, hosts.join(' ')).toBe(400);
    }
    const after = await request(t.url, '/api/settings/station', { token: manager.token });
    expect(after.body.approvedImageHosts).toEqual(station.body.approvedImageHosts);
  });

  it('stays under 2 KB however many shows a probation account books with long image hosts', async () => {
    const probation = await createPresenter(t, 'probation');
    const longHost = (i: number) => `https://${'a'.repeat(60)}.${'b'.repeat(60)}.${'c'.repeat(60)}.img${i}.example/x.png`;
    // Such bookings are refused now (issue 29); those saved before the rule are what a policy could have grown from.
    const refused = await request(t.url, '/api/schedule/bookings', { method: 'POST', token: probation.token, body: { mode: 'daily', title: 'Long', event_date: '2026-12-01', start_time: '10:00', end_time: '10:30', image_url: longHost(0) } });
    expect(refused.status).toBe(400);
    for (let i = 0; i < 40; i++) {
      const hour = String(i % 24).padStart(2, '0');
      await buildShow(t, { title: `Long ${i}`, event_date: '2026-12-01', start_time: `${hour}:00`, end_time: `${hour}:30`, status: i % 2 ? 'pending' : 'scheduled', created_by: probation.id, image_url: longHost(i), presenter_image_url: `http://tracker${i}.example/p.gif` });
    }
    const res = await fetch(t.url + '/');
    const header = res.headers.get('content-security-policy') ?? '';
    expect(header.length).toBeLessThan(2048);
    expect(header).not.toContain('img0.example');
    expect(header).not.toContain('tracker');
    // The public schedule, pending bookings included, names none of those hosts.
    const all = await request(t.url, '/schedule-api?start_date=2026-12-01&end_date=2026-12-01&status=all');
    expect(all.status).toBe(200);
    expect(all.body.data.shows.length).toBeGreaterThanOrEqual(20);
    expect(JSON.stringify(all.body)).not.toMatch(/img\d+\.example|tracker/);
  });

  it('keeps the policy a route sets itself: uploaded media stay sandboxed', async () => {
    const presenter = await createPresenter(t, 'presenter');
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#336699' } }).png().toBuffer();
    const up = await fetch(`${t.url}/api/schedule/images`, { method: 'POST', headers: { Authorization: `Bearer ${presenter.token}`, 'Content-Type': 'image/png' }, body: png });
    expect(up.status).toBeLessThan(300);
    const { url } = (await up.json()) as { url: string };
    const res = await fetch(t.url + url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
  });

  it('lets the panel frame this site (the widget preview) and no other page frame anything', async () => {
    expect((await policy('/admin/settings'))['frame-src']).toEqual(["'self'"]);
    expect((await policy('/'))['frame-src']).toEqual(["'none'"]);
    expect((await policy('/schedule'))['frame-src']).toEqual(["'none'"]);
  });

  it('gives other answers the same policy without any other origin', async () => {
    const res = await fetch(`${t.url}/api/health`);
    const header = res.headers.get('content-security-policy') ?? '';
    expect(header).toContain("img-src 'self' data: blob:;");
    expect(header).toContain("connect-src 'self';");
    expect(header).not.toContain('bakery');
  });
});
