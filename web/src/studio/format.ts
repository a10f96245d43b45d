/** Time texts of the On Air console and the mini window. */

/** A countdown to an instant: "in 2 h 05 min", "in 12:30", "starting now". */
export function formatCountdown(ms: number): string {
  if (ms <= 0) return 'starting now';
  const s = Math.ceil(ms / 1000);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  if (h >= 24) {
    const d = Math.floor(h / 24);
    return `in ${d} day${d === 1 ? '' : 's'} ${h % 24} h`;
  }
  if (h > 0) return `in ${h} h ${String(m).padStart(2, '0')} min`;
  return `in ${m}:${String(sec).padStart(2, '0')}`;
}

/** Elapsed and remaining seconds of the item on air, both within [0, duration]. */
export function elapsedRemaining(startedAtMs: number | null, durationSeconds: number, nowMs: number): { elapsed: number; remaining: number } {
  const duration = Math.max(0, durationSeconds);
  const elapsed = startedAtMs === null ? 0 : Math.min(duration, Math.max(0, Math.floor((nowMs - startedAtMs) / 1000)));
  return { elapsed, remaining: duration - elapsed };
}
