import type { Config } from '../config';

/**
 * The site's own origin for absolute links (canonical and Open Graph URLs,
 * public API image links, the AzuraCast-compatible document): PUBLIC_URL,
 * never the request's Host header, which anyone can forge. Empty when
 * PUBLIC_URL is unset: links are then relative to the site.
 */
export function siteOrigin(config: Pick<Config, 'PUBLIC_URL'>): string {
  return (config.PUBLIC_URL ?? '').replace(/\/+$/, '');
}
