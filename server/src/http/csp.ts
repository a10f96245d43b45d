import type Koa from 'koa';
import type { NowPlaying } from '../../../shared/radio';
import type { AppContext, RequestState } from '../context';
import { originOf, uniq } from './image-origins';

export { originOf } from './image-origins';

/**
 * The Content Security Policy of the website, built in one place (issue 18).
 * Scripts, styles, fonts and connections are this site's own (`'self'`
 * covers its realtime WebSocket too); media, images and form targets are
 * this site plus the origins actually in use: the stream (STREAM_URL, the
 * station source and the listen URL it reports), the station's settings
 * (logo, donation provider), the images staff put in content (slider,
 * sponsored, pages, presenters, avatars, shows) and track artwork (library,
 * now playing, Spotify when configured). The content's origins are answered
 * by the repos of the domains that own them and kept by the app context
 * (`ctx.imageOrigins`) until a bus event of that domain says they changed;
 * other answers get the policy without them. A route may widen `frame-ancestors` (the embeddable widgets of a later
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

/** The origins in use now: the content's (kept by `ctx.imageOrigins`), the station's settings, now playing and the configuration. */
export async function collectCspSources(ctx: Pick<AppContext, 'config' | 'settings' | 'imageOrigins'>, nowPlaying: () => NowPlaying | null): Promise<CspSources> {
  const [station, images] = await Promise.all([ctx.settings.station(), ctx.imageOrigins.get()]);
  const np = nowPlaying();
  // The station's logo is an image and its stream URL audio; its social links are only navigated to.
  const logo = originOf(station.logoUrl);
  const streamSetting = originOf(station.streamUrl);
  const art = np ? [np.now_playing.song.art, ...np.song_history.map((h) => h.song.art)].map(originOf) : [];
  const stream = [originOf(ctx.config.STREAM_URL), originOf(ctx.config.STATION_URL), originOf(np?.station.listen_url)];
  return {
    img: uniq([...images, logo, ...art, ...(ctx.config.SPOTIFY_CLIENT_ID ? [SPOTIFY_IMAGES] : []), originOf(ctx.config.STATION_URL)]),
    media: uniq([...stream, streamSetting]),
    form: uniq([originOf(station.donation.providerUrl)]),
  };
}

/**
 * Sets the policy on every response: pages get {@link buildCsp} with the
 * origins in use (kept by the app context until an event changes them),
 * everything else {@link API_CSP} (no origin but this site's). Replaces helmet's static policy.
 */
export function contentSecurityPolicy(ctx: AppContext, nowPlaying: () => NowPlaying | null): Koa.Middleware<RequestState> {
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
        c.set('Content-Security-Policy', buildCsp(await collectCspSources(ctx, nowPlaying)));
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
