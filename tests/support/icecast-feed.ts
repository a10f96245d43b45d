import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { goertzelShare } from './audio';

/**
 * A real Icecast 2.4 on a free local port with one mount (`/live`) fed by ffmpeg (MP3, 64 kbit/s mono,
 * 44.1 kHz) from a tone generator in its own process that writes PCM in real time (a 440 Hz tone at
 * −18 dBFS). The same set-up as tests/integration/dead-air-icecast.test.ts, for the listen-again tests.
 */
export const SOURCE_PW = 'src-pw';
export const ADMIN_PW = 'admin-pw';
const RATE = 44_100;

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(p));
    });
  });
}

function config(dir: string, port: number, burst: number): string {
  const owner = process.getuid?.() === 0 ? '<changeowner><user>nobody</user><group>nogroup</group></changeowner>' : '';
  return `<icecast>
  <location>test</location><admin>test@localhost</admin>
  <limits><clients>20</clients><sources>4</sources><queue-size>524288</queue-size><client-timeout>30</client-timeout>
    <header-timeout>15</header-timeout><source-timeout>30</source-timeout><burst-size>${burst}</burst-size></limits>
  <authentication><source-password>${SOURCE_PW}</source-password><relay-password>relay-pw</relay-password>
    <admin-user>admin</admin-user><admin-password>${ADMIN_PW}</admin-password></authentication>
  <hostname>127.0.0.1</hostname>
  <listen-socket><port>${port}</port><bind-address>127.0.0.1</bind-address></listen-socket>
  <fileserve>1</fileserve>
  <paths><basedir>/usr/share/icecast2</basedir><logdir>${dir}</logdir><webroot>/usr/share/icecast2/web</webroot>
    <adminroot>/usr/share/icecast2/admin</adminroot><pidfile>${dir}/icecast.pid</pidfile></paths>
  <logging><accesslog>access.log</accesslog><errorlog>error.log</errorlog><loglevel>2</loglevel></logging>
  <security><chroot>0</chroot>${owner}</security>
</icecast>`;
}

const GENERATOR = `
let written = 0; const rate = ${RATE}; const t0 = performance.now();
process.stdout.on('error', () => process.exit(0));
setInterval(() => {
  const due = Math.floor(((performance.now() - t0 + 200) / 1000) * rate);
  if (due <= written) return;
  const pcm = Buffer.alloc((due - written) * 2);
  for (let i = 0; i < due - written; i++) pcm.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 440 * (written + i)) / rate) * 0.125 * 32767), i * 2);
  written = due;
  process.stdout.write(pcm);
}, 50);`;

/** Waits for a condition outside a test (beforeAll cannot use expect.poll). */
export async function waitFor(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export interface ToneStation {
  /** http://127.0.0.1:port */
  base: string;
  /** Sets the mount's song title (as a station's automation does): `Artist - Title`. */
  setSong(artistTitle: string): Promise<void>;
  stop(): void;
}

/**
 * Starts Icecast and the tone feeding `/live`; resolves once the mount is up. `burstBytes` is what Icecast
 * sends a new listener at once from its buffer (default 65 535: ~8 s at 64 kbit/s). `codec: 'aac'` feeds AAC-LC
 * in ADTS (`audio/aac`, 64 kbit/s) instead of MP3, as many stations stream.
 */
export async function startToneStation(opts: { burstBytes?: number; codec?: 'mp3' | 'aac' } = {}): Promise<ToneStation> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'airdeck-icecast-'));
  fs.chmodSync(dir, 0o777);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  fs.writeFileSync(path.join(dir, 'icecast.xml'), config(dir, port, opts.burstBytes ?? 65_535));
  const procs: ChildProcess[] = [];
  procs.push(spawn('icecast2', ['-c', path.join(dir, 'icecast.xml')], { stdio: 'ignore' }));
  await waitFor(() => fetch(`${base}/status-json.xsl`).then((r) => r.ok), 15_000, 'Icecast');
  const gen = spawn(process.execPath, ['-e', GENERATOR], { stdio: ['ignore', 'pipe', 'ignore'] });
  const codec = opts.codec === 'aac' ? ['-c:a', 'aac', '-b:a', '64k', '-content_type', 'audio/aac', '-f', 'adts'] : ['-c:a', 'libmp3lame', '-b:a', '64k', '-content_type', 'audio/mpeg', '-f', 'mp3'];
  const ff = spawn('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-f', 's16le', '-ar', String(RATE), '-ac', '1', '-i', 'pipe:0', ...codec, `icecast://source:${SOURCE_PW}@127.0.0.1:${port}/live`], { stdio: ['pipe', 'ignore', 'ignore'] });
  gen.stdout!.pipe(ff.stdin!);
  ff.stdin!.on('error', () => undefined);
  procs.push(gen, ff);
  await waitFor(() => fetch(`${base}/status-json.xsl`).then((r) => r.text()).then((x) => x.includes('/live')), 20_000, 'the /live mount');
  return {
    base,
    async setSong(song) {
      const q = new URLSearchParams({ mount: '/live', mode: 'updinfo', song });
      const res = await fetch(`${base}/admin/metadata?${q}`, { headers: { Authorization: `Basic ${Buffer.from(`admin:${ADMIN_PW}`).toString('base64')}` } });
      if (!res.ok) throw new Error(`Icecast metadata: HTTP ${res.status}`);
    },
    stop() {
      for (const p of procs.reverse()) p.kill('SIGKILL');
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** ffprobe's duration of an audio file (seconds). */
export function probeDuration(file: string): number {
  const r = spawnSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'default=nw=1:nk=1', file], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`ffprobe failed: ${r.stderr}`);
  return Number(r.stdout.trim());
}

/** Decodes an audio file with ffmpeg (mono, 22 050 Hz) and returns the share of each whole second's energy at `hz`. */
export function toneShares(file: string, hz: number): number[] {
  const rate = 22_050;
  const r = spawnSync('ffmpeg', ['-v', 'error', '-i', file, '-f', 's16le', '-ac', '1', '-ar', String(rate), 'pipe:1'], { maxBuffer: 1 << 28 });
  if (r.status !== 0) throw new Error(`ffmpeg failed: ${r.stderr?.toString()}`);
  const buf = r.stdout as Buffer;
  const pcm = new Int16Array(buf.buffer, buf.byteOffset, Math.floor(buf.length / 2));
  const shares: number[] = [];
  for (let s = 0; s + rate <= pcm.length; s += rate) shares.push(goertzelShare(pcm.subarray(s, s + rate), rate, hz));
  return shares;
}
