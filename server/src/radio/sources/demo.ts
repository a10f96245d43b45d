import { DEMO_TRACKS, type DemoTrack } from '../../db/seed/demo-tracks';
import type { NowPlayingSnapshot, SnapshotHistoryItem, StationSource } from './types';

/**
 * The built-in demo station: no network, no external server. Its playlist is
 * a fixed rotation of the demo library with the tracks' real running times,
 * laid end to end from a fixed instant, so what is on air is a pure function
 * of the clock: every server process (and the demo seed's history) agrees on
 * it, and a test can compute when the next change happens. Live presenters
 * come from the schedule (see `liveNow`).
 */

/** The instant the demo rotation started (the spec's terms date, 20 August 2024, 00:00 UTC). */
export const DEMO_EPOCH_MS = Date.UTC(2024, 7, 20);

/** The rotation: every demo track once, in a fixed shuffled order (7 is coprime with 40). */
export const DEMO_ROTATION: readonly DemoTrack[] = DEMO_TRACKS.map((_t, i) => DEMO_TRACKS[(i * 7) % DEMO_TRACKS.length]!);

/** One play of the demo rotation. */
export interface DemoPlay {
  track: DemoTrack;
  /** Position in {@link DEMO_ROTATION}. */
  index: number;
  /** Which pass through the rotation, counted from {@link DEMO_EPOCH_MS}. */
  cycle: number;
  startedAt: number;
  endsAt: number;
  /** Seconds this play lasts (the track's length, or the DEMO_TRACK_SECONDS override). */
  durationSeconds: number;
  /** Stable id of this play, e.g. `demo:712:5`. */
  playId: string;
}

function durationOf(track: DemoTrack, trackSeconds: number | undefined): number {
  return trackSeconds && trackSeconds > 0 ? trackSeconds : track.durationSeconds;
}

function offsets(trackSeconds: number | undefined): { starts: number[]; cycleMs: number } {
  const starts: number[] = [];
  let acc = 0;
  for (const t of DEMO_ROTATION) {
    starts.push(acc);
    acc += durationOf(t, trackSeconds) * 1000;
  }
  return { starts, cycleMs: acc };
}

const cache = new Map<number, { starts: number[]; cycleMs: number }>();
function layout(trackSeconds: number | undefined) {
  const key = trackSeconds ?? 0;
  let l = cache.get(key);
  if (!l) cache.set(key, (l = offsets(trackSeconds)));
  return l;
}

function playOf(cycle: number, index: number, trackSeconds: number | undefined): DemoPlay {
  const { starts, cycleMs } = layout(trackSeconds);
  const n = DEMO_ROTATION.length;
  const c = cycle + Math.floor(index / n);
  const i = ((index % n) + n) % n;
  const track = DEMO_ROTATION[i]!;
  const durationSeconds = durationOf(track, trackSeconds);
  const startedAt = DEMO_EPOCH_MS + c * cycleMs + starts[i]!;
  return { track, index: i, cycle: c, startedAt, endsAt: startedAt + durationSeconds * 1000, durationSeconds, playId: `demo:${c}:${i}` };
}

/**
 * The demo play on air at `nowMs`. `trackSeconds` (DEMO_TRACK_SECONDS) makes
 * every track that long, so tests see changes quickly.
 */
export function demoPlayAt(nowMs: number, trackSeconds?: number): DemoPlay {
  const { starts, cycleMs } = layout(trackSeconds);
  const since = nowMs - DEMO_EPOCH_MS;
  const cycle = Math.floor(since / cycleMs);
  const pos = since - cycle * cycleMs;
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= pos) lo = mid;
    else hi = mid - 1;
  }
  return playOf(cycle, lo, trackSeconds);
}

/** The play `offset` places after (positive) or before (negative) `play`. */
export function demoPlayRelative(play: DemoPlay, offset: number, trackSeconds?: number): DemoPlay {
  return playOf(play.cycle, play.index + offset, trackSeconds);
}

/** Every demo play that started in [fromMs, toMs), oldest first: the demo seed's history. */
export function demoPlaysBetween(fromMs: number, toMs: number, trackSeconds?: number): DemoPlay[] {
  const out: DemoPlay[] = [];
  let p = demoPlayAt(fromMs, trackSeconds);
  if (p.startedAt < fromMs) p = demoPlayRelative(p, 1, trackSeconds);
  while (p.startedAt < toMs) {
    out.push(p);
    p = demoPlayRelative(p, 1, trackSeconds);
  }
  return out;
}

/** A presenter live on the demo station (from the schedule). */
export interface DemoLive {
  name: string;
  /** The presenter's station-panel id (presenters.azuracast_id), so the poller matches by id. */
  streamerId: string | null;
  /** When the live show began (its scheduled start). */
  startedAt: number;
}

/** Settings of {@link createDemoSource}. */
export interface DemoSourceOptions {
  /** Overrides every track's length (DEMO_TRACK_SECONDS), for tests. */
  trackSeconds?: number;
  now?: () => number;
  /** Who is live at an instant; the demo follows the schedule (a scheduled show covering now is live). */
  liveNow?: (nowMs: number) => Promise<DemoLive | null>;
  /** How many people are connected to the demo audio stream right now (every instance's connections on PostgreSQL). */
  listeners?: () => number | Promise<number>;
  streamUrl: string;
  stationName?: string;
}

/** How many past plays the demo reports, like AzuraCast's default history. */
const HISTORY_ITEMS = 5;

/**
 * A {@link StationSource} for the demo station: the rotation at the current
 * instant, the 5 plays before it, the next one, real listener counts from the
 * demo stream, and a live presenter whenever the schedule has one on air.
 */
export function createDemoSource(opts: DemoSourceOptions): StationSource {
  const now = opts.now ?? Date.now;
  const ts = opts.trackSeconds;
  return {
    kind: 'demo',
    async read(): Promise<NowPlayingSnapshot> {
      const at = now();
      const play = demoPlayAt(at, ts);
      const live = opts.liveNow ? await opts.liveNow(at) : null;
      const connections = Math.max(0, Math.round((await opts.listeners?.()) ?? 0));
      const history: SnapshotHistoryItem[] = [];
      for (let i = 1; i <= HISTORY_ITEMS; i++) {
        const p = demoPlayRelative(play, -i, ts);
        const onAir = live !== null && p.startedAt >= live.startedAt;
        history.push({
          title: p.track.title,
          artist: p.track.artist,
          album: p.track.album,
          artUrl: null,
          durationSeconds: p.durationSeconds,
          playedAt: p.startedAt,
          sourceId: p.playId,
          songId: null,
          isRequest: false,
          playlist: onAir ? null : 'Demo Rotation',
          streamer: onAir ? live.name : null,
        });
      }
      const next = demoPlayRelative(play, 1, ts);
      return {
        source: 'demo',
        fetchedAt: at,
        online: true,
        stationName: opts.stationName ?? null,
        track: {
          title: play.track.title,
          artist: play.track.artist,
          album: play.track.album,
          artUrl: null,
          durationSeconds: play.durationSeconds,
          startedAt: play.startedAt,
          elapsedSeconds: Math.min(play.durationSeconds, Math.max(0, Math.floor((at - play.startedAt) / 1000))),
          sourceId: play.playId,
          songId: null,
          isRequest: false,
          playlist: live ? null : 'Demo Rotation',
          streamer: live ? live.name : null,
        },
        live: live
          ? { isLive: true, streamerName: live.name, broadcastStart: live.startedAt, artUrl: null, streamerId: live.streamerId }
          : { isLive: false, streamerName: null, broadcastStart: null, artUrl: null, streamerId: null },
        listeners: { current: connections, unique: null, total: connections },
        history,
        playingNext: {
          title: next.track.title,
          artist: next.track.artist,
          album: next.track.album,
          artUrl: null,
          durationSeconds: next.durationSeconds,
          playedAt: next.startedAt,
          isRequest: false,
          isStale: false,
        },
        streamUrl: opts.streamUrl,
        streamStartedAt: null,
      };
    },
  };
}
