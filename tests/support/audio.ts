import { spawn, spawnSync, type ChildProcess } from 'node:child_process';

/**
 * A listener for the audio tests (issue 31): ffmpeg reads a stream as a
 * player would and decodes it to 16-bit mono PCM; the test asks what share of
 * the last half second's energy is at a frequency (Goertzel), so "hears the
 * 1 kHz tone" and "hears the demo music again" are measured, not assumed.
 */
export interface Listener {
  /** Share (0–1) of the energy of the last `ms` of audio at `hz`; null before enough audio arrived. */
  shareAt(hz: number, ms?: number): number | null;
  /** RMS level (0–1) of the last `ms`. */
  level(ms?: number): number | null;
  /** Seconds of audio decoded so far. */
  seconds(): number;
  /** Whether ffmpeg is still reading (the listener never reconnected). */
  alive(): boolean;
  /** How many HTTP connections this listener made (always 1: ffmpeg is not told to reconnect). */
  stop(): void;
}

export const LISTEN_RATE = 22_050;

export function goertzelShare(pcm: Int16Array, rate: number, hz: number): number {
  const n = pcm.length;
  if (n === 0) return 0;
  const k = Math.round((n * hz) / rate);
  const w = (2 * Math.PI * k) / n;
  const coeff = 2 * Math.cos(w);
  let s1 = 0;
  let s2 = 0;
  let energy = 0;
  for (let i = 0; i < n; i++) {
    const x = pcm[i]! / 32768;
    energy += x * x;
    const s0 = x + coeff * s1 - s2;
    s2 = s1;
    s1 = s0;
  }
  const power = s1 * s1 + s2 * s2 - coeff * s1 * s2;
  // Parseval: a pure sine at the bin has power = energy * n / 2.
  return energy > 0 ? Math.min(1, (2 * power) / (n * energy)) : 0;
}

export function listen(url: string): Listener {
  const chunks: Buffer[] = [];
  let total = 0;
  let alive = true;
  const p: ChildProcess = spawn('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-fflags', 'nobuffer', '-probesize', '32768', '-analyzeduration', '0', '-i', url, '-f', 's16le', '-ac', '1', '-ar', String(LISTEN_RATE), '-'], { stdio: ['ignore', 'pipe', 'ignore'] });
  p.stdout!.on('data', (b: Buffer) => {
    chunks.push(b);
    total += b.length;
    // Keep about 20 s.
    while (total - chunks[0]!.length > LISTEN_RATE * 2 * 20) total -= chunks.shift()!.length;
  });
  p.on('exit', () => (alive = false));
  const last = (ms: number): Int16Array | null => {
    const need = Math.floor((LISTEN_RATE * ms) / 1000) * 2;
    if (total < need) return null;
    const buf = Buffer.concat(chunks);
    const slice = buf.subarray(buf.length - need);
    return new Int16Array(slice.buffer.slice(slice.byteOffset, slice.byteOffset + slice.length));
  };
  let decoded = 0;
  p.stdout!.on('data', (b: Buffer) => (decoded += b.length));
  return {
    shareAt: (hz, ms = 500) => {
      const pcm = last(ms);
      return pcm ? goertzelShare(pcm, LISTEN_RATE, hz) : null;
    },
    level: (ms = 500) => {
      const pcm = last(ms);
      if (!pcm) return null;
      let e = 0;
      for (const v of pcm) e += (v / 32768) ** 2;
      return Math.sqrt(e / pcm.length);
    },
    seconds: () => decoded / 2 / LISTEN_RATE,
    alive: () => alive,
    stop: () => {
      p.kill('SIGKILL');
    },
  };
}

/** Makes a WAV (for Chromium's fake microphone) or an MP3 of a sine tone with ffmpeg. */
export async function makeTone(file: string, opts: { hz: number; seconds: number; rate: number; channels?: number; mp3Kbps?: number }): Promise<void> {
  const args = ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', `sine=frequency=${opts.hz}:sample_rate=${opts.rate}:duration=${opts.seconds}`, '-ac', String(opts.channels ?? 1)];
  if (opts.mp3Kbps) args.push('-c:a', 'libmp3lame', '-b:a', `${opts.mp3Kbps}k`);
  args.push(file);
  await new Promise<void>((resolve, reject) => {
    const p = spawn('ffmpeg', args, { stdio: 'ignore' });
    p.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg exited ${code}`))));
  });
}

/** True when a command is on PATH (issue 33). */
export const hasCommand = (cmd: string) => spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0;

/**
 * Writes an MP3 (mono, 44.1 kHz, 64 kb/s) of `parts` in order: a 440 Hz tone at ffmpeg's default
 * amplitude 1/8 (−18 dBFS peak) or digital silence, each `seconds` long (the dead-air tests, issue 33).
 */
export function makeMp3(file: string, parts: { tone: boolean; seconds: number }[]): void {
  const inputs: string[] = [];
  parts.forEach((p) => inputs.push('-f', 'lavfi', '-i', p.tone ? `sine=frequency=440:sample_rate=44100:duration=${p.seconds}` : `anullsrc=r=44100:cl=mono:d=${p.seconds}`));
  const filter = `${parts.map((_p, i) => `[${i}:a]`).join('')}concat=n=${parts.length}:v=0:a=1[a]`;
  const r = spawnSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...inputs, '-filter_complex', filter, '-map', '[a]', '-ac', '1', '-c:a', 'libmp3lame', '-b:a', '64k', file]);
  if (r.status !== 0) throw new Error(`ffmpeg failed: ${r.stderr.toString()}`);
}
