import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startTestServer, request, type TestServer } from '../support/server';

let t: TestServer;
let webDir: string;

beforeAll(async () => {
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'airdeck-web-'));
  fs.mkdirSync(path.join(webDir, 'assets'));
  fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Airdeck</title><div id="root"></div>');
  fs.writeFileSync(path.join(webDir, 'assets', 'app-abc123.js'), 'console.log("hi")');
  t = await startTestServer({ env: { WEB_DIST_DIR: webDir } });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

describe('health', () => {
  it('reports the database, version and uptime', async () => {
    const res = await request(t.url, '/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'ok', version: expect.any(String), apiVersion: 1, database: { ok: true, engine: t.database.engine } });
    expect(res.body.uptimeSeconds).toBeGreaterThanOrEqual(0);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});

describe('the error shape', () => {
  it('answers unknown API paths with a JSON 404', async () => {
    const res = await request(t.url, '/api/does-not-exist');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(res.body).toEqual({ error: { code: 'not_found', message: 'No API route for GET /api/does-not-exist', key: 'error.noApiRoute', values: { method: 'GET', path: '/api/does-not-exist' } } });
  });
  it('refuses a body that is not JSON with 415 and broken JSON with 400', async () => {
    const a = await request(t.url, '/api/anything', { method: 'POST', body: 'a=1', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
    expect(a.status).toBe(415);
    expect(a.body.error.code).toBe('unsupported_media_type');
    const b = await request(t.url, '/api/anything', { method: 'POST', body: '{"a":', headers: { 'Content-Type': 'application/json' } });
    expect(b.status).toBe(400);
    expect(b.body.error.message).toBe('The request body is not valid JSON.');
  });
  it('refuses an oversized body with 413', async () => {
    const res = await request(t.url, '/api/anything', { method: 'POST', body: JSON.stringify({ a: 'x'.repeat(400_000) }) });
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe('payload_too_large');
  });
});

describe('headers', () => {
  it('sets security headers and echoes a request id', async () => {
    const res = await fetch(`${t.url}/api/health`, { headers: { 'X-Request-Id': 'abc-123' } });
    expect(res.headers.get('x-request-id')).toBe('abc-123');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
  });
  it('makes up a request id when the client sends a bad one', async () => {
    const res = await fetch(`${t.url}/api/health`, { headers: { 'X-Request-Id': 'bad id\twith spaces' } });
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
  it('compresses large JSON when asked', async () => {
    const res = await fetch(`${t.url}/api/station`, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { name: string };
    expect(body.name).toBe('Airdeck');
  });
  it('never reflects an unknown origin in CORS', async () => {
    const res = await fetch(`${t.url}/api/station`, { headers: { Origin: 'https://evil.example' } });
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
    const studio = await fetch(`${t.url}/api/station`, { headers: { Origin: 'app://airdeck' } });
    expect(studio.headers.get('access-control-allow-origin')).toBe('app://airdeck');
    const pub = await fetch(`${t.url}/api/health`, { headers: { Origin: 'https://anyone.example' } });
    expect(pub.headers.get('access-control-allow-origin')).toBe('*');
  });
});

describe('the web app', () => {
  it('serves index.html for client routes, with 404 for unknown paths', async () => {
    const shows = await fetch(`${t.url}/shows`);
    expect(shows.status).toBe(200);
    expect(await shows.text()).toContain('<div id="root">');
    expect(shows.headers.get('cache-control')).toBe('no-cache');
    // A presenter that does not exist is a 404 for crawlers too (the page itself says 'DJ not found').
    const dj = await fetch(`${t.url}/djs/3f6c`);
    expect(dj.status).toBe(404);
    expect(await dj.text()).toContain('<div id="root">');
    const unknown = await fetch(`${t.url}/no-such-page`);
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('<div id="root">');
  });
  it('caches hashed assets for a year and refuses paths outside the build', async () => {
    const asset = await fetch(`${t.url}/assets/app-abc123.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const escape = await fetch(`${t.url}/assets/..%2F..%2F..%2Fetc%2Fpasswd`);
    expect(await escape.text()).not.toContain('root:');
    const missingAsset = await fetch(`${t.url}/assets/nope.js`);
    expect(missingAsset.status).toBe(404);
  });
});

describe('realtime', () => {
  it('welcomes a client, answers ping and refuses unknown and staff channels without a token', async () => {
    const ws = new WebSocket(`${t.url.replace('http', 'ws')}/api/realtime`);
    const frames: { type: string; code?: string }[] = [];
    ws.on('message', (m) => frames.push(JSON.parse(m.toString()) as { type: string }));
    await new Promise((r) => ws.once('open', r));
    ws.send(JSON.stringify({ type: 'ping', t: 1 }));
    ws.send(JSON.stringify({ type: 'subscribe', channel: 'nope' }));
    ws.send(JSON.stringify({ type: 'subscribe', channel: 'notifications' }));
    ws.send(JSON.stringify({ type: 'subscribe', channel: 'now-playing' }));
    ws.send('not json');
    await expect.poll(() => frames.length).toBeGreaterThanOrEqual(6);
    expect(frames[0]?.type).toBe('welcome');
    expect(frames).toContainEqual({ type: 'pong', t: 1 });
    expect(frames).toContainEqual(expect.objectContaining({ type: 'error', code: 'unknown_channel' }));
    expect(frames).toContainEqual(expect.objectContaining({ type: 'error', code: 'forbidden', channel: 'notifications' }));
    expect(frames).toContainEqual({ type: 'subscribed', channel: 'now-playing' });
    expect(frames).toContainEqual(expect.objectContaining({ type: 'error', code: 'bad_frame' }));
    ws.close();
  });
  it('closes a socket that sends an oversized frame', async () => {
    const ws = new WebSocket(`${t.url.replace('http', 'ws')}/api/realtime`);
    await new Promise((r) => ws.once('open', r));
    const code = await new Promise<number>((resolve) => {
      ws.once('close', (c) => resolve(c));
      ws.send('x'.repeat(100_000));
    });
    expect(code).toBe(1009);
  });
  it('refuses a browser from a foreign origin', async () => {
    const ws = new WebSocket(`${t.url.replace('http', 'ws')}/api/realtime`, { headers: { Origin: 'https://evil.example' } });
    const status = await new Promise<number>((resolve) => ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0)));
    expect(status).toBe(403);
  });
});
