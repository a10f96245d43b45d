import { DateTime } from 'luxon';
import { z } from 'zod';
import { decodeUtf8OrLatin1, fetchWithTimeout, joinUrl, preview } from './http';
import { repairMojibake, splitArtistTitle } from './normalise';
import { SourceError, type FetchLike, type NowPlayingSnapshot, type StationSource } from './types';

/** Re-exported: Icecast metadata is where mojibake usually comes from. Defined in `./normalise`. */
export { repairMojibake } from './normalise';

// ---------------------------------------------------------------------------
// Lenient JSON. Icecast 2.4's status-json.xsl is an XSLT that writes JSON by
// hand and gets it wrong in known ways:
// - a value of "-" (what Icecast stores for missing metadata) and other
//   number-looking text such as ".5" or "05" is written without quotes,
//   e.g. `"title": -,` (xiph/Icecast-Server #34, #43, #74);
// - right after start-up `{"icestats":"server_start":…}}` lacks a brace (#38);
// - metadata with raw control characters or double quotes is not escaped.

/** What can follow the closing quote of a string value: the end, a closer, or a comma and the next key or value. */
const STRING_END = /^\s*(?:$|[}\]]|,\s*(?:$|["{[\]}\-\d]|true|false|null))/;

const JSON_LITERAL = /^(?:true|false|null|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?)$/;

/**
 * Rewrites almost-JSON from status-json.xsl into JSON (exported for tests;
 * use {@link parseIcecastJsonText}): adds the brace missing
 * after `"icestats":` at start-up, turns a bare `-` into `null` and quotes
 * other bare non-JSON values, escapes raw control characters in strings, and
 * escapes a double quote inside a string when what follows it cannot follow
 * the end of a string.
 */
export function repairIcecastJson(src: string): string {
  const s = src.replace(/("icestats"\s*:\s*)(?="[^"]*"\s*:)/, '$1{');
  const n = s.length;
  const stack: string[] = [];
  let out = '';
  let i = 0;
  // The document itself is a value.
  let expectValue = true;

  const readString = (inValue: boolean): void => {
    out += '"';
    i += 1;
    while (i < n) {
      const c = s[i] ?? '';
      if (c === '\\' && i + 1 < n) {
        out += c + (s[i + 1] ?? '');
        i += 2;
        continue;
      }
      if (c === '"') {
        const rest = s.slice(i + 1, i + 64);
        const ends = inValue ? STRING_END.test(rest) : /^\s*:/.test(rest);
        if (ends) break;
        out += '\\"';
        i += 1;
        continue;
      }
      const code = c.charCodeAt(0);
      out += code < 0x20 ? `\\u${code.toString(16).padStart(4, '0')}` : c;
      i += 1;
    }
    out += '"';
    i += 1;
  };

  while (i < n) {
    const ch = s[i] ?? '';
    if (/\s/.test(ch)) {
      out += ch;
      i += 1;
      continue;
    }
    if (expectValue) {
      expectValue = false;
      if (ch === '"') {
        readString(true);
        continue;
      }
      if (ch !== '{' && ch !== '[' && ch !== '}' && ch !== ']') {
        let j = i;
        while (j < n && !',}]\n\r'.includes(s[j] ?? '')) j += 1;
        const token = s.slice(i, j).trim();
        // "-" is Icecast's "no value"; anything else keeps its text.
        out += JSON_LITERAL.test(token) ? token : token === '-' ? 'null' : JSON.stringify(token);
        i = j;
        continue;
      }
    }
    if (ch === '"') {
      readString(stack[stack.length - 1] === '[');
      continue;
    }
    if (ch === '{' || ch === '[') {
      stack.push(ch);
      expectValue = ch === '[';
    } else if (ch === '}' || ch === ']') {
      stack.pop();
    } else if (ch === ':') {
      expectValue = true;
    } else if (ch === ',') {
      expectValue = stack[stack.length - 1] === '[';
    }
    out += ch;
    i += 1;
  }
  return out;
}

/**
 * Parses the body of `status-json.xsl`, repairing the invalid JSON some
 * Icecast 2.4 versions write (unquoted `-` values, a missing brace at
 * start-up, unescaped control characters and quotes in titles). Throws
 * {@link SourceError} (`parse`) when even the repaired text is not JSON.
 */
export function parseIcecastJsonText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (first) {
    // Only a document that at least looks like an object is worth repairing;
    // an HTML error page is not Icecast status.
    if (!text.trimStart().startsWith('{')) {
      throw new SourceError('parse', `Icecast status is not JSON: "${preview(text)}"`, { cause: first });
    }
    try {
      return JSON.parse(repairIcecastJson(text));
    } catch {
      throw new SourceError('parse', `Icecast status is not JSON, even after repair: "${preview(text)}"`, {
        cause: first,
      });
    }
  }
}

// ---------------------------------------------------------------------------
// Parsing

/**
 * Decodes the numeric character references (`&#22338;`, `&#x5742;`) that
 * Icecast's XSLT writes for characters outside its output charset: a real
 * Icecast 2.4 reports "坂本龍一" as "&#22338;&#26412;&#40845;&#19968;".
 */
export function decodeCharRefs(s: string): string {
  return s.replace(/&#(?:x([0-9a-fA-F]{1,6})|(\d{1,7}));/g, (match, hex: string | undefined, dec: string | undefined) => {
    const code = hex !== undefined ? parseInt(hex, 16) : Number(dec);
    return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : match;
  });
}

const text = z
  .unknown()
  .optional()
  .transform((v): string => {
    // Number-looking titles ("1999") arrive as JSON numbers.
    if (typeof v === 'string') return repairMojibake(decodeCharRefs(v)).trim();
    if (typeof v === 'number' && Number.isFinite(v)) return String(v);
    return '';
  });

const count = z
  .unknown()
  .optional()
  .transform((v): number => {
    const n = typeof v === 'number' ? v : typeof v === 'string' ? Number(v) : Number.NaN;
    return Number.isFinite(n) && n > 0 ? Math.round(n) : 0;
  });

const IcecastSourceSchema = z.object({
  listenurl: text,
  listeners: count,
  title: text,
  artist: text,
  yp_currently_playing: text,
  server_name: text,
  stream_start_iso8601: text,
  stream_start: text,
});

type IcecastMount = z.infer<typeof IcecastSourceSchema> & { path: string };

const StatusSchema = z.object({
  icestats: z.object({
    source: z.unknown().optional(),
  }),
});

function mountPath(listenurl: string): string {
  try {
    const pathname = new URL(listenurl).pathname;
    try {
      return decodeURIComponent(pathname);
    } catch {
      return pathname;
    }
  } catch {
    const at = listenurl.indexOf('/', listenurl.indexOf('//') + 2);
    return at >= 0 ? listenurl.slice(at) : '';
  }
}

function normaliseMount(mount: string): string {
  const m = mount.trim();
  return m.startsWith('/') ? m : `/${m}`;
}

function parseStart(iso: string, rfc: string): number | null {
  if (iso !== '') {
    const dt = DateTime.fromISO(iso, { setZone: true });
    if (dt.isValid) return dt.toMillis();
  }
  if (rfc !== '') {
    const dt = DateTime.fromRFC2822(rfc, { setZone: true });
    if (dt.isValid) return dt.toMillis();
    const ms = Date.parse(rfc);
    if (Number.isFinite(ms)) return ms;
  }
  return null;
}

/** Options for {@link parseIcecastStatus}. */
export interface IcecastParseOptions {
  /** Mount to report, e.g. `/radio.mp3`, matched against each source's `listenurl` path. */
  mount?: string;
  /** When the reading was taken. */
  nowMs: number;
  /**
   * `all` (default): listeners summed over every mount, like AzuraCast's
   * station total. `mount`: only the chosen mount's listeners.
   */
  listeners?: 'all' | 'mount';
}

/**
 * Reads Icecast 2.4's `status-json.xsl` (already JSON-parsed; see
 * {@link parseIcecastJsonText}) into a snapshot. `icestats.source` is an
 * object for one mount, an array for several and absent for none. The
 * configured mount is chosen by its `listenurl` path (a proxy prefix such as
 * `/listen/station/radio.mp3` still matches `/radio.mp3`); with no mount
 * configured the first source is used. A configured mount that is not
 * streaming means the station is offline, even if other mounts are up.
 * `title` is "Artist - Title" split on the first " - " unless the source sent
 * a separate `artist`; mojibake is repaired. Icecast knows nothing of
 * albums, art, durations, history or live DJs, so those stay empty.
 */
export function parseIcecastStatus(json: unknown, opts: IcecastParseOptions): NowPlayingSnapshot {
  const parsed = StatusSchema.safeParse(json);
  if (!parsed.success) {
    throw new SourceError('parse', 'Icecast status has no "icestats" object; is this status-json.xsl?');
  }
  const raw = parsed.data.icestats.source;
  const list: unknown[] = raw === undefined || raw === null ? [] : Array.isArray(raw) ? raw : [raw];
  const mounts: IcecastMount[] = list.flatMap((entry) => {
    const r = IcecastSourceSchema.safeParse(entry);
    return r.success ? [{ ...r.data, path: mountPath(r.data.listenurl) }] : [];
  });

  let chosen: IcecastMount | undefined;
  if (opts.mount !== undefined && opts.mount.trim() !== '') {
    const wanted = normaliseMount(opts.mount);
    chosen =
      mounts.find((m) => m.path === wanted) ??
      mounts.find((m) => m.path !== '' && m.path !== '/' && wanted.endsWith(m.path));
  } else {
    chosen = mounts[0];
  }

  const total = mounts.reduce((sum, m) => sum + m.listeners, 0);
  const listeners = opts.listeners === 'mount' ? (chosen?.listeners ?? 0) : total;

  let track: NowPlayingSnapshot['track'] = null;
  if (chosen) {
    const rawTitle = chosen.title !== '' ? chosen.title : chosen.yp_currently_playing;
    const { artist, title } =
      chosen.artist !== '' ? { artist: chosen.artist, title: rawTitle } : splitArtistTitle(rawTitle);
    track = {
      title,
      artist,
      album: '',
      artUrl: null,
      durationSeconds: null,
      startedAt: null,
      elapsedSeconds: null,
      sourceId: null,
      songId: null,
      isRequest: false,
      playlist: null,
      streamer: null,
    };
  }

  return {
    source: 'icecast',
    fetchedAt: opts.nowMs,
    online: chosen !== undefined,
    stationName: chosen && chosen.server_name !== '' ? chosen.server_name : null,
    track,
    live: { isLive: false, streamerName: null, broadcastStart: null, artUrl: null, streamerId: null },
    listeners: { current: listeners, unique: null, total },
    history: [],
    playingNext: null,
    streamUrl: chosen && chosen.listenurl !== '' ? chosen.listenurl : null,
    streamStartedAt: chosen ? parseStart(chosen.stream_start_iso8601, chosen.stream_start) : null,
  };
}

// ---------------------------------------------------------------------------
// HTTP source

/** Settings for {@link createIcecastSource}. */
export interface IcecastSourceOptions {
  /** Server address, e.g. `http://radio.example.org:8000`, or the full status-json.xsl URL. */
  baseUrl: string;
  mount?: string;
  timeoutMs: number;
  listeners?: 'all' | 'mount';
  fetch?: FetchLike;
  /** Clock, for tests. */
  now?: () => number;
}

/**
 * A {@link StationSource} that polls Icecast's `status-json.xsl`. The body is
 * decoded as UTF-8, or Latin-1 when it is not valid UTF-8, then repaired
 * (see {@link parseIcecastJsonText}). HTTP errors, timeouts and unreachable
 * servers become {@link SourceError}s.
 */
export function createIcecastSource(options: IcecastSourceOptions): StationSource {
  const base = options.baseUrl.trim().replace(/\/+$/, '');
  const url = /\.xsl$/i.test(base) ? base : joinUrl(base, 'status-json.xsl');
  const fetchImpl: FetchLike = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const now = options.now ?? Date.now;
  const label = `Icecast at ${base}`;

  return {
    kind: 'icecast',
    async read(signal: AbortSignal): Promise<NowPlayingSnapshot> {
      const response = await fetchWithTimeout({
        url,
        headers: { Accept: 'application/json' },
        timeoutMs: options.timeoutMs,
        signal,
        fetch: fetchImpl,
        label,
      });
      if (response.status === 404) {
        throw new SourceError(
          'http',
          `${label} has no status-json.xsl (404); Icecast 2.4 or later is needed and the file must be in its web root`,
          { status: 404, retryable: false },
        );
      }
      if (response.status === 401 || response.status === 403) {
        throw new SourceError('http', `${label} refused access to status-json.xsl (${response.status})`, {
          status: response.status,
          retryable: false,
        });
      }
      if (response.status < 200 || response.status > 299) {
        throw new SourceError('http', `${label} answered ${response.status}`, {
          status: response.status,
          retryable: response.status >= 500 || response.status === 429,
        });
      }
      const json = parseIcecastJsonText(decodeUtf8OrLatin1(response.body));
      return parseIcecastStatus(json, {
        nowMs: now(),
        ...(options.mount !== undefined ? { mount: options.mount } : {}),
        ...(options.listeners !== undefined ? { listeners: options.listeners } : {}),
      });
    },
  };
}
