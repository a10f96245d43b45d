import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { complementWarnings, tracklistGaps, type ComplementPlay } from './tracklists';
import { compactExport, decodeExport, parseDjExport, readClock, readLength } from './tracklist-import';

const MIN = 60_000;
const H = 60 * MIN;
const at = (minutes: number) => Date.UTC(2026, 10, 27, 20, 0) + minutes * MIN;
let n = 0;
const play = (minutes: number, artist: string, album: string): ComplementPlay => ({ id: ++n, startMs: at(minutes), artist, album });

describe('performance complement (US): at most 3 tracks from one album, 4 by one artist, in any 3 hours', () => {
  it('3 from one album is fine; the 4th inside 3 hours is a warning on that play', () => {
    const plays = [play(0, 'A', 'Alpha'), play(10, 'A', 'Alpha'), play(20, 'A', 'Alpha')];
    expect(complementWarnings(plays)).toEqual([]);
    const fourth = play(30, 'A', 'Alpha');
    expect(complementWarnings([...plays, fourth])).toEqual([{ play_id: fourth.id, kind: 'album', name: 'Alpha', count: 4, limit: 3 }]);
  });

  it('the window is 3 hours: a 4th album track 3 hours after the first is fine, 2:59 after is not', () => {
    const first = play(0, 'A', 'Beta');
    const later = [play(60, 'B', 'Beta'), play(120, 'C', 'Beta')];
    expect(complementWarnings([first, ...later, play(180, 'D', 'Beta')])).toEqual([]);
    const early = play(179, 'D', 'Beta');
    expect(complementWarnings([first, ...later, early]).map((w) => [w.play_id, w.kind, w.count])).toEqual([[early.id, 'album', 4]]);
  });

  it('4 by one artist (different albums) is fine; the 5th is a warning, and a 6th another', () => {
    const plays = [play(0, 'Björk', 'Debut'), play(15, 'björk ', 'Post'), play(30, 'BJÖRK', 'Homogenic'), play(45, 'Björk', 'Vespertine')];
    expect(complementWarnings(plays)).toEqual([]);
    const fifth = play(60, 'Björk', 'Medúlla');
    const sixth = play(75, 'Björk', 'Volta');
    expect(complementWarnings([...plays, fifth, sixth])).toEqual([
      { play_id: fifth.id, kind: 'artist', name: 'Björk', count: 5, limit: 4 },
      { play_id: sixth.id, kind: 'artist', name: 'Björk', count: 6, limit: 4 },
    ]);
  });

  it('a 4th track from one album by one artist, 5th by that artist: both rules on the same play', () => {
    const plays = [play(0, 'X', 'Solo'), play(5, 'X', 'Other'), play(10, 'X', 'Solo'), play(15, 'X', 'Solo')];
    const last = play(20, 'X', 'Solo');
    expect(complementWarnings([...plays, last]).map((w) => [w.play_id, w.kind, w.count])).toEqual([
      [last.id, 'album', 4],
      [last.id, 'artist', 5],
    ]);
  });

  it('blank albums and artists are not counted, and order of input does not matter', () => {
    const plays = [play(0, '', ''), play(1, '', ''), play(2, '', ''), play(3, '', ''), play(4, '', '')];
    expect(complementWarnings(plays.reverse())).toEqual([]);
  });
});

describe('tracklist gaps: 20 minutes or more with no play', () => {
  const start = at(0);
  const end = at(120);
  it('a two-hour show with a play every 10 minutes has none', () => {
    expect(tracklistGaps(start, end, Array.from({ length: 12 }, (_, i) => at(i * 10 + 5)))).toEqual([]);
  });
  it('no play at all: the whole show is one gap', () => {
    expect(tracklistGaps(start, end, [])).toEqual([{ fromMs: start, toMs: end }]);
  });
  it('the start to the first play, a hole in the middle and the last play to the end', () => {
    // plays at 25, 40, 55, 100 → gaps 0–25 (25 min), 55–100 (45 min); 100–120 is exactly 20 → a gap too.
    expect(tracklistGaps(start, end, [at(40), at(25), at(55), at(100)])).toEqual([
      { fromMs: at(0), toMs: at(25) },
      { fromMs: at(55), toMs: at(100) },
      { fromMs: at(100), toMs: at(120) },
    ]);
  });
  it('19 minutes is not a gap; plays outside the show are ignored', () => {
    expect(tracklistGaps(start, at(38), [at(-30), at(19), at(200)])).toEqual([]);
  });
});

const fixture = (name: string) => decodeExport(new Uint8Array(readFileSync(new URL(`../tests/fixtures/tracklists/${name}`, import.meta.url))));

describe('DJ software history exports', () => {
  it("Serato's CSV: the session row skipped, start times kept", () => {
    const p = parseDjExport(fixture('serato-history.csv'));
    expect(p.format).toBe('serato');
    expect(p.skipped).toBe(1);
    expect(p.plays.map((x) => [x.artist, x.title, x.time, x.durationSeconds])).toEqual([
      ['Aphex Twin', 'Windowlicker', '20:02:10', 365],
      ['Massive Attack', 'Teardrop', '20:08:00', 330],
      ['Aphex Twin', 'Xtal', '20:13:20', 290],
    ]);
  });

  it("rekordbox's UTF-16 .txt: titles, artists, albums and lengths, no play times", () => {
    const p = parseDjExport(fixture('rekordbox-history.txt'));
    expect(p.format).toBe('rekordbox');
    expect(p.plays.map((x) => [x.title, x.artist, x.album, x.time, x.durationSeconds])).toEqual([
      ['One More Time', 'Daft Punk', 'Discovery', null, 320],
      ['Aerodynamic', 'Daft Punk', 'Discovery', null, 207],
      ['Digital Love', 'Daft Punk', 'Discovery', null, 298],
      ['Harder, Better, Faster, Stronger', 'Daft Punk', 'Discovery', null, 224],
    ]);
  });

  it("Traktor's history .nml: plays joined to the collection, the headphone-only play left out", () => {
    const p = parseDjExport(fixture('traktor-history.nml'));
    expect(p.format).toBe('traktor');
    expect(p.skipped).toBe(1);
    // STARTDATE 132778779 = 0x07EA0B1B: 2026-11-27; STARTTIME 72300 s = 20:05:00, 72720 s = 20:12:00.
    // What the browser sends (fingerprints, cue points and the like taken out) reads the same.
    expect(parseDjExport(compactExport(fixture('traktor-history.nml')))).toEqual(p);
    expect(p.plays).toEqual([
      { title: 'Strings of Life', artist: 'Rhythim Is Rhythim', album: 'Strings of Life', date: '2026-11-27', time: '20:05:00', durationSeconds: 421 },
      { title: 'Can You Feel It', artist: 'Mr. Fingers & Friends', album: 'Amnesia', date: '2026-11-27', time: '20:12:00', durationSeconds: 380 },
    ]);
  });

  it('a plain CSV with Artist, Title and Time; semicolons too', () => {
    expect(parseDjExport('Artist;Title;Time\n"Nina Simone";"Sinnerman";21:15\n').plays).toEqual([{ title: 'Sinnerman', artist: 'Nina Simone', album: '', date: null, time: '21:15:00', durationSeconds: null }]);
  });

  it('a file without artist and title columns is refused with a plain message', () => {
    expect(() => parseDjExport('foo,bar\n1,2\n')).toThrow(/Artist and Title/);
  });

  it('clock and length readings', () => {
    expect(readClock('09:04:10 PM')).toEqual({ date: null, time: '21:04:10' });
    expect(readClock('12:30:00 AM')).toEqual({ date: null, time: '00:30:00' });
    expect(readClock('2026/11/27 21:04:10')).toEqual({ date: '2026-11-27', time: '21:04:10' });
    expect(readClock('25:00')).toBeNull();
    expect(readLength('1:05:23')).toBe(3923);
    expect(readLength('05:20')).toBe(320);
    expect(readLength('431.27')).toBe(431);
    expect(H).toBe(3_600_000);
  });
});
