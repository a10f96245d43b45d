import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../support/auth';
import { request, startTestServer, type TestServer } from '../support/server';

/**
 * A tight content policy (issue 18 §5): connections to this site only, media
 * from the configured stream origins, images from this site plus the origins
 * in use, form targets this site plus the donation provider. No scheme-wide
 * sources (`https:`, `http:`, `ws:`, `wss:`) anywhere.
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

  it('lists the origins of images staff put in use, and of the donation provider they choose', async () => {
    const before = (await policy())['img-src'];
    const staff = async (method: string, path: string, body: unknown) => {
      const res = await request(t.url, path, { method, token: manager.token, body });
      expect(res.status, `${method} ${path}`).toBeLessThan(300);
      return res.body;
    };
    await staff('POST', '/api/sponsored', { title: 'Bakery', description: 'Fresh bread', image_url: 'https://cdn.bakery.example/ad.png', learn_more_url: 'https://bakery.example' });
    await staff('POST', '/api/slider/slides', { title: 'Festival', description: 'Summer', image_url: 'https://images.festival.example/s.jpg', link_url: '/schedule' });
    await staff('POST', '/api/pages', { title: 'Gallery', slug: 'gallery', content: '<p>Photos</p><p><img src="https://photos.gallery.example/a.jpg"></p>', is_published: true });
    await staff('POST', '/api/pages', { title: 'Draft', slug: 'draft', content: '<p>Soon</p><p><img src="https://draft.example/a.jpg"></p>', is_published: false });
    const station = await request(t.url, '/api/settings/station', { token: manager.token });
    await staff('PUT', '/api/settings/station', { ...station.body, donation: { ...station.body.donation, providerUrl: 'https://donate.kindness.example/form' } });
    await expect
      .poll(async () => (await policy())['img-src'], { timeout: 5000, interval: 300 })
      .toEqual(["'self'", 'data:', 'blob:', 'https://cdn.bakery.example', 'https://images.festival.example', 'https://photos.gallery.example']);
    expect(before).not.toContain('https://cdn.bakery.example');
    expect((await policy())['form-action']).toEqual(["'self'", 'https://donate.kindness.example']);
  });

  it('keeps the origins in use without asking the database again until a change is announced', async () => {
    await policy();
    // Written behind the server's back: no event, so the kept answer stands (the policy costs no query per page).
    await t.server.ctx.knex('sponsored_content').insert({ title: 'Quiet', description: 'No event', image_url: 'https://quiet.example/q.png', learn_more_url: 'https://quiet.example' });
    expect((await policy())['img-src']).not.toContain('https://quiet.example');
    // Any staff change to sponsored content (here, on another item) announces it, and the next page lists the new origin.
    const listed = await request(t.url, '/api/sponsored', { token: manager.token });
    const bakery = (listed.body as { id: string; title: string }[]).find((i) => i.title === 'Bakery');
    expect(bakery).toBeTruthy();
    const res = await request(t.url, `/api/sponsored/${bakery!.id}`, { method: 'DELETE', token: manager.token });
    expect(res.status).toBe(204);
    await expect.poll(async () => (await policy())['img-src'], { timeout: 5000, interval: 200 }).toContain('https://quiet.example');
    expect((await policy())['img-src']).not.toContain('https://cdn.bakery.example');
  });

  it('gives other answers the same policy without any other origin', async () => {
    const res = await fetch(`${t.url}/api/health`);
    const header = res.headers.get('content-security-policy') ?? '';
    expect(header).toContain("img-src 'self' data: blob:;");
    expect(header).toContain("connect-src 'self';");
    expect(header).not.toContain('bakery');
  });
});
