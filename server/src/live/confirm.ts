import { mp3Frames } from '../../../shared/mp3-frames';
import type { NotHeardReason } from '../../../shared/live';
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
 * is "nothing heard". A station that re-encodes (AzuraCast's Liquidsoap)
 * never passes our frames through: there (1) is what the station's own API
 * says, read after we connected: a streamer live under the presenter's
 * streamer account or name (`reported`), and a failure says which half is
 * missing (not switched, someone else live, silent).
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

/** What the station's own API last said about who is live (AzuraCast's now-playing `live`), read by the poller. */
export interface ReportedLive {
  isLive: boolean;
  streamerName: string;
  /** When the station was read (epoch ms). */
  at: number;
}

export interface WatchOptions {
  /** The station's ears (radio/ears): the one reader of the public stream. */
  ears: Pick<StationEars, 'onChunk' | 'recentLevels' | 'connection'>;
  /** Frame mode (Icecast, the demo): whether a frame of the public stream is one we sent. */
  matches: (frame: Buffer) => boolean;
  /**
   * Reported mode (a station that re-encodes: AzuraCast): the stream switched when the station's API,
   * read after we connected, says a streamer is live under one of `names` (compared case-insensitively).
   */
  reported?: { read: () => ReportedLive | null; names: string[] };
  onHeard: (heard: boolean, why?: NotHeardReason, streamer?: string) => void;
  now: () => number;
  /** How long after the start a first "nothing heard" may be said (default {@link FIRST_VERDICT_MS}). */
  firstVerdictMs?: number;
}

export function watchPublicStream(opts: WatchOptions): StreamWatch {
  const started = opts.now();
  const firstVerdictMs = opts.firstVerdictMs ?? FIRST_VERDICT_MS;
  let lastMatch = 0;
  let verdict: string | null = null;
  let rest: Buffer = Buffer.alloc(0);
  const ears = opts.ears;
  const names = new Set((opts.reported?.names ?? []).map((n) => n.trim().toLowerCase()).filter(Boolean));
  const unChunk = opts.reported
    ? () => undefined
    : ears.onChunk((chunk) => {
        const split = mp3Frames(rest.length > 0 ? Buffer.concat([rest, chunk.bytes]) : Buffer.from(chunk.bytes));
        rest = split.rest;
        for (const f of split.frames) if (opts.matches(f)) lastMatch = opts.now();
      });
  const judge = setInterval(() => {
    const at = opts.now();
    // Level present: a second of the public stream's decoded audio at or above the threshold, lately.
    const sound = ears.recentLevels(Math.ceil(HEARD_HOLD_MS / 1000)).some((l) => l.peakDb >= HEARD_THRESHOLD_DB);
    let switched: boolean;
    let why: NotHeardReason = 'nothing_heard';
    let streamer: string | undefined;
    if (opts.reported) {
      // Only a reading taken after we connected counts: the one before may still say the AutoDJ (or the last DJ).
      const r = opts.reported.read();
      const fresh = r !== null && r.at >= started;
      switched = fresh && r.isLive && names.has(r.streamerName.trim().toLowerCase());
      if (!switched) {
        if (fresh && r.isLive) {
          why = 'other_streamer';
          streamer = r.streamerName;
        } else why = 'not_switched';
      } else if (!sound) why = 'silent';
      // No fresh reading yet: no verdict (the poller reads the station every POLL_INTERVAL_MS).
      if (!fresh && verdict === null) return;
    } else {
      switched = lastMatch > 0 && at - lastMatch < HEARD_HOLD_MS;
    }
    const heard = switched && sound;
    // The ears read on the poller's leader only: on another instance no verdict is better than a wrong one.
    if (!heard && ears.connection().state === 'standby') return;
    const key = heard ? 'heard' : `${why}:${streamer ?? ''}`;
    if (key === verdict) return;
    if (heard) {
      verdict = key;
      opts.onHeard(true);
    } else if (verdict !== null || at - started >= firstVerdictMs) {
      verdict = key;
      opts.onHeard(false, why, streamer);
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
