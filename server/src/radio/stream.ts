import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import type { Context } from 'koa';
import type { Logger } from '../log';
import { DEMO_EPOCH_MS } from './sources/demo';
import { ICY_METAINT, icyInterleaver, wantsIcyMetadata } from './icy';

/**
 * The demo station's audio: an endless MP3 stream served by the server
 * itself, so a fresh install makes sound with no network and no binary tools.
 * A 32-second chord loop (pad, bass and a plucked arpeggio) is synthesised in
 * JavaScript and encoded once with a pure-JS LAME port, then cached in
 * DATA_DIR. Every listener hears the same position, like a real broadcast:
 * position = time since the demo epoch, so a player that pauses and reconnects
 * rejoins live.
 */

/** Sample rate of the demo audio (MPEG-2 Layer III). */
export const DEMO_SAMPLE_RATE = 22_050;
const KBPS = 48;
const LOOP_SECONDS = 32;
const CACHE_NAME = 'demo-stream-v1.mp3';
/**
 * Audio sent at once to a new listener so its player starts without waiting: 64 KiB, Icecast's default
 * `burst-size` (issue 36: a 2 s, 12 KB burst left a browser waiting 3-4 s before it started). As Icecast does, it
 * is the audio up to now (the loop's last 64 KiB; live, the last 64 KiB sent), never audio ahead of the clock: a
 * burst that ran ahead left every client with nothing new for as long as it ran ahead, and the station's own ears
 * took that for a dead stream. The listener plays about 11 s behind the clock (48 kbit/s); the player notices a
 * connection that ended by its network, not by the end of that buffer (web/src/radio/stall.ts).
 */
export const BURST_BYTES = 64 * 1024;
/** The most a late listener (a stalled timer) is sent at once. */
const CATCH_UP_MS = 2_000;
/** How often queued audio is written to every listener. */
const TICK_MS = 100;
/** A listener that falls this far behind (bytes not yet sent) is disconnected. */
const MAX_BACKLOG_BYTES = 256 * 1024;

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

const midiHz = (m: number) => 440 * 2 ** ((m - 69) / 12);

const TABLE_SIZE = 8192;
const SINE = new Float32Array(TABLE_SIZE + 1).map((_v, i) => Math.sin((2 * Math.PI * i) / TABLE_SIZE));
/** sin(2π·cycles) from a table: the synthesis calls it tens of millions of times. */
function sinCycles(cycles: number): number {
  const x = (cycles - Math.floor(cycles)) * TABLE_SIZE;
  const i = x | 0;
  const frac = x - i;
  return SINE[i]! + (SINE[i + 1]! - SINE[i]!) * frac;
}

/** Chords of the loop (MIDI notes), four seconds each. */
const CHORDS: readonly number[][] = [
  [50, 54, 57, 61], // Dmaj7
  [47, 50, 54, 57], // Bm7
  [43, 47, 50, 54], // Gmaj7
  [45, 49, 52, 54], // A6
  [52, 55, 59, 62], // Em7
  [54, 57, 61, 64], // F#m7
  [55, 59, 62, 66], // Gmaj7
  [57, 62, 64, 67], // A7sus4
];
const ARP = [0, 1, 2, 3, 2, 1, 2, 3];

/** Samples per MPEG-2 Layer III frame. */
const FRAME_SAMPLES = 576;
/** Frames in one loop: 32 s at 22 050 Hz is exactly 1 225 frames. */
export const LOOP_FRAMES = (LOOP_SECONDS * DEMO_SAMPLE_RATE) / FRAME_SAMPLES;

/**
 * Synthesises the loop as mono PCM at {@link DEMO_SAMPLE_RATE}. Notes that
 * ring past the end wrap to the start, so the loop joins without a click.
 * Yields to the event loop between chords.
 */
export async function synthesiseLoop(): Promise<Int16Array> {
  const sr = DEMO_SAMPLE_RATE;
  const n = sr * LOOP_SECONDS;
  const mix = new Float32Array(n);
  const chordSeconds = LOOP_SECONDS / CHORDS.length;
  const add = (startSec: number, seconds: number, fn: (t: number) => number) => {
    const start = Math.round(startSec * sr);
    const len = Math.round(seconds * sr);
    for (let i = 0; i < len; i++) mix[(start + i) % n]! += fn(i / sr);
  };
  for (const [ci, chord] of CHORDS.entries()) {
    const t0 = ci * chordSeconds;
    const hold = chordSeconds;
    const release = 1.6;
    // Pad: two slightly detuned sines and a soft octave per chord tone, slow attack, long release.
    for (const note of chord) {
      const f = midiHz(note);
      add(t0, hold + release, (t) => {
        const env = Math.min(1, t / 0.9) * (t > hold ? Math.max(0, 1 - (t - hold) / release) : 1);
        return 0.05 * env * (sinCycles(t * f) + sinCycles(t * f * 1.004) * 0.8 + sinCycles(t * f * 2) * 0.18);
      });
    }
    // Bass: the root two octaves down.
    const bf = midiHz(chord[0]! - 12);
    add(t0, hold + 0.3, (t) => {
      const env = Math.min(1, t / 0.03) * (0.65 + 0.35 * Math.exp(-t / 0.4)) * (t > hold ? Math.max(0, 1 - (t - hold) / 0.3) : 1);
      return 0.16 * env * (sinCycles(t * bf) + 0.25 * sinCycles(2 * t * bf));
    });
    // Arpeggio: a plucked chord tone every half second, an octave up.
    ARP.forEach((step, ai) => {
      const f = midiHz(chord[step]! + 12);
      add(t0 + ai * (chordSeconds / ARP.length), 1.4, (t) => {
        const env = Math.min(1, t / 0.004) * Math.exp(-t / 0.32);
        return 0.07 * env * (sinCycles(t * f) + 0.35 * sinCycles(2 * t * f) + 0.1 * sinCycles(3 * t * f));
      });
    });
    await yieldToEventLoop();
  }
  let peak = 0;
  for (let i = 0; i < n; i++) peak = Math.max(peak, Math.abs(Math.tanh(mix[i]!)));
  const gain = peak > 0 ? 0.45 / peak : 0;
  const pcm = new Int16Array(n);
  for (let i = 0; i < n; i++) pcm[i] = Math.round(Math.tanh(mix[i]!) * gain * 32767);
  return pcm;
}

const MPEG1_KBPS = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const MPEG2_KBPS = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
const RATES: Record<number, number[]> = { 3: [44100, 48000, 32000], 2: [22050, 24000, 16000], 0: [11025, 12000, 8000] };

/** One parsed MP3 frame header (Layer III only). */
export interface Mp3FrameInfo {
  length: number;
  sampleRate: number;
  samples: number;
  kbps: number;
}

/** Reads the Layer III frame header at `offset`, or `null` when there is none. */
export function readMp3Frame(buf: Uint8Array, offset: number): Mp3FrameInfo | null {
  if (offset + 4 > buf.length) return null;
  const b1 = buf[offset + 1]!;
  const b2 = buf[offset + 2]!;
  if (buf[offset] !== 0xff || (b1 & 0xe0) !== 0xe0) return null;
  const version = (b1 >> 3) & 3; // 3 = MPEG-1, 2 = MPEG-2, 0 = MPEG-2.5
  const layer = (b1 >> 1) & 3; // 1 = Layer III
  if (version === 1 || layer !== 1) return null;
  const bi = b2 >> 4;
  const si = (b2 >> 2) & 3;
  const rates = RATES[version];
  if (!rates || bi === 0 || bi === 15 || si === 3) return null;
  const sampleRate = rates[si]!;
  const kbps = (version === 3 ? MPEG1_KBPS : MPEG2_KBPS)[bi]!;
  const padding = (b2 >> 1) & 1;
  const length = Math.floor(((version === 3 ? 144 : 72) * kbps * 1000) / sampleRate) + padding;
  return { length, sampleRate, samples: version === 3 ? 1152 : 576, kbps };
}

/** Splits an MP3 byte stream into its frames. */
export function splitMp3Frames(buf: Uint8Array): { frames: Buffer[]; frameMs: number } {
  const frames: Buffer[] = [];
  let frameMs = 0;
  let i = 0;
  while (i < buf.length) {
    const info = readMp3Frame(buf, i);
    if (!info) {
      i++;
      continue;
    }
    if (i + info.length > buf.length) break;
    frames.push(Buffer.from(buf.subarray(i, i + info.length)));
    frameMs = (info.samples / info.sampleRate) * 1000;
    i += info.length;
  }
  return { frames, frameMs };
}

/** Encodes PCM to MP3 a slice at a time, yielding between slices so the server keeps answering. */
export async function encodeMp3(pcm: Int16Array): Promise<Uint8Array> {
  const { Mp3Encoder } = await import('@breezystack/lamejs');
  const encoder = new Mp3Encoder(1, DEMO_SAMPLE_RATE, KBPS);
  const parts: Uint8Array[] = [];
  const bytes = (a: ArrayBufferView) => new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
  const slice = 576 * 64;
  for (let i = 0; i < pcm.length; i += slice) {
    parts.push(bytes(encoder.encodeBuffer(pcm.subarray(i, Math.min(pcm.length, i + slice)))));
    await yieldToEventLoop();
  }
  parts.push(bytes(encoder.flush()));
  return Buffer.concat(parts);
}

/** Frames of lead-in encoded before the loop, so the encoder has settled when the loop's first frame is cut. */
const LEAD_IN_FRAMES = 40;

/**
 * Encodes exactly one loop period as a seamless run of frames: the PCM is
 * encoded with the loop's tail before it and its head after it (the input is
 * periodic), and exactly {@link LOOP_FRAMES} frames are cut from the middle,
 * so the last frame flows into the first.
 */
export async function encodeLoop(loop: Int16Array): Promise<Buffer> {
  const lead = LEAD_IN_FRAMES * FRAME_SAMPLES;
  const input = new Int16Array(lead + loop.length + lead);
  input.set(loop.subarray(loop.length - lead), 0);
  input.set(loop, lead);
  input.set(loop.subarray(0, lead), lead + loop.length);
  const { frames } = splitMp3Frames(await encodeMp3(input));
  return Buffer.concat(frames.slice(LEAD_IN_FRAMES, LEAD_IN_FRAMES + LOOP_FRAMES));
}

/** The encoded loop, split into frames. */
export interface DemoLoop {
  frames: Buffer[];
  frameMs: number;
}

/**
 * Loads the loop from its file in `cacheDir`, else builds it and caches it there (across restarts). Each demo
 * stream keeps the answer it got ({@link createDemoStream}), so a server instance builds or reads it once.
 */
export async function loadDemoLoop(cacheDir: string | null, log?: Logger): Promise<DemoLoop> {
  const file = cacheDir ? path.join(cacheDir, CACHE_NAME) : null;
  if (file) {
    try {
      const cached = splitMp3Frames(await fs.promises.readFile(file));
      if (cached.frames.length === LOOP_FRAMES) return cached;
    } catch {
      // Not cached yet.
    }
  }
  const started = performance.now();
  const mp3 = await encodeLoop(await synthesiseLoop());
  log?.info({ ms: Math.round(performance.now() - started), bytes: mp3.length }, 'demo stream audio generated');
  if (file) {
    try {
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      // Unique per write: two server instances in one process may build it at once.
      const tmp = `${file}.${process.pid}.${randomUUID()}.tmp`;
      await fs.promises.writeFile(tmp, mp3);
      await fs.promises.rename(tmp, file);
    } catch (err) {
      log?.warn({ err }, 'could not cache the demo stream audio');
    }
  }
  return splitMp3Frames(mp3);
}

interface Listener {
  out: PassThrough;
  res: Context['res'];
  next: number;
}

/**
 * The presenter's audio taking over the demo stream (issue 31): MP3 frames of
 * the demo's own format (22 050 Hz, mono), so a listener's decoder carries on
 * without reconnecting. Frames are played out at their real pace from a small
 * jitter buffer; when it runs dry the listener's own buffer bridges the gap.
 */
export interface DemoLiveInput {
  /** Encoded audio as it arrives (any chunking; frames are reassembled). */
  write(bytes: Uint8Array): void;
  /** Hands the stream back to the AutoDJ loop. */
  end(): void;
  readonly active: boolean;
}

/** Audio held before live frames start to play (absorbs network jitter). */
const LIVE_PREBUFFER_MS = 600;
/** Most live audio held: beyond it the oldest frames go, so the delay stays bounded after a network drop. */
const LIVE_MAX_QUEUE_MS = 8_000;

/** The live demo stream: one clock, many listeners. */
export interface DemoStream {
  /**
   * Starts a live input: from now on every listener hears its frames instead
   * of the loop, until `end()`; a second call ends the first input.
   */
  liveInput(): DemoLiveInput;

  /**
   * Answers GET /api/stream with the endless MP3, with the `icy-*` headers
   * directories and players read (icy-name, icy-description, icy-url,
   * icy-genre from `station`; icy-br, icy-sr and icy-pub from the stream itself).
   */
  serve(c: Context, station?: DemoStationHeaders): Promise<void>;
  listenerCount(): number;
  /** Calls `fn` with the new count whenever a listener connects or leaves; returns the unsubscribe. */
  onListenerCount(fn: (count: number) => void): () => void;
  /** Ends every listener's stream (server shutdown). */
  close(): void;
}

/** What the `icy-*` headers say about the station (General Settings). */
export interface DemoStationHeaders {
  name: string;
  description?: string;
  url?: string;
  genre?: string;
}

/** A header value on one line, in the bytes HTTP allows (Latin-1 printable; anything else becomes '?'). */
function headerText(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f]+/g, ' ').replace(/[^\u0020-\u007e\u00a0-\u00ff]/g, '?').trim().slice(0, 200);
}

/** Creates the broadcaster. `now` is the shared clock (tests replace it). */
export function createDemoStream(opts: { cacheDir: string | null; log: Logger; now?: () => number; title?: () => string | null }): DemoStream {
  const now = opts.now ?? Date.now;
  const listeners = new Set<Listener>();
  const watchers = new Set<(count: number) => void>();
  const counted = () => {
    for (const fn of watchers) fn(listeners.size);
  };
  let ticker: NodeJS.Timeout | null = null;
  let loop: DemoLoop | null = null;
  /** The live input's state: queued frames, the partial frame still arriving, and its play-out clock. */
  let live: {
    id: number;
    queue: Buffer[];
    partial: Buffer;
    /** Instant the next queued frame is due; null until the prebuffer has filled. */
    dueAt: number | null;
    frameMs: number;
    /** The last {@link BURST_BYTES} (or a little more) sent, to prime a listener who joins during the live show. */
    recent: Buffer[];
    recentBytes: number;
  } | null = null;
  let liveIds = 0;
  const send = (li: Listener, frames: Buffer[]) => {
    if (frames.length === 0) return;
    li.out.write(frames.length === 1 ? frames[0]! : Buffer.concat(frames));
  };

  /** The loop, loaded once for this stream (the first listener waits for it; a failed load is tried again). */
  let loading: Promise<DemoLoop> | null = null;
  const loadLoop = (): Promise<DemoLoop> => {
    if (!loading) {
      const p = loadDemoLoop(opts.cacheDir, opts.log);
      p.catch(() => {
        if (loading === p) loading = null;
      });
      loading = p;
    }
    return loading;
  };

  const frameAt = (ms: number, l: DemoLoop) => Math.floor((ms - DEMO_EPOCH_MS) / l.frameMs);
  const frameOf = (f: number, l: DemoLoop) => l.frames[((f % l.frames.length) + l.frames.length) % l.frames.length]!;
  const chunk = (from: number, to: number, l: DemoLoop): Buffer => {
    const parts: Buffer[] = [];
    for (let f = from; f <= to; f++) parts.push(frameOf(f, l));
    return Buffer.concat(parts);
  };
  const drop = (li: Listener) => {
    if (listeners.delete(li)) counted();
    if (!li.out.destroyed) li.out.destroy();
    if (listeners.size === 0 && !live && ticker) {
      clearInterval(ticker);
      ticker = null;
    }
  };
  /** The live frames due now (none while prebuffering), advancing the live clock. */
  const dueLiveFrames = (at: number): Buffer[] => {
    const l = live!;
    if (l.dueAt === null) {
      if (l.queue.length * l.frameMs < LIVE_PREBUFFER_MS) return [];
      l.dueAt = at;
    }
    const out: Buffer[] = [];
    while (l.queue.length > 0 && l.dueAt <= at) {
      out.push(l.queue.shift()!);
      l.dueAt += l.frameMs;
    }
    // Ran dry: wait for the prebuffer again rather than trickling frame by frame.
    if (l.queue.length === 0 && l.dueAt <= at) l.dueAt = null;
    for (const f of out) {
      l.recent.push(f);
      l.recentBytes += f.length;
    }
    while (l.recent.length > 1 && l.recentBytes - l.recent[0]!.length >= BURST_BYTES) l.recentBytes -= l.recent.shift()!.length;
    return out;
  };
  const tick = () => {
    if (!loop) return;
    const at = now();
    const current = frameAt(at, loop);
    if (live) {
      const frames = dueLiveFrames(at);
      for (const li of listeners) {
        if (li.out.writableLength + li.res.writableLength > MAX_BACKLOG_BYTES) {
          opts.log.info('dropping a demo stream listener that fell behind');
          drop(li);
          continue;
        }
        send(li, frames);
        // The loop's clock runs on underneath, so the AutoDJ resumes where the broadcast would be.
        li.next = current + 1;
      }
      return;
    }
    for (const li of listeners) {
      if (li.out.writableLength + li.res.writableLength > MAX_BACKLOG_BYTES) {
        opts.log.info('dropping a demo stream listener that fell behind');
        drop(li);
        continue;
      }
      if (current >= li.next) {
        // A listener more than a few seconds behind (a stalled timer) skips ahead rather than bursting.
        const from = Math.max(li.next, current - Math.ceil(CATCH_UP_MS / loop.frameMs));
        li.out.write(chunk(from, current, loop));
        li.next = current + 1;
      }
    }
  };

  return {
    async serve(c, station) {
      const l = (loop = await loadLoop());
      c.status = 200;
      c.type = 'audio/mpeg';
      c.set('Cache-Control', 'no-cache, no-store');
      c.set('Accept-Ranges', 'none');
      c.set('icy-name', headerText(station?.name || 'Airdeck demo station'));
      if (station?.description) c.set('icy-description', headerText(station.description));
      if (station?.url) c.set('icy-url', headerText(station.url));
      c.set('icy-genre', headerText(station?.genre || 'Various'));
      // The loop's own format (every frame has the same bitrate and sample rate).
      const first = l.frames[0] ? readMp3Frame(l.frames[0], 0) : null;
      if (first) {
        const channels = l.frames[0]![3]! >> 6 === 3 ? 1 : 2;
        c.set('icy-br', String(first.kbps));
        c.set('icy-sr', String(first.sampleRate));
        c.set('icy-audio-info', `ice-samplerate=${first.sampleRate};ice-bitrate=${first.kbps};ice-channels=${channels}`);
      }
      // Listed in directories: this is the station's public stream.
      c.set('icy-pub', '1');
      // In-band titles for players that ask (VLC, car radios, TuneIn-style apps), as Icecast answers them.
      const icy = wantsIcyMetadata(c.get('icy-metadata') || undefined);
      if (icy) c.set('icy-metaint', String(ICY_METAINT));
      if (c.method === 'HEAD') return;
      const out = new PassThrough();
      const current = frameAt(now(), l);
      const li: Listener = { out, res: c.res, next: current + 1 };
      if (live && live.recent.length > 0) out.write(Buffer.concat(live.recent));
      else {
        // Back from the current frame until the burst holds BURST_BYTES; the ticker goes on after it, at the clock.
        let from = current;
        for (let bytes = frameOf(from, l).length; bytes < BURST_BYTES; ) bytes += frameOf(--from, l).length;
        out.write(chunk(from, current, l));
      }
      listeners.add(li);
      counted();
      out.on('close', () => drop(li));
      c.res.on('close', () => drop(li));
      c.body = icy ? out.pipe(icyInterleaver(() => opts.title?.() ?? null)) : out;
      ticker ??= setInterval(tick, TICK_MS);
      ticker.unref();
    },
    liveInput() {
      const id = ++liveIds;
      live = { id, queue: [], partial: Buffer.alloc(0), dueAt: null, frameMs: loop?.frameMs ?? (FRAME_SAMPLES / DEMO_SAMPLE_RATE) * 1000, recent: [], recentBytes: 0 };
      // The ticker runs while live even with nobody listening (the live clock keeps its pace).
      ticker ??= setInterval(tick, TICK_MS);
      ticker.unref();
      void loadLoop().then((l) => (loop ??= l)).catch(() => undefined);
      const mine = () => live !== null && live.id === id;
      return {
        write(bytes) {
          if (!mine()) return;
          const l = live!;
          const buf = l.partial.length > 0 ? Buffer.concat([l.partial, bytes]) : Buffer.from(bytes);
          let i = 0;
          while (i + 4 <= buf.length) {
            const info = readMp3Frame(buf, i);
            if (!info) {
              i++;
              continue;
            }
            if (i + info.length > buf.length) break;
            // Only the demo's own format: another would make the listeners' decoders start over.
            if (info.sampleRate === DEMO_SAMPLE_RATE) l.queue.push(buf.subarray(i, i + info.length));
            l.frameMs = (info.samples / info.sampleRate) * 1000;
            i += info.length;
          }
          l.partial = Buffer.from(buf.subarray(i));
          const max = Math.ceil(LIVE_MAX_QUEUE_MS / l.frameMs);
          if (l.queue.length > max) l.queue.splice(0, l.queue.length - max);
        },
        end() {
          if (!mine()) return;
          live = null;
          if (listeners.size === 0 && ticker) {
            clearInterval(ticker);
            ticker = null;
          }
        },
        get active() {
          return mine();
        },
      };
    },
    listenerCount: () => listeners.size,
    onListenerCount(fn) {
      watchers.add(fn);
      return () => watchers.delete(fn);
    },
    close() {
      for (const li of [...listeners]) {
        li.out.end();
        drop(li);
      }
    },
  };
}
