import { getApiBase } from '../platform';

/**
 * Sends a counter ping (a view or a click) without waiting for it and without
 * blocking navigation: `keepalive` lets it finish when the click leaves the page.
 */
export function ping(path: string, body?: unknown): void {
  try {
    void fetch(`${getApiBase()}${path}`, {
      method: 'POST',
      keepalive: true,
      credentials: 'same-origin',
      ...(body === undefined ? {} : { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }),
    }).catch(() => undefined);
  } catch {
    // Counting is best effort.
  }
}
