/**
 * The contract between station back ends (AzuraCast, Icecast, the demo feed)
 * and the rest of Airdeck. Every adapter reduces its own wire format to a
 * {@link NowPlayingSnapshot}, so the poller, the realtime hub and the web
 * player never see AzuraCast or Icecast quirks.
 *
 * Conventions used throughout:
 * - All instants are epoch **milliseconds** (the wire formats use seconds).
 * - Raw text fields hold what the station sent, trimmed; `''` means "not
 *   known". Display fallbacks ('Unknown Track' and friends) are applied later
 *   by `applyFallbacks` in `./normalise`, never by an adapter, so that
 *   de-duplication and storage see the real values.
 * - `null` means the back end does not report the value at all.
 */

/** Which adapter produced a snapshot; also the `STATION_SOURCE` setting. */
export type SourceKind = 'azuracast' | 'icecast' | 'demo';

/**
 * Rights data a back end reports with a song (issue 34's play log): AzuraCast's
 * `song.isrc` and the station's custom fields (`record_label`/`label`/`publisher`,
 * `catalog_number`/`catalogue_number`, `composer`). `''` when not known.
 */
export interface SnapshotRights {
  isrc: string;
  label: string;
  catalogueNumber: string;
  composer: string;
}

/** The item on air, as the back end reported it. */
export interface SnapshotTrack {
  /** Rights data, when the back end reports any. */
  rights?: SnapshotRights;
  title: string;
  artist: string;
  album: string;
  /** Track art. `null` when the back end only offers its stock "no art" image. */
  artUrl: string | null;
  /** Length in seconds; `null` when unknown (AzuraCast sends 0 for live items). */
  durationSeconds: number | null;
  /**
   * When the item started, as the back end reports it (AzuraCast `played_at`,
   * which already includes its 5 s playback delay). Equal to the `playedAt`
   * of the same item once it moves into `history`.
   */
  startedAt: number | null;
  /**
   * Seconds into the item at `fetchedAt`, computed the way AzuraCast computes
   * `elapsed` but against the reader's clock rather than the (up to ~15 s
   * stale) cached value. Clamped to `durationSeconds` when that is known. To
   * advance it later: `elapsedSeconds + (now - fetchedAt) / 1000`.
   */
  elapsedSeconds: number | null;
  /** Identifies this *play* (AzuraCast `sh_id`); stable across polls. */
  sourceId: string | null;
  /** Identifies the *song* (AzuraCast `song.id`, a hash of its text). */
  songId: string | null;
  /** A listener request rather than a playlist pick. */
  isRequest: boolean;
  /** Playlist name, `null` when none (live items, requests). */
  playlist: string | null;
  /** Name of the DJ who played it, `null` for AutoDJ items. */
  streamer: string | null;
}

/** A past item. Same meaning as {@link SnapshotTrack} fields. */
export interface SnapshotHistoryItem {
  /** Rights data, when the back end reports any. */
  rights?: SnapshotRights;
  title: string;
  artist: string;
  album: string;
  artUrl: string | null;
  durationSeconds: number | null;
  /** When it started (AzuraCast `played_at`). */
  playedAt: number;
  sourceId: string | null;
  songId: string | null;
  isRequest: boolean;
  playlist: string | null;
  streamer: string | null;
}

/** What the AutoDJ has queued. */
export interface SnapshotNext {
  title: string;
  artist: string;
  album: string;
  artUrl: string | null;
  /** May be fractional: AzuraCast sends the queue's duration as a float. */
  durationSeconds: number | null;
  /** When the AutoDJ expects to play it. */
  playedAt: number | null;
  isRequest: boolean;
  /**
   * `playedAt` is already in the past at `fetchedAt`. During a live show
   * AzuraCast keeps reporting the AutoDJ's old queue item; it will play only
   * after the DJ disconnects, so a UI should not present it as "up next".
   */
  isStale: boolean;
}

/** Live DJ state. */
export interface SnapshotLive {
  isLive: boolean;
  /** `null` when not live or when the DJ has no display name. */
  streamerName: string | null;
  /** When the current live broadcast began; `null` when not live. */
  broadcastStart: number | null;
  /** The DJ's avatar, `null` when none. */
  artUrl: string | null;
  /**
   * AzuraCast streamer id, recovered from the avatar URL
   * (`/streamer/{id}/art-…`); matches `presenters.azuracast_id`. Best effort:
   * `null` when the DJ has no avatar.
   */
  streamerId: string | null;
}

/** One normalised reading of a station. Adapters return this and nothing else. */
export interface NowPlayingSnapshot {
  source: SourceKind;
  /** When the reading was taken (the `nowMs` given to the parser). */
  fetchedAt: number;
  /** The station is broadcasting. */
  online: boolean;
  /** Station display name as the back end knows it. */
  stationName: string | null;
  /** The item on air; `null` when offline or when the back end only has a placeholder. */
  track: SnapshotTrack | null;
  live: SnapshotLive;
  listeners: {
    /** Connected listeners across all mounts (or the chosen mount, see adapters). */
    current: number;
    /** Distinct listeners; `null` when the back end cannot tell. */
    unique: number | null;
    /** Every connection, all mounts included (AzuraCast `listeners.total`); `current` when not given. */
    total?: number;
  };
  /** Past items, newest first. */
  history: SnapshotHistoryItem[];
  playingNext: SnapshotNext | null;
  /** Public stream URL as the back end advertises it. */
  streamUrl: string | null;
  /** When the current encoder connection started (Icecast `stream_start`); `null` when unknown. */
  streamStartedAt: number | null;
  /** The station's DJ accounts, when the back end lists them (AzuraCast streamers, with an API key). */
  streamers?: { id: string; name: string; isLive: boolean }[];
}

/** Anything that can be asked "what is on air now?". */
export interface StationSource {
  readonly kind: SourceKind;
  /** One reading. Rejects only with {@link SourceError}. */
  read(signal: AbortSignal): Promise<NowPlayingSnapshot>;
}

/**
 * Why a read failed:
 * - `timeout`: no complete answer within the configured time;
 * - `aborted`: the caller's signal fired (shutdown), not a fault;
 * - `network`: DNS, refused connection, TLS and the like;
 * - `http`: the server answered with an error status;
 * - `parse`: the body was not the document we expected.
 */
export type SourceErrorKind = 'timeout' | 'aborted' | 'network' | 'http' | 'parse';

/** Extra facts attached to a {@link SourceError}. */
export interface SourceErrorDetails {
  /** HTTP status, when there was a response. */
  status?: number | null;
  /** Whether polling again later can succeed without someone changing configuration. */
  retryable?: boolean;
  /** The back end's own error type (AzuraCast `type`, e.g. `NotFoundException`). */
  remoteType?: string | null;
  cause?: unknown;
}

/**
 * The single error type adapters throw, so the poller can decide between
 * "retry quietly", "back off" and "tell the operator their settings are
 * wrong" without string matching. The message is written for an operator.
 */
export class SourceError extends Error {
  readonly kind: SourceErrorKind;
  readonly status: number | null;
  readonly retryable: boolean;
  readonly remoteType: string | null;

  constructor(kind: SourceErrorKind, message: string, details: SourceErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = 'SourceError';
    this.kind = kind;
    this.status = details.status ?? null;
    this.remoteType = details.remoteType ?? null;
    this.retryable = details.retryable ?? (kind === 'timeout' || kind === 'network');
  }
}

/** The `fetch` an adapter uses; injectable so tests need no network. */
export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;
