import type { Role } from '../../../shared/permissions';
import { can } from '../../../shared/permissions';
import { localDateTime, zonedInstant, addDays } from '../../../shared/time';
import {
  complementWarnings,
  COMPLEMENT_WINDOW_HOURS,
  TRACKLIST_GAP_MINUTES,
  tracklistGaps,
  type LogPlayInput,
  type TracklistImportResult,
  type TracklistSearchResult,
  type TracklistShow,
  type TracklistView,
} from '../../../shared/tracklists';
import { parseDjExport } from '../../../shared/tracklist-import';
import type { AppContext } from '../context';
import { fail } from '../http/errors';
import { notify } from '../notifications/notify';
import { presenterOfUser, presenterUserAndName } from '../presenters/repo';
import {
  broadcastSessionById,
  complementPlayRows,
  deleteSessionPlay,
  findTrackTitle,
  insertLoggedPlay,
  lastPlayedOf,
  latestSessions,
  recentlyPlayedTracks,
  searchTracks,
  sessionsEndedBetween,
  tracklistPlayRows,
  type SessionRow,
  type TracklistPlayRow,
} from '../radio/repo';
import { upsertTrack } from '../radio/service';
import { cachedStationInfo, stationTimezone } from '../settings/service';
import { claimTracklistReminder, remindedSessions } from './repo';

/**
 * Live-show tracklists (issue 34 item 2). A show here is a live broadcast
 * session (the station's record of who was live, matched to the scheduled
 * show); its tracklist is the plays attached to it. A presenter logs plays
 * into their own shows, owners and managers into any; each logged play is a
 * `manual` row of the play log, so the licensing reports carry it with the
 * show, the presenter and its listeners like any other play.
 */

type User = { id: string; role: Role };

const HOUR = 3_600_000;
const MINUTE = 60_000;
/** A logged play may start this long before the show's start or after its end (clocks differ, a show runs on). */
const SLACK_MS = 15 * MINUTE;
/** A track with no known length takes this long when an export gives no play times (rekordbox). */
const DEFAULT_TRACK_SECONDS = 240;
/** Shows listed on the tracklist screen. */
const SHOW_LIMIT = 60;

const iso = (d: Date | number) => new Date(d).toISOString();

function showOf(s: SessionRow, presenterName: string | null): TracklistShow {
  return {
    id: s.id,
    title: s.title ?? '',
    presenter_name: presenterName ?? s.streamer_name ?? '',
    started_at: iso(s.started_at),
    ended_at: s.ended_at ? iso(s.ended_at) : null,
  };
}

/** The shows a user may log: their own (presenter record linked to the account), or every show for owners and managers. */
export async function listTracklistShows(ctx: AppContext, user: User): Promise<TracklistShow[]> {
  const all = can(user.role, 'tracklists.manageAll');
  const presenter = all ? null : await presenterOfUser(ctx.knex, user.id);
  if (!all && !presenter) return [];
  const rows = await latestSessions(ctx.knex, presenter?.id ?? null, SHOW_LIMIT);
  return rows.map((r) => showOf(r, r.presenter_id && presenter && r.presenter_id === presenter.id ? presenter.name : null));
}

/** A show the user may log, or 404 (unknown) / 403 (someone else's). */
export async function sessionFor(ctx: AppContext, user: User, id: string): Promise<SessionRow> {
  const s = await broadcastSessionById(ctx.knex, id);
  if (!s) throw fail.notFound('That show was not found.');
  if (can(user.role, 'tracklists.manageAll')) return s;
  const presenter = await presenterOfUser(ctx.knex, user.id);
  if (!presenter || s.presenter_id !== presenter.id) throw fail.forbidden('You can only log the tracklists of your own shows.');
  return s;
}

const presentPlay = (r: TracklistPlayRow) => ({ id: Number(r.play_id), played_at: iso(r.played_at), title: r.title, artist: r.artist, album: r.album, source: r.origin });

/** The tracklist of a show: its plays, its gaps so far, and in US compliance mode the performance-complement warnings. */
export async function tracklistView(ctx: AppContext, s: SessionRow): Promise<TracklistView> {
  const [rows, zone, station, named] = await Promise.all([
    tracklistPlayRows(ctx.knex, s.id),
    stationTimezone(ctx),
    cachedStationInfo(ctx),
    s.presenter_id ? presenterUserAndName(ctx.knex, s.presenter_id) : Promise.resolve(undefined),
  ]);
  const startMs = s.started_at.getTime();
  const endMs = s.ended_at ? s.ended_at.getTime() : Math.max(startMs, ctx.now());
  const gaps = tracklistGaps(startMs, endMs, rows.map((r) => r.played_at.getTime())).map((g) => ({ from: iso(g.fromMs), to: iso(g.toMs), minutes: Math.round((g.toMs - g.fromMs) / MINUTE) }));
  let warnings: TracklistView['warnings'] = [];
  if (station.compliance_mode === 'us') {
    // Every play of the station around the show counts (the complement is the channel's), warnings only on this show's plays.
    const around = await complementPlayRows(ctx.knex, new Date(startMs - COMPLEMENT_WINDOW_HOURS * HOUR), new Date(endMs + SLACK_MS + 1));
    const mine = new Set(rows.map((r) => Number(r.play_id)));
    warnings = complementWarnings(around.map((r) => ({ id: Number(r.play_id), startMs: r.played_at.getTime(), artist: r.artist, album: r.album }))).filter((w) => mine.has(w.play_id));
  }
  return { show: showOf(s, named?.name ?? null), plays: rows.map(presentPlay), gaps, compliance_mode: station.compliance_mode, warnings, zone };
}

function checkInside(s: SessionRow, atMs: number, nowMs: number): void {
  const startMs = s.started_at.getTime();
  const endMs = s.ended_at ? s.ended_at.getTime() : nowMs;
  if (atMs < startMs - SLACK_MS || atMs > endMs + SLACK_MS || atMs > nowMs + MINUTE) {
    throw fail.badRequest('That time is outside the show.', [{ path: 'played_at', message: 'Pick a time during the show' }]);
  }
}

async function streamerName(ctx: AppContext, s: SessionRow): Promise<string | null> {
  if (s.streamer_name) return s.streamer_name;
  return s.presenter_id ? ((await presenterUserAndName(ctx.knex, s.presenter_id))?.name ?? null) : null;
}

/** Logs one play into a show: a library track or a typed one, at a time during the show (now by default: "playing now"). */
export async function logPlay(ctx: AppContext, s: SessionRow, input: LogPlayInput): Promise<{ play_id: number | null; duplicate: boolean; tracklist: TracklistView }> {
  const nowMs = ctx.now();
  const atMs = input.played_at ? Date.parse(input.played_at) : nowMs;
  checkInside(s, atMs, nowMs);
  let trackId: string;
  if (input.track_id) {
    if (!(await findTrackTitle(ctx.knex, input.track_id))) throw fail.notFound('That track is not in the library.');
    trackId = input.track_id;
  } else {
    const t = await upsertTrack(ctx.knex, { title: input.title ?? '', artist: input.artist ?? '', album: input.album ?? '', artUrl: null, durationSeconds: null });
    if (!t) throw fail.badRequest('Type the title of the track.', [{ path: 'title', message: 'Type the title of the track' }]);
    trackId = t.id;
  }
  const id = await insertLoggedPlay(ctx.knex, { track_id: trackId, played_at: new Date(atMs), broadcast_session_id: s.id, streamer_name: await streamerName(ctx, s) });
  return { play_id: id, duplicate: id === null, tracklist: await tracklistView(ctx, s) };
}

/** Removes a play of the show that did not happen. */
export async function removePlay(ctx: AppContext, s: SessionRow, playId: number): Promise<TracklistView> {
  if (!(await deleteSessionPlay(ctx.knex, s.id, playId))) throw fail.notFound('That play is not in this tracklist, or came from the station itself.');
  return tracklistView(ctx, s);
}

/**
 * Imports a DJ software history export into a show. Plays with a time of day
 * but no date take the show's day (the next day when that is before the
 * show, for a show past midnight); plays with no time (rekordbox) follow each
 * other from the show's start, each for its length. Plays outside the show
 * (15 minutes either side) are skipped; the same track at the same instant
 * is not logged twice, so importing a file again adds nothing.
 */
export async function importExport(ctx: AppContext, s: SessionRow, text: string): Promise<TracklistImportResult> {
  let parsed;
  try {
    parsed = parseDjExport(text);
  } catch (err) {
    throw fail.badRequest(err instanceof Error ? err.message : 'That file could not be read.');
  }
  const zone = await stationTimezone(ctx);
  const nowMs = ctx.now();
  const startMs = s.started_at.getTime();
  const showDay = localDateTime(startMs, zone).date;
  const name = await streamerName(ctx, s);
  let cursor = startMs;
  let added = 0;
  let duplicates = 0;
  let skipped = parsed.skipped;
  for (const p of parsed.plays) {
    let atMs: number;
    if (p.time) {
      atMs = zonedInstant(p.date ?? showDay, p.time, zone);
      if (!p.date && atMs < startMs - HOUR) atMs = zonedInstant(addDays(showDay, 1), p.time, zone);
    } else atMs = cursor;
    cursor = atMs + (p.durationSeconds ?? DEFAULT_TRACK_SECONDS) * 1000;
    try {
      checkInside(s, atMs, nowMs);
    } catch {
      skipped++;
      continue;
    }
    const t = await upsertTrack(ctx.knex, { title: p.title, artist: p.artist, album: p.album, artUrl: null, durationSeconds: p.durationSeconds });
    if (!t) {
      skipped++;
      continue;
    }
    const id = await insertLoggedPlay(ctx.knex, { track_id: t.id, played_at: new Date(atMs), broadcast_session_id: s.id, streamer_name: name });
    if (id === null) duplicates++;
    else added++;
  }
  return { format: parsed.format, added, duplicates, skipped, tracklist: await tracklistView(ctx, s) };
}

/** The station's library and history: tracks matching the words (title, artist or album), or the latest played. */
export async function searchForTracklist(ctx: AppContext, q: string): Promise<TracklistSearchResult[]> {
  const words = q.trim();
  if (!words) {
    const rows = await recentlyPlayedTracks(ctx.knex, 20);
    return rows.map((r) => ({ track_id: r.id, title: r.title, artist: r.artist, album: r.album, last_played_at: iso(r.last) }));
  }
  const rows = await searchTracks(ctx.knex, words, 20);
  const last = await lastPlayedOf(ctx.knex, rows.map((r) => r.id));
  return rows.map((r) => ({ track_id: r.id, title: r.title, artist: r.artist, album: r.album ?? '', last_played_at: last.has(r.id) ? iso(last.get(r.id)!) : null }));
}

/** How far back the reminder looks for shows that ended. */
const REMIND_LOOKBACK_MS = 6 * HOUR;

/**
 * The end-of-show reminder: each live show that ended in the last six hours
 * with gaps in its tracklist (20 minutes or more with no play) tells its
 * presenter once, in-app (a system alert to them alone). Answers how many
 * were sent.
 */
export async function remindTracklistGaps(ctx: AppContext): Promise<number> {
  const nowMs = ctx.now();
  const ended = await sessionsEndedBetween(ctx.knex, new Date(nowMs - REMIND_LOOKBACK_MS), new Date(nowMs + 1));
  const done = await remindedSessions(ctx.knex, ended.map((s) => s.id));
  let sent = 0;
  for (const s of ended) {
    if (done.has(s.id) || !s.presenter_id || !s.ended_at) continue;
    const who = await presenterUserAndName(ctx.knex, s.presenter_id);
    if (!who?.user_id) continue;
    const plays = await tracklistPlayRows(ctx.knex, s.id);
    const gaps = tracklistGaps(s.started_at.getTime(), s.ended_at.getTime(), plays.map((p) => p.played_at.getTime()));
    if (gaps.length === 0) continue;
    if (!(await claimTracklistReminder(ctx.knex, s.id, gaps.length, new Date(nowMs)))) continue;
    const minutes = gaps.reduce((n, g) => n + Math.round((g.toMs - g.fromMs) / MINUTE), 0);
    await notify(ctx, {
      type: 'system_alert',
      priority: 'normal',
      text: { key: 'notify.tracklistGaps', values: { untitled: s.title ? 'no' : 'yes', show: s.title ?? '', gaps: gaps.length, gapMinutes: TRACKLIST_GAP_MINUTES, minutes } },
      relatedId: s.id,
      relatedType: 'tracklist',
      audience: { userIds: [who.user_id] },
    });
    sent++;
  }
  return sent;
}

/** Checks every minute for shows that ended with gaps. */
export function tracklistRemindersJob(ctx: AppContext): { name: string; stop(): Promise<void> } {
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = remindTracklistGaps(ctx)
      .then((n) => {
        if (n) ctx.log.info({ sent: n }, 'tracklist gap reminders sent');
      })
      .catch((err: unknown) => ctx.log.warn({ err }, 'tracklist gap reminders failed'))
      .finally(() => (running = null));
  };
  const timer = setInterval(tick, MINUTE);
  timer.unref();
  tick();
  return {
    name: 'tracklist-reminders',
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
