import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';

/**
 * A tight content policy (issue 18 §5): connections to this site only, media
 * from the configured stream origins, images from this site plus the origins
 * in use, form targets this site plus the donation provider. No scheme-wide
 * sources (`https:`, `http:`, `ws:`, `wss:`) anywhere.
 */
let t: TestServer;
let dist: string;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'airdeck-csp-'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head><title>Airdeck Radio</title></head><body><div id="root"></div></body></html>');
  t = await startTestServer({ env: { WEB_DIST_DIR: dist, STREAM_URL: 'https://stream.radio.example:8443/live.mp3' } });
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
    const knex = t.server.ctx.knex;
    await knex('sponsored_content').insert({ title: 'Bakery', description: 'Fresh bread', image_url: 'https://cdn.bakery.example/ad.png', learn_more_url: 'https://bakery.example' });
    await knex('slider_content').insert({ title: 'Festival', description: 'Summer', image_url: 'https://images.festival.example/s.jpg', link_url: '/schedule' }).catch(async () => {
      await knex('slider_content').insert({ title: 'Festival', image_url: 'https://images.festival.example/s.jpg' });
    });
    await knex('custom_pages').insert({ title: 'Gallery', slug: 'gallery', content: '<p><img src="https://photos.gallery.example/a.jpg"></p>', is_published: true });
    await knex('custom_pages').insert({ title: 'Draft', slug: 'draft', content: '<p><img src="https://draft.example/a.jpg"></p>', is_published: false });
    await knex('station_settings').insert({ id: 1, settings: JSON.stringify({ donation: { providerUrl: 'https://donate.kindness.example/form', account: null, currency: 'GBP' } }) }).onConflict('id').merge();
    await expect
      .poll(async () => (await policy())['img-src'], { timeout: 5000, interval: 300 })
      .toEqual(["'self'", 'data:', 'blob:', 'https://cdn.bakery.example', 'https://images.festival.example', 'https://photos.gallery.example']);
    expect((await policy())['form-action']).toEqual(["'self'", 'https://donate.kindness.example']);
  });

  it('gives other answers the same policy without any other origin', async () => {
    const res = await fetch(`${t.url}/api/health`);
    const header = res.headers.get('content-security-policy') ?? '';
    expect(header).toContain("img-src 'self' data: blob:;");
    expect(header).toContain("connect-src 'self';");
    expect(header).not.toContain('bakery');
  });
});
