/**
 * A click on a link inside staff-written HTML (a custom page): the address inside this site to open in the app, or
 * null when the browser should follow it itself (another site, a new tab, a download, a modified click, the API or
 * media files, the staff panel). Issue #38 item 4: an in-site link must not reload the site and stop the player.
 */
export function inAppTarget(e: Pick<MouseEvent, 'button' | 'metaKey' | 'ctrlKey' | 'shiftKey' | 'altKey' | 'defaultPrevented' | 'target'>, origin: string): string | null {
  if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return null;
  const a = (e.target as Element | null)?.closest?.('a');
  if (!a || !a.getAttribute('href')) return null;
  if ((a.getAttribute('target') && a.getAttribute('target') !== '_self') || a.hasAttribute('download')) return null;
  let url: URL;
  try {
    url = new URL(a.getAttribute('href')!, origin + '/');
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  if (/^\/(api|media|admin|assets)(\/|$)/.test(url.pathname)) return null;
  return url.pathname + url.search + url.hash;
}
