import { mp3Frames } from '../../../shared/mp3-frames';
import type { StationEars } from '../radio/ears/types';

export { mp3Frames };

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
