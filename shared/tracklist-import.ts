/**
 * Reading DJ software's history exports (issue 34 item 2), pure: the server
 * turns the rows into plays of a show.
 *
 * - **Serato DJ** (History → Export, format CSV): a header
 *   `name,artist,start time,end time,playtime,deck,notes` (more columns when the
 *   DJ shows them: album, genre, bpm…), then one row for the session itself
 *   (its name, no artist, no deck) and one row per track played, start times
 *   as the clock showed them (`21:04:10`, or `09:04:10 PM`).
 * - **rekordbox** (History playlist → Export a playlist to a file → .txt): a
 *   tab-separated table in UTF-16 with a byte-order mark, a header of the
 *   columns on show (`#`, `Track Title`, `Artist`, `Album`, `Time`…). It has
 *   no play times: `Time` is the track's length. Rows follow in play order.
 * - **Traktor** (History folder, `history_YYYYyMMmDDd_….nml`): XML; each play
 *   is a playlist ENTRY whose PRIMARYKEY names a collection ENTRY (title,
 *   artist, album) by its volume, folder and file, and whose EXTENDEDDATA
 *   carries STARTDATE (year << 16 | month << 8 | day), STARTTIME (seconds after
 *   midnight) and PLAYEDPUBLIC (0 for a track only heard in the headphones,
 *   which is left out).
 * - Any other CSV or tab-separated file with a header naming artist and
 *   title (and optionally album, date, start time or duration).
 */

/** One row of an export: the wall-clock date and time it started (station time) when the file says. */
export interface ImportedPlay {
  title: string;
  artist: string;
  album: string;
  /** YYYY-MM-DD, when the file gives the day. */
  date: string | null;
  /** HH:MM:SS, when the file gives the time of day. */
  time: string | null;
  durationSeconds: number | null;
}

export type ImportFormat = 'serato' | 'rekordbox' | 'traktor' | 'csv';

export interface ParsedExport {
  format: ImportFormat;
  plays: ImportedPlay[];
  /** Rows left out (no title, the session row, headphone-only plays). */
  skipped: number;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Reads CSV (RFC 4180 quoting) with the given delimiter. */
export function readDelimited(text: string, delimiter: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i++;
        } else quoted = false;
      } else cell += c;
      continue;
    }
    if (c === '"' && cell === '') quoted = true;
    else if (c === delimiter) {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows.filter((r) => r.some((c) => c.trim() !== ''));
}

/** A time of day as HH:MM:SS: `21:04`, `21:04:10`, `9:04:10 PM`, or the time part of `2026-11-27 21:04:10`. */
export function readClock(v: string): { date: string | null; time: string } | null {
  const s = v.trim();
  const m = /^(?:(\d{4})[-/](\d{1,2})[-/](\d{1,2})[ T])?(\d{1,2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?\s*([AaPp][Mm])?$/.exec(s);
  if (!m) return null;
  let h = Number(m[4]);
  const min = Number(m[5]);
  const sec = Number(m[6] ?? 0);
  if (m[7]) {
    const pm = m[7].toLowerCase() === 'pm';
    if (h < 1 || h > 12) return null;
    h = (h % 12) + (pm ? 12 : 0);
  }
  if (h > 23 || min > 59 || sec > 59) return null;
  const date = m[1] ? `${m[1]}-${pad(Number(m[2]))}-${pad(Number(m[3]))}` : null;
  return { date, time: `${pad(h)}:${pad(min)}:${pad(sec)}` };
}

/** A length: `5:23`, `1:05:23`, or seconds. */
export function readLength(v: string): number | null {
  const s = v.trim();
  if (/^\d+(\.\d+)?$/.test(s)) return Math.round(Number(s));
  const m = /^(?:(\d+):)?(\d{1,2}):(\d{2})(?:\.\d+)?$/.exec(s);
  if (!m) return null;
  return Number(m[1] ?? 0) * 3600 + Number(m[2]) * 60 + Number(m[3]);
}

const decodeXml = (s: string) =>
  s.replace(/&(amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);/gi, (all, e: string) => {
    const k = e.toLowerCase();
    if (k === 'amp') return '&';
    if (k === 'lt') return '<';
    if (k === 'gt') return '>';
    if (k === 'quot') return '"';
    if (k === 'apos') return "'";
    const code = k.startsWith('#x') ? parseInt(k.slice(2), 16) : parseInt(k.slice(1), 10);
    return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : all;
  });

const attrs = (tag: string): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const m of tag.matchAll(/([A-Z_]+)="([^"]*)"/g)) out[m[1]!] = decodeXml(m[2]!);
  return out;
};

function parseTraktor(text: string): ParsedExport {
  const collection = new Map<string, { title: string; artist: string; album: string; length: number | null }>();
  const entries = [...text.matchAll(/<ENTRY\b([^>]*?)(\/>|>([\s\S]*?)<\/ENTRY>)/g)];
  const played: { key: string; ext: Record<string, string> }[] = [];
  for (const e of entries) {
    const head = attrs(e[1]!);
    const body = e[3] ?? '';
    const loc = /<LOCATION\b([^>]*)\/?>/.exec(body);
    if (loc) {
      const l = attrs(loc[1]!);
      const album = /<ALBUM\b([^>]*)\/?>/.exec(body);
      const info = /<INFO\b([^>]*)\/?>/.exec(body);
      const length = info ? Number(attrs(info[1]!).PLAYTIME) : NaN;
      collection.set(`${l.VOLUME ?? ''}${l.DIR ?? ''}${l.FILE ?? ''}`, {
        title: head.TITLE ?? '',
        artist: head.ARTIST ?? '',
        album: album ? (attrs(album[1]!).TITLE ?? '') : '',
        length: Number.isFinite(length) && length > 0 ? length : null,
      });
    }
    const pk = /<PRIMARYKEY\b([^>]*)\/?>/.exec(body);
    const ext = /<EXTENDEDDATA\b([^>]*)\/?>/.exec(body);
    if (pk && ext) played.push({ key: attrs(pk[1]!).KEY ?? '', ext: attrs(ext[1]!) });
  }
  const plays: ImportedPlay[] = [];
  let skipped = 0;
  for (const p of played) {
    const track = collection.get(p.key);
    if (p.ext.PLAYEDPUBLIC === '0' || !track || !track.title.trim()) {
      skipped++;
      continue;
    }
    const packed = Number(p.ext.STARTDATE);
    const secs = Number(p.ext.STARTTIME);
    const date = Number.isFinite(packed) && packed > 0 ? `${packed >> 16}-${pad((packed >> 8) & 0xff)}-${pad(packed & 0xff)}` : null;
    const time = Number.isFinite(secs) && secs >= 0 && secs < 86_400 ? `${pad(Math.floor(secs / 3600))}:${pad(Math.floor(secs / 60) % 60)}:${pad(secs % 60)}` : null;
    const duration = Number(p.ext.DURATION);
    plays.push({ title: track.title.trim(), artist: track.artist.trim(), album: track.album.trim(), date, time, durationSeconds: Number.isFinite(duration) && duration > 0 ? Math.round(duration) : track.length });
  }
  return { format: 'traktor', plays, skipped };
}

const HEADERS = {
  title: ['name', 'title', 'track title', 'track', 'song', 'track name'],
  artist: ['artist', 'artists', 'artist name'],
  album: ['album', 'album title', 'release'],
  start: ['start time', 'start', 'played at', 'time played', 'time'],
  date: ['date', 'date played'],
  length: ['playtime', 'duration', 'length'],
  deck: ['deck'],
} as const;

/** Reads a history export; throws an Error with a plain message when the file is none of the known kinds. */
export function parseDjExport(raw: string): ParsedExport {
  const text = raw.replace(/^\uFEFF/, '');
  if (/<NML\b/.test(text)) return parseTraktor(text);
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  const delimiter = firstLine.includes('\t') ? '\t' : (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  const rows = readDelimited(text, delimiter);
  const header = (rows[0] ?? []).map((h) => h.trim().toLowerCase());
  const col = (names: readonly string[]) => header.findIndex((h) => names.includes(h));
  const rekordbox = header.includes('#') && header.includes('track title');
  const serato = !rekordbox && header.includes('name') && header.includes('start time') && header.includes('deck');
  const iTitle = col(HEADERS.title);
  const iArtist = col(HEADERS.artist);
  if (iTitle < 0 || iArtist < 0) throw new Error('This file has no Artist and Title columns: export the history as CSV (Serato), as a .txt playlist (rekordbox) or the history .nml (Traktor).');
  const iAlbum = col(HEADERS.album);
  // rekordbox's Time is the track's length, not when it played.
  const iStart = rekordbox ? -1 : col(HEADERS.start);
  const iDate = col(HEADERS.date);
  const iLength = rekordbox ? header.indexOf('time') : col(HEADERS.length);
  const iDeck = col(HEADERS.deck);
  const plays: ImportedPlay[] = [];
  let skipped = 0;
  rows.slice(1).forEach((r, n) => {
    const get = (i: number) => (i >= 0 ? (r[i] ?? '').trim() : '');
    const title = get(iTitle);
    const artist = get(iArtist);
    // Serato's first row is the session (its name and times; no artist, no deck).
    if (serato && n === 0 && !artist && !get(iDeck)) {
      skipped++;
      return;
    }
    if (!title) {
      skipped++;
      return;
    }
    const clock = iStart >= 0 ? readClock(get(iStart)) : null;
    const day = iDate >= 0 ? /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})/.exec(get(iDate)) : null;
    plays.push({
      title,
      artist,
      album: get(iAlbum),
      date: clock?.date ?? (day ? `${day[1]}-${pad(Number(day[2]))}-${pad(Number(day[3]))}` : null),
      time: clock?.time ?? null,
      durationSeconds: iLength >= 0 ? readLength(get(iLength)) : null,
    });
  });
  return { format: rekordbox ? 'rekordbox' : serato ? 'serato' : 'csv', plays, skipped };
}

/** Decodes an export's bytes: UTF-16 (rekordbox's .txt, with a byte-order mark) or UTF-8. */
export function decodeExport(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  return new TextDecoder('utf-8').decode(bytes);
}

/**
 * Makes an export small enough to send: a Traktor .nml carries, per track, its audio fingerprint, cue points,
 * beat grid and loudness, none of which a tracklist needs (a 100-track history is then a few tens of kilobytes
 * instead of hundreds). Other files are returned as they are.
 */
export function compactExport(text: string): string {
  if (!/<NML\b/.test(text)) return text;
  return text
    .replace(/\sAUDIO_ID="[^"]*"/g, '')
    .replace(/<(CUE_V2|TEMPO|LOUDNESS|MUSICAL_KEY|MODIFICATION_INFO)\b[^>]*?(\/>|>\s*<\/\1>)/g, '')
    .replace(/\n\s*\n/g, '\n');
}
