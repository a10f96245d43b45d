import type { Knex } from 'knex';
import { CONTENT_EVENTS } from '../../../shared/content-events';
import { STAFF_CHANGED_EVENT, type RealtimeEvent } from '../../../shared/realtime';
import { contentImageOrigins } from '../content/repo';
import { presenterImageOrigins } from '../presenters/repo';
import { trackArtworkOrigins } from '../radio/repo';
import type { EventBus } from '../realtime/bus';
import { showImageOrigins } from '../schedule/repo';
import { avatarOrigins } from '../users/repo';

/**
 * The image origins of the content in use, for the pages' content security policy (csp.ts). Each domain answers
 * from its own repo; the app context keeps the answers (`ctx.imageOrigins`) until a bus event of that domain, from
 * any instance, says they may have changed.
 */

/** The origin (scheme://host[:port]) of an http(s) URL, or null. */
export function originOf(url: unknown): string | null {
  if (typeof url !== 'string' || !/^https?:\/\//i.test(url)) return null;
  try {
    const u = new URL(url);
    // Only an origin: no path, no quotes or spaces that could add a directive.
    return /^https?:\/\/[A-Za-z0-9.:[\]-]+$/.test(u.origin) ? u.origin : null;
  } catch {
    return null;
  }
}

/** Distinct, sorted, without the nulls. */
export const uniq = (xs: (string | null)[]): string[] => [...new Set(xs.filter((x): x is string => !!x))].sort();

/** How long a source's origins are kept without an event that changes them: a backstop for a missed bus event. */
const BACKSTOP_MS = 60_000;

/**
 * One domain's answer to "which image origins are in use": read from the domain's repo, kept until one of its bus
 * events says they may have changed (or its backstop runs out).
 */
export interface ImageOriginSource {
  name: string;
  read(): Promise<string[]>;
  /** True for a bus event after which the origins may differ. */
  changedBy(e: RealtimeEvent): boolean;
  /** At most this long without such an event (ms); {@link BACKSTOP_MS} by default. */
  backstopMs?: number;
}

/**
 * The image origins of the content in use, owned by the app context (`ctx.imageOrigins`): each domain's origins
 * are read once and kept until a bus event of that domain (from any instance) drops them, so an HTML page costs no
 * query while nothing changes.
 */
export interface ImageOrigins {
  /** The origins in use now (well-formed, distinct, sorted). */
  get(): Promise<string[]>;
  /** Drops every kept answer (or one source's). */
  invalidate(name?: string): void;
  /** Stops listening to the bus. */
  close(): void;
}

/** The sources of the content in use: each answered by the repo of the domain that owns the table. */
export function imageOriginSources(knex: Knex): ImageOriginSource[] {
  return [
    {
      name: 'content',
      read: () => contentImageOrigins(knex),
      changedBy: (e) => e.channel === 'content' && e.name !== CONTENT_EVENTS.stationUpdated,
    },
    { name: 'schedule', read: () => showImageOrigins(knex), changedBy: (e) => e.channel === 'schedule' },
    // Tracks are recorded as they play and when a listener requests one.
    { name: 'tracks', read: () => trackArtworkOrigins(knex), changedBy: (e) => e.channel === 'now-playing' || (e.channel === 'requests' && e.name === 'request.created') },
    { name: 'avatars', read: () => avatarOrigins(knex), changedBy: (e) => e.channel === 'notifications' && e.name === STAFF_CHANGED_EVENT },
    // The DJ directory announces no event: its few rows are read again after a few seconds.
    { name: 'presenters', read: () => presenterImageOrigins(knex), changedBy: () => false, backstopMs: 5_000 },
  ];
}

/** Makes the instance's image-origin cache; it listens on the bus for the events that change a source. */
export function createImageOrigins(deps: { bus: EventBus; sources: ImageOriginSource[]; now?: () => number }): ImageOrigins {
  const now = deps.now ?? (() => Date.now());
  const kept = new Map<string, { at: number; generation: number; value: Promise<string[]> }>();
  const generations = new Map<string, number>();
  const invalidate = (name?: string): void => {
    for (const source of deps.sources) {
      if (name !== undefined && source.name !== name) continue;
      generations.set(source.name, (generations.get(source.name) ?? 0) + 1);
      kept.delete(source.name);
    }
  };
  const unsubscribe = deps.bus.subscribe((e) => {
    if (e.name === 'bus.resync') return invalidate();
    for (const source of deps.sources) if (source.changedBy(e)) invalidate(source.name);
  });
  const read = (source: ImageOriginSource): Promise<string[]> => {
    const t = now();
    const hit = kept.get(source.name);
    if (hit && t - hit.at < (source.backstopMs ?? BACKSTOP_MS)) return hit.value;
    const generation = generations.get(source.name) ?? 0;
    const value = source.read();
    const entry = { at: t, generation, value };
    kept.set(source.name, entry);
    value.then(
      // A read that started before a change must not be kept after it.
      () => {
        if ((generations.get(source.name) ?? 0) !== generation && kept.get(source.name) === entry) kept.delete(source.name);
      },
      () => {
        if (kept.get(source.name) === entry) kept.delete(source.name);
      },
    );
    return value;
  };
  return {
    get: async () => uniq((await Promise.all(deps.sources.map(read))).flat().map(originOf)),
    invalidate,
    close: unsubscribe,
  };
}
