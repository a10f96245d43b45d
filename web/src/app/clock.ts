import { useSyncExternalStore } from 'react';
import { serverNow } from '../radio/api';

/*
 * The page's one clock (issue 38 item 6, issue 19 item 4): a single timer, aligned to the server's second, that
 * every time a listener sees reads (the player bar, the now-playing card, LIVE markers, "today", "3 minutes ago",
 * the studio console). Two places on a page never disagree, and a page runs one timer however many parts show a
 * time. The timer runs only while something reads it.
 */
let second = Math.floor(serverNow() / 1000);
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setTimeout> | null = null;

function schedule(): void {
  timer = setTimeout(() => {
    second = Math.floor(serverNow() / 1000);
    for (const l of listeners) l();
    schedule();
  }, 1000 - (serverNow() % 1000) + 5);
}

/**
 * The second the server drew the page at (BootData.serverTime), or null: what the server's render reads, and what
 * the browser's first render reads when it adopts that page (hydration), so both draw the same times; the page's
 * live clock takes over in the render right after.
 */
let drawnSecond: number | null = null;

/** Sets (or clears, null) the time the page was drawn at: the server before each render, the browser before adopting it. */
export function setDrawnTime(ms: number | null | undefined): void {
  drawnSecond = typeof ms === 'number' && Number.isFinite(ms) ? Math.floor(ms / 1000) : null;
}

const drawnOrNow = (): number => drawnSecond ?? second;

/** Follows the page's clock (one timer for every follower); returns the way to stop. */
export function subscribeClock(listener: () => void): () => void {
  listeners.add(listener);
  if (!timer) {
    second = Math.floor(serverNow() / 1000);
    schedule();
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearTimeout(timer);
      timer = null;
    }
  };
}

/** How many timers the page's clock runs now (0 or 1): tests read it. */
export function clockTimers(): number {
  return timer ? 1 : 0;
}

/** The server's clock in whole seconds, the same value for every reader on the page. */
export function useServerSecond(): number {
  const read = () => second;
  return useSyncExternalStore(subscribeClock, read, drawnOrNow);
}

/**
 * The page's clock in milliseconds, rounded down to `everyMs` (a LIVE marker needs the minute, "today" the day):
 * a reader is redrawn only when its rounded value changes, but every reader follows the same one timer.
 */
export function useNow(everyMs = 30_000): number {
  const round = (s: number) => Math.floor((s * 1000) / everyMs) * everyMs;
  return useSyncExternalStore(subscribeClock, () => round(second), () => round(drawnOrNow()));
}
