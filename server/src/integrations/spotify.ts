import { z } from 'zod';
import type { SpotifyTrack } from '../../../shared/requests';
import { callUpstream, DEFAULT_RETRY, UpstreamError, withRetry, type FetchLike, type RetryPolicy } from './http';

/**
 * Spotify track search with the client-credentials flow: the app token is
 * cached until shortly before it expires and fetched again on a 401; a 429's
 * Retry-After is waited out when short, and otherwise remembered so that we
 * stop calling Spotify until it has passed.
 */
export interface SpotifyClient {
  searchTracks(query: string, limit?: number): Promise<SpotifyTrack[]>;
}

/** What the Spotify client needs: credentials, base URLs and (for tests) a clock, fetch and sleep. */
export interface SpotifyOptions {
  clientId: string;
  clientSecret: string;
  apiUrl: string;
  accountsUrl: string;
  timeoutMs: number;
  fetch?: FetchLike;
  now?: () => number;
  retry?: RetryPolicy;
}

const SERVICE = 'Spotify';
/** Fetch a new token this long before the old one expires. */
const TOKEN_MARGIN_MS = 60_000;

const TokenSchema = z.object({ access_token: z.string().min(1), token_type: z.string(), expires_in: z.number().positive() });

const ImageSchema = z.object({ url: z.string(), width: z.number().nullable().optional(), height: z.number().nullable().optional() });
const TrackSchema = z.object({
  id: z.string(),
  name: z.string(),
  artists: z.array(z.object({ name: z.string() })),
  album: z.object({ name: z.string(), images: z.array(ImageSchema).default([]) }),
  external_urls: z.object({ spotify: z.string() }),
  duration_ms: z.number().nullable().optional(),
});
const SearchSchema = z.object({ tracks: z.object({ items: z.array(z.unknown()) }) });

/** Spotify's field filters: `track:"…" artist:"…"` for the public API's artist/title search. */
export function fieldQuery(artist: string | undefined, title: string | undefined): string {
  const clean = (s: string) => s.replace(/"/g, ' ').trim();
  return [title ? `track:"${clean(title)}"` : '', artist ? `artist:"${clean(artist)}"` : ''].filter(Boolean).join(' ');
}

/** Picks the album image closest to 300 px (Spotify lists 640, 300, 64). */
function pickArt(images: z.infer<typeof ImageSchema>[]): string | null {
  if (images.length === 0) return null;
  const sized = images.filter((i) => typeof i.width === 'number');
  if (sized.length === 0) return images[0]!.url;
  sized.sort((a, b) => Math.abs((a.width ?? 0) - 300) - Math.abs((b.width ?? 0) - 300));
  return sized[0]!.url;
}

/** Maps one Spotify track object to the fields the request page shows. */
export function presentSpotifyTrack(t: z.infer<typeof TrackSchema>): SpotifyTrack {
  return {
    id: t.id,
    title: t.name,
    artist: t.artists.map((a) => a.name).join(', '),
    album: t.album.name,
    art: pickArt(t.album.images),
    link: t.external_urls.spotify,
    duration_ms: t.duration_ms ?? null,
  };
}

/** Creates a Spotify client; one per server so its token cache is shared. */
export function createSpotifyClient(opts: SpotifyOptions): SpotifyClient {
  const now = opts.now ?? (() => Date.now());
  const retry = opts.retry ?? DEFAULT_RETRY;
  let token: { value: string; expiresAt: number } | null = null;
  let pending: Promise<string> | null = null;
  let blockedUntil = 0;

  const fetchToken = async (): Promise<string> => {
    const basic = Buffer.from(`${opts.clientId}:${opts.clientSecret}`).toString('base64');
    const res = await withRetry(retry, () =>
      callUpstream({
        service: SERVICE,
        url: `${opts.accountsUrl.replace(/\/+$/, '')}/api/token`,
        method: 'POST',
        headers: { Authorization: `Basic ${basic}` },
        form: { grant_type: 'client_credentials' },
        timeoutMs: opts.timeoutMs,
        ...(opts.fetch ? { fetch: opts.fetch } : {}),
      }).catch((err: unknown) => {
        // The accounts service answers 400 invalid_client for wrong credentials.
        if (err instanceof UpstreamError && err.kind === 'http' && err.status === 400) {
          throw new UpstreamError(SERVICE, 'unauthorized', `Spotify refused the station's credentials${bodyError(err.extra.body)}`, { status: 400, body: err.extra.body });
        }
        throw err;
      }),
    );
    const parsed = TokenSchema.safeParse(res.body);
    if (!parsed.success) throw new UpstreamError(SERVICE, 'malformed', 'Spotify answered a token request with an unexpected body', { status: res.status });
    token = { value: parsed.data.access_token, expiresAt: now() + parsed.data.expires_in * 1000 - TOKEN_MARGIN_MS };
    return token.value;
  };

  const getToken = async (): Promise<string> => {
    if (token && token.expiresAt > now()) return token.value;
    pending ??= fetchToken().finally(() => {
      pending = null;
    });
    return pending;
  };

  const search = async (query: string, limit: number, accessToken: string) => {
    const url = new URL(`${opts.apiUrl.replace(/\/+$/, '')}/v1/search`);
    url.searchParams.set('q', query);
    url.searchParams.set('type', 'track');
    url.searchParams.set('limit', String(limit));
    return callUpstream({
      service: SERVICE,
      url: url.toString(),
      headers: { Authorization: `Bearer ${accessToken}` },
      timeoutMs: opts.timeoutMs,
      ...(opts.fetch ? { fetch: opts.fetch } : {}),
    });
  };

  return {
    async searchTracks(query, limit = 10) {
      const wait = blockedUntil - now();
      if (wait > 0) throw new UpstreamError(SERVICE, 'rate_limited', 'Spotify asked us to wait', { status: 429, retryAfterMs: wait });
      try {
        const res = await withRetry(retry, async () => {
          const first = await getToken();
          try {
            return await search(query, limit, first);
          } catch (err) {
            // An expired or revoked token: forget it, fetch a new one, try once more.
            if (err instanceof UpstreamError && err.kind === 'unauthorized' && err.status === 401) {
              if (token?.value === first) token = null;
              return search(query, limit, await getToken());
            }
            throw err;
          }
        });
        const parsed = SearchSchema.safeParse(res.body);
        if (!parsed.success) throw new UpstreamError(SERVICE, 'malformed', 'Spotify answered a search with an unexpected body', { status: res.status });
        const tracks: SpotifyTrack[] = [];
        for (const item of parsed.data.tracks.items) {
          const t = TrackSchema.safeParse(item);
          if (t.success) tracks.push(presentSpotifyTrack(t.data));
        }
        return tracks;
      } catch (err) {
        if (err instanceof UpstreamError && err.kind === 'rate_limited') blockedUntil = now() + (err.retryAfterMs ?? 30_000);
        throw err;
      }
    },
  };
}

function bodyError(body: unknown): string {
  if (typeof body !== 'object' || body === null) return '';
  const b = body as { error?: unknown; error_description?: unknown };
  return typeof b.error === 'string' ? ` (${b.error}${typeof b.error_description === 'string' ? `: ${b.error_description}` : ''})` : '';
}
