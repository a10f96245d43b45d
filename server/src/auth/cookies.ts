import type Koa from 'koa';
import type { Config } from '../config';

/** The refresh cookie over https: `__Host-` pins it to this host, Secure, Path=/. */
export const SECURE_REFRESH_COOKIE = '__Host-airdeck_refresh';
/** The refresh cookie over plain http (local installs): scoped to the auth routes. */
export const PLAIN_REFRESH_COOKIE = 'airdeck_refresh';
/** Where the plain cookie is sent: only the refresh and sign-out calls need it. */
export const AUTH_COOKIE_PATH = '/api/auth';

/**
 * Sets the website's refresh token: httpOnly (no script reads it),
 * SameSite=Strict (no other site's page sends it), Secure with the `__Host-`
 * prefix when served over https, else a plain name scoped to /api/auth.
 */
export function setRefreshCookie(c: Koa.Context, token: string, maxAgeMs: number): void {
  if (c.secure) {
    c.cookies.set(SECURE_REFRESH_COOKIE, token, { httpOnly: true, secure: true, sameSite: 'strict', path: '/', maxAge: maxAgeMs, overwrite: true });
  } else {
    c.cookies.set(PLAIN_REFRESH_COOKIE, token, { httpOnly: true, secure: false, sameSite: 'strict', path: AUTH_COOKIE_PATH, maxAge: maxAgeMs, overwrite: true });
  }
}

/** Removes the refresh cookie (both names, so a switch between http and https leaves nothing behind). */
export function clearRefreshCookie(c: Koa.Context): void {
  if (c.secure) c.cookies.set(SECURE_REFRESH_COOKIE, '', { httpOnly: true, secure: true, sameSite: 'strict', path: '/', maxAge: 0, overwrite: true });
  if (c.cookies.get(PLAIN_REFRESH_COOKIE) !== undefined || !c.secure) {
    c.cookies.set(PLAIN_REFRESH_COOKIE, '', { httpOnly: true, secure: false, sameSite: 'strict', path: AUTH_COOKIE_PATH, maxAge: 0, overwrite: true });
  }
}

/** The refresh token from the cookie, if any. */
export function readRefreshCookie(c: Koa.Context): string | undefined {
  const value = (c.secure ? c.cookies.get(SECURE_REFRESH_COOKIE) : undefined) ?? c.cookies.get(PLAIN_REFRESH_COOKIE);
  return value ? value : undefined;
}

/**
 * True when a cookie-authenticated call comes from another site's page:
 * `Sec-Fetch-Site` other than same-origin/none, or an `Origin` that is neither
 * this server's nor PUBLIC_URL's. Requests without either header come from
 * non-browser clients, which cannot be made to send someone else's cookie.
 */
export function isCrossSiteRequest(c: Koa.Context, config: Pick<Config, 'PUBLIC_URL'>): boolean {
  const site = c.get('Sec-Fetch-Site');
  if (site && site !== 'same-origin' && site !== 'none') return true;
  const origin = c.get('Origin');
  if (!origin) return false;
  // Koa 3's ctx.origin is the Origin header itself: compare with our own scheme and host.
  if (origin === `${c.protocol}://${c.host}`) return false;
  if (config.PUBLIC_URL) {
    try {
      if (new URL(config.PUBLIC_URL).origin === origin) return false;
    } catch {
      // PUBLIC_URL is validated at start; an unparsable one matches nothing.
    }
  }
  return true;
}
