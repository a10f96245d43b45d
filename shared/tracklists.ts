import { z } from 'zod';
import type { ComplianceMode } from './licensing';
import type { ImportFormat } from './tracklist-import';

/**
 * Live-show tracklists (issue 34 item 2): a presenter logs what they played in
 * a live show (its broadcast session), during or after it. The plays are rows
 * of the station's play log (source `manual`), attached to the show and the
 * presenter, so the licensing reports count them like any other play.
 *
 * Also here, pure and unit-tested: the gaps rule (the end-of-show reminder)
 * and the US sound recording performance complement (the warnings shown in US
 * compliance mode).
 */

/** A live show as the tracklist screen lists it. */
export interface TracklistShow {
  id: string;
  title: string;
  presenter_name: string;
  started_at: string;
  /** Null while the show is on air. */
  ended_at: string | null;
}

/** One play of a show's tracklist. */
export interface TracklistPlay {
  id: number;
  played_at: string;
  title: string;
  artist: string;
  album: string;
  /** automation (the station's own metadata), live (the presenter's now-playing text) or manual (logged here). */
  source: 'automation' | 'live' | 'manual';
}

/** A stretch of a show with no play logged. */
export interface TracklistGap {
  from: string;
  to: string;
  minutes: number;
}

/** What the tracklist screen shows for one show. */
export interface TracklistView {
  show: TracklistShow;
  plays: TracklistPlay[];
  gaps: TracklistGap[];
  compliance_mode: ComplianceMode;
  /** US mode only: plays that break the performance complement (empty otherwise). */
  warnings: ComplementWarning[];
  /** The station's time zone (times are shown in it). */
  zone: string;
}

/** A library or history search result. */
export interface TracklistSearchResult {
  track_id: string;
  title: string;
  artist: string;
  album: string;
  /** When the station last played it, if ever. */
  last_played_at: string | null;
}

/** Log one play: a known track (by id) or a typed artist and title; at an instant, else now. */
export const LogPlaySchema = z
  .object({
    track_id: z.string().uuid().optional(),
    title: z.string().trim().max(300).optional(),
    artist: z.string().trim().max(300).optional(),
    album: z.string().trim().max(300).optional(),
    played_at: z.string().datetime({ offset: true }).optional(),
  })
  .refine((v) => v.track_id !== undefined || Boolean(v.title), { message: 'Pick a track or type its title', path: ['title'] });
export type LogPlayInput = z.output<typeof LogPlaySchema>;

/** Import a DJ software history export (the file's text). */
export const ImportTracklistSchema = z.object({
  text: z.string().min(1, 'The file is empty').max(250_000, 'The file is too large'),
  file_name: z.string().max(300).optional(),
});

/** What an import did. */
export interface TracklistImportResult {
  format: ImportFormat;
  /** Plays added to the show. */
  added: number;
  /** Rows already logged (the same track at the same time). */
  duplicates: number;
  /** Rows with no title, or outside the show. */
  skipped: number;
  tracklist: TracklistView;
}

// ------------------------------------------------------------------ gaps

/**
 * A gap is a stretch of at least this many minutes inside a show in which no
 * play started: from the show's start to the first play, between two plays,
 * or from the last play to the show's end. Twenty minutes is longer than
 * nearly any single track (a long DJ mix's track runs 8–12 minutes), so a gap
 * means plays are missing rather than a long song.
 */
export const TRACKLIST_GAP_MINUTES = 20;

/** The gaps of a show [startMs, endMs) with plays starting at `playMs`. */
export function tracklistGaps(startMs: number, endMs: number, playMs: readonly number[], gapMinutes = TRACKLIST_GAP_MINUTES): { fromMs: number; toMs: number }[] {
  const inside = [...playMs].filter((t) => t >= startMs && t < endMs).sort((a, b) => a - b);
  const marks = [startMs, ...inside, endMs];
  const out: { fromMs: number; toMs: number }[] = [];
  for (let i = 0; i + 1 < marks.length; i++) {
    if (marks[i + 1]! - marks[i]! >= gapMinutes * 60_000) out.push({ fromMs: marks[i]!, toMs: marks[i + 1]! });
  }
  return out;
}

// ------------------------------------------------------ performance complement

/**
 * The DMCA sound recording performance complement (17 U.S.C. § 114(j)(13)) as
 * the station applies it: in any 3 hours, no more than 3 tracks from one album
 * and no more than 4 by one artist.
 */
export const COMPLEMENT_WINDOW_HOURS = 3;
export const COMPLEMENT_MAX_PER_ALBUM = 3;
export const COMPLEMENT_MAX_PER_ARTIST = 4;

/** A play as the rule reads it. */
export interface ComplementPlay {
  id: number;
  startMs: number;
  artist: string;
  album: string;
}

/** A play that goes over the complement: the `count`-th track from one album or by one artist within 3 hours. */
export interface ComplementWarning {
  play_id: number;
  kind: 'album' | 'artist';
  /** The album or artist as the play names it. */
  name: string;
  /** How many tracks from that album or by that artist fall in the 3 hours up to and including this play. */
  count: number;
  limit: number;
}

const norm = (s: string) => s.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * The plays that break the complement: for each play, the tracks from its
 * album (and by its artist) that started in the 3 hours up to it, this one
 * included; over 3 (album) or 4 (artist) is a warning on this play. Blank
 * albums and artists are not counted. Oldest first.
 */
export function complementWarnings(plays: readonly ComplementPlay[]): ComplementWarning[] {
  const sorted = [...plays].sort((a, b) => a.startMs - b.startMs || a.id - b.id);
  const windowMs = COMPLEMENT_WINDOW_HOURS * 3_600_000;
  const out: ComplementWarning[] = [];
  for (let i = 0; i < sorted.length; i++) {
    const p = sorted[i]!;
    const recent = sorted.slice(0, i + 1).filter((q) => p.startMs - q.startMs < windowMs);
    const album = norm(p.album);
    if (album) {
      const n = recent.filter((q) => norm(q.album) === album).length;
      if (n > COMPLEMENT_MAX_PER_ALBUM) out.push({ play_id: p.id, kind: 'album', name: p.album.trim(), count: n, limit: COMPLEMENT_MAX_PER_ALBUM });
    }
    const artist = norm(p.artist);
    if (artist) {
      const n = recent.filter((q) => norm(q.artist) === artist).length;
      if (n > COMPLEMENT_MAX_PER_ARTIST) out.push({ play_id: p.id, kind: 'artist', name: p.artist.trim(), count: n, limit: COMPLEMENT_MAX_PER_ARTIST });
    }
  }
  return out;
}
