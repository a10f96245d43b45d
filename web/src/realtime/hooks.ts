import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { Channel } from '../../../shared/realtime';
import { realtime, type ChannelEvent } from './client';

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

/**
 * Keeps the queries under `queryKey` current: refetches them when `channel`
 * sends a change (only the named `events`, when given), after a reconnect and
 * when the server says events were missed. Used by the listener pages to
 * follow General Settings, slider, sponsored, page and schedule changes.
 */
export function useRefetchOn(channel: Channel, queryKey: QueryKey, events?: readonly string[]): void {
  const client = useQueryClient();
  const key = useRef(queryKey);
  key.current = queryKey;
  const refetch = () => void client.invalidateQueries({ queryKey: key.current }, { cancelRefetch: false });
  const names = events?.join('|');
  useChannel(channel, (e) => {
    if (!e.snapshot && (names === undefined || names.split('|').includes(e.name))) refetch();
  });
  useResync(channel, refetch);
}
