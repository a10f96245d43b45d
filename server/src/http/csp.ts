import type Koa from 'koa';
import type { NowPlaying } from '../../../shared/radio';
import type { AppContext, RequestState } from '../context';
import { originOf, uniq } from './image-origins';
import { siteOrigin } from './public-url';

export { originOf } from './image-origins';

/**
 * The Content Security Policy of the website, built in one place (issues 18, 29).
 * Scripts, styles, fonts and connections are this site's own (`'self'`
 * covers its realtime WebSocket too); media, images and form targets are
 * this site plus origins that only the operator or staff choose: the stream
 * (STREAM_URL, the station source and the listen URL it reports), the
 * station's settings (logo, donation provider, the approved image hosts of
 * General Settings) and track artwork of the station source (and Spotify's
 * when configured). Nothing a booking, a slide or a presenter profile names
 * goes into the policy: content's images come from this site or an approved
 * host (shared/image-hosts.ts), so no write can grow the header, which
 * {@link buildCsp} keeps under {@link CSP_MAX_LENGTH} whatever it is given.
 *
 * A policy a route sets itself (uploaded media's `sandbox`) is the policy
 * sent. A route may widen `frame-ancestors` (the embeddable widgets) by
 * passing `frameAncestors` to {@link buildCsp}; the panel (/admin) may frame
 * this site's own widgets (Settings → Widgets preview).
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
  /** What the page may frame; none by default. */
  frameSrc?: string[];
}

/** The policy header never grows past this many characters (nginx's default proxy buffer is 4 KiB for every header). */
export const CSP_MAX_LENGTH = 2000;

/** The policy text for a web page: the given sources in order, each dropped when it would take the header past {@link CSP_MAX_LENGTH}. */
export function buildCsp(sources: CspSources, opts: CspOptions = {}): string {
  const extras = { img: uniq(sources.img), media: uniq(sources.media), form: uniq(sources.form) };
  const kept: CspSources = { img: [], media: [], form: [] };
  const text = (s: CspSources) => {
    const list = (base: string[], extra: string[]) => [...base, ...extra].join(' ');
    const none = (xs: string[] | undefined) => (xs && xs.length > 0 ? uniq(xs).join(' ') : "'none'");
    return [
      `default-src 'self'`,
      `base-uri 'self'`,
      `script-src 'self'`,
      `style-src 'self' 'unsafe-inline'`,
      `img-src ${list(["'self'", 'data:', 'blob:'], s.img)}`,
      `media-src ${list(["'self'", 'blob:'], s.media)}`,
      `connect-src 'self'`,
      `font-src 'self' data:`,
      `object-src 'none'`,
      `frame-src ${none(opts.frameSrc)}`,
      `frame-ancestors ${none(opts.frameAncestors)}`,
      `form-action ${list(["'self'"], s.form)}`,
      `manifest-src 'self'`,
      `worker-src 'self' blob:`,
    ].join('; ');
  };
  let length = text(kept).length;
  // The stream and the form targets first (the site does not work without them), then images.
  for (const key of ['media', 'form', 'img'] as const) {
    for (const source of extras[key]) {
      if (length + source.length + 1 > CSP_MAX_LENGTH) continue;
      kept[key].push(source);
      length += source.length + 1;
    }
  }
  return text(kept);
}

/** The policy of everything that is not a page (JSON, files): this site's own sources only. */
export const API_CSP = buildCsp({ img: [], media: [], form: [] });

/** Spotify's image host: search results show its album art. */
const SPOTIFY_IMAGES = 'https://i.scdn.co';

/** An https origin, or this site's own (http allowed only for the origins the operator configured). */
const httpsOnly = (origin: string | null): string | null => (origin?.startsWith('https://') ? origin : null);

/**
 * The origins in use now: the station's settings (approved image hosts, logo, donation), now playing and the
 * configuration; `extraMedia`, the streams staff chose besides (the dead-air backup stream, issue 33).
 */
export async function collectCspSources(ctx: Pick<AppContext, 'config' | 'settings'>, nowPlaying: () => NowPlaying | null, extraMedia: () => (string | null)[] = () => []): Promise<CspSources> {
  const station = await ctx.settings.station();
  const np = nowPlaying();
  const stationSource = [originOf(ctx.config.STATION_URL), originOf(np?.station.listen_url)];
  // Track artwork comes from the station source; only its configured origins or https hosts.
  const art = np ? [np.now_playing.song.art, ...np.song_history.slice(0, 10).map((h) => h.song.art)].map(originOf).filter((o) => o && (stationSource.includes(o) || o.startsWith('https://'))) : [];
  return {
    img: uniq([
      ...station.approvedImageHosts,
      httpsOnly(originOf(station.logoUrl)),
      ...art,
      ...(ctx.config.SPOTIFY_CLIENT_ID ? [SPOTIFY_IMAGES] : []),
      originOf(ctx.config.STATION_URL),
      originOf(siteOrigin(ctx.config)),
    ]),
    media: uniq([originOf(ctx.config.STREAM_URL), ...stationSource, originOf(station.streamUrl), ...extraMedia().map(originOf)]),
    form: uniq([originOf(station.donation.providerUrl)]),
  };
}

/** The panel's pages: they may frame this site's own widgets (Settings → Widgets preview). */
const isPanelPath = (p: string): boolean => p === '/admin' || p.startsWith('/admin/');

/**
 * Sets the policy on every response that has none yet: pages get {@link buildCsp} with the origins in use,
 * everything else {@link API_CSP} (no origin but this site's). A policy the route set itself is kept as it is.
 */
export function contentSecurityPolicy(ctx: AppContext, nowPlaying: () => NowPlaying | null): Koa.Middleware<RequestState> {
  const frameSrc = (p: string): string[] => (isPanelPath(p) ? uniq(["'self'", originOf(siteOrigin(ctx.config))]) : []);
  return async (c, next) => {
    try {
      await next();
    } finally {
      if (!c.response.get('Content-Security-Policy')) await setPolicy(c);
    }
  };
  async function setPolicy(c: Koa.ParameterizedContext<RequestState>): Promise<void> {
    if (c.response.is('html')) {
      try {
        c.set('Content-Security-Policy', buildCsp(await collectCspSources(ctx, nowPlaying, () => [ctx.radio.deadAir.view().backup_stream_url]), { frameSrc: frameSrc(c.path) }));
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
