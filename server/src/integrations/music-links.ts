import { z } from 'zod';
import type { MusicLink, MusicLinksResponse } from '../../../shared/integrations';
import { songKey } from '../../../shared/requests';
import { callUpstream, DEFAULT_RETRY, UpstreamError, withRetry, type FetchLike, type RetryPolicy } from './http';
import type { SpotifyClient } from './spotify';
import { fieldQuery } from './spotify';

/**
 * Music links for the staff song-request queue: where a requested song can
 * be streamed or bought. The aggregator is Odesli (song.link): one call
 * returns links on every platform it knows, keyless at low volume. Odesli
 * takes a link to the song on any platform, not free text, so title and
 * artist are first resolved to a link: the one the listener picked, else a
 * Spotify search (when configured), else the keyless iTunes Search API.
 */
export interface MusicLinksClient {
  find(input: { title: string; artist: string; url?: string | undefined }): Promise<MusicLinksResponse>;
}

/** Base URLs and credentials of the lookup, plus test hooks. */
export interface MusicLinksOptions {
  odesliUrl: string;
  odesliKey?: string | undefined;
  itunesUrl: string;
  country: string;
  timeoutMs: number;
  spotify?: SpotifyClient | null;
  fetch?: FetchLike;
  retry?: RetryPolicy;
  onResolverError?: (service: string, err: unknown) => void;
}

/** Platforms Odesli reports, with their display names; the shops are purchase links. */
export const PLATFORMS: Record<string, { label: string; type: MusicLink['type'] }> = {
  spotify: { label: 'Spotify', type: 'stream' },
  appleMusic: { label: 'Apple Music', type: 'stream' },
  youtube: { label: 'YouTube', type: 'stream' },
  youtubeMusic: { label: 'YouTube Music', type: 'stream' },
  deezer: { label: 'Deezer', type: 'stream' },
  tidal: { label: 'TIDAL', type: 'stream' },
  amazonMusic: { label: 'Amazon Music', type: 'stream' },
  soundcloud: { label: 'SoundCloud', type: 'stream' },
  pandora: { label: 'Pandora', type: 'stream' },
  napster: { label: 'Napster', type: 'stream' },
  yandex: { label: 'Yandex Music', type: 'stream' },
  audius: { label: 'Audius', type: 'stream' },
  audiomack: { label: 'Audiomack', type: 'stream' },
  anghami: { label: 'Anghami', type: 'stream' },
  boomplay: { label: 'Boomplay', type: 'stream' },
  spinrilla: { label: 'Spinrilla', type: 'stream' },
  google: { label: 'Google Play Music', type: 'stream' },
  itunes: { label: 'iTunes', type: 'purchase' },
  amazonStore: { label: 'Amazon', type: 'purchase' },
  googleStore: { label: 'Google Play', type: 'purchase' },
  bandcamp: { label: 'Bandcamp', type: 'purchase' },
};
const ORDER = Object.keys(PLATFORMS);

const OdesliSchema = z.object({
  pageUrl: z.string().optional(),
  linksByPlatform: z.record(z.string(), z.object({ url: z.string() }).loose()),
});
const ItunesSchema = z.object({
  resultCount: z.number(),
  results: z.array(z.object({ trackViewUrl: z.string().optional(), trackName: z.string().optional(), artistName: z.string().optional() }).loose()),
});

/** Turns Odesli's linksByPlatform into the spec's list: streams first, then shops, https only. */
export function presentOdesliLinks(linksByPlatform: Record<string, { url: string }>): MusicLink[] {
  const ranked: { rank: number; link: MusicLink }[] = [];
  for (const [key, value] of Object.entries(linksByPlatform)) {
    if (!/^https:\/\//.test(value.url)) continue;
    const known = PLATFORMS[key];
    const type = known?.type ?? 'stream';
    const order = ORDER.indexOf(key);
    ranked.push({ rank: (type === 'stream' ? 0 : 1000) + (order === -1 ? 999 : order), link: { type, platform: known?.label ?? key.charAt(0).toUpperCase() + key.slice(1), url: value.url } });
  }
  return ranked.sort((a, b) => a.rank - b.rank).map((r) => r.link);
}

/** A source link Odesli accepts: Spotify, Apple Music/iTunes, YouTube, Deezer, Tidal, SoundCloud… */
const SOURCE_RE = /^https:\/\/(open\.spotify\.com|music\.apple\.com|itunes\.apple\.com|(www\.|music\.)?youtube\.com|youtu\.be|(www\.)?deezer\.com|(listen\.)?tidal\.com|soundcloud\.com|music\.amazon\.[a-z.]+)\//;

/** Creates the music-link lookup. */
export function createMusicLinksClient(opts: MusicLinksOptions): MusicLinksClient {
  const retry = opts.retry ?? DEFAULT_RETRY;
  const fetchOpt = opts.fetch ? { fetch: opts.fetch } : {};

  const viaItunes = async (title: string, artist: string): Promise<string | null> => {
    const url = new URL(`${opts.itunesUrl.replace(/\/+$/, '')}/search`);
    url.searchParams.set('term', `${artist} ${title}`);
    url.searchParams.set('media', 'music');
    url.searchParams.set('entity', 'song');
    url.searchParams.set('limit', '5');
    url.searchParams.set('country', opts.country);
    const res = await withRetry(retry, () => callUpstream({ service: 'iTunes Search', url: url.toString(), timeoutMs: opts.timeoutMs, ...fetchOpt }));
    const parsed = ItunesSchema.safeParse(res.body);
    if (!parsed.success) throw new UpstreamError('iTunes Search', 'malformed', 'iTunes Search answered an unexpected body', { status: res.status });
    const want = songKey(artist, title);
    const withUrl = parsed.data.results.filter((r) => r.trackViewUrl && /^https:\/\//.test(r.trackViewUrl));
    const exact = withUrl.find((r) => songKey(r.artistName ?? '', r.trackName ?? '') === want);
    return (exact ?? withUrl[0])?.trackViewUrl ?? null;
  };

  const viaSpotify = async (title: string, artist: string): Promise<string | null> => {
    if (!opts.spotify) return null;
    const tracks = await opts.spotify.searchTracks(fieldQuery(artist, title), 5);
    const want = songKey(artist, title);
    const exact = tracks.find((t) => songKey(t.artist, t.title) === want);
    return (exact ?? tracks[0])?.link ?? null;
  };

  /** Finds a link to the song to hand to Odesli; null when no resolver knows it. Throws only when every resolver failed. */
  const resolveSource = async (title: string, artist: string): Promise<string | null> => {
    const errors: unknown[] = [];
    for (const [name, resolver] of [
      ['Spotify', viaSpotify],
      ['iTunes Search', viaItunes],
    ] as const) {
      try {
        const found = await resolver(title, artist);
        if (found) return found;
      } catch (err) {
        errors.push(err);
        opts.onResolverError?.(name, err);
      }
    }
    const attempted = opts.spotify ? 2 : 1;
    if (errors.length >= attempted) throw errors[errors.length - 1];
    return null;
  };

  return {
    async find({ title, artist, url }) {
      const source = url && SOURCE_RE.test(url) ? url : await resolveSource(title, artist);
      if (!source) return { links: [], pageUrl: null };
      const q = new URL(`${opts.odesliUrl.replace(/\/+$/, '')}/v1-alpha.1/links`);
      q.searchParams.set('url', source);
      q.searchParams.set('userCountry', opts.country);
      q.searchParams.set('songIfSingle', 'true');
      if (opts.odesliKey) q.searchParams.set('key', opts.odesliKey);
      try {
        const res = await withRetry(retry, () => callUpstream({ service: 'Odesli', url: q.toString(), timeoutMs: opts.timeoutMs, acceptStatuses: [400, 404], ...fetchOpt }));
        if (res.status === 400 || res.status === 404) return { links: fallbackLinks(source), pageUrl: null };
        const parsed = OdesliSchema.safeParse(res.body);
        if (!parsed.success) throw new UpstreamError('Odesli', 'malformed', 'Odesli answered an unexpected body', { status: res.status });
        const links = presentOdesliLinks(parsed.data.linksByPlatform);
        return { links: links.length ? links : fallbackLinks(source), pageUrl: parsed.data.pageUrl && /^https:\/\//.test(parsed.data.pageUrl) ? parsed.data.pageUrl : null };
      } catch (err) {
        // Odesli down: the link we resolved is still worth showing; the failure is reported.
        opts.onResolverError?.('Odesli', err);
        const links = fallbackLinks(source);
        if (links.length === 0) throw err;
        return { links, pageUrl: null };
      }
    },
  };
}

/** The resolved source link alone, labelled by its platform. */
function fallbackLinks(source: string): MusicLink[] {
  if (source.startsWith('https://open.spotify.com/')) return [{ type: 'stream', platform: 'Spotify', url: source }];
  if (/^https:\/\/(music|itunes)\.apple\.com\//.test(source)) return [{ type: 'purchase', platform: 'iTunes', url: source }];
  return [];
}
