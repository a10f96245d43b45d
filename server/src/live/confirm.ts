import type { Logger } from '../log';

/**
 * Confirmation from the air (issue 31): reads the station's public stream as
 * a listener does and reports whether the frames the relay sent come back
 * out of it. Icecast (and the demo stream) pass MP3 frames through
 * unchanged, so a frame heard on the public stream that we sent is proof the
 * stream switched to the presenter. "Heard" holds while a sent frame was
 * seen in the last {@link HEARD_HOLD_MS}; after {@link FIRST_VERDICT_MS}
 * without one the verdict is "nothing heard".
 */

/** How long after the start a first "nothing heard" may be said. */
export const FIRST_VERDICT_MS = 10_000;
/** A match this recent keeps the verdict "heard". */
const HEARD_HOLD_MS = 5_000;

export interface StreamWatch {
  stop(): void;
}

export interface WatchOptions {
  /** The public stream's address (read over HTTP as a listener). */
  url?: string;
  /** Or, for the demo station served by this process, what its listeners are sent. */
  tap?: (fn: (frame: Buffer) => void) => () => void;
  matches: (frame: Buffer) => boolean;
  onHeard: (heard: boolean) => void;
  now: () => number;
  log?: Logger;
}

const KBPS1 = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const KBPS2 = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
const RATES: Record<number, number[]> = { 3: [44100, 48000, 32000], 2: [22050, 24000, 16000], 0: [11025, 12000, 8000] };
function frameLength(buf: Buffer, o: number): number {
  if (buf[o] !== 0xff || (buf[o + 1]! & 0xe0) !== 0xe0) return 0;
  const version = (buf[o + 1]! >> 3) & 3;
  const layer = (buf[o + 1]! >> 1) & 3;
  if (version === 1 || layer !== 1) return 0;
  const bi = buf[o + 2]! >> 4;
  const si = (buf[o + 2]! >> 2) & 3;
  if (bi === 0 || bi === 15 || si === 3) return 0;
  const rate = RATES[version]![si]!;
  const kbps = (version === 3 ? KBPS1 : KBPS2)[bi]!;
  return Math.floor(((version === 3 ? 144 : 72) * kbps * 1000) / rate) + ((buf[o + 2]! >> 1) & 1);
}

/** Splits MP3 bytes into whole frames, keeping the incomplete tail. */
export function mp3Frames(buf: Buffer): { frames: Buffer[]; rest: Buffer } {
  const frames: Buffer[] = [];
  let i = 0;
  while (i + 4 <= buf.length) {
    const len = frameLength(buf, i);
    if (len === 0) {
      i++;
      continue;
    }
    if (i + len > buf.length) break;
    frames.push(buf.subarray(i, i + len));
    i += len;
  }
  return { frames, rest: Buffer.from(buf.subarray(i)) };
}

export function watchPublicStream(opts: WatchOptions): StreamWatch {
  const started = opts.now();
  let lastMatch = 0;
  let stopped = false;
  let verdict: boolean | null = null;
  const seen = (frame: Buffer) => {
    if (opts.matches(frame)) lastMatch = opts.now();
  };
  const judge = setInterval(() => {
    const at = opts.now();
    const heard = lastMatch > 0 && at - lastMatch < HEARD_HOLD_MS;
    if (heard && verdict !== true) {
      verdict = true;
      opts.onHeard(true);
    } else if (!heard && verdict !== false && (verdict === true || at - started >= FIRST_VERDICT_MS)) {
      verdict = false;
      opts.onHeard(false);
    }
  }, 500);
  judge.unref();
  let untap: (() => void) | null = null;
  const abort = new AbortController();
  if (opts.tap) untap = opts.tap(seen);
  else if (opts.url) {
    const url = opts.url;
    void (async () => {
      while (!stopped) {
        try {
          const res = await fetch(url, { signal: abort.signal, headers: { 'User-Agent': 'Airdeck live confirmation', 'Icy-MetaData': '0' } });
          if (!res.ok || !res.body) throw new Error(`HTTP ${res.status}`);
          let rest: Buffer = Buffer.alloc(0);
          for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
            if (stopped) break;
            const split = mp3Frames(rest.length > 0 ? Buffer.concat([rest, chunk]) : Buffer.from(chunk));
            rest = split.rest;
            for (const f of split.frames) seen(f);
          }
        } catch (err) {
          if (stopped) return;
          opts.log?.debug({ err }, 'public stream read failed; trying again');
        }
        if (!stopped) await new Promise((r) => setTimeout(r, 1000));
      }
    })();
  }
  return {
    stop() {
      stopped = true;
      clearInterval(judge);
      untap?.();
      abort.abort();
    },
  };
}
