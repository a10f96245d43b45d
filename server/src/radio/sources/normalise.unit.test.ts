import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyFallbacks, splitArtistTitle, trackKey } from './normalise';
import type { NowPlayingSnapshot, SnapshotTrack } from './types';

const FIXTURES = path.resolve(__dirname, '../../../../../shared/fixtures/azuracast/');

/** Every `song` object in every fixture file. */
function fixtureSongs(): Array<{ id: string; artist: string; title: string; file: string }> {
  const songs: Array<{ id: string; artist: string; title: string; file: string }> = [];
  const visit = (v: unknown, file: string): void => {
    if (Array.isArray(v)) v.forEach((x) => visit(x, file));
    else if (typeof v === 'object' && v !== null) {
      const song = 'song' in v ? v.song : undefined;
      if (typeof song === 'object' && song !== null && 'id' in song && 'artist' in song && 'title' in song) {
        const { id, artist, title } = song;
        if (typeof id === 'string' && typeof artist === 'string' && typeof title === 'string') {
          songs.push({ id, artist, title, file });
        }
      }
      for (const child of Object.values(v)) visit(child, file);
    }
  };
  for (const file of fs.readdirSync(FIXTURES).filter((f) => f.endsWith('.json'))) {
    visit(JSON.parse(fs.readFileSync(path.join(FIXTURES, file), 'utf8')), file);
  }
  return songs;
}

describe('trackKey', () => {
  const same = (a: [string, string], b: [string, string]) => expect(trackKey(...a)).toBe(trackKey(...b));
  const differ = (a: [string, string], b: [string, string]) => expect(trackKey(...a)).not.toBe(trackKey(...b));

  it('ignores case, surrounding and repeated whitespace', () => {
    same(['Sigur Rós', 'Hoppípolla'], ['  SIGUR   RÓS ', 'hoppípolla\t']);
    same(['Amadou & Mariam', 'Sénégal Fast Food'], ['amadou &\u00a0mariam', 'SÉNÉGAL FAST FOOD']);
  });

  it('ignores Unicode form: composed, decomposed, full-width and ligatures', () => {
    same(['Björk', 'Jóga'], ['Björk'.normalize('NFD'), 'Jóga'.normalize('NFD')]);
    same(['Ngozi Adébáyọ̀', 'Saturday Selector (intro)'], ['Ngozi Adébáyọ̀'.normalize('NFD'), 'Saturday Selector (intro)']);
    same(['ABBA', 'Waterloo'], ['ＡＢＢＡ', 'Ｗａｔｅｒｌｏｏ']);
    same(['Röyksopp', 'Eple'], ['Röyksopp', 'Eple\u200b']);
    same(['The Flaming Lips', 'Fight Test'], ['The Flaming Lips', 'Fight Test'.replace('Fi', '\ufb01')]);
  });

  it('ignores surrounding quotes and typographic apostrophes', () => {
    same(['David Bowie', 'Heroes'], ['David Bowie', '"Heroes"']);
    same(['David Bowie', 'Heroes'], ['David Bowie', '“Heroes”']);
    same(['Kwame', 'What’s On'], ['Kwame', "What's On"]);
    same(['Kwame', 'Heroes'], ['Kwame', ' « Heroes » ']);
  });

  it('treats every spelling and placement of a featured artist alike', () => {
    const variants: Array<[string, string]> = [
      ['Tony Allen feat. Hugh Masekela', 'Never'],
      ['Tony Allen ft. Hugh Masekela', 'Never'],
      ['Tony Allen ft Hugh Masekela', 'Never'],
      ['Tony Allen Featuring Hugh Masekela', 'Never'],
      ['Tony Allen (feat. Hugh Masekela)', 'Never'],
      ['Tony Allen', 'Never (feat. Hugh Masekela)'],
      ['Tony Allen', 'Never [Ft. Hugh Masekela]'],
      ['Tony Allen', 'Never feat. Hugh Masekela'],
      ['Tony Allen', 'Never (ft.Hugh Masekela)'],
    ];
    for (const v of variants) same(v, ['Tony Allen', 'Never (featuring Hugh Masekela)']);
    same(['A', 'Song (feat. B & C)'], ['A feat. C', 'Song (ft. B)']);
  });

  it('still tells apart different featured artists, and a track with none', () => {
    differ(['Tony Allen feat. Hugh Masekela', 'Never'], ['Tony Allen feat. Fela Kuti', 'Never']);
    differ(['Tony Allen feat. Hugh Masekela', 'Never'], ['Tony Allen', 'Never']);
  });

  it('does not mistake words containing "ft" or "feat" for a featured artist', () => {
    differ(['Daft Punk', 'One More Time'], ['Da', 'One More Time']);
    expect(trackKey('Daft Punk', 'Aerodynamic')).toContain('daft punk');
    expect(trackKey('Feather', 'Left Behind')).toContain('left behind');
  });

  it('tells apart different songs, and does not swap artist and title', () => {
    differ(['Rosalía', 'Malamente'], ['Rosalía', 'Pienso en tu mirá']);
    differ(['A', 'B'], ['B', 'A']);
    differ(['Björk', 'Jóga'], ['Bjork', 'Joga']);
  });

  it('treats the display fallbacks as blank and splits "Artist - Title" when the artist is blank', () => {
    same(['Unknown Artist', 'Canal Path Blues'], ['', 'Canal Path Blues']);
    same(['', 'Unknown Track'], [' ', '']);
    same(['', 'Fela Kuti - Water No Get Enemy'], ['Fela Kuti', 'Water No Get Enemy']);
    expect(trackKey(null, undefined)).toBe(trackKey('', ''));
  });

  it('agrees with AzuraCast song ids across all fixtures: same id, same key; different song, different key', () => {
    const songs = fixtureSongs();
    expect(songs.length).toBeGreaterThan(40);
    const keyById = new Map<string, string>();
    const idsByKey = new Map<string, Set<string>>();
    for (const song of songs) {
      const key = trackKey(song.artist, song.title);
      const seen = keyById.get(song.id);
      if (seen !== undefined) expect(key, `${song.title} in ${song.file}`).toBe(seen);
      keyById.set(song.id, key);
      idsByKey.set(key, (idsByKey.get(key) ?? new Set()).add(song.id));
    }
    const collisions = [...idsByKey.entries()].filter(([, ids]) => ids.size > 1);
    expect(collisions).toEqual([]);
  });

  it('is insensitive to ASCII case and whitespace for any text (property)', () => {
    const word = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9 ]{0,20}[A-Za-z0-9]$/);
    fc.assert(
      fc.property(word, word, (artist, title) => {
        const noisy = (s: string) => ` ${s.toUpperCase().replace(/ /g, '  \t')} `;
        expect(trackKey(noisy(artist), noisy(title))).toBe(trackKey(artist, title));
      }),
    );
  });

  it('is deterministic and never throws on arbitrary input (property)', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, t) => {
        expect(trackKey(a, t)).toBe(trackKey(a, t));
      }),
    );
  });
});

describe('splitArtistTitle', () => {
  it('splits on the first " - " and keeps hyphenated names whole', () => {
    expect(splitArtistTitle('Brian Eno - Apollo - An Ending (Ascent)')).toEqual({
      artist: 'Brian Eno',
      title: 'Apollo - An Ending (Ascent)',
    });
    expect(splitArtistTitle('Shout-outs & what’s on')).toEqual({ artist: '', title: 'Shout-outs & what’s on' });
    expect(splitArtistTitle('-')).toEqual({ artist: '', title: '' });
  });

  it('splits "Artist – Title" written with an en dash, and prefers a plain " - " when both appear', () => {
    expect(splitArtistTitle('Nina Simone – Feeling Good')).toEqual({ artist: 'Nina Simone', title: 'Feeling Good' });
    expect(splitArtistTitle('Sigur Rós – Hoppípolla – Live')).toEqual({ artist: 'Sigur Rós', title: 'Hoppípolla – Live' });
    expect(splitArtistTitle('Air – Moon Safari - La Femme d’Argent')).toEqual({ artist: 'Air – Moon Safari', title: 'La Femme d’Argent' });
    expect(splitArtistTitle('Zero–Hour')).toEqual({ artist: '', title: 'Zero–Hour' });
    expect(trackKey('', 'Nina Simone – Feeling Good')).toBe(trackKey('Nina Simone', 'Feeling Good'));
  });
});

// ---------------------------------------------------------------------------

const track = (over: Partial<SnapshotTrack> = {}): SnapshotTrack => ({
  title: 'Water No Get Enemy',
  artist: 'Fela Kuti',
  album: 'Expensive Shit',
  artUrl: null,
  durationSeconds: 300,
  startedAt: 1,
  elapsedSeconds: 10,
  sourceId: '1',
  songId: null,
  isRequest: false,
  playlist: null,
  streamer: null,
  ...over,
});

const snapshot = (over: Partial<NowPlayingSnapshot> = {}): NowPlayingSnapshot => ({
  source: 'demo',
  fetchedAt: 0,
  online: true,
  stationName: null,
  track: track(),
  live: { isLive: false, streamerName: null, broadcastStart: null, artUrl: null, streamerId: null },
  listeners: { current: 0, unique: null },
  history: [],
  playingNext: null,
  streamUrl: null,
  streamStartedAt: null,
  ...over,
});

describe('applyFallbacks', () => {
  it('fills blank or whitespace-only text with the spec wording', () => {
    const d = applyFallbacks(snapshot({ track: track({ title: ' ', artist: '', album: '\t' }) }));
    expect(d.track).toMatchObject({ title: 'Unknown Track', artist: 'Unknown Artist', album: 'Unknown Album' });
  });

  it('keeps real values, trimmed', () => {
    const d = applyFallbacks(snapshot({ track: track({ title: ' Zombie ', artist: 'Fela Kuti' }) }));
    expect(d.track).toMatchObject({ title: 'Zombie', artist: 'Fela Kuti', album: 'Expensive Shit', durationSeconds: 300 });
    expect(d.track?.durationIsEstimate).toBe(false);
  });

  it('uses 180 s for unknown, zero, negative or non-finite durations, and says so', () => {
    for (const durationSeconds of [null, 0, -5, Number.NaN, Number.POSITIVE_INFINITY]) {
      const d = applyFallbacks(snapshot({ track: track({ durationSeconds }) }));
      expect(d.track).toMatchObject({ durationSeconds: 180, durationIsEstimate: true });
    }
  });

  it('chooses the presenter: DJ name, Live Presenter, or Auto DJ', () => {
    const live = (streamerName: string | null) => ({ isLive: true, streamerName, broadcastStart: 0, artUrl: null, streamerId: null });
    expect(applyFallbacks(snapshot({ live: live('Kwame & Siobhán') })).presenter).toBe('Kwame & Siobhán');
    expect(applyFallbacks(snapshot({ live: live(null) })).presenter).toBe('Live Presenter');
    expect(applyFallbacks(snapshot({ live: live('  ') })).presenter).toBe('Live Presenter');
    expect(applyFallbacks(snapshot()).presenter).toBe('Auto DJ');
  });

  it('applies the same fallbacks to history and the queued item', () => {
    const d = applyFallbacks(
      snapshot({
        history: [{ ...track({ artist: '', durationSeconds: null }), playedAt: 5 }],
        playingNext: {
          title: '',
          artist: 'Mdou Moctar',
          album: '',
          artUrl: null,
          durationSeconds: 445.21,
          playedAt: null,
          isRequest: false,
          isStale: false,
        },
      }),
    );
    expect(d.history[0]).toMatchObject({ artist: 'Unknown Artist', durationSeconds: 180, durationIsEstimate: true, playedAt: 5 });
    expect(d.playingNext).toMatchObject({
      title: 'Unknown Track',
      artist: 'Mdou Moctar',
      album: 'Unknown Album',
      durationSeconds: 445.21,
    });
  });

  it('leaves an absent track absent and does not modify its input', () => {
    const input = snapshot({ track: track({ title: '' }) });
    const before = structuredClone(input);
    const d = applyFallbacks(input);
    expect(input).toEqual(before);
    d.live.isLive = true;
    expect(input.live.isLive).toBe(false);
    expect(applyFallbacks(snapshot({ track: null })).track).toBeNull();
  });
});
