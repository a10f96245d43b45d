import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { Channel, ChannelEvent, ControlEvent, EventName } from '../../../shared/realtime';
import { realtime } from './client';

/**
 * An event of channel `C` as a component receives it: one of the events the channel declares in shared/
 * (`ChannelEvents`: checking `name` narrows `data` to its payload), or a control event (`bus.resync`,
 * `<name>.too-big`: refetch), and whether it is the subscription's snapshot of the current state.
 */
export type LiveEvent<C extends Channel> = (ChannelEvent<C> | ControlEvent<C>) & { snapshot: boolean };

/**
 * Receives a channel's events while the component is mounted (`null` subscribes to nothing), typed by the
 * channel: a consumer that reads a payload the producer does not publish does not compile.
 */
export function useChannel<C extends Channel>(channel: C | null, onEvent: (event: LiveEvent<C>) => void): void {
  const handler = useRef(onEvent);
  handler.current = onEvent;
  useEffect(() => {
    if (!channel) return;
    // The server publishes only what the channel declares (bus.publish is typed by channel, and events from
    // another instance are checked against the channel's zod schemas before they are relayed).
    return realtime.subscribe(channel, (e) => handler.current(e as unknown as LiveEvent<C>));
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
export function useRefetchOn<C extends Channel>(channel: C, queryKey: QueryKey, events?: readonly EventName<C>[]): void {
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
