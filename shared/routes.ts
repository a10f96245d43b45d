/**
 * The website's client-side routes, written once: the web router follows them
 * and the server answers 404 (with the app's not-found page) for any path
 * that matches none of them.
 */
export const CLIENT_ROUTE_PATTERNS: readonly RegExp[] = [
  /^\/$/,
  /^\/(shows|djs|mobile-app|request|song-request|shoutout-request|general-request|presenter-application|become-a-dj|donate|terms-of-service|privacy-policy|auth|profile|discord-callback|api-docs)\/?$/,
  /^\/djs\/[^/]+\/?$/,
  /^\/page\/[^/]+\/?$/,
  /^\/admin(\/.*)?$/,
];

/** True when the path belongs to a page of the website (the not-found page answers the rest). */
export function isKnownClientRoute(pathname: string): boolean {
  return CLIENT_ROUTE_PATTERNS.some((re) => re.test(pathname));
}

/**
 * The navigation bar's links, in order (spec 000 §2). /request shows only
 * while a live presenter is on air, or while that is not yet known.
 */
export function listenerNavLinks(showRequest: boolean): { to: string; label: string }[] {
  return [
    { to: '/', label: 'Home' },
    { to: '/shows', label: 'Shows' },
    { to: '/djs', label: 'DJs' },
    { to: '/mobile-app', label: 'Mobile App' },
    ...(showRequest ? [{ to: '/request', label: 'Request' }] : []),
    { to: '/donate', label: 'Donate' },
  ];
}
