import { atom, useAtomValue } from 'jotai';

/** Live status of the station: `null` while now-playing data is still loading. */
export const liveStatusAtom = atom<{ isLive: boolean } | null>(null);

/** The /request nav link shows only while a live presenter is on air or while now-playing is loading (spec 000 §2). */
export function useRequestLinkVisible(): boolean {
  const status = useAtomValue(liveStatusAtom);
  return status === null || status.isLive;
}
