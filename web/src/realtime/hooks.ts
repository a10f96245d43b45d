import { useEffect, useRef, useState } from 'react';
import type { Channel } from '../../../shared/realtime';
import { realtime, type ChannelEvent, type RealtimeStatus } from './client';

/** Receives a channel's events while the component is mounted (`null` subscribes to nothing). */
export function useChannel(channel: Channel | null, onEvent: (event: ChannelEvent) => void): void {
  const handler = useRef(onEvent);
  handler.current = onEvent;
  useEffect(() => {
    if (!channel) return;
    return realtime.subscribe(channel, (e) => handler.current(e));
  }, [channel]);
}

/** Runs `refetch` after a reconnect, or when the server says this channel's events were missed. */
export function useResync(channel: Channel | null, refetch: () => void): void {
  const fn = useRef(refetch);
  fn.current = refetch;
  useEffect(() => realtime.onResync((ch) => {
    if (ch === null || ch === channel) fn.current();
  }), [channel]);
}

/** The connection state, for a "reconnecting…" hint. */
export function useRealtimeStatus(): RealtimeStatus {
  const [status, setStatus] = useState<RealtimeStatus>(realtime.status);
  useEffect(() => realtime.onStatus(setStatus), []);
  return status;
}
