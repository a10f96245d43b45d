/** The largest unit that is at least one whole of it until `startMs`: minutes under an hour, hours under two days, then days. */
export function untilParts(startMs: number, nowMs: number): { value: number; unit: 'minute' | 'hour' | 'day' } {
  const minutes = Math.max(0, Math.round((startMs - nowMs) / 60_000));
  if (minutes < 60) return { value: minutes, unit: 'minute' };
  if (minutes < 48 * 60) return { value: Math.round(minutes / 60), unit: 'hour' };
  return { value: Math.round(minutes / 1440), unit: 'day' };
}
