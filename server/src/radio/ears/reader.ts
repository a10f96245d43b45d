import type { Logger } from '../../log';
import { createMp3Decoder, type StreamDecoder } from './decoder';
import { LevelMeter } from './meter';
import type { EarsConnection, EarsConnectionState, LevelReading, StationEars, StreamChunk } from './types';

/** Readings kept for {@link StationEars.recentLevels}. */
const KEPT_READINGS = 120;
const MAX_BACKOFF_MS = 5_000;

/** Options of {@link createEarsReader}. */
export interface EarsReaderOptions {
  log: Logger;
  now?: () => number;
  /** A connection with no decoded audio for this long is `no_audio` and is opened again (default 5 s). */
  noAudioMs?: number;
  /** The User-Agent the reader sends (stations see it in their listener lists). */
  userAgent?: string;
}

/** The reader behind {@link StationEars}: the ears job points it at the stream (or at nothing, in standby). */
export interface EarsReader extends StationEars {
  /** Reads `url` from now on (reconnecting when it changes); `null` stops reading (standby). */
  follow(url: string | null): void;
  /** Stops reading for good (server shutdown). */
  close(): Promise<void>;
}

const isMpeg = (type: string) => /audio\/(mpeg|mp3|x-mpeg)|application\/octet-stream/i.test(type) || type === '';
/** AAC streams (ADTS): passed to the chunk subscribers (the recorder) as received, not decoded (no levels). */
const isAac = (type: string) => /audio\/(aac|aacp|x-aac)/i.test(type);

/**
 * Reads the station's public stream as a listener does (HTTP GET, no ICY metadata asked for, so the
 * bytes are the audio alone), decodes it in-process and measures it every second. Reconnects by itself
 * with a short backoff (at most 5 s); a connection that stops giving audio is dropped and opened again.
 */
export function createEarsReader(opts: EarsReaderOptions): EarsReader {
  const now = opts.now ?? Date.now;
  const noAudioMs = opts.noAudioMs ?? 5_000;
  const log = opts.log.child({ job: 'station-ears' });
  const chunkFns = new Set<(c: StreamChunk) => void>();
  const levelFns = new Set<(l: LevelReading) => void>();
  const connFns = new Set<(c: EarsConnection) => void>();
  const readings: LevelReading[] = [];
  let conn: EarsConnection = { state: 'standby', url: null, lastAudioAt: null, error: null, since: now() };
  let url: string | null = null;
  let loop: { abort: AbortController; done: Promise<void> } | null = null;
  let closed = false;

  const call = <T>(fns: Set<(v: T) => void>, v: T) => {
    for (const fn of fns) {
      try {
        fn(v);
      } catch (err) {
        log.error({ err }, 'a station ears subscriber failed');
      }
    }
  };
  const setConn = (state: EarsConnectionState, error: string | null = null) => {
    if (conn.state === state && conn.error === error && conn.url === url) return;
    const previous = conn.state;
    conn = { state, url, lastAudioAt: conn.lastAudioAt, error, since: conn.state === state ? conn.since : now() };
    if (state !== previous) {
      if (state === 'listening') log.info({ url }, 'the station ears hear the stream');
      else if (state === 'unreachable' || state === 'no_audio') log.warn({ url, error }, `the station ears: ${state === 'unreachable' ? 'stream unreachable' : 'no audio'}`);
    }
    call(connFns, conn);
  };
  const meter = new LevelMeter((reading) => {
    readings.push(reading);
    if (readings.length > KEPT_READINGS) readings.shift();
    call(levelFns, reading);
  }, now);

  const sleep = (ms: number, signal: AbortSignal) =>
    new Promise<void>((resolve) => {
      if (signal.aborted) {
        resolve();
        return;
      }
      const t = setTimeout(resolve, ms);
      signal.addEventListener('abort', () => {
        clearTimeout(t);
        resolve();
      }, { once: true });
    });

  /** One connection: resolves when the stream ends or is dropped; throws when it cannot be opened. */
  const readOnce = async (target: string, outer: AbortSignal): Promise<void> => {
    const ctrl = new AbortController();
    const onOuter = () => ctrl.abort();
    outer.addEventListener('abort', onOuter, { once: true });
    let decoder: StreamDecoder | null = null;
    let lastProgress = now();
    let stalled = false;
    const watchdog = setInterval(() => {
      if (now() - lastProgress > noAudioMs) {
        stalled = true;
        ctrl.abort();
      }
    }, 250);
    watchdog.unref();
    try {
      const res = await fetch(target, { signal: ctrl.signal, headers: { 'User-Agent': opts.userAgent ?? 'Airdeck station ears', 'Icy-MetaData': '0', Accept: 'audio/mpeg, */*' } });
      if (!res.ok || !res.body) {
        await res.body?.cancel().catch(() => undefined);
        throw new Error(`The stream answered HTTP ${res.status}.`);
      }
      const type = res.headers.get('content-type') ?? '';
      const aac = isAac(type);
      if (!isMpeg(type) && !aac) {
        await res.body.cancel().catch(() => undefined);
        throw new Error(`The stream is ${type}; the ears read MP3 and AAC streams only.`);
      }
      decoder = aac ? null : await createMp3Decoder();
      meter.reset();
      lastProgress = now();
      if (conn.state === 'unreachable' || conn.state === 'standby') setConn('connecting');
      // Each read races the abort: a body read may not notice an abort that comes just as the body ends.
      const body = res.body.getReader();
      const aborted = new Promise<null>((resolve) => {
        if (ctrl.signal.aborted) resolve(null);
        ctrl.signal.addEventListener('abort', () => resolve(null), { once: true });
      });
      for (;;) {
        const next = await Promise.race([body.read(), aborted]);
        if (next === null) {
          void body.cancel().catch(() => undefined);
          break;
        }
        if (next.done) break;
        const part = next.value;
        const at = now();
        call(chunkFns, { bytes: part, at, contentType: type });
        if (!decoder) {
          // AAC is not decoded in-process: audio arriving is what there is to know (no levels, no silence).
          if (part.length > 0) {
            lastProgress = at;
            conn = { ...conn, lastAudioAt: at };
            if (conn.state !== 'listening') setConn('listening');
          }
          continue;
        }
        const pcm = decoder.decode(part);
        if (pcm.samples > 0) {
          lastProgress = at;
          conn = { ...conn, lastAudioAt: at };
          if (conn.state !== 'listening') setConn('listening');
          meter.push(pcm.channels, pcm.sampleRate);
        }
      }
      if (!outer.aborted) throw new Error(stalled ? 'No audio for a while.' : 'The stream ended.');
    } catch (err) {
      if (outer.aborted) return;
      if (stalled) throw new Error(`No audio for ${Math.round(noAudioMs / 1000)} s.`, { cause: err });
      throw err;
    } finally {
      clearInterval(watchdog);
      outer.removeEventListener('abort', onOuter);
      decoder?.free();
    }
  };

  const run = async (target: string, signal: AbortSignal): Promise<void> => {
    let backoff = 500;
    setConn('connecting');
    while (!signal.aborted) {
      const heardBefore = conn.lastAudioAt;
      try {
        await readOnce(target, signal);
      } catch (err) {
        if (signal.aborted) break;
        const message = err instanceof Error ? (err.cause instanceof Error && !/No audio/.test(err.message) ? `${err.message} ${err.cause.message}` : err.message) : String(err);
        const gotAudio = conn.lastAudioAt !== heardBefore;
        if (gotAudio) backoff = 500;
        setConn(/No audio|ended/.test(message) ? 'no_audio' : 'unreachable', message.slice(0, 300));
      }
      await sleep(backoff, signal);
      backoff = Math.min(MAX_BACKOFF_MS, backoff * 2);
    }
  };

  const stopLoop = async () => {
    const l = loop;
    loop = null;
    if (!l) return;
    l.abort.abort();
    await l.done.catch(() => undefined);
  };

  return {
    onChunk(fn) {
      chunkFns.add(fn);
      return () => chunkFns.delete(fn);
    },
    onLevel(fn) {
      levelFns.add(fn);
      return () => levelFns.delete(fn);
    },
    onConnection(fn) {
      connFns.add(fn);
      return () => connFns.delete(fn);
    },
    connection: () => conn,
    recentLevels(seconds = KEPT_READINGS) {
      return readings.slice(-Math.max(0, Math.min(KEPT_READINGS, Math.floor(seconds))));
    },
    heard({ since = now(), thresholdDb = -50, timeoutMs = 15_000 } = {}) {
      if (readings.some((r) => r.at >= since && r.peakDb >= thresholdDb)) return Promise.resolve(true);
      return new Promise<boolean>((resolve) => {
        const off = () => {
          levelFns.delete(check);
          clearTimeout(timer);
        };
        const check = (r: LevelReading) => {
          if (r.at >= since && r.peakDb >= thresholdDb) {
            off();
            resolve(true);
          }
        };
        const timer = setTimeout(() => {
          off();
          resolve(false);
        }, timeoutMs);
        timer.unref();
        levelFns.add(check);
      });
    },
    follow(next) {
      if (closed || next === url) return;
      url = next;
      void stopLoop().then(() => {
        if (closed || url !== next) return;
        if (next === null) {
          setConn('standby');
          return;
        }
        const abort = new AbortController();
        loop = { abort, done: run(next, abort.signal) };
      });
    },
    async close() {
      closed = true;
      url = null;
      await stopLoop();
      setConn('standby');
    },
  };
}
