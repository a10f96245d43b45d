import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Knex } from 'knex';
import type { AppContext } from '../context';
import { liveSessionsOfShows } from '../live/repo';
import { playRowsAround, sessionRowsBetween } from '../radio/repo';
import { showsBetween, type TimedShow } from '../radio/schedule';
import { eventRow } from '../schedule/repo';
import { stationTimezone } from '../settings/service';
import { extensionFor, frameOffsets, parserFor } from './mp3';
import { deleteRecordingFile, episodeById, episodeShowIds, episodesAiredBefore, filesOverlapping, filesStartedBefore, insertEpisode, showPublishRules, updateEpisode, type EpisodeRow, type RecordingFileRow } from './repo';
import { listenAgainSettings, recordingsDir } from './settings';
import type { EpisodeGap, EpisodeTrack } from '../../../shared/listen-again';
import type { BackgroundJob } from './job-type';
import { mixcloudRound } from './mixcloud';

/** A stretch of the show with no recording, shorter than this, is not called a gap (a frame or two of rounding). */
const GAP_MIN_MS = 1_000;
/** How far back shows are looked for (a server that was down over a show still makes its episode). */
const LOOKBACK_MS = 2 * 86_400_000;
/** How long after a show's end its episode is cut at the latest, recording or not. */
const CUT_WITHIN_MS = 45_000;

export type { EpisodeGap, EpisodeTrack };

/** What a cut gives: the audio written, its length, and where the recording had holes. */
export interface CutResult {
  bytes: number;
  durationSeconds: number;
  contentType: string;
  gaps: EpisodeGap[];
  /** Maps an instant of the show to a position in the episode (seconds). */
  offsetOf(ms: number): number;
}

const frameMsOf = (f: RecordingFileRow) => (f.frame_samples / f.sample_rate) * 1000;
const endOf = (f: RecordingFileRow) => f.started_at.getTime() + f.frames * frameMsOf(f);

/**
 * Cuts [fromMs, toMs) out of the recorder's files into `out`: whole frames copied as recorded (no
 * re-encoding), the first frame the one airing at `fromMs`, the last the one airing just before `toMs`.
 * Where no file covers part of the span (the station was off air, the server restarted), nothing is
 * written and the gap is returned. Returns null when nothing at all was recorded.
 */
export async function cutRecording(knex: Knex, dir: string, fromMs: number, toMs: number, out: string): Promise<CutResult | null> {
  const files = (await filesOverlapping(knex, new Date(fromMs), new Date(toMs))).filter((f) => f.frames > 0 && endOf(f) > fromMs && f.started_at.getTime() < toMs);
  const pieces: { wallMs: number; epMs: number; ms: number }[] = [];
  const gaps: EpisodeGap[] = [];
  let cursor = fromMs;
  let epMs = 0;
  let bytes = 0;
  let contentType = 'audio/mpeg';
  const tmp = `${out}.${randomUUID().slice(0, 8)}.part`;
  fs.mkdirSync(path.dirname(out), { recursive: true });
  const fd = fs.openSync(tmp, 'w');
  const gap = (a: number, b: number) => {
    if (b - a >= GAP_MIN_MS) gaps.push({ at_seconds: Math.round(epMs / 100) / 10, seconds: Math.round((b - a) / 100) / 10, from: new Date(a).toISOString(), to: new Date(b).toISOString() });
  };
  try {
    for (const f of files) {
      const d = frameMsOf(f);
      const start = f.started_at.getTime();
      const segStart = Math.max(cursor, start);
      const segEnd = Math.min(toMs, endOf(f));
      if (segEnd - segStart < d / 2) continue;
      const k0 = Math.max(0, Math.round((segStart - start) / d));
      let k1 = Math.min(f.frames, Math.round((segEnd - start) / d));
      if (k1 <= k0) continue;
      // Read only as far as needed, and never past what was acknowledged.
      const buf = await readPrefix(path.join(dir, f.path), f.bytes);
      const offsets = frameOffsets(buf, k1, parserFor(f.content_type));
      k1 = Math.min(k1, offsets.length - 1);
      if (k1 <= k0) continue;
      const pieceStart = start + k0 * d;
      gap(cursor, pieceStart);
      fs.writeSync(fd, buf.subarray(offsets[k0]!, offsets[k1]!));
      bytes += offsets[k1]! - offsets[k0]!;
      pieces.push({ wallMs: pieceStart, epMs, ms: (k1 - k0) * d });
      epMs += (k1 - k0) * d;
      cursor = start + k1 * d;
      contentType = f.content_type;
    }
    gap(cursor, toMs);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  if (bytes === 0) {
    fs.rmSync(tmp, { force: true });
    return null;
  }
  fs.renameSync(tmp, out);
  const offsetOf = (ms: number) => {
    for (const p of pieces) {
      if (ms < p.wallMs) return p.epMs / 1000;
      if (ms < p.wallMs + p.ms) return (p.epMs + ms - p.wallMs) / 1000;
    }
    return epMs / 1000;
  };
  return { bytes, durationSeconds: epMs / 1000, contentType, gaps, offsetOf };
}

async function readPrefix(file: string, bytes: number): Promise<Buffer> {
  const fh = await fs.promises.open(file, 'r');
  try {
    const buf = Buffer.alloc(bytes);
    const { bytesRead } = await fh.read(buf, 0, bytes, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
}

/** When a show really was on air: its live sessions, else the station's live sessions matched to it, else its booking. */
export async function airedSpan(knex: Knex, show: TimedShow, now: number): Promise<{ fromMs: number; toMs: number; ended: boolean; source: 'live' | 'booking' }> {
  const live = await liveSessionsOfShows(knex, [show.id]);
  if (live.length > 0) {
    // A session that stopped being seen for a minute is over whatever its row says.
    const open = live.some((s) => !s.ended_at && now - new Date(s.last_seen_at).getTime() < 60_000);
    const ends = live.map((s) => new Date(s.ended_at ?? s.last_seen_at).getTime());
    return { fromMs: Math.min(...live.map((s) => new Date(s.started_at).getTime())), toMs: Math.max(...ends), ended: !open, source: 'live' };
  }
  const sessions = (await sessionRowsBetween(knex, new Date(show.startMs - 3_600_000), new Date(show.endMs + 3_600_000))).filter((s) => s.schedule_event_id === show.id);
  if (sessions.length > 0) {
    const open = sessions.some((s) => !s.ended_at);
    return { fromMs: Math.min(...sessions.map((s) => new Date(s.started_at).getTime())), toMs: Math.max(...sessions.map((s) => new Date(s.ended_at ?? now).getTime())), ended: !open, source: 'live' };
  }
  return { fromMs: show.startMs, toMs: show.endMs, ended: show.endMs <= now, source: 'booking' };
}

/** The folder (under the recordings folder) of episodes' audio. */
const EPISODE_AUDIO_DIR = 'episode-audio';

/** The file an episode's audio is kept in (relative to the recordings folder). */
const episodeFile = (id: string) => path.join(EPISODE_AUDIO_DIR, `${id}.mp3`);

/** Gives a cut file the extension of what it holds (`.aac` for an AAC station), returning its new relative path. */
function named(dir: string, rel: string, contentType: string): string {
  const ext = extensionFor(contentType);
  if (rel.endsWith(`.${ext}`)) return rel;
  const next = rel.replace(/\.[a-z0-9]+$/, `.${ext}`);
  fs.renameSync(path.join(dir, rel), path.join(dir, next));
  return next;
}

/** The tracklist of [fromMs, toMs) as the episode's chapters (offsets in the episode's own time). */
async function tracklist(knex: Knex, fromMs: number, toMs: number, offsetOf: (ms: number) => number): Promise<EpisodeTrack[]> {
  const plays = await playRowsAround(knex, new Date(fromMs), new Date(toMs));
  return plays.map((p) => ({ title: p.title, artist: p.artist, played_at: new Date(p.played_at).toISOString(), offset_seconds: Math.round(offsetOf(Math.max(fromMs, new Date(p.played_at).getTime())) * 10) / 10 }));
}

/**
 * Makes the episode of one show that aired: cut from its actual start to its actual end (pre- and
 * post-roll added), the tracklist as chapters. A show with nothing recorded gets an episode row that
 * says so (`not_recorded`) and is never listed.
 */
export async function makeEpisode(ctx: AppContext, show: TimedShow, span: { fromMs: number; toMs: number }): Promise<EpisodeRow | null> {
  const settings = await listenAgainSettings(ctx);
  const dir = recordingsDir(ctx);
  const fromMs = span.fromMs - settings.pre_roll_seconds * 1000;
  const toMs = span.toMs + settings.post_roll_seconds * 1000;
  const id = randomUUID();
  let rel = episodeFile(id);
  const cut = await cutRecording(ctx.knex, dir, fromMs, toMs, path.join(dir, rel));
  if (cut) rel = named(dir, rel, cut.contentType);
  const event = await eventRow(ctx.knex, show.id);
  const showKey = event?.series_id ?? show.id;
  const rule = (await showPublishRules(ctx.knex, [showKey])).get(showKey) ?? 'auto';
  const tracks = cut ? await tracklist(ctx.knex, fromMs, toMs, cut.offsetOf) : [];
  const row = await insertEpisode(ctx.knex, {
    id,
    show_id: show.id,
    show_key: showKey,
    presenter_id: show.presenter_id,
    title: show.title.slice(0, 200),
    description: event?.description ?? null,
    aired_from: new Date(fromMs),
    aired_to: new Date(toMs),
    trim_start_seconds: 0,
    trim_end_seconds: 0,
    status: !cut ? 'not_recorded' : rule === 'auto' ? 'published' : rule === 'approval' ? 'pending' : 'never',
    hidden: false,
    file: cut ? rel : null,
    content_type: cut?.contentType ?? null,
    bytes: cut?.bytes ?? null,
    duration_seconds: cut ? Math.round(cut.durationSeconds * 1000) / 1000 : null,
    gaps: cut?.gaps ?? [{ at_seconds: 0, seconds: Math.round((toMs - fromMs) / 100) / 10, from: new Date(fromMs).toISOString(), to: new Date(toMs).toISOString() }],
    tracks,
    cut_at: new Date(ctx.now()),
  });
  if (!row && cut) fs.rmSync(path.join(dir, rel), { force: true });
  return row;
}

/** Cuts an episode again after a manager moved its start or end (the trims). */
export async function recutEpisode(ctx: AppContext, id: string): Promise<EpisodeRow | undefined> {
  const ep = await episodeById(ctx.knex, id);
  if (!ep) return undefined;
  const dir = recordingsDir(ctx);
  const fromMs = ep.aired_from.getTime() + ep.trim_start_seconds * 1000;
  const toMs = Math.max(fromMs, ep.aired_to.getTime() - ep.trim_end_seconds * 1000);
  let rel = path.join(EPISODE_AUDIO_DIR, `${ep.id}-${randomUUID().slice(0, 8)}.mp3`);
  const cut = await cutRecording(ctx.knex, dir, fromMs, toMs, path.join(dir, rel));
  if (!cut) return ep;
  rel = named(dir, rel, cut.contentType);
  const tracks = await tracklist(ctx.knex, fromMs, toMs, cut.offsetOf);
  await updateEpisode(ctx.knex, ep.id, { file: rel, bytes: cut.bytes, duration_seconds: Math.round(cut.durationSeconds * 1000) / 1000, gaps: cut.gaps, tracks, content_type: cut.contentType, cut_at: new Date(ctx.now()) });
  if (ep.file) fs.rmSync(path.join(dir, ep.file), { force: true });
  return episodeById(ctx.knex, ep.id);
}

/** Whether the recorder has written (and acknowledged) everything up to `toMs`, or has stopped before it. */
async function recordedUpTo(knex: Knex, fromMs: number, toMs: number): Promise<boolean> {
  const files = await filesOverlapping(knex, new Date(fromMs), new Date(toMs + 60_000));
  return files.every((f) => f.closed || endOf(f) >= toMs);
}

/** One round: every show that has ended and has no episode gets one. Returns the episodes made. */
export async function episodeRound(ctx: AppContext): Promise<EpisodeRow[]> {
  const now = ctx.now();
  const zone = await stationTimezone(ctx);
  const settings = await listenAgainSettings(ctx);
  const shows = (await showsBetween(ctx.knex, now - LOOKBACK_MS, now, zone, ['scheduled', 'completed'])).filter((s) => s.startMs < now);
  if (shows.length === 0) return [];
  const done = await episodeShowIds(ctx.knex, shows.map((s) => s.id));
  const made: EpisodeRow[] = [];
  for (const show of shows.filter((s) => !done.has(s.id))) {
    const span = await airedSpan(ctx.knex, show, now);
    const toMs = span.toMs + settings.post_roll_seconds * 1000;
    if (!span.ended || toMs > now) continue;
    if (now - toMs < CUT_WITHIN_MS && !(await recordedUpTo(ctx.knex, span.fromMs, toMs))) continue;
    const row = await makeEpisode(ctx, show, span);
    if (row) {
      made.push(row);
      ctx.log.info({ episode: row.id, show: show.id, status: row.status, duration: row.duration_seconds, gaps: row.gaps.length }, 'listen again: an episode was cut');
    }
  }
  return made;
}

/** Deletes recordings and episode audio older than the retention period (never below the logger minimum). */
export async function enforceRetention(ctx: AppContext): Promise<{ files: number; episodes: number }> {
  const settings = await listenAgainSettings(ctx);
  const days = Math.max(settings.retention_days, settings.logger_min_days);
  const cutoff = new Date(ctx.now() - days * 86_400_000);
  const dir = recordingsDir(ctx);
  // A file starts at most an hour before its last audio: keep those whose audio reaches past the cutoff.
  const files = (await filesStartedBefore(ctx.knex, cutoff)).filter((f) => endOf(f) < cutoff.getTime());
  for (const f of files) {
    fs.rmSync(path.join(dir, f.path), { force: true });
    await deleteRecordingFile(ctx.knex, f.id);
  }
  const episodes = await episodesAiredBefore(ctx.knex, cutoff);
  for (const e of episodes) {
    if (e.file) fs.rmSync(path.join(dir, e.file), { force: true });
    await updateEpisode(ctx.knex, e.id, { file: null, bytes: null });
  }
  return { files: files.length, episodes: episodes.length };
}

/** How often shows are checked for a finished episode. */
export const EPISODE_ROUND_MS = 5_000;
const RETENTION_MS = 86_400_000;
/** How often approved episodes are looked for and sent to Mixcloud. */
const MIXCLOUD_ROUND_MS = 15_000;

/** The episode maker and the daily retention, on the poller's leader. */
export function startEpisodeJob(ctx: AppContext, isLeader: () => boolean): BackgroundJob {
  let running = false;
  let lastRetention = 0;
  const tick = async () => {
    if (running || !isLeader()) return;
    running = true;
    try {
      await episodeRound(ctx);
      if (ctx.now() - lastRetention >= RETENTION_MS) {
        lastRetention = ctx.now();
        const r = await enforceRetention(ctx);
        if (r.files + r.episodes > 0) ctx.log.info(r, 'listen again: old recordings deleted');
      }
    } catch (err) {
      ctx.log.error({ err }, 'listen again: the episode round failed');
    } finally {
      running = false;
    }
  };
  // Mixcloud uploads run on their own (an upload of an hour's audio must not hold up the next cut).
  let uploading = false;
  const upload = async () => {
    if (uploading || !isLeader()) return;
    uploading = true;
    try {
      await mixcloudRound(ctx);
    } catch (err) {
      ctx.log.error({ err }, 'listen again: the Mixcloud round failed');
    } finally {
      uploading = false;
    }
  };
  const timer = setInterval(() => void tick(), EPISODE_ROUND_MS);
  timer.unref();
  const mixTimer = setInterval(() => void upload(), MIXCLOUD_ROUND_MS);
  mixTimer.unref();
  return {
    name: 'listen-again-episodes',
    async stop() {
      clearInterval(timer);
      clearInterval(mixTimer);
      while (running) await new Promise((r) => setTimeout(r, 20));
    },
  };
}
