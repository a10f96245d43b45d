import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenerNavLinks } from '../../shared/routes';
import { startTestServer, type TestServer } from '../support/server';

/**
 * No reflected Host (issue 18 §4): hostile Host and X-Forwarded-Host headers
 * sent to every page and every GET API route never come back in a body or a
 * header, with PUBLIC_URL set and unset. Without PUBLIC_URL links are
 * relative and Discord sign-in refuses to start rather than trust the request.
 */
const EVIL = 'evil-attacker.example';

let dist: string;
beforeAll(() => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'airdeck-host-'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head><meta charset="UTF-8" /><title>Airdeck Radio</title></head><body><div id="root"></div></body></html>');
});
afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

/** A GET with any Host header (fetch may not set Host). */
function getWithHost(base: string, pathname: string, headers: Record<string, string>): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: url.hostname, port: url.port, path: pathname, method: 'GET', headers }, (res) => {
      // A stream (the demo audio, paced in real time): its head and first second are enough.
      const cut = setTimeout(() => res.destroy(), 1000);
      res.on('close', () => clearTimeout(cut));
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (d: Buffer) => {
        chunks.push(d);
        size += d.length;
        // An endless stream (the demo audio): enough has been read.
        if (size > 256 * 1024) res.destroy();
      });
      let settled = false;
      const done = () => {
        if (settled) return;
        settled = true;
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('latin1') });
      };
      res.on('end', done);
      res.on('close', done);
    });
    req.on('error', reject);
    req.setTimeout(10_000, () => req.destroy(new Error(`timeout ${pathname}`)));
    req.end();
  });
}

/** Every page a visitor may open and every GET route the routers registered, parameters filled from the seed. */
async function everyPath(t: TestServer): Promise<string[]> {
  const knex = t.server.ctx.knex;
  const presenter = await knex('presenters').first<{ id: string }>('id');
  const page = await knex('custom_pages').where({ is_published: true }).first<{ slug: string } | undefined>('slug');
  const paths = new Set<string>(['/', '/schedule', '/djs', '/become-a-dj', '/no-such-page', `/djs/${presenter?.id ?? 'x'}`, `/page/${page?.slug ?? 'x'}`, '/admin', '/login']);
  for (const l of listenerNavLinks(true)) paths.add(l.to);
  for (const router of t.server.built.routers) {
    for (const layer of router.stack) {
      if (typeof layer.path !== 'string' || !layer.methods.includes('GET')) continue;
      paths.add(layer.path.replace(/\*[A-Za-z_]+/g, 'x').replace(/:([A-Za-z_]+)(\([^)]*\))?\??/g, (_m, name: string) => (name === 'id' && presenter ? presenter.id : 'x')));
    }
  }
  return [...paths];
}

for (const publicUrl of [undefined, 'https://radio.example'] as const) {
  describe(`hostile Host headers, PUBLIC_URL ${publicUrl ?? 'unset'}`, () => {
    let t: TestServer;
    beforeAll(async () => {
      t = await startTestServer({
        seed: true,
        env: { WEB_DIST_DIR: dist, TRUST_PROXY: 'true', DISCORD_CLIENT_ID: '998877665544', DISCORD_CLIENT_SECRET: 'client-secret', ...(publicUrl ? { PUBLIC_URL: publicUrl } : {}) },
      });
    }, 120_000);
    afterAll(() => t?.close());

    it('are reflected by no page and no API', async () => {
      const paths = await everyPath(t);
      expect(paths.length).toBeGreaterThan(60);
      const reflected: string[] = [];
      for (const p of paths) {
        for (const headers of [{ Host: EVIL }, { Host: `${EVIL}:8443` }, { 'X-Forwarded-Host': EVIL, 'X-Forwarded-Proto': 'https' }] as Record<string, string>[]) {
          const res = await getWithHost(t.url, p, headers);
          if (res.body.includes(EVIL) || JSON.stringify(res.headers).includes(EVIL)) reflected.push(`${p} (${Object.keys(headers)[0]}) ${res.status}`);
        }
      }
      expect(reflected).toEqual([]);
    }, 120_000);

    it(publicUrl ? 'build absolute links from PUBLIC_URL' : 'leave links relative and refuse to start Discord sign-in', async () => {
      const home = await getWithHost(t.url, '/schedule', { Host: EVIL });
      const canonical = /<link rel="canonical" href="([^"]*)"/.exec(home.body)?.[1];
      expect(canonical).toBe(`${publicUrl ?? ''}/schedule`);
      const discord = await getWithHost(t.url, '/api/discord/authorize', { Host: EVIL });
      if (publicUrl) {
        expect(discord.status).toBe(200);
        const url = new URL((JSON.parse(discord.body) as { url: string }).url);
        expect(url.searchParams.get('redirect_uri')).toBe(`${publicUrl}/discord-callback`);
      } else {
        expect(discord.status).toBe(503);
        expect((JSON.parse(discord.body) as { error: { code: string } }).error.code).toBe('not_configured');
      }
    });
  });
}
