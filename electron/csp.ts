export { isAppUrl } from './protocol';

/**
 * The Content Security Policy of the studio's pages, sent with every app://
 * response. Scripts and styles come only from the app bundle; the page may
 * talk to the station's server (HTTP and its realtime WebSocket) and show its
 * images and audio; no plugins, no frames, no foreign form targets.
 * MUI (emotion) injects style elements, hence 'unsafe-inline' for styles only.
 */
export function buildCsp(serverUrl: string | null | undefined): string {
  let server = '';
  let socket = '';
  if (serverUrl) {
    try {
      const u = new URL(serverUrl);
      if (u.protocol === 'https:' || u.protocol === 'http:') {
        server = ` ${u.origin}`;
        socket = ` ${u.protocol === 'https:' ? 'wss:' : 'ws:'}//${u.host}`;
      }
    } catch {
      // No valid server yet: the first-run screen needs none.
    }
  }
  return [
    `default-src 'self'`,
    `script-src 'self'`,
    `style-src 'self' 'unsafe-inline'`,
    `img-src 'self' data: blob: https:${server}`,
    `media-src 'self' blob: https:${server}`,
    `font-src 'self' data:`,
    `connect-src 'self'${server}${socket}`,
    `object-src 'none'`,
    `frame-src 'none'`,
    `child-src 'none'`,
    `worker-src 'self'`,
    `base-uri 'none'`,
    `form-action 'none'`,
    `frame-ancestors 'none'`,
  ].join('; ');
}

/** True for an address the system browser may open: http(s) without credentials. */
export function isExternalWebUrl(url: string): boolean {
  try {
    const u = new URL(url);
    return (u.protocol === 'https:' || u.protocol === 'http:') && !u.username && !u.password;
  } catch {
    return false;
  }
}
