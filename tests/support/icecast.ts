import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/** A port the OS says is free now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(p));
    });
  });
}

/** Waits for a condition outside a test (a suite's set-up cannot use expect.poll), polling every 100 ms. */
export async function waitUntil(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export interface TestIcecast {
  port: number;
  /** http://127.0.0.1:port */
  base: string;
  /** Resolves once `mount` has a source (status-json lists it). */
  mountUp(mount: string, timeoutMs?: number): Promise<void>;
  stop(): void;
}

/**
 * A real Icecast 2.4 (Debian's icecast2) on a free local port, its configuration, logs and pid file in
 * `dir`. `mounts` are `{ name, fallback }`: a listener of `name` hears `fallback` while `name` has no
 * source and is moved back when one connects (fallback-override), as a station's live mount over its AutoDJ.
 */
export async function startIcecast(dir: string, opts: { sourcePassword: string; mounts?: { name: string; fallback: string }[] }): Promise<TestIcecast> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const owner = process.getuid?.() === 0 ? '<changeowner><user>nobody</user><group>nogroup</group></changeowner>' : '';
  const mounts = (opts.mounts ?? []).map((m) => `<mount><mount-name>${m.name}</mount-name><fallback-mount>${m.fallback}</fallback-mount><fallback-override>1</fallback-override></mount>`).join('');
  fs.chmodSync(dir, 0o777);
  fs.writeFileSync(
    path.join(dir, 'icecast.xml'),
    `<icecast><location>test</location><admin>test@localhost</admin>
  <limits><clients>20</clients><sources>4</sources><queue-size>524288</queue-size><client-timeout>30</client-timeout><header-timeout>15</header-timeout><source-timeout>10</source-timeout><burst-size>16384</burst-size></limits>
  <authentication><source-password>${opts.sourcePassword}</source-password><relay-password>relay-pw</relay-password><admin-user>admin</admin-user><admin-password>admin-pw</admin-password></authentication>
  <hostname>127.0.0.1</hostname><listen-socket><port>${port}</port><bind-address>127.0.0.1</bind-address></listen-socket>
  ${mounts}
  <fileserve>1</fileserve>
  <paths><basedir>/usr/share/icecast2</basedir><logdir>${dir}</logdir><webroot>/usr/share/icecast2/web</webroot><adminroot>/usr/share/icecast2/admin</adminroot><pidfile>${dir}/icecast.pid</pidfile></paths>
  <logging><accesslog>access.log</accesslog><errorlog>error.log</errorlog><loglevel>2</loglevel></logging>
  <security><chroot>0</chroot>${owner}</security></icecast>`,
  );
  const proc: ChildProcess = spawn('icecast2', ['-c', path.join(dir, 'icecast.xml')], { stdio: 'ignore' });
  await waitUntil(() => fetch(`${base}/status-json.xsl`).then((r) => r.ok), 20_000, 'icecast2 to answer');
  return {
    port,
    base,
    mountUp: (mount, timeoutMs = 20_000) => waitUntil(async () => (await (await fetch(`${base}/status-json.xsl`)).text()).includes(mount), timeoutMs, `a source on ${mount}`),
    stop: () => void proc.kill('SIGTERM'),
  };
}

/**
 * An AutoDJ: ffmpeg sending a sine tone in real time to `mount`, in the live input's format (44.1 kHz
 * stereo 128 kbps MP3, as the README asks of a station's AutoDJ mount, so Icecast moves listeners cleanly).
 */
export function startToneSource(icecast: TestIcecast, opts: { sourcePassword: string; mount: string; hz: number }): ChildProcess {
  return spawn('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-re', '-f', 'lavfi', '-i', `sine=frequency=${opts.hz}:sample_rate=44100`, '-ac', '2', '-c:a', 'libmp3lame', '-b:a', '128k', '-content_type', 'audio/mpeg', '-f', 'mp3', `icecast://source:${opts.sourcePassword}@127.0.0.1:${icecast.port}${opts.mount}`], { stdio: 'ignore' });
}

/** A WAV file of digital silence (48 kHz mono 16-bit): a fake microphone whose fader is closed. */
export function writeSilentWav(file: string, seconds: number): void {
  const pcmBytes = 48_000 * 2 * seconds;
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + pcmBytes, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(48_000, 24);
  header.writeUInt32LE(96_000, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(pcmBytes, 40);
  fs.writeFileSync(file, Buffer.concat([header, Buffer.alloc(pcmBytes)]));
}

/** The sources Icecast lists now (status-json), with their titles. */
export async function icecastMounts(icecast: Pick<TestIcecast, 'base'>): Promise<Array<{ listenurl: string; title?: string }>> {
  const body = (await (await fetch(`${icecast.base}/status-json.xsl`)).json()) as { icestats: { source?: unknown } };
  const s = body.icestats.source;
  return (Array.isArray(s) ? s : s ? [s] : []) as Array<{ listenurl: string; title?: string }>;
}

/** A TCP hop between a source client and the station whose network can be cut (every connection reset, new ones refused) and restored (issue 31). */
export interface CuttableLink {
  url: string;
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function cuttableLink(targetPort: number): Promise<CuttableLink> {
  let down = false;
  const open = new Set<net.Socket>();
  const server = net.createServer((client) => {
    if (down) return client.destroy();
    const upstream = net.connect(targetPort, '127.0.0.1');
    open.add(client);
    open.add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      open.delete(client);
      open.delete(upstream);
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    cut() {
      down = true;
      for (const s of open) s.destroy();
      open.clear();
    },
    restore() {
      down = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of open) s.destroy();
        server.close(() => resolve());
      }),
  };
}
