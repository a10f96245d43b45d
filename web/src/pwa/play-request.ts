import { useEffect, useRef } from 'react';
import { onPlayRequest } from './register';

/**
 * Plays when a live notification asks (issue 36 item 2): the site opened at `?play=1` (the parameter is then taken
 * off the address), or a page already open told by the service worker. Where the browser refuses to start sound
 * without a tap, the player stays paused with its Play button.
 */
export function usePlayRequests(play: () => void): void {
  const ref = useRef(play);
  ref.current = play;
  useEffect(() => {
    const url = new URL(window.location.href);
    if (url.searchParams.get('play') === '1') {
      url.searchParams.delete('play');
      window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
      ref.current();
    }
    return onPlayRequest(() => ref.current());
  }, []);
}
