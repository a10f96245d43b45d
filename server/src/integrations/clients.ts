import type { Config } from '../config';
import { HttpError, fail } from '../http/errors';
import { createDiscordClient, type DiscordClient } from './discord';
import { UpstreamError } from './http';
import { createMusicLinksClient, type MusicLinksClient } from './music-links';
import { createSpotifyClient, type SpotifyClient } from './spotify';

/**
 * The outside-service clients of one server, made once by `startServer` and owned by the app context
 * (`ctx.integrations`), so their caches (the Spotify token) are shared and end with the server.
 */
export interface Integrations {
  /** Null when Spotify credentials are not configured. */
  spotify: SpotifyClient | null;
  discord: DiscordClient;
  musicLinks: MusicLinksClient;
  /** Wakes the webhook delivery job when something is queued (set by integrations/jobs.ts while it runs). */
  webhookKick: (() => void) | null;
}

/** Builds the clients from the server's configuration. */
export function createIntegrations(ctx: { config: Config; now: () => number; log: { warn(obj: object, msg: string): void } }): Integrations {
  const c = ctx.config;
  const spotify =
    c.SPOTIFY_CLIENT_ID && c.SPOTIFY_CLIENT_SECRET
      ? createSpotifyClient({ clientId: c.SPOTIFY_CLIENT_ID, clientSecret: c.SPOTIFY_CLIENT_SECRET, apiUrl: c.SPOTIFY_API_URL, accountsUrl: c.SPOTIFY_ACCOUNTS_URL, timeoutMs: c.EXTERNAL_TIMEOUT_MS, now: ctx.now })
      : null;
  return {
    spotify,
    discord: createDiscordClient({ apiUrl: c.DISCORD_API_URL, timeoutMs: c.EXTERNAL_TIMEOUT_MS }),
    musicLinks: createMusicLinksClient({
      odesliUrl: c.MUSIC_LINKS_URL,
      odesliKey: c.MUSIC_LINKS_API_KEY,
      itunesUrl: c.ITUNES_SEARCH_URL,
      country: c.MUSIC_LINKS_COUNTRY,
      timeoutMs: c.EXTERNAL_TIMEOUT_MS,
      spotify,
      onResolverError: (service, err) => ctx.log.warn({ err: describeUpstream(err), service }, 'music-link lookup step failed'),
    }),
    webhookKick: null,
  };
}

/** This server's clients (the app context's). */
export function integrations(ctx: { integrations: Integrations }): Integrations {
  return ctx.integrations;
}

/** The message of a Spotify search failure (spec 000 §8, 'Spotify Search Error'). */
export const SPOTIFY_FAILED = 'Failed to search Spotify. Please try again or use local search.';
/** The answer when the station has no Spotify credentials. */
export const SPOTIFY_NOT_CONFIGURED = 'Spotify search is not configured on this station. Search our library or request a custom song instead.';

/**
 * Turns a failed outside call into the answer for our client: 503 with
 * Retry-After when the service asked us to wait, 502 otherwise, with the
 * given words. Anything that is not an UpstreamError passes through.
 */
export function upstreamToHttp(err: unknown, message: string): unknown {
  if (!(err instanceof UpstreamError)) return err;
  if (err.kind === 'rate_limited') {
    const seconds = Math.max(1, Math.ceil((err.retryAfterMs ?? 30_000) / 1000));
    return fail.unavailable(message, seconds);
  }
  return new HttpError('upstream_failed', message, { service: err.service, reason: err.kind });
}

/** A log-friendly summary of an outside failure (never a token). */
export function describeUpstream(err: unknown): Record<string, unknown> {
  if (err instanceof UpstreamError) return { service: err.service, kind: err.kind, status: err.status, retryAfterMs: err.retryAfterMs, message: err.message };
  return { message: err instanceof Error ? err.message : String(err) };
}
