import type Koa from 'koa';
import type { NowPlaying } from '../../../shared/radio';
import type { AppContext, RequestState } from '../context';
import { getStationInfo } from '../settings/service';

/**
 * The Content Security Policy of the website, built in one place (issue 18).
 * Scripts, styles, fonts and connections are this site's own (`'self'`
 * covers its realtime WebSocket too); media, images and form targets are
 * this site plus the origins actually in use: the stream (STREAM_URL, the
 * station source and the listen URL it reports), the station's settings
 * (logo, donation provider), the images staff put in content (slider,
 * sponsored, pages, presenters, avatars, shows) and track artwork (library,
 * now playing, Spotify when configured). Those origins are read from the
 * database at most once a second; other answers get the policy without them. A route may widen `frame-ancestors` (the embeddable widgets of a later
 * issue) by passing `frameAncestors` to {@link buildCsp}.
 */
export interface CspSources {
  img: string[];
  media: string[];
  form: string[];
}

/** Extra options a route may give the policy. */
export interface CspOptions {
  /** Who may frame the page; none by default. */
  frameAncestors?: string[];
}

/** The origin (scheme://host[:port]) of an http(s) URL, or null. */
export function originOf(url: unknown): string | null {
  if (typeof url !== 'string' || !/^https?:\/\//i.test(url)) return null;
  try {
    const u = new URL(url);
    // Only an origin: no path, no quotes or spaces that could add a directive.
    return /^https?:\/\/[A-Za-z0-9.:[\]-]+$/.test(u.origin) ? u.origin : null;
  } catch {
    return null;
  }
}

const uniq = (xs: (string | null)[]): string[] => [...new Set(xs.filter((x): x is string => !!x))].sort();

/** The policy text for a web page. */
export function buildCsp(sources: CspSources, opts: CspOptions = {}): string {
  const list = (base: string[], extra: string[]) => [...base, ...uniq(extra)].join(' ');
  return [
    `default-src 'self'`,
    `base-uri 'self'`,
    `script-src 'self'`,
    `style-src 'self' 'unsafe-inline'`,
    `img-src ${list(["'self'", 'data:', 'blob:'], sources.img)}`,
    `media-src ${list(["'self'", 'blob:'], sources.media)}`,
    `connect-src 'self'`,
    `font-src 'self' data:`,
    `object-src 'none'`,
    `frame-src 'none'`,
    `frame-ancestors ${opts.frameAncestors && opts.frameAncestors.length > 0 ? uniq(opts.frameAncestors).join(' ') : "'none'"}`,
    `form-action ${list(["'self'"], sources.form)}`,
    `manifest-src 'self'`,
    `worker-src 'self' blob:`,
  ].join('; ');
}

/** The policy of everything that is not a page (JSON, files): this site's own sources only. */
export const API_CSP = buildCsp({ img: [], media: [], form: [] });

/** Spotify's image host: search results show its album art. */
const SPOTIFY_IMAGES = 'https://i.scdn.co';

/** Reads the origins in use now. */
export async function collectCspSources(ctx: AppContext, nowPlaying: () => NowPlaying | null): Promise<CspSources> {
  const knex = ctx.knex;
  const origins = async (table: string, column: string): Promise<(string | null)[]> => {
    // The patterns are bindings: a literal '?' in raw SQL would be taken for one.
    const rows = (await knex(table)
      .whereRaw('?? ~* ?', [column, '^https?://'])
      .distinct(knex.raw('substring(?? from ?) AS o', [column, '^[A-Za-z]+://[^/?#]+']))) as { o: string | null }[];
    return rows.map((r) => originOf(r.o));
  };
  const pageImages = async (): Promise<string[]> => {
    const rows = (await knex('custom_pages').where({ is_published: true }).whereRaw('content ~* ?', ['src=.https?://']).select('content')) as { content: string }[];
    const out: string[] = [];
    for (const r of rows) for (const m of r.content.matchAll(/src=["'](https?:\/\/[^"'\s]+)/gi)) out.push(m[1]!);
    return out.map(originOf).filter((o): o is string => !!o);
  };
  const [station, ...lists] = await Promise.all([
    getStationInfo(knex, ctx.config),
    origins('slider_content', 'image_url'),
    origins('slider_settings', 'background_image_url'),
    origins('sponsored_content', 'image_url'),
    origins('presenters', 'image_url'),
    origins('profiles', 'avatar_url'),
    origins('schedule_events', 'image_url'),
    origins('schedule_events', 'presenter_image_url'),
    origins('tracks', 'artwork_url'),
    pageImages(),
  ]);
  const np = nowPlaying();
  // The station's logo is an image and its stream URL audio; its social links are only navigated to.
  const logo = originOf(station.logoUrl);
  const streamSetting = originOf(station.streamUrl);
  const art = np ? [np.now_playing.song.art, ...np.song_history.map((h) => h.song.art)].map(originOf) : [];
  const stream = [originOf(ctx.config.STREAM_URL), originOf(ctx.config.STATION_URL), originOf(np?.station.listen_url)];
  return {
    img: uniq([...lists.flat(), logo, ...art, ...(ctx.config.SPOTIFY_CLIENT_ID ? [SPOTIFY_IMAGES] : []), originOf(ctx.config.STATION_URL)]),
    media: uniq([...stream, streamSetting]),
    form: uniq([originOf(station.donation.providerUrl)]),
  };
}

/**
 * Sets the policy on every response: pages get {@link buildCsp} with the
 * origins in use (read at most once a second), everything else
 * {@link API_CSP} (no origin but this site's). Replaces helmet's static policy.
 */
export function contentSecurityPolicy(ctx: AppContext, nowPlaying: () => NowPlaying | null): Koa.Middleware<RequestState> {
  let cached: { at: number; csp: string } | null = null;
  let pending: Promise<string> | null = null;
  const pagePolicy = async (): Promise<string> => {
    const now = Date.now();
    if (cached && now - cached.at < 1000) return cached.csp;
    pending ??= collectCspSources(ctx, nowPlaying)
      .then((sources) => {
        cached = { at: Date.now(), csp: buildCsp(sources) };
        return cached.csp;
      })
      .finally(() => {
        pending = null;
      });
    return pending;
  };
  return async (c, next) => {
    try {
      await next();
    } finally {
      await setPolicy(c);
    }
  };
  async function setPolicy(c: Koa.ParameterizedContext<RequestState>): Promise<void> {
    if (c.response.is('html')) {
      try {
        c.set('Content-Security-Policy', await pagePolicy());
      } catch (err) {
        // The database did not answer: the strictest page policy, never none.
        c.state.log?.warn?.({ err }, 'content policy sources unavailable');
        c.set('Content-Security-Policy', API_CSP);
      }
    } else {
      c.set('Content-Security-Policy', API_CSP);
    }
  }
}
