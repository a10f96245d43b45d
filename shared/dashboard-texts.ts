import type { NowPlaying } from './radio';
import { isBroadcasting, offAirText, stationStateOf } from './radio-display';

/**
 * The staff dashboard's words that depend on who is signed in and on what the
 * station plays (issue 30 item 7). Zod-free and pure, so the rules are tested
 * once here.
 */

/**
 * The greeting under the Dashboard heading. A name is used only when the person
 * chose one: an account created with just an e-mail address gets the address's
 * first part as its username ("you" for you@station.example), and "Welcome
 * back, you." is what a new owner read. "back" is for someone who has been here
 * before: an account older than a day.
 */
export function dashboardGreeting(profile: GreetingProfile, now: number): string {
  const { key, name } = dashboardGreetingKey(profile, now);
  return `${key === 'dashboard.welcomeBack' || key === 'dashboard.welcomeBackName' ? 'Welcome back' : 'Welcome'}${name !== null ? `, ${name}` : ''}.`;
}

type GreetingProfile = { username?: string | null; email?: string | null; created_at?: string | null } | null | undefined;

/** The same greeting as a catalogue key (shared/i18n/messages) and the name it carries, if any. */
export function dashboardGreetingKey(
  profile: GreetingProfile,
  now: number,
): { key: 'dashboard.welcome' | 'dashboard.welcomeName' | 'dashboard.welcomeBack' | 'dashboard.welcomeBackName'; name: string | null } {
  const username = profile?.username?.trim() ?? '';
  const local = profile?.email?.split('@')[0]?.trim().toLowerCase() ?? '';
  const chosen = username !== '' && username.toLowerCase() !== local;
  const created = profile?.created_at ? Date.parse(profile.created_at) : NaN;
  const returning = Number.isFinite(created) && now - created > 24 * 3600_000;
  if (returning) return chosen ? { key: 'dashboard.welcomeBackName', name: username } : { key: 'dashboard.welcomeBack', name: null };
  return chosen ? { key: 'dashboard.welcomeName', name: username } : { key: 'dashboard.welcome', name: null };
}

/**
 * The dashboard's Current Live Show tile: the show (or live presenter) on air;
 * "Auto DJ" while the station plays its automatic playlist with no show; "Off
 * air" only when listeners hear nothing.
 */
export function liveShowTile(np: Pick<NowPlaying, 'station' | 'live' | 'next_show' | 'current_show' | 'presenter'> | null | undefined): LiveShowTile {
  const state = stationStateOf(np);
  if (isBroadcasting(state)) {
    const named = np?.current_show?.title ?? (state === 'live' ? (np?.live.streamer_name ?? null) : null);
    if (named !== null) return { state: 'show', headline: named, detail: np?.presenter ?? '' };
    if (state === 'live') return { state: 'show', headline: 'Live Presenter', headlineKey: 'dashboard.live.presenter', detail: np?.presenter ?? '' };
    return { state: 'autodj', headline: 'Auto DJ', headlineKey: 'dashboard.live.autoDj', detail: 'No live show: the station is playing its automatic playlist.', detailKey: 'dashboard.live.autoDjDetail' };
  }
  const off = offAirText(np);
  return {
    state: 'off',
    headline: off.headline,
    headlineKey: off.headlineKey,
    detail: `${off.reason}${off.next ? ` Next: ${off.next.title}.` : ''}`,
    detailKey: off.reasonKey,
    next: off.next?.title ?? null,
  };
}

/**
 * The tile's texts in English, and the catalogue keys (shared/i18n/messages) of those that are not names: a
 * screen in another language shows `t(headlineKey)` and `t(detailKey)`, then `dashboard.live.next` with `next`.
 */
export interface LiveShowTile {
  state: 'show' | 'autodj' | 'off';
  headline: string;
  headlineKey?: 'dashboard.live.presenter' | 'dashboard.live.autoDj' | 'radio.offAir';
  detail: string;
  detailKey?: 'dashboard.live.autoDjDetail' | 'radio.streamStopped' | 'radio.notBroadcasting';
  /** The next show's title, off air. */
  next?: string | null;
}
