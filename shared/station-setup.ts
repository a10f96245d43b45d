/** Where the station's audio and now-playing data come from (STATION_SOURCE). */
export type StationSourceKind = 'demo' | 'azuracast' | 'icecast';

/**
 * GET /api/settings/setup: whether the first-run setup is still to do, and what
 * the setup screen tells the owner about the server's configuration.
 */
export interface SetupState {
  /** True until General Settings or the setup are saved, or the setup is skipped. */
  needed: boolean;
  /** The configured station source and its address (STATION_SOURCE, STATION_URL; null for the demo source). */
  source: { kind: StationSourceKind; url: string | null };
  /** STREAM_URL when set: it wins over a Stream URL saved in settings. */
  streamUrlFromConfig: string | null;
  /** The server's station time zone (STATION_TIMEZONE), the default until one is saved. */
  serverTimezone: string;
}
