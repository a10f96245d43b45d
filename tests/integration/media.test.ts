import zlib from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeImage } from '../../server/src/media/service';
import { createUser, type TestUser } from '../support/auth';
import { request, startTestServer, type TestServer } from '../support/server';

let t: TestServer;
let u: TestUser;
beforeAll(async () => {
  t = await startTestServer();
  u = await createUser(t, { role: 'presenter' });
});
afterAll(async () => t?.close());

/** Uploads raw bytes as the avatar of the signed-in user. */
async function upload(bytes: Buffer, type = 'application/octet-stream', token = u.token) {
  const res = await fetch(`${t.url}/api/me/avatar`, { method: 'PUT', headers: { Authorization: `Bearer ${token}`, 'Content-Type': type }, body: new Uint8Array(bytes) });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

async function fetchBytes(path: string) {
  const res = await fetch(t.url + path);
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

const noise = (w: number, h: number) => sharp(Buffer.from(Array.from({ length: w * h * 3 }, (_, i) => (i * 7919) % 251)), { raw: { width: w, height: h, channels: 3 } });

/** A PNG whose header claims a huge size: a decompression bomb as far as any decoder can tell. */
async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#fff' } }).png().toBuffer();
  const out = Buffer.from(png);
  out.writeUInt32BE(width, 16);
  out.writeUInt32BE(height, 20);
  out.writeUInt32BE(zlib.crc32(out.subarray(12, 29)), 29);
  return out;
}

describe('avatar upload', () => {
  it('stores a re-encoded image with no EXIF or GPS, serves it with long caching, and removes the old one', async () => {
    const withGps = await noise(64, 48)
      .jpeg()
      .withExif({ IFD0: { Copyright: 'SECRET-COPYRIGHT-MARK', Make: 'SpyCam' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' } })
      .toBuffer();
    expect((await sharp(withGps).metadata()).exif).toBeDefined();
    expect(withGps.includes('SECRET-COPYRIGHT-MARK')).toBe(true);

    const first = await upload(withGps, 'image/jpeg');
    expect(first.status).toBe(200);
    expect(first.body.avatar_url).toMatch(new RegExp(`^/media/avatars/${u.id}/avatar_\\d+_[0-9a-f]+\\.jpg$`));
    const served = await fetchBytes(first.body.avatar_url);
    expect(served.res.status).toBe(200);
    expect(served.res.headers.get('content-type')).toBe('image/jpeg');
    expect(served.res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(served.res.headers.get('x-content-type-options')).toBe('nosniff');
    const meta = await sharp(served.bytes).metadata();
    expect(meta.exif).toBeUndefined();
    expect(served.bytes.includes('SECRET-COPYRIGHT-MARK')).toBe(false);
    expect(served.bytes.includes('SpyCam')).toBe(false);
    expect([meta.width, meta.height]).toEqual([64, 48]);

    const etag = served.res.headers.get('etag')!;
    // fetch adds Cache-Control: no-cache to conditional requests unless one is given, as a browser revalidating would not.
    const again = await fetch(t.url + first.body.avatar_url, { headers: { 'If-None-Match': etag, 'Cache-Control': 'max-age=0' } });
    expect(again.status).toBe(304);

    const second = await upload(await noise(32, 32).png().toBuffer(), 'image/png');
    expect(second.status).toBe(200);
    expect(second.body.avatar_url).not.toBe(first.body.avatar_url);
    expect((await fetchBytes(first.body.avatar_url)).res.status).toBe(404);
    expect((await fetchBytes(second.body.avatar_url)).res.status).toBe(200);
    const me = await request(t.url, '/api/me', { token: u.token });
    expect(me.body.profile.avatar_url).toBe(second.body.avatar_url);
  });

  it('accepts WebP and GIF, and shrinks big images', async () => {
    const webp = await upload(await noise(2000, 1000).webp().toBuffer());
    expect(webp.status).toBe(200);
    const { bytes } = await fetchBytes(webp.body.avatar_url);
    const meta = await sharp(bytes).metadata();
    expect(meta.format).toBe('webp');
    expect(Math.max(meta.width!, meta.height!)).toBe(512);
    const gif = await upload(await noise(20, 20).gif().toBuffer());
    expect(gif.status).toBe(200);
    expect(gif.body.avatar_url).toMatch(/\.gif$/);
  });

  it("refuses what is not a JPEG, PNG, WebP or GIF by its bytes: 'Invalid file type'", async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const html = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
    for (const [bytes, type] of [
      [svg, 'image/svg+xml'],
      [html, 'image/png'],
      [Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj << /Type /Catalog >> endobj'), 'image/png'],
      [await noise(8, 8).tiff().toBuffer(), 'image/png'],
    ] as const) {
      const res = await upload(bytes, type);
      expect(res.status, type).toBe(415);
      expect(res.body.error.message).toBe('Invalid file type');
      expect(res.body.error.details.description).toBe('Please select a JPEG, PNG, WebP, or GIF image.');
    }
    const json = await request(t.url, '/api/me/avatar', { method: 'PUT', token: u.token, body: { avatar: 'x' } });
    expect(json.status).toBe(415);
  });

  it("refuses files over 5 MB: 'File too large'", async () => {
    const big = Buffer.alloc(5 * 1024 * 1024 + 1, 0);
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(big);
    const res = await upload(big, 'image/png');
    expect(res.status).toBe(413);
    expect(res.body.error.message).toBe('File too large');
    expect(res.body.error.details.description).toBe('Please select an image smaller than 5MB.');
  });

  it('refuses decompression bombs and truncated images', async () => {
    const bomb = await upload(await pngClaiming(30_000, 30_000), 'image/png');
    expect(bomb.status).toBe(413);
    expect(bomb.body.error.message).toBe('File too large');
    const jpeg = await noise(200, 200).jpeg().toBuffer();
    const truncated = await upload(jpeg.subarray(0, Math.floor(jpeg.length / 2)), 'image/jpeg');
    expect(truncated.status).toBe(422);
    expect(truncated.body.error.message).toBe('Upload failed');
    const me = await request(t.url, '/api/me', { token: u.token });
    expect(me.body.profile.avatar_url).toMatch(/\.gif$/);
  });

  it('lets user managers set and remove avatars of users they may edit', async () => {
    const moderator = await createUser(t, { role: 'moderator' });
    const presenter = await createUser(t, { role: 'presenter' });
    const admin = await createUser(t, { role: 'admin' });
    const png = await noise(16, 16).png().toBuffer();
    const put = (target: string) => fetch(`${t.url}/api/users/${target}/avatar`, { method: 'PUT', headers: { Authorization: `Bearer ${moderator.token}`, 'Content-Type': 'image/png' }, body: new Uint8Array(png) });
    const ok = await put(presenter.id);
    expect(ok.status).toBe(200);
    const url = ((await ok.json()) as { avatar_url: string }).avatar_url;
    expect((await put(admin.id)).status).toBe(403);
    const removed = await request(t.url, `/api/users/${presenter.id}`, { method: 'PATCH', token: moderator.token, body: { avatar_url: null } });
    expect(removed.body.avatar_url).toBeNull();
    expect((await fetchBytes(url)).res.status).toBe(404);
  });
});

describe('media service', () => {
  it('stores show images under the spec path for the schedule domain', async () => {
    const stored = await storeImage(t.server.ctx, { bucket: 'show-images', bytes: await noise(40, 30).png().toBuffer(), owner: u.id, folder: 'shows' });
    expect(stored.url).toMatch(/^\/media\/show-images\/shows\/image_\d+_[0-9a-f]+\.png$/);
    expect((await fetchBytes(stored.url)).res.status).toBe(200);
  });

  it('answers 404 for unknown files and buckets', async () => {
    expect((await fetchBytes('/media/avatars/nobody/avatar.png')).res.status).toBe(404);
    expect((await fetchBytes('/media/secrets/x.png')).res.status).toBe(404);
  });
});
