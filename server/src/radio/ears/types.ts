/**
 * The station's ears: one reader of the station's public stream, several consumers (the dead-air
 * conditions, the go-live check that a presenter is really heard, a future recorder). This file is the
 * interface the consumers see; `reader.ts` builds it.
 *
 * On PostgreSQL only the station poller's leader reads the stream (the other instances' ears stay
 * `standby`); on PGlite the one process always does.
 */

/** The level of one stretch of decoded audio, in dBFS (0 = full scale; digital silence is {@link SILENCE_FLOOR_DB}). */
export interface LevelReading {
  /** Wall-clock instant (epoch ms) the stretch's last sample was decoded. */
  at: number;
  /** Audio time of the stretch's end since the connection began (seconds of decoded audio). */
  audioSeconds: number;
  /** Highest absolute sample over the second, dBFS. */
  peakDb: number;
  /** Root-mean-square level over the second, dBFS (all channels). */
  rmsDb: number;
  /** The peak of each 100 ms block of the second (ten values): the silence detector's resolution. */
  blockPeaksDb: number[];
}

/**
 * Where the reader is:
 * - `standby`: this instance does not read (another instance is the leader, or the ears are off);
 * - `connecting`: opening the stream;
 * - `listening`: audio decoded within the last few seconds;
 * - `no_audio`: connected, but no decodable audio for a while (a stalled or empty stream);
 * - `unreachable`: the stream cannot be opened (refused, timed out, not an MP3 stream, HTTP error).
 */
export type EarsConnectionState = 'standby' | 'connecting' | 'listening' | 'no_audio' | 'unreachable';

/** The reader's connection, as its subscribers see it. */
export interface EarsConnection {
  state: EarsConnectionState;
  /** The stream being read (null in standby). */
  url: string | null;
  /** Wall-clock instant of the last decoded audio, null before any. */
  lastAudioAt: number | null;
  /** Why it is unreachable or has no audio (for logs and health), else null. */
  error: string | null;
  /** Since when it has been in this state (epoch ms). */
  since: number;
}

/** Raw bytes as they arrived from the stream, unchanged (for a recorder: nothing re-encodes them). */
export interface StreamChunk {
  bytes: Uint8Array;
  /** Wall-clock instant it arrived. */
  at: number;
  /** The stream's content type (`audio/mpeg`). */
  contentType: string;
}

/** The station's ears, as consumers use them. Every `on…` returns its unsubscribe. */
export interface StationEars {
  /** Every chunk of the stream as received. */
  onChunk(fn: (chunk: StreamChunk) => void): () => void;
  /** One reading per second of decoded audio. */
  onLevel(fn: (level: LevelReading) => void): () => void;
  /** Every change of the connection. */
  onConnection(fn: (connection: EarsConnection) => void): () => void;
  /** The connection now. */
  connection(): EarsConnection;
  /** The readings of the last `seconds` seconds (at most 120 are kept), oldest first. */
  recentLevels(seconds?: number): LevelReading[];
  /**
   * Resolves true as soon as the stream carries sound (a second with its peak at or above
   * `thresholdDb`, default −50) decoded after `since` (epoch ms, default now), false after `timeoutMs`
   * (default 15 s) without. The go-live check: is the presenter heard on the public stream?
   */
  heard(opts?: { since?: number; thresholdDb?: number; timeoutMs?: number }): Promise<boolean>;
}

/** The level the meter reports for digital silence (no sample above zero). */
export const SILENCE_FLOOR_DB = -120;
