import { useSyncExternalStore } from 'react';
import type { Episode, EpisodeTrack } from '../../../shared/listen-again';
import { getApiBase } from '../platform';

/**
 * What the persistent player plays when it is not the live stream: an episode of listen again (issue 32 item 3).
 * A small store shared by the pages (their Play buttons and tracklists) and the player (web/src/radio/Player.tsx,
 * which draws EpisodeControls while an episode is chosen). The episode and where the listener is in each one are
 * kept on the device (localStorage), so a reload finds the player where they left it.
 */
export interface PlayerEpisode {
  id: string;
  title: string;
  starts_at: string;
  duration_seconds: number;
  /** Site-relative when the server's address names this site (so the page's content policy allows it). */
  audio_url: string;
  tracks: EpisodeTrack[];
}

/** What a page asks the player to do; `n` tells one request from the next. */
export type PlayerCommand = { n: number; kind: 'play'; at?: number } | { n: number; kind: 'pause' };

interface State {
  episode: PlayerEpisode | null;
  command: PlayerCommand | null;
  /** Whether the episode's audio is playing (the player says so). */
  playing: boolean;
  /** Seconds listened to, by episode id. */
  positions: Record<string, number>;
}

const CURRENT_KEY = 'airdeck.listenAgain.current';
const POSITIONS_KEY = 'airdeck.listenAgain.positions';
const RATE_KEY = 'airdeck.listenAgain.rate';
/** Episodes whose place is remembered (the most recent). */
const MAX_POSITIONS = 50;
export const PLAYBACK_RATES = [0.75, 1, 1.25, 1.5, 2] as const;

function read<T>(key: string): T | null {
  try {
    const raw = typeof localStorage === 'undefined' ? null : localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}
function write(key: string, value: unknown): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Private mode or a full storage: the place is kept for this visit only.
  }
}

const EMPTY: State = { episode: null, command: null, playing: false, positions: {} };
let state: State = typeof window === 'undefined' ? EMPTY : { episode: read<PlayerEpisode>(CURRENT_KEY), command: null, playing: false, positions: read<Record<string, number>>(POSITIONS_KEY) ?? {} };
let counter = 0;
const listeners = new Set<() => void>();

function set(next: Partial<State>): void {
  state = { ...state, ...next };
  for (const l of listeners) l();
}
function subscribe(l: () => void): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}
const serverState = (): State => EMPTY;

/** The store's change notifications (for a component that reads one part of it). */
export const subscribePlayback = subscribe;
/** The number of the page's latest request, 0 when none waits. */
export const commandSnapshot = (): number => state.command?.n ?? 0;

/** The player's state; the server's render (and the page's hydration) sees none. */
export function usePlayback(): State {
  return useSyncExternalStore(subscribe, () => state, serverState);
}

/** An episode's audio at this site's API (the server names it by its public address). */
export function playableUrl(url: string): string {
  try {
    const u = new URL(url, 'http://x');
    if (u.pathname.startsWith('/api/episodes/')) return `${getApiBase()}${u.pathname}${u.search}`;
  } catch {
    // Not a URL: as given.
  }
  return url;
}

/** Plays an episode in the persistent player, from `at` seconds (a tracklist line) or where the listener left it. */
export function playEpisode(ep: Episode | PlayerEpisode, at?: number): void {
  const episode: PlayerEpisode = { id: ep.id, title: ep.title, starts_at: ep.starts_at, duration_seconds: ep.duration_seconds, audio_url: playableUrl(ep.audio_url), tracks: ep.tracks };
  write(CURRENT_KEY, episode);
  set({ episode, command: { n: ++counter, kind: 'play', ...(at !== undefined ? { at } : {}) } });
}

/** Pauses the episode playing. */
export function pauseEpisode(): void {
  set({ command: { n: ++counter, kind: 'pause' } });
}

/** The player goes back to the live stream: no episode any more. */
export function leaveEpisode(): void {
  write(CURRENT_KEY, null);
  set({ episode: null, command: null, playing: false });
}

/** The player reports whether the episode plays. */
export function setEpisodePlaying(playing: boolean): void {
  if (state.playing !== playing) set({ playing });
}

/** Where the listener is in an episode (seconds), remembered on the device; 0 when they finished it. */
export function savePosition(id: string, seconds: number, duration: number): void {
  const finished = duration > 0 && seconds >= duration - 5;
  const at = finished ? 0 : Math.max(0, Math.floor(seconds));
  if ((state.positions[id] ?? 0) === at) return;
  const rest = Object.entries(state.positions).filter(([k]) => k !== id);
  const positions = Object.fromEntries([...rest.slice(-(MAX_POSITIONS - 1)), ...(at > 0 ? [[id, at] as const] : [])]);
  write(POSITIONS_KEY, positions);
  set({ positions });
}

/** Where the listener left an episode (seconds), 0 if they have not started or finished it. */
export function positionOf(id: string): number {
  return state.positions[id] ?? 0;
}

/** The playback speed the listener chose last (1 at first). */
export function storedRate(): number {
  const r = read<number>(RATE_KEY);
  return typeof r === 'number' && (PLAYBACK_RATES as readonly number[]).includes(r) ? r : 1;
}
export function saveRate(rate: number): void {
  write(RATE_KEY, rate);
}

/** Takes the page's request, once. */
export function takeCommand(): PlayerCommand | null {
  const c = state.command;
  if (c) state = { ...state, command: null };
  return c;
}

/** The track playing at `seconds` (the last one started by then), as an index into the tracklist, or -1. */
export function trackAt(tracks: EpisodeTrack[], seconds: number): number {
  let found = -1;
  tracks.forEach((t, i) => {
    if (t.offset_seconds <= seconds + 0.25) found = i;
  });
  return found;
}

/** 1:02:03 or 2:03. */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}
