import { RADIO_FALLBACKS } from '../../../../shared/radio';
import type { NowPlayingSnapshot, SnapshotHistoryItem, SnapshotNext, SnapshotTrack } from './types';

/**
 * The spec's display fallbacks (product spec §9). Kept in one place
 * (`shared/radio.ts`) so the server, the player and the dashboard show the same words.
 */
export const DISPLAY_FALLBACKS = RADIO_FALLBACKS;

/** A track ready to show: text never blank, duration always a positive number. */
export type DisplayTrack = Omit<SnapshotTrack, 'durationSeconds'> & {
  durationSeconds: number;
  /** `durationSeconds` is the 180 s default, not the real length (live items, streams). */
  durationIsEstimate: boolean;
};

/** A history item ready to show. */
export type DisplayHistoryItem = Omit<SnapshotHistoryItem, 'durationSeconds'> & {
  durationSeconds: number;
  durationIsEstimate: boolean;
};

/** The queued item ready to show. */
export type DisplayNext = Omit<SnapshotNext, 'durationSeconds'> & {
  durationSeconds: number;
  durationIsEstimate: boolean;
};

/** A snapshot with the spec's fallbacks applied, plus the presenter line. */
export type NowPlayingDisplay = Omit<NowPlayingSnapshot, 'track' | 'history' | 'playingNext'> & {
  track: DisplayTrack | null;
  history: DisplayHistoryItem[];
  playingNext: DisplayNext | null;
  /** The DJ's name, 'Live Presenter' when live without a name, else 'Auto DJ'. */
  presenter: string;
};

function orFallback(value: string | null | undefined, fallback: string): string {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? fallback : trimmed;
}

function displayDuration(seconds: number | null): { durationSeconds: number; durationIsEstimate: boolean } {
  return seconds !== null && Number.isFinite(seconds) && seconds > 0
    ? { durationSeconds: seconds, durationIsEstimate: false }
    : { durationSeconds: DISPLAY_FALLBACKS.durationSeconds, durationIsEstimate: true };
}

function displayText<T extends { title: string; artist: string; album: string }>(item: T): T {
  return {
    ...item,
    title: orFallback(item.title, DISPLAY_FALLBACKS.title),
    artist: orFallback(item.artist, DISPLAY_FALLBACKS.artist),
    album: orFallback(item.album, DISPLAY_FALLBACKS.album),
  };
}

/**
 * Turns a raw snapshot into what a listener sees: blank title, artist and
 * album become 'Unknown Track', 'Unknown Artist', 'Unknown Album'; an unknown
 * or zero duration becomes 180 s (flagged as an estimate); and the presenter
 * line is the DJ's name, 'Live Presenter' when live without a name, or
 * 'Auto DJ'. Does not modify its input.
 */
export function applyFallbacks(snapshot: NowPlayingSnapshot): NowPlayingDisplay {
  const { track, history, playingNext, ...rest } = snapshot;
  const presenter = snapshot.live.isLive
    ? orFallback(snapshot.live.streamerName, DISPLAY_FALLBACKS.livePresenter)
    : DISPLAY_FALLBACKS.autoPresenter;
  return {
    ...rest,
    live: { ...snapshot.live },
    listeners: { ...snapshot.listeners },
    presenter,
    track: track === null ? null : { ...displayText(track), ...displayDuration(track.durationSeconds) },
    history: history.map((item) => ({ ...displayText(item), ...displayDuration(item.durationSeconds) })),
    playingNext:
      playingNext === null
        ? null
        : { ...displayText(playingNext), ...displayDuration(playingNext.durationSeconds) },
  };
}

/**
 * Splits stream metadata of the form "Artist - Title" on the first " - " (or,
 * when there is none, the first " – " with an en dash, as many playout tools
 * and taggers write it). Text without a separator is a title with no artist
 * (talk segments, station IDs); "Artist -" is an artist with no title. Used
 * for Icecast titles and for AzuraCast items that only carry `text`.
 */
export function splitArtistTitle(text: string): { artist: string; title: string } {
  // Padding lets "Artist -", "- Title" and a lone "-" (Icecast's "no value") split too.
  const padded = ` ${text.trim()} `;
  let at = padded.indexOf(' - ');
  if (at < 0) at = padded.indexOf(' \u2013 ');
  if (at < 0) return { artist: '', title: text.trim() };
  return { artist: padded.slice(0, at).trim(), title: padded.slice(at + 3).trim() };
}

// Windows-1252 characters for bytes 0x80–0x9F, so mojibake made with either
// Latin-1 or Windows-1252 can be turned back into the original bytes.
const CP1252_TO_BYTE: ReadonlyMap<string, number> = new Map([
  ['\u20AC', 0x80], ['\u201A', 0x82], ['\u0192', 0x83], ['\u201E', 0x84], ['\u2026', 0x85],
  ['\u2020', 0x86], ['\u2021', 0x87], ['\u02C6', 0x88], ['\u2030', 0x89], ['\u0160', 0x8a],
  ['\u2039', 0x8b], ['\u0152', 0x8c], ['\u017D', 0x8e], ['\u2018', 0x91], ['\u2019', 0x92],
  ['\u201C', 0x93], ['\u201D', 0x94], ['\u2022', 0x95], ['\u2013', 0x96], ['\u2014', 0x97],
  ['\u02DC', 0x98], ['\u2122', 0x99], ['\u0161', 0x9a], ['\u203A', 0x9b], ['\u0153', 0x9c],
  ['\u017E', 0x9e], ['\u0178', 0x9f],
]);

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

function repairOnce(s: string): string {
  const bytes: number[] = [];
  let high = false;
  for (const ch of s) {
    const code = ch.codePointAt(0) ?? 0;
    const byte = code <= 0xff ? code : CP1252_TO_BYTE.get(ch);
    // A character no single-byte charset can produce: the text was decoded
    // correctly (CJK, Cyrillic, emoji…) and must be left alone.
    if (byte === undefined) return s;
    if (byte >= 0x80) high = true;
    bytes.push(byte);
  }
  if (!high) return s;
  try {
    return strictUtf8.decode(new Uint8Array(bytes));
  } catch {
    // Not valid UTF-8 as bytes, so it is genuine Latin-1 text such as "Björk".
    return s;
  }
}

/**
 * Repairs text whose UTF-8 bytes were decoded as Latin-1 or Windows-1252
 * somewhere along the chain (source client, Icecast, a proxy): "RÃ¶yksopp"
 * becomes "Röyksopp". Correct text is returned unchanged: a string is only
 * rewritten when every character maps back to one byte and those bytes are
 * valid UTF-8, which real Latin-1 text ("Björk", "Sigur Rós") never is.
 * Repairs double encoding too.
 */
export function repairMojibake(s: string): string {
  let current = s;
  for (let i = 0; i < 3; i += 1) {
    const next = repairOnce(current);
    if (next === current) break;
    current = next;
  }
  return current;
}

const QUOTE_PAIRS: ReadonlyArray<readonly [string, string]> = [
  ['"', '"'],
  ["'", "'"],
];

function canonical(s: string): string {
  return (
    s
      .normalize('NFKC')
      // Typographic quotes and apostrophes: "what’s" and "what's" are the same words.
      .replace(/[\u2018\u2019\u201A\u201B\u2032\u02BC\u0060\u00B4]/g, "'")
      .replace(/[\u201C\u201D\u201E\u201F\u2033\u00AB\u00BB]/g, '"')
      // Zero-width characters that survive NFKC.
      .replace(/[\u200B-\u200D\u2060\uFEFF]/g, '')
      .toLowerCase()
      .normalize('NFKC')
      .replace(/\s+/gu, ' ')
      .trim()
  );
}

function stripQuotes(s: string): string {
  let t = s.trim();
  let stripped = true;
  while (stripped && t.length >= 2) {
    stripped = false;
    for (const [open, close] of QUOTE_PAIRS) {
      if (t.length >= 2 && t.startsWith(open) && t.endsWith(close)) {
        t = t.slice(open.length, t.length - close.length).trim();
        stripped = true;
      }
    }
  }
  return t;
}

// "feat", "feat.", "featuring", "ft", "ft." followed by a space or right after the dot.
const FEAT = String.raw`(?:featuring|feat\.?|ft\.?)`;
const BRACKETED_FEAT = new RegExp(String.raw`\s*[(\[]\s*${FEAT}(?:\s+|(?<=\.))([^)\]]*)[)\]]`, 'gu');
const TRAILING_FEAT = new RegExp(String.raw`\s+${FEAT}(?:\s+|(?<=\.))(.+)$`, 'u');

function extractFeatured(text: string, into: Set<string>): string {
  const collect = (names: string) => {
    for (const name of names.split(/\s*(?:,|&|\band\b)\s*/u)) {
      const n = stripQuotes(name);
      if (n !== '') into.add(n);
    }
  };
  let rest = text.replace(BRACKETED_FEAT, (_match, names: string) => {
    collect(names);
    return '';
  });
  const trailing = TRAILING_FEAT.exec(rest);
  if (trailing) {
    collect(trailing[1] ?? '');
    rest = rest.slice(0, trailing.index);
  }
  return stripQuotes(rest);
}

/**
 * A de-duplication key for "the same song", so the same recording reported by
 * AzuraCast, Icecast and a listener's request collapses to one row. Case,
 * Unicode form (NFKC), surrounding and repeated whitespace, typographic
 * quotes, surrounding quotes and the spelling of featured artists
 * ("feat.", "ft", "featuring", in brackets or not, in the artist or the title
 * field) do not matter. The spec's fallback words count as blank, and with a
 * blank artist an "Artist - Title" title is split. Not for display.
 */
export function trackKey(artist: string | null | undefined, title: string | null | undefined): string {
  let a = stripQuotes(canonical(artist ?? ''));
  let t = stripQuotes(canonical(title ?? ''));
  if (a === DISPLAY_FALLBACKS.artist.toLowerCase()) a = '';
  if (t === DISPLAY_FALLBACKS.title.toLowerCase()) t = '';
  if (a === '' && (t.includes(' - ') || t.includes(' \u2013 '))) {
    const split = splitArtistTitle(t);
    a = split.artist;
    t = split.title;
  }
  const featured = new Set<string>();
  a = extractFeatured(a, featured);
  t = extractFeatured(t, featured);
  const feat = [...featured].sort();
  return [a, t, ...(feat.length > 0 ? [feat.join(',')] : [])].join('\u001f');
}
