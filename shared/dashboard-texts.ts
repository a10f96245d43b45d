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
export function dashboardGreeting(profile: { username?: string | null; email?: string | null; created_at?: string | null } | null | undefined, now: number): string {
  const username = profile?.username?.trim() ?? '';
  const local = profile?.email?.split('@')[0]?.trim().toLowerCase() ?? '';
  const chosen = username !== '' && username.toLowerCase() !== local;
  const created = profile?.created_at ? Date.parse(profile.created_at) : NaN;
  const returning = Number.isFinite(created) && now - created > 24 * 3600_000;
  return `${returning ? 'Welcome back' : 'Welcome'}${chosen ? `, ${username}` : ''}.`;
}

/**
 * The dashboard's Current Live Show tile: the show (or live presenter) on air;
 * "Auto DJ" while the station plays its automatic playlist with no show; "Off
 * air" only when listeners hear nothing.
 */
export function liveShowTile(np: Pick<NowPlaying, 'station' | 'live' | 'next_show' | 'current_show' | 'presenter'> | null | undefined): { state: 'show' | 'autodj' | 'off'; headline: string; detail: string } {
  const state = stationStateOf(np);
  if (isBroadcasting(state)) {
    const show = np?.current_show?.title ?? (state === 'live' ? (np?.live.streamer_name ?? 'Live Presenter') : null);
    if (show) return { state: 'show', headline: show, detail: np?.presenter ?? '' };
    return { state: 'autodj', headline: 'Auto DJ', detail: 'No live show: the station is playing its automatic playlist.' };
  }
  const off = offAirText(np);
  return { state: 'off', headline: off.headline, detail: `${off.reason}${off.next ? ` Next: ${off.next.title}.` : ''}` };
}
