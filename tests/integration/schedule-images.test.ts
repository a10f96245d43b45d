import zlib from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DENIED } from '../../shared/permissions';
import { buildShow, createPresenter, FIXED_NOW, type TestPresenter } from '../support/schedule';
import { startTestServer, type TestServer } from '../support/server';

let t: TestServer;
let presenter: TestPresenter;
let other: TestPresenter;

beforeAll(async () => {
  t = await startTestServer({ now: () => FIXED_NOW });
  presenter = await createPresenter(t, 'presenter');
  other = await createPresenter(t, 'presenter');
});
afterAll(async () => t?.close());

async function upload(path: string, token: string | null, bytes: Buffer, type: string) {
  const res = await fetch(t.url + path, { method: 'POST', headers: { 'Content-Type': type, ...(token ? { Authorization: `Bearer ${token}` } : {}) }, body: new Uint8Array(bytes) });
  return { status: res.status, body: (await res.json()) as { url?: string; error?: { message: string; details?: { description?: string } }; event?: { image_url: string } } };
}

const image = (format: 'png' | 'jpeg' | 'webp' | 'gif') => sharp({ create: { width: 40, height: 30, channels: 3, background: '#36c' } })[format]().toBuffer();

describe('show images (spec 001 §5: JPEG, PNG, WebP or GIF by their bytes, at most 5MB)', () => {
  it.each(['png', 'jpeg', 'webp', 'gif'] as const)('stores a %s and serves it with long caching', async (format) => {
    const res = await upload('/api/schedule/images', presenter.token, await image(format), 'application/octet-stream');
    expect(res.status).toBe(201);
    expect(res.body.url).toMatch(new RegExp(`^/media/show-images/${presenter.id}/image_\\d+(_[0-9a-f]+)?\\.(png|jpg|webp|gif)$`));
    const served = await fetch(t.url + res.body.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe(`image/${format}`);
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const etag = served.headers.get('etag')!;
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([40, 30]);
    expect((await fetch(t.url + res.body.url, { headers: { 'If-None-Match': etag, 'Cache-Control': 'max-age=0' } })).status).toBe(304);
  });

  it('judges by the bytes, not the name or type: text, SVG and broken images are refused', async () => {
    for (const [bytes, type] of [
      [Buffer.from('hello, not an image'), 'image/png'],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'image/svg+xml'],
    ] as const) {
      const res = await upload('/api/schedule/images', presenter.token, bytes, type);
      expect(res.status).toBe(415);
      expect(res.body.error).toMatchObject({ message: 'Invalid file type', details: { description: 'Please select a JPEG, PNG, WebP, or GIF image.' } });
    }
    // A real PNG cut short is an image that cannot be read: 'Upload failed'.
    const truncated = await upload('/api/schedule/images', presenter.token, Buffer.concat([(await image('png')).subarray(0, 60)]), 'image/png');
    expect(truncated.status).toBe(422);
    expect(truncated.body.error?.message).toBe('Upload failed');
  });

  it("refuses more than 5MB with 'File too large'", async () => {
    const big = Buffer.concat([await image('png'), Buffer.alloc(5 * 1024 * 1024)]);
    const res = await upload('/api/schedule/images', presenter.token, big, 'image/png');
    expect(res.status).toBe(413);
    expect(res.body.error).toMatchObject({ message: 'File too large', details: { description: 'Please select an image smaller than 5MB.' } });
  });

  it('refuses a decompression bomb', async () => {
    // A tiny PNG whose header claims 50,000 × 50,000 pixels: refused before anything is decoded.
    const bomb = Buffer.from(await image('png'));
    bomb.writeUInt32BE(50_000, 16);
    bomb.writeUInt32BE(50_000, 20);
    bomb.writeUInt32BE(zlib.crc32(bomb.subarray(12, 29)), 29);
    const res = await upload('/api/schedule/images', presenter.token, bomb, 'image/png');
    expect(res.status).toBe(413);
    expect(res.body.error?.message).toBe('File too large');
  });

  it("sets a show's image for those who may edit it, and needs sign-in", async () => {
    const id = await buildShow(t, { event_date: '2026-03-26', start_time: '10:00', end_time: '12:00', created_by: presenter.id });
    expect((await upload(`/api/schedule/events/${id}/image`, null, await image('png'), 'image/png')).status).toBe(401);
    const denied = await upload(`/api/schedule/events/${id}/image`, other.token, await image('png'), 'image/png');
    expect(denied.status).toBe(403);
    expect(denied.body.error?.message).toBe(DENIED.editShow);
    const ok = await upload(`/api/schedule/events/${id}/image`, presenter.token, await image('jpeg'), 'image/jpeg');
    expect(ok.status).toBe(200);
    expect(ok.body.event?.image_url).toMatch(/^\/media\/show-images\/.+\.jpg$/);
  });

  it('answers 404 for a missing image (the UI shows the placeholder)', async () => {
    expect((await fetch(`${t.url}/media/show-images/nobody/image_1.png`)).status).toBe(404);
    expect((await fetch(`${t.url}/media/secrets/x.png`)).status).toBe(404);
    expect((await fetch(`${t.url}/placeholder-show.svg`)).status).not.toBe(500);
  });
});
