import type { MessageKey } from './i18n/format';

/**
 * The website's client-side routes, written once: the web router follows them
 * and the server answers 404 (with the app's not-found page) for any path
 * that matches none of them.
 */
export const CLIENT_ROUTE_PATTERNS: readonly RegExp[] = [
  /^\/$/,
  /^\/(shows|djs|mobile-app|request|song-request|shoutout-request|general-request|presenter-application|become-a-dj|donate|terms-of-service|privacy-policy|auth|profile|discord-callback|api-docs|your-data|listen-again)\/?$/,
  /^\/auth\/(forgot|reset)\/?$/,
  /^\/djs\/[^/]+\/?$/,
  /^\/page\/[^/]+\/?$/,
  /^\/admin(\/.*)?$/,
];

/** True when the path belongs to a page of the website (the not-found page answers the rest). */
export function isKnownClientRoute(pathname: string): boolean {
  return CLIENT_ROUTE_PATTERNS.some((re) => re.test(pathname));
}

/**
 * The navigation bar's links, in order (spec 000 §2), each with its text's catalogue key (the English label
 * stays for what has no catalogue). /request shows only while a live presenter is on air, or while that is not
 * yet known.
 */
export function listenerNavLinks(showRequest: boolean): { to: string; label: string; key: MessageKey }[] {
  return [
    { to: '/', label: 'Home', key: 'nav.home' },
    { to: '/shows', label: 'Shows', key: 'nav.shows' },
    { to: '/djs', label: 'DJs', key: 'nav.djs' },
    { to: '/mobile-app', label: 'Mobile App', key: 'nav.mobileApp' },
    ...(showRequest ? [{ to: '/request', label: 'Request', key: 'nav.request' as const }] : []),
    { to: '/donate', label: 'Donate', key: 'nav.donate' },
  ];
}
