import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectSource, SourceClientError } from '../../shared/live-source-client';

/**
 * The Icecast source client (issue 31; the server's relay, later the studio's main process) against a
 * real icecast2 through its port: accepted with the right password, refused with a wrong one, and
 * told apart when the mount is already in use.
 */
const skip = process.env.SKIP_ICECAST_TESTS === '1';
const has = (cmd: string) => spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0;
let dir: string;
let server: string;
let icecast: ChildProcess | null = null;

beforeAll(async () => {
  if (skip) return;
  if (!has('icecast2')) throw new Error('The Icecast tests need icecast2 (sudo apt-get install -y icecast2). Set SKIP_ICECAST_TESTS=1 to skip them on purpose.');
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'airdeck-srcclient-'));
  fs.chmodSync(dir, 0o777);
  const port = await new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(p));
    });
  });
  server = `http://127.0.0.1:${port}`;
  const owner = process.getuid?.() === 0 ? '<changeowner><user>nobody</user><group>nogroup</group></changeowner>' : '';
  fs.writeFileSync(path.join(dir, 'icecast.xml'), `<icecast><location>t</location><admin>t@localhost</admin><limits><sources>4</sources><source-timeout>10</source-timeout></limits>
<authentication><source-password>right-pw</source-password><admin-user>admin</admin-user><admin-password>admin-pw</admin-password></authentication>
<listen-socket><port>${port}</port><bind-address>127.0.0.1</bind-address></listen-socket>
<paths><basedir>/usr/share/icecast2</basedir><logdir>${dir}</logdir><webroot>/usr/share/icecast2/web</webroot><adminroot>/usr/share/icecast2/admin</adminroot><pidfile>${dir}/icecast.pid</pidfile></paths>
<logging><accesslog>access.log</accesslog><errorlog>error.log</errorlog><loglevel>1</loglevel></logging><security><chroot>0</chroot>${owner}</security></icecast>`);
  icecast = spawn('icecast2', ['-c', path.join(dir, 'icecast.xml')], { stdio: 'ignore' });
  for (let i = 0; i < 150 && !(await fetch(`${server}/status-json.xsl`).then((r) => r.ok).catch(() => false)); i++) await new Promise((r) => setTimeout(r, 100));
}, 30_000);

afterAll(() => {
  icecast?.kill('SIGTERM');
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const failureOf = (p: Promise<unknown>) => p.then(() => 'connected', (e: unknown) => (e instanceof SourceClientError ? e.kind : String(e)));

describe.skipIf(skip)('the Icecast source client against a real icecast2', () => {
  it('is refused with a wrong password, accepted with the right one, and told the mount is in use by a second source', async () => {
    expect(await failureOf(connectSource({ server, mount: '/live', username: 'source', password: 'wrong-pw' }))).toBe('wrong_password');
    const first = await connectSource({ server, mount: '/live', username: 'source', password: 'right-pw' });
    try {
      await expect.poll(async () => (await (await fetch(`${server}/status-json.xsl`)).text()).includes('/live'), { timeout: 5000 }).toBe(true);
      expect(await failureOf(connectSource({ server, mount: '/live', username: 'source', password: 'right-pw' }))).toBe('mount_in_use');
    } finally {
      first.end();
    }
    expect(await failureOf(connectSource({ server: 'http://127.0.0.1:9', mount: '/live', username: 'source', password: 'x', connectTimeoutMs: 2000 }))).toBe('station_unreachable');
  });

  it('sends the audio as it is: a listener of the mount gets the very bytes written, with no HTTP chunk sizes among them', async () => {
    // Icecast 2.4 does not decode a chunked request body: chunk sizes ("\r\n1a2\r\n") landed in the stream, and a
    // listener moved over from the fallback mount stopped decoding (the browser's Go live through icecast2).
    const mp3 = path.join(dir, 'tone.mp3');
    expect(spawnSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'sine=frequency=1000:duration=3', '-ac', '2', '-ar', '44100', '-c:a', 'libmp3lame', '-b:a', '128k', '-f', 'mp3', mp3]).status).toBe(0);
    const audio = fs.readFileSync(mp3);
    const source = await connectSource({ server, mount: '/raw', username: 'source', password: 'right-pw' });
    try {
      // Written in the odd-sized pieces a console sends, so any framing would show between them.
      for (let at = 0; at < audio.length; at += 418) source.write(audio.subarray(at, at + 418));
      await expect.poll(async () => (await (await fetch(`${server}/status-json.xsl`)).text()).includes('/raw'), { timeout: 5000 }).toBe(true);
      const res = await fetch(`${server}/raw`, { signal: AbortSignal.timeout(5000) });
      const reader = res.body!.getReader();
      let heard = Buffer.alloc(0);
      while (heard.length < 16_000) {
        const { value, done } = await reader.read();
        if (done) break;
        heard = Buffer.concat([heard, Buffer.from(value)]);
      }
      await reader.cancel();
      expect(heard.length).toBeGreaterThanOrEqual(16_000);
      expect(/\r\n[0-9a-f]{1,4}\r\n/i.test(heard.toString('latin1'))).toBe(false);
      // The listener's bytes, from its first frame on, stand in the file as one unbroken run.
      expect(audio.indexOf(heard.subarray(2000, 14_000))).toBeGreaterThan(-1);
    } finally {
      source.end();
    }
  });
});
