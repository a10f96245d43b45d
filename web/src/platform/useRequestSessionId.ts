import { useSyncExternalStore } from 'react';
import { currentRequestSessionId, onRequestSessionChange } from './session';

/** The request id as React state: null until the listener's first request, then the id (announced, no polling). */
export function useRequestSessionId(): string | null {
  return useSyncExternalStore(onRequestSessionChange, currentRequestSessionId, () => null);
}
