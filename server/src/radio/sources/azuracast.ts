import { z } from 'zod';
import { decodeUtf8, fetchWithTimeout, joinUrl, preview } from './http';
import { splitArtistTitle } from './normalise';
import {
  SourceError,
  type FetchLike,
  type NowPlayingSnapshot,
  type SnapshotHistoryItem,
  type SnapshotLive,
  type SnapshotNext,
  type SnapshotRights,
  type SnapshotTrack,
  type StationSource,
} from './types';

/**
 * AzuraCast's `SongHistory::PLAYBACK_DELAY_SECONDS`. `played_at` is the track
 * start plus this delay, and `CurrentSong::recalculate()` computes
 * `elapsed = now + delay - played_at`; we do the same so our numbers match
 * AzuraCast's own player.
 */
export const AZURACAST_PLAYBACK_DELAY_SECONDS = 5;

// ---------------------------------------------------------------------------
// Tolerant field readers. AzuraCast's OpenAPI file is wrong in several places
// (see the fixtures README), so every scalar is read leniently and a bad value
// degrades to "unknown" instead of failing the whole document.

/** Any scalar as trimmed text; `null`, missing and non-scalars become ''. */
const text = z
  .unknown()
  .optional()
  .transform((v): string => {
    if (typeof v === 'string') return v.trim();
    if (typeof v === 'number' && Number.isFinite(v)) return String(v);
    return '';
  });

/** Like {@link text} but '' becomes `null`. */
const optText = text.transform((v): string | null => (v === '' ? null : v));

/** A finite number, or a numeric string; anything else is `null`. */
const num = z
  .unknown()
  .optional()
  .transform((v): number | null => {
    const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : Number.NaN;
    return Number.isFinite(n) ? n : null;
  });

/** true/false, 1/0 or "true"/"1"; anything else is false. */
const bool = z
  .unknown()
  .optional()
  .transform((v): boolean => v === true || v === 1 || v === '1' || v === 'true');

const SongSchema = z.object({
  id: optText,
  art: optText,
  // `[]` when no custom fields exist, an object keyed by short name otherwise (rights data read from it).
  custom_fields: z.unknown().optional(),
  text,
  artist: text,
  title: text,
  album: text,
  isrc: text,
});

const HistorySchema = z.object({
  sh_id: num,
  played_at: num,
  duration: num,
  playlist: optText,
  streamer: optText,
  is_request: bool,
  song: SongSchema,
});

const CurrentSchema = HistorySchema.extend({
  elapsed: num,
  remaining: num,
});

const NextSchema = z.object({
  cued_at: num,
  played_at: num,
  duration: num,
  playlist: optText,
  is_request: bool,
  song: SongSchema,
});

const MountSchema = z.object({ url: optText, is_default: bool });

const DocumentSchema = z.object({
  station: z
    .object({
      name: optText,
      listen_url: optText,
      mounts: z.array(z.unknown()).catch([]).optional(),
    })
    .nullish()
    .catch(null),
  listeners: z.object({ total: num, unique: num, current: num }).nullish().catch(null),
  live: z
    .object({ is_live: bool, streamer_name: optText, broadcast_start: num, art: optText })
    .nullish()
    .catch(null),
  now_playing: z.unknown().optional(),
  playing_next: z.unknown().optional(),
  song_history: z.unknown().optional(),
  is_online: bool,
  // null from the HTTP API, "event" from static files, SSE and webhooks.
  cache: z.unknown().optional(),
});

type Song = z.infer<typeof SongSchema>;

// ---------------------------------------------------------------------------
// Mapping

const GENERIC_ART = /\/generic_song(?:-[\w-]+)?\.(?:jpe?g|png|webp)(?:[?#].*)?$/i;
const MEDIA_ART_WITHOUT_TIMESTAMP = /\/api\/station\/[^/]+\/art\/[0-9a-f]{24}(?:[?#].*)?$/i;
const STREAMER_ART = /\/streamer\/(\d+)\/art(?:[-./?#]|$)/;

/**
 * `song.art` is never null: "no art" is either AzuraCast's stock
 * `generic_song` image or a media-art URL without its `-{timestamp}.jpg`
 * suffix (a redirect to the stock image). Both become `null` so the UI can
 * show its own placeholder.
 */
function artOrNull(url: string | null): string | null {
  if (url === null) return null;
  if (GENERIC_ART.test(url) || MEDIA_ART_WITHOUT_TIMESTAMP.test(url)) return null;
  return url;
}

function songText(song: Song): { title: string; artist: string; album: string } {
  let { title, artist } = song;
  // Older payloads and some live metadata only fill `text`.
  if (title === '' && artist === '' && song.text !== '') {
    ({ title, artist } = splitArtistTitle(song.text));
  }
  return { title, artist, album: song.album };
}

/** The first non-empty custom field of these short names. */
function customField(fields: unknown, names: readonly string[]): string {
  if (fields === null || typeof fields !== 'object' || Array.isArray(fields)) return '';
  const rec = fields as Record<string, unknown>;
  for (const n of names) {
    const v = rec[n];
    if (typeof v === 'string' && v.trim() !== '') return v.trim();
  }
  return '';
}

/** Rights data of a song: its ISRC and the label, catalogue number and composer custom fields stations commonly add. */
function songRights(song: Song): SnapshotRights {
  return {
    isrc: song.isrc.replace(/[^A-Za-z0-9]/g, '').toUpperCase(),
    label: customField(song.custom_fields, ['record_label', 'label', 'publisher']),
    catalogueNumber: customField(song.custom_fields, ['catalog_number', 'catalogue_number', 'catalog_no', 'catno']),
    composer: customField(song.custom_fields, ['composer', 'writer']),
  };
}

const secondsToMs = (s: number | null): number | null => (s === null || s <= 0 ? null : Math.round(s * 1000));
const positiveOrNull = (n: number | null): number | null => (n === null || n <= 0 ? null : n);
const idOrNull = (n: number | null): string | null => (n === null || n <= 0 ? null : String(Math.trunc(n)));

function mapHistoryItem(raw: unknown): SnapshotHistoryItem | null {
  const parsed = HistorySchema.safeParse(raw);
  if (!parsed.success) return null;
  const item = parsed.data;
  const playedAt = secondsToMs(item.played_at);
  if (playedAt === null) return null;
  return {
    ...songText(item.song),
    rights: songRights(item.song),
    artUrl: artOrNull(item.song.art),
    durationSeconds: positiveOrNull(item.duration),
    playedAt,
    sourceId: idOrNull(item.sh_id),
    songId: item.song.id,
    isRequest: item.is_request,
    playlist: item.playlist,
    streamer: item.streamer,
  };
}

function mapCurrent(raw: unknown, nowMs: number): SnapshotTrack | null {
  const parsed = CurrentSchema.safeParse(raw);
  if (!parsed.success) return null;
  const np = parsed.data;
  // `offlineApi()` builds a placeholder ("Station Offline") with sh_id 0 and
  // played_at 0, whose `elapsed` is about 1.78e9. It is not a track.
  if (np.sh_id === null || np.sh_id <= 0 || np.played_at === null || np.played_at <= 0) return null;
  const duration = positiveOrNull(np.duration);
  // The cached `elapsed` can be ~15 s stale; recompute it as AzuraCast does.
  let elapsed = Math.max(0, Math.floor(nowMs / 1000) + AZURACAST_PLAYBACK_DELAY_SECONDS - np.played_at);
  if (duration !== null) elapsed = Math.min(elapsed, duration);
  return {
    ...songText(np.song),
    rights: songRights(np.song),
    artUrl: artOrNull(np.song.art),
    durationSeconds: duration,
    startedAt: secondsToMs(np.played_at),
    elapsedSeconds: elapsed,
    sourceId: idOrNull(np.sh_id),
    songId: np.song.id,
    isRequest: np.is_request,
    playlist: np.playlist,
    streamer: np.streamer,
  };
}

function mapNext(raw: unknown, nowMs: number): SnapshotNext | null {
  if (raw === null || raw === undefined) return null;
  const parsed = NextSchema.safeParse(raw);
  if (!parsed.success) return null;
  const next = parsed.data;
  const playedAt = secondsToMs(next.played_at);
  return {
    ...songText(next.song),
    artUrl: artOrNull(next.song.art),
    durationSeconds: positiveOrNull(next.duration),
    playedAt,
    isRequest: next.is_request,
    isStale: playedAt !== null && playedAt < nowMs,
  };
}

function mapLive(live: z.infer<typeof DocumentSchema>['live'], current: SnapshotTrack | null): SnapshotLive {
  if (!live?.is_live) {
    return { isLive: false, streamerName: null, broadcastStart: null, artUrl: null, streamerId: null };
  }
  const artUrl = live.art;
  const id = artUrl === null ? undefined : STREAMER_ART.exec(artUrl)?.[1];
  return {
    isLive: true,
    streamerName: live.streamer_name ?? current?.streamer ?? null,
    broadcastStart: secondsToMs(live.broadcast_start),
    artUrl,
    streamerId: id ?? null,
  };
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * Reads AzuraCast's now-playing document (`GET /api/nowplaying/{station}`,
 * the static `nowplaying_static/{station}.json` file, or the `np` inside a
 * Centrifugo frame) into a snapshot taken at `nowMs`. Accepts every quirk
 * listed in the fixtures README: `custom_fields` as `[]` or an object, `null`
 * or `""` text, float durations, `cache` null or "event", the offline
 * placeholder (`sh_id` 0, giant `elapsed`: reported as `track: null`), live
 * items with duration 0, and history entries without an artist. `elapsed` is
 * recomputed from `played_at` rather than trusted. Malformed history entries
 * are dropped rather than failing the read. Throws {@link SourceError}
 * (`parse`) only when the value is not a now-playing document at all.
 */
export function parseAzuraCastNowPlaying(json: unknown, nowMs: number): NowPlayingSnapshot {
  if (!isRecord(json)) {
    throw new SourceError('parse', 'AzuraCast now-playing data is not a JSON object');
  }
  if (json.success === false && typeof json.message === 'string') {
    throw new SourceError('parse', `AzuraCast answered with an error instead of now-playing data: ${json.message}`, {
      remoteType: typeof json.type === 'string' ? json.type : null,
    });
  }
  if (!('now_playing' in json) || !('is_online' in json)) {
    throw new SourceError(
      'parse',
      'AzuraCast response is not a now-playing document (no now_playing / is_online); check the station URL',
    );
  }
  const parsed = DocumentSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new SourceError(
      'parse',
      `AzuraCast now-playing document is malformed at ${issue?.path.join('.') || '(root)'}: ${issue?.message ?? 'invalid'}`,
    );
  }
  const doc = parsed.data;
  const track = mapCurrent(doc.now_playing, nowMs);
  const history = (Array.isArray(doc.song_history) ? doc.song_history : [])
    .map(mapHistoryItem)
    .filter((item): item is SnapshotHistoryItem => item !== null)
    .sort((a, b) => b.playedAt - a.playedAt);

  const mounts = (doc.station?.mounts ?? [])
    .map((m) => MountSchema.safeParse(m))
    .flatMap((r) => (r.success ? [r.data] : []));
  const streamUrl =
    doc.station?.listen_url ?? mounts.find((m) => m.is_default)?.url ?? mounts[0]?.url ?? null;

  const listeners = doc.listeners;
  const current = listeners?.current ?? listeners?.total ?? 0;

  return {
    source: 'azuracast',
    fetchedAt: nowMs,
    online: doc.is_online,
    stationName: doc.station?.name ?? null,
    track,
    live: mapLive(doc.live, track),
    listeners: {
      current: Math.max(0, Math.round(current)),
      unique: typeof listeners?.unique === 'number' ? Math.max(0, Math.round(listeners.unique)) : null,
      total: Math.max(0, Math.round(listeners?.total ?? current)),
    },
    history,
    playingNext: mapNext(doc.playing_next, nowMs),
    streamUrl,
    streamStartedAt: null,
  };
}

// ---------------------------------------------------------------------------
// Centrifugo frames (SSE `/api/live/nowplaying/sse` and the websocket)

/** One now-playing update received over AzuraCast's realtime feed. */
export interface AzuraCastFrame {
  /** `connect`: the first frame, replaying the last publication; `publication`: a later push. */
  kind: 'connect' | 'publication';
  /** e.g. `station:riverside_community_radio`; `null` if the frame does not say. */
  channel: string | null;
  snapshot: NowPlayingSnapshot;
  /** Why AzuraCast published, e.g. `song_changed`, `song_changed_live`, `listener_gained`. */
  triggers: string[];
  /** AzuraCast's `current_time` when it published (epoch ms); older than `nowMs` for replays. */
  publishedAt: number | null;
  /** Centrifugo stream offset, for resuming. */
  offset: number | null;
}

const PublicationSchema = z.object({
  data: z.object({
    np: z.unknown().optional(),
    triggers: z.array(z.unknown()).catch([]).optional(),
    current_time: num,
  }),
  offset: num,
});

function framePublication(
  kind: AzuraCastFrame['kind'],
  channel: string | null,
  pub: unknown,
  nowMs: number,
): AzuraCastFrame | null {
  const parsed = PublicationSchema.safeParse(pub);
  if (!parsed.success || !isRecord(parsed.data.data.np)) return null;
  const { data, offset } = parsed.data;
  return {
    kind,
    channel,
    snapshot: parseAzuraCastNowPlaying(data.np, nowMs),
    triggers: (data.triggers ?? []).filter((t): t is string => typeof t === 'string'),
    publishedAt: secondsToMs(data.current_time),
    offset,
  };
}

/**
 * Reads one frame of AzuraCast's Centrifugo feed: the `connect` frame (which
 * replays the last publication of the station channel) or a `{channel, pub}`
 * push, bare or wrapped in `push`. Accepts the frame as parsed JSON or as the
 * raw text of an SSE `data:` line. Pings (`{}`) and frames without now-playing
 * data give `null`. Throws {@link SourceError} (`parse`) for text that is not
 * JSON or a publication whose `np` is not a now-playing document.
 */
export function parseAzuraCastFrame(frame: unknown, nowMs: number): AzuraCastFrame | null {
  let value = frame;
  if (typeof value === 'string') {
    const body = value.trim().replace(/^data:\s*/, '');
    if (body === '') return null;
    try {
      value = JSON.parse(body);
    } catch {
      throw new SourceError('parse', `AzuraCast realtime frame is not JSON: ${preview(body)}`);
    }
  }
  if (!isRecord(value)) return null;
  if (isRecord(value.push)) value = value.push;
  if (!isRecord(value)) return null;

  if (isRecord(value.connect)) {
    const subs = value.connect.subs;
    if (!isRecord(subs)) return null;
    let latest: AzuraCastFrame | null = null;
    for (const [channel, sub] of Object.entries(subs)) {
      if (!isRecord(sub) || !Array.isArray(sub.publications)) continue;
      for (const pub of sub.publications) {
        const candidate = framePublication('connect', channel, pub, nowMs);
        if (candidate && (latest === null || (candidate.offset ?? 0) >= (latest.offset ?? 0))) latest = candidate;
      }
    }
    return latest;
  }
  if (isRecord(value.pub)) {
    return framePublication('publication', typeof value.channel === 'string' ? value.channel : null, value.pub, nowMs);
  }
  return null;
}

// ---------------------------------------------------------------------------
// HTTP source

/** Settings for {@link createAzuraCastSource}. */
export interface AzuraCastSourceOptions {
  /** Panel address, e.g. `https://panel.example.org` (a trailing `/api` is accepted). */
  baseUrl: string;
  /** Numeric id or shortcode. */
  stationId: string | number;
  /** Sent as `X-API-Key`; needed when the station's public API is disabled. */
  apiKey?: string;
  timeoutMs: number;
  fetch?: FetchLike;
  /** Clock, for tests. */
  now?: () => number;
}

const ErrorBodySchema = z.object({
  code: num,
  type: optText,
  message: optText,
  formatted_message: optText,
});

function explainHttpError(status: number, bodyText: string, station: string, hasKey: boolean): SourceError {
  let remoteType: string | null = null;
  let remoteMessage: string | null = null;
  try {
    const body = ErrorBodySchema.safeParse(JSON.parse(bodyText));
    if (body.success) {
      remoteType = body.data.type;
      remoteMessage = body.data.message ?? body.data.formatted_message;
    }
  } catch {
    // Not JSON (a proxy's HTML page); the status has to speak for itself.
  }
  const said = remoteMessage !== null ? ` ("${remoteMessage}")` : '';
  const details = { status, remoteType };

  if (status === 404 && remoteType === 'Error' && remoteMessage === 'Record not found') {
    return new SourceError(
      'http',
      `AzuraCast has no now-playing data for station "${station}" yet (404${said}); it appears after the station's first sync`,
      { ...details, retryable: true },
    );
  }
  if (status === 404) {
    return new SourceError(
      'http',
      remoteType === 'NotFoundException'
        ? `AzuraCast does not know station "${station}" (404${said}); check the station id or shortcode`
        : `AzuraCast URL not found (404${said}); check the panel address and station "${station}"`,
      { ...details, retryable: false },
    );
  }
  if (status === 401 || status === 403) {
    return new SourceError(
      'http',
      hasKey
        ? `AzuraCast rejected the API key for station "${station}" (${status}${said}); check the key and its permissions`
        : `AzuraCast refused access to station "${station}" (${status}${said}); its public API is disabled, so configure an API key`,
      { ...details, retryable: false },
    );
  }
  if (status === 429) {
    return new SourceError('http', `AzuraCast rate limit hit (429${said}); polling too often`, {
      ...details,
      retryable: true,
    });
  }
  if (status >= 500) {
    return new SourceError('http', `AzuraCast server error ${status}${said}`, { ...details, retryable: true });
  }
  return new SourceError('http', `AzuraCast answered ${status}${said}`, { ...details, retryable: false });
}

const StreamerSchema = z.object({ id: num, streamer_username: optText, display_name: optText, is_active: bool });

/** One DJ account of the station (AzuraCast streamers). */
export interface AzuraCastStreamer {
  id: string;
  name: string;
  username: string;
  isActive: boolean;
}

/** Reads `GET /api/station/{id}/streamers` (needs an API key with the station's streamer permission). */
export function parseAzuraCastStreamers(json: unknown): AzuraCastStreamer[] {
  if (!Array.isArray(json)) return [];
  return json.flatMap((raw) => {
    const r = StreamerSchema.safeParse(raw);
    if (!r.success || r.data.id === null) return [];
    const username = r.data.streamer_username ?? '';
    return [{ id: String(Math.trunc(r.data.id)), name: r.data.display_name ?? username, username, isActive: r.data.is_active }];
  });
}

/** How long the streamer list is reused before it is read again. */
const STREAMERS_TTL_MS = 10 * 60_000;

/**
 * Adds the station's streamer list to a snapshot, and the live DJ's
 * streamer id when the avatar did not reveal it (a DJ without an avatar),
 * by matching the live name against display names and usernames.
 */
export function withStreamers(snap: NowPlayingSnapshot, streamers: AzuraCastStreamer[]): NowPlayingSnapshot {
  const liveName = snap.live.streamerName?.trim().toLowerCase() ?? null;
  const match = (s: AzuraCastStreamer) => liveName !== null && (s.name.trim().toLowerCase() === liveName || s.username.trim().toLowerCase() === liveName);
  const liveOne = snap.live.isLive ? (snap.live.streamerId ? streamers.find((s) => s.id === snap.live.streamerId) : streamers.find(match)) : undefined;
  return {
    ...snap,
    live: snap.live.isLive && !snap.live.streamerId && liveOne ? { ...snap.live, streamerId: liveOne.id } : snap.live,
    streamers: streamers.filter((s) => s.isActive || s === liveOne).map((s) => ({ id: s.id, name: s.name, isLive: s === liveOne })),
  };
}

/**
 * A {@link StationSource} that polls `GET {baseUrl}/api/nowplaying/{station}`.
 * Sends `X-API-Key` when a key is configured. Failures are
 * {@link SourceError}s with operator-readable messages: unknown station,
 * API disabled or key rejected, no data yet, rate limit, server error,
 * timeout, unreachable, or a body that is not now-playing JSON.
 */
export function createAzuraCastSource(options: AzuraCastSourceOptions): StationSource {
  const base = options.baseUrl.trim().replace(/\/+$/, '').replace(/\/api$/, '');
  const station = String(options.stationId).trim();
  const url = joinUrl(base, `api/nowplaying/${encodeURIComponent(station)}`);
  const fetchImpl: FetchLike = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const now = options.now ?? Date.now;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.apiKey) headers['X-API-Key'] = options.apiKey;
  let streamers: { list: AzuraCastStreamer[]; at: number } | null = null;

  /** The streamer list where available: with an API key, cached, and never failing the read. */
  const readStreamers = async (signal: AbortSignal): Promise<AzuraCastStreamer[] | null> => {
    if (!options.apiKey) return null;
    if (streamers && now() - streamers.at < STREAMERS_TTL_MS) return streamers.list;
    try {
      const res = await fetchWithTimeout({ url: joinUrl(base, `api/station/${encodeURIComponent(station)}/streamers`), headers, timeoutMs: options.timeoutMs, signal, fetch: fetchImpl, label: `AzuraCast at ${base}` });
      const list = res.status === 200 ? parseAzuraCastStreamers(JSON.parse(decodeUtf8(res.body))) : [];
      streamers = { list, at: now() };
      return list;
    } catch {
      streamers = { list: streamers?.list ?? [], at: now() };
      return streamers.list;
    }
  };

  return {
    kind: 'azuracast',
    async read(signal: AbortSignal): Promise<NowPlayingSnapshot> {
      const response = await fetchWithTimeout({
        url,
        headers,
        timeoutMs: options.timeoutMs,
        signal,
        fetch: fetchImpl,
        label: `AzuraCast at ${base}`,
      });
      const bodyText = decodeUtf8(response.body);
      if (response.status < 200 || response.status > 299) {
        throw explainHttpError(response.status, bodyText, station, Boolean(options.apiKey));
      }
      let json: unknown;
      try {
        json = JSON.parse(bodyText);
      } catch (error) {
        throw new SourceError(
          'parse',
          `AzuraCast did not return JSON from ${url} (got "${preview(bodyText)}"); check the panel address`,
          { status: response.status, cause: error },
        );
      }
      const snap = parseAzuraCastNowPlaying(json, now());
      const list = await readStreamers(signal);
      return list && list.length > 0 ? withStreamers(snap, list) : snap;
    },
  };
}
