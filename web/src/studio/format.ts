import type { Translate } from '../../../shared/i18n/format';

/** Time texts of the On Air console and the mini window. */

/**
 * A countdown to an instant: "in 2 h 05 min", "in 12:30", "starting now"; in the reader's language with `t`
 * (studio.countdown.*), in English without.
 */
export function formatCountdown(ms: number, t?: Translate): string {
  if (ms <= 0) return t ? t('studio.countdown.now') : 'starting now';
  const s = Math.ceil(ms / 1000);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  if (h >= 24) {
    const d = Math.floor(h / 24);
    return t ? t('studio.countdown.days', { days: d, hours: h % 24 }) : `in ${d} day${d === 1 ? '' : 's'} ${h % 24} h`;
  }
  const mm = String(m).padStart(2, '0');
  if (h > 0) return t ? t('studio.countdown.hours', { hours: h, minutes: mm }) : `in ${h} h ${mm} min`;
  const clock = `${m}:${String(sec).padStart(2, '0')}`;
  return t ? t('studio.countdown.minutes', { clock }) : `in ${clock}`;
}

/** Elapsed and remaining seconds of the item on air, both within [0, duration]. */
export function elapsedRemaining(startedAtMs: number | null, durationSeconds: number, nowMs: number): { elapsed: number; remaining: number } {
  const duration = Math.max(0, durationSeconds);
  const elapsed = startedAtMs === null ? 0 : Math.min(duration, Math.max(0, Math.floor((nowMs - startedAtMs) / 1000)));
  return { elapsed, remaining: duration - elapsed };
}
