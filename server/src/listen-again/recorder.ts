import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AppContext } from '../context';
import type { BackgroundJob } from './job-type';
import type { EarsConnection, StreamChunk } from '../radio/ears/types';
import { extensionFor, FrameSplitter, parserFor, type FrameHeader } from './mp3';
import { ackRecordingFile, closeRecordingFile, insertRecordingFile, openFilesNotOf } from './repo';
import { listenAgainSettings, recordingsDir, type ListenAgainSettings } from './settings';
import { localHour } from './time';
import { stationTimezone } from '../settings/service';

/** How often what was written is flushed to disk and acknowledged in the database. */
export const ACK_MS = 2_000;
const HOUR_MS = 3_600_000;

/** What the recorder is doing, for staff. */
export interface RecorderStatus {
  state: 'recording' | 'waiting' | 'standby' | 'disabled' | 'excluded_hour' | 'disk_full' | 'error';
  /** The file being written, if any. */
  file: string | null;
  since: string;
  /** Why it is not recording when it should (disk nearly full, a write error), else null. */
  warning: string | null;
  /** Free space where the recordings are (bytes), null before the first check. */
  free_bytes: number | null;
}

/** One open file: frames written since it opened, what is acknowledged, the best start estimate. */
interface OpenFile {
  id: string;
  path: string;
  fd: number;
  contentType: string;
  sampleRate: number;
  frameSamples: number;
  /** Epoch ms of the first frame's audio: the latest bound min(arrival − audio before it). */
  startMs: number;
  frames: number;
  bytes: number;
  inserted: Promise<unknown>;
  hourEndMs: number;
}

const recorders = new WeakMap<object, { status(): RecorderStatus }>();

/** The recorder's status on this instance (standby when another instance records). */
export function recorderStatus(ctx: AppContext): RecorderStatus {
  return recorders.get(ctx)?.status() ?? { state: 'standby', file: null, since: new Date(ctx.now()).toISOString(), warning: null, free_bytes: null };
}

/**
 * The listen-again recorder: writes every frame of the station's public stream, as the station's ears
 * receive it (no re-encoding), into files of at most one hour under RECORDINGS_DIR. Each file's start is
 * the instant its first frame aired (arrival minus the audio that arrived with or before it, at its
 * tightest), so a frame's instant is start + frames × frame length. Every {@link ACK_MS} it flushes the file
 * and acknowledges frames and bytes in the database: after a crash the file is cut back to what was
 * acknowledged (a few seconds at most are lost, and the episodes say so as a gap).
 *
 * Runs where the ears read (the poller's leader); a new leader closes the files the old one left open.
 */
export function startRecorderJob(ctx: AppContext, isLeader: () => boolean): BackgroundJob {
  const log = ctx.log.child({ job: 'listen-again-recorder' });
  const writer = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const dir = recordingsDir(ctx);
  let file: OpenFile | null = null;
  let splitter = new FrameSplitter();
  let splitterType = 'audio/mpeg';
  let settings: ListenAgainSettings | null = null;
  let zone = ctx.config.STATION_TIMEZONE;
  let state: RecorderStatus['state'] = 'standby';
  let since = ctx.now();
  let warning: string | null = null;
  let freeBytes: number | null = null;
  let chain: Promise<unknown> = Promise.resolve();
  let recovered = false;
  let stopped = false;

  const setState = (next: RecorderStatus['state'], why: string | null = null) => {
    if (next !== state) {
      since = ctx.now();
      if (next === 'disk_full' || next === 'error') log.warn({ why }, 'the listen-again recorder stopped recording');
      else if (next === 'recording') log.info('the listen-again recorder is recording');
    }
    state = next;
    warning = why;
  };
  /** Runs database work in order (a file's row before its acknowledgements). */
  const serial = <T>(fn: () => Promise<T>): Promise<T | null> => {
    const p = chain.then(fn).catch((err: unknown) => {
      log.error({ err }, 'listen-again recorder database work failed');
      return null;
    });
    chain = p;
    return p;
  };

  const closeFile = (reason: string) => {
    const f = file;
    file = null;
    if (!f) return;
    try {
      fs.fsyncSync(f.fd);
    } catch {
      // the descriptor may already be unusable: what was acknowledged stands
    }
    fs.closeSync(f.fd);
    const values = { frames: f.frames, bytes: f.bytes };
    void serial(async () => {
      if (await f.inserted) await closeRecordingFile(ctx.knex, f.id, reason, values);
    });
  };

  const openFile = (h: FrameHeader, contentType: string, startMs: number): OpenFile => {
    const id = randomUUID();
    const d = new Date(startMs);
    const rel = path.join(String(d.getUTCFullYear()), String(d.getUTCMonth() + 1).padStart(2, '0'), String(d.getUTCDate()).padStart(2, '0'), `${String(d.getUTCHours()).padStart(2, '0')}-${id}.${extensionFor(contentType)}`);
    const abs = path.join(dir, rel);
    fs.mkdirSync(path.dirname(abs), { recursive: true });
    const fd = fs.openSync(abs, 'a');
    const inserted = serial(() => insertRecordingFile(ctx.knex, { id, path: rel, content_type: contentType, sample_rate: h.sampleRate, frame_samples: h.samples, started_at: new Date(startMs), writer }));
    return { id, path: rel, fd, contentType, sampleRate: h.sampleRate, frameSamples: h.samples, startMs, frames: 0, bytes: 0, inserted, hourEndMs: (Math.floor(startMs / HOUR_MS) + 1) * HOUR_MS };
  };

  const shouldRecord = (): boolean => {
    if (!isLeader() || stopped) {
      setState('standby');
      return false;
    }
    if (!settings) return false;
    if (!settings.recording_enabled) {
      setState('disabled');
      return false;
    }
    if (settings.excluded_hours.includes(localHour(ctx.now(), zone))) {
      setState('excluded_hour');
      return false;
    }
    if (state === 'disk_full') return false;
    return true;
  };

  const onChunk = (chunk: StreamChunk) => {
    if (!recovered) return;
    if (!shouldRecord()) {
      closeFile(state === 'disk_full' ? 'the disk is nearly full' : state === 'excluded_hour' ? 'an excluded hour' : 'recording stopped');
      splitter = new FrameSplitter(parserFor(splitterType));
      return;
    }
    if (splitterType !== chunk.contentType) {
      // A new connection may bring another format (the station moved from MP3 to AAC): split it as such.
      splitter = new FrameSplitter(parserFor(chunk.contentType));
      splitterType = chunk.contentType;
    }
    const frames = splitter.push(chunk.bytes);
    if (frames.length === 0) return;
    try {
      let buffered: Uint8Array[] = [];
      const flush = () => {
        if (!file || buffered.length === 0) return;
        fs.writeSync(file.fd, Buffer.concat(buffered));
        buffered = [];
      };
      for (const fr of frames) {
        if (file && (fr.header.sampleRate !== file.sampleRate || fr.header.samples !== file.frameSamples || chunk.contentType !== file.contentType)) {
          flush();
          closeFile('the stream changed format');
        }
        if (file && file.startMs + file.frames * ((file.frameSamples / file.sampleRate) * 1000) >= file.hourEndMs) {
          flush();
          const nextStart = file.startMs + file.frames * ((file.frameSamples / file.sampleRate) * 1000);
          closeFile('hour');
          file = openFile(fr.header, chunk.contentType, nextStart);
        }
        if (!file) {
          // The audio of everything that arrived so far aired at or before now.
          const ahead = frames.slice(frames.indexOf(fr)).reduce((s, x) => s + (x.header.samples / x.header.sampleRate) * 1000, 0);
          file = openFile(fr.header, chunk.contentType, chunk.at - ahead);
        }
        buffered.push(fr.bytes);
        file.frames++;
        file.bytes += fr.bytes.length;
      }
      flush();
      // Tighten the start: the frames written so far aired no later than this chunk arrived.
      const f = file!;
      f.startMs = Math.min(f.startMs, chunk.at - f.frames * ((f.frameSamples / f.sampleRate) * 1000));
      setState('recording');
    } catch (err) {
      log.error({ err }, 'the listen-again recorder could not write');
      closeFile('write error');
      setState('error', err instanceof Error ? err.message : String(err));
    }
  };

  const onConnection = (c: EarsConnection) => {
    if (c.state === 'listening') return;
    closeFile(c.state === 'standby' ? 'the recorder stopped' : `the stream was lost (${c.state})`);
    splitter = new FrameSplitter(parserFor(splitterType));
    if (state === 'recording') setState('waiting');
  };

  const ack = async () => {
    const f = file;
    if (f) {
      try {
        fs.fsyncSync(f.fd);
      } catch {
        // closed meanwhile
      }
      const values = { frames: f.frames, bytes: f.bytes, started_at: new Date(f.startMs) };
      await serial(async () => {
        if (await f.inserted) await ackRecordingFile(ctx.knex, f.id, values);
      });
    }
    try {
      fs.mkdirSync(dir, { recursive: true });
      const st = fs.statfsSync(dir);
      freeBytes = Number(st.bavail) * Number(st.bsize);
      const min = (settings?.min_free_mb ?? 1024) * 1024 * 1024;
      if (freeBytes < min) {
        if (state !== 'disk_full') closeFile('the disk is nearly full');
        setState('disk_full', `Only ${Math.round(freeBytes / 1048576)} MB free where the recordings are kept (at least ${settings?.min_free_mb ?? 1024} MB needed): recording has stopped.`);
      } else if (state === 'disk_full') setState('waiting');
    } catch (err) {
      log.warn({ err }, 'could not read the free disk space');
    }
  };

  /** Files another process left open (a crash, a restart, a failover): cut back to what it acknowledged. */
  const recover = async () => {
    const rows = await openFilesNotOf(ctx.knex, writer);
    for (const row of rows) {
      const abs = path.join(dir, row.path);
      try {
        const size = fs.statSync(abs).size;
        if (size > row.bytes) fs.truncateSync(abs, row.bytes);
      } catch {
        // the file is gone: its row still says what was acknowledged
      }
      await closeRecordingFile(ctx.knex, row.id, 'the recorder stopped (a restart or a failover): unacknowledged audio was dropped');
    }
  };

  const refresh = async () => {
    try {
      settings = await listenAgainSettings(ctx);
      zone = await stationTimezone(ctx);
    } catch (err) {
      log.warn({ err }, 'could not read the listen-again settings');
    }
  };

  const offChunk = ctx.radio.ears.onChunk(onChunk);
  const offConn = ctx.radio.ears.onConnection(onConnection);
  let ticks = 0;
  const timer = setInterval(() => {
    ticks++;
    if (!recovered && isLeader()) {
      void recover().then(() => { recovered = true; }, (err: unknown) => log.error({ err }, 'listen-again recovery failed'));
    }
    if (!isLeader() && file) closeFile('this instance no longer leads');
    if (!isLeader()) {
      recovered = false;
      setState('standby');
    }
    if (ticks % 10 === 0) void refresh();
    void ack();
  }, ACK_MS);
  timer.unref();
  void refresh().then(async () => {
    if (isLeader()) {
      await recover().catch((err: unknown) => log.error({ err }, 'listen-again recovery failed'));
      recovered = true;
    }
  });
  recorders.set(ctx, {
    status: () => ({ state, file: file?.path ?? null, since: new Date(since).toISOString(), warning, free_bytes: freeBytes }),
  });

  return {
    name: 'listen-again-recorder',
    async stop() {
      stopped = true;
      clearInterval(timer);
      offChunk();
      offConn();
      closeFile('the server stopped');
      await chain.catch(() => undefined);
      recorders.delete(ctx);
    },
  };
}
