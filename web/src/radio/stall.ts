/*
 * How the live player notices that its stream is gone while it still has audio to play (issue 36 item 4).
 *
 * A station's stream sends a burst on connect (Icecast's 64 KiB, about 11 s at 48 kbit/s) and then audio at the
 * clock's pace. Once the connection ends (the server stopped, the network dropped) the browser plays out what it
 * holds before the audio stops: judged by the audio alone, the player would say "Reconnecting" only 10 s or more
 * later. So the player follows the stream's network side: a live stream that is playing keeps receiving data (the
 * element's `progress` events); none for {@link NETWORK_STALL_MS} means the
 * connection has ended or hangs. The audio not advancing for {@link STALL_MS} (a stream that sends but does not
 * play) counts too.
 */

/** No new data from a playing live stream for this long: its connection ended or hangs. */
export const NETWORK_STALL_MS = 4000;
/** A stream whose audio has not advanced for this long (a connection that hangs rather than closes) is rejoined. */
export const STALL_MS = 8000;
/** How often the watch looks. */
const CHECK_MS = 1000;
/** A check this late (a phone that slept, a frozen tab) judges nothing: the marks start again from now. */
const LATE_MS = 3000;

/**
 * Watches `a` while `active()` says the listener wants the stream (and no retry is already pending), and calls
 * `lost()` once when its data stops arriving or its audio stops advancing. Returns the function that stops it.
 */
export function watchStream(a: HTMLMediaElement, active: () => boolean, lost: () => void, now: () => number = Date.now): () => void {
  let lastData = now();
  // Whether this connection has delivered anything yet: a slow first answer is the audio rule's to judge, not this one's.
  let connected = false;
  let lastTime = a.currentTime;
  let lastAdvance = now();
  let lastCheck = now();
  const reset = () => {
    const t = now();
    connected = false;
    lastData = t;
    lastAdvance = t;
    lastTime = a.currentTime;
  };
  // Fired about every 350 ms while the element fetches (HTML's media loading), not once the fetch has ended. A
  // browser that never fires it is never judged by this rule. (Its buffered end is no sign of the network: Chromium's
  // grows as it decodes, after the connection has ended too.)
  const onData = () => {
    if (a.networkState !== a.NETWORK_LOADING) return;
    lastData = now();
    connected = true;
  };
  // A new address (a rejoin, the backup): its connection starts now.
  a.addEventListener('loadstart', reset);
  a.addEventListener('progress', onData);
  const timer = setInterval(() => {
    const t = now();
    const late = t - lastCheck > LATE_MS;
    lastCheck = t;
    if (!active() || late) {
      reset();
      return;
    }
    if (a.currentTime !== lastTime) {
      lastTime = a.currentTime;
      lastAdvance = t;
    }
    if ((connected && t - lastData > NETWORK_STALL_MS) || t - lastAdvance > STALL_MS) {
      reset();
      lost();
    }
  }, CHECK_MS);
  return () => {
    clearInterval(timer);
    a.removeEventListener('loadstart', reset);
    a.removeEventListener('progress', onData);
  };
}
