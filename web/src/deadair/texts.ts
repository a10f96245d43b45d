/** Dead air's texts (issue 33), shared by the On Air banner, the Uptime screen and the listener player. */
import type { IncidentKind } from '../../../shared/dead-air-constants';
import type { StationIncident } from '../../../shared/dead-air';
import type { Translate } from '../../../shared/i18n/format';

export const KIND_KEYS = {
  silence: 'deadAir.kind.silence',
  live_silent: 'deadAir.kind.live_silent',
  off_air: 'deadAir.kind.off_air',
  stuck: 'deadAir.kind.stuck',
} as const satisfies Record<IncidentKind, string>;

export const ACTION_KEYS = {
  silence: 'deadAir.action.silence',
  live_silent: 'deadAir.action.live_silent',
  off_air: 'deadAir.action.off_air',
  stuck: 'deadAir.action.stuck',
} as const satisfies Record<IncidentKind, string>;

export const kindText = (t: Translate, kind: IncidentKind) => t(KIND_KEYS[kind]);

/** "40 s", "2 min 15 s", "1 h 3 min". */
export function durationText(t: Translate, seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return t('deadAir.duration.seconds', { s });
  if (s < 3600) return t('deadAir.duration.minutes', { m: Math.floor(s / 60), s: s % 60 });
  const m = Math.round(s / 60);
  return t('deadAir.duration.hours', { h: Math.floor(m / 60), m: m % 60 });
}

export function whoText(t: Translate, i: StationIncident): string {
  return t('deadAir.banner.who', { show: i.show_title ?? t('deadAir.banner.noShow'), presenter: i.presenter_name ?? t('deadAir.banner.autoDj') });
}

