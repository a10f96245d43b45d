import type { StationEars } from '../radio/ears/types';

/**
 * Confirmation from the air (issue 31), from the station's ears (radio/ears:
 * the one reader of the public stream, as a listener): the presenter is
 * heard when (1) the stream switched: frames the relay sent come back out of
 * the public stream byte for byte (Icecast and the demo stream pass MP3
 * frames through unchanged), and (2) a level is present: the ears measured
 * sound in the same stretch. "Heard" holds while both were true in the last
 * {@link HEARD_HOLD_MS}; after {@link FIRST_VERDICT_MS} without, the verdict
 * is "nothing heard". (A station that re-encodes, such as AzuraCast's
 * Liquidsoap, never passes our frames through: see the README.)
 */

/** How long after the start a first "nothing heard" may be said. */
export const FIRST_VERDICT_MS = 10_000;
/** A match this recent keeps the verdict "heard". */
const HEARD_HOLD_MS = 5_000;
/** The peak a second of the public stream needs to count as sound (the ears' own go-live default). */
const HEARD_THRESHOLD_DB = -50;

export interface StreamWatch {
  stop(): void;
}

export interface WatchOptions {
  /** The station's ears (radio/ears): the one reader of the public stream. */
  ears: Pick<StationEars, 'onChunk' | 'recentLevels' | 'connection'>;
  matches: (frame: Buffer) => boolean;
  onHeard: (heard: boolean) => void;
  now: () => number;
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
  let verdict: boolean | null = null;
  let rest: Buffer = Buffer.alloc(0);
  const ears = opts.ears;
  const unChunk = ears.onChunk((chunk) => {
    const split = mp3Frames(rest.length > 0 ? Buffer.concat([rest, chunk.bytes]) : Buffer.from(chunk.bytes));
    rest = split.rest;
    for (const f of split.frames) if (opts.matches(f)) lastMatch = opts.now();
  });
  const judge = setInterval(() => {
    const at = opts.now();
    const switched = lastMatch > 0 && at - lastMatch < HEARD_HOLD_MS;
    // Level present: a second of the public stream's decoded audio at or above the threshold, lately.
    const sound = ears.recentLevels(Math.ceil(HEARD_HOLD_MS / 1000)).some((l) => l.peakDb >= HEARD_THRESHOLD_DB);
    const heard = switched && sound;
    // The ears read on the poller's leader only: on another instance no verdict is better than a wrong one.
    if (!heard && ears.connection().state === 'standby') return;
    if (heard && verdict !== true) {
      verdict = true;
      opts.onHeard(true);
    } else if (!heard && verdict !== false && (verdict === true || at - started >= FIRST_VERDICT_MS)) {
      verdict = false;
      opts.onHeard(false);
    }
  }, 500);
  judge.unref();
  return {
    stop() {
      clearInterval(judge);
      unChunk();
    },
  };
}
