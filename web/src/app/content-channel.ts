import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { ServerFrame } from '../../../shared/realtime';
import { getApiBase } from '../platform';

/**
 * A minimal subscription to the public `content` realtime channel, so open
 * pages follow General Settings, slider and sponsored changes without a
 * reload. One socket for the whole tab, opened on first use, reconnecting
 * with jittered backoff; after a reconnect every listener hears `reconnected`
 * and refetches what it may have missed. (The shared realtime client can
 * replace this module: the hooks below are its only interface.)
 */
type Listener = (name: string, data: unknown) => void;

const listeners = new Set<Listener>();
let socket: WebSocket | null = null;
let retryMs = 1000;
let retryTimer: ReturnType<typeof setTimeout> | null = null;
let idleTimer: ReturnType<typeof setTimeout> | null = null;
let everOpened = false;

function realtimeUrl(): string {
  const base = getApiBase() || window.location.origin;
  return base.replace(/^http/, 'ws') + '/api/realtime';
}

function connect(): void {
  if (socket || typeof WebSocket === 'undefined') return;
  const ws = new WebSocket(realtimeUrl());
  socket = ws;
  ws.onopen = () => {
    retryMs = 1000;
    ws.send(JSON.stringify({ type: 'subscribe', channel: 'content' }));
    if (everOpened) for (const l of listeners) l('reconnected', null);
    everOpened = true;
  };
  ws.onmessage = (msg) => {
    let frame: ServerFrame;
    try {
      frame = JSON.parse(String(msg.data)) as ServerFrame;
    } catch {
      return;
    }
    if (frame.type === 'event' && frame.channel === 'content') for (const l of listeners) l(frame.name, frame.data);
  };
  ws.onclose = () => {
    socket = null;
    if (listeners.size === 0) return;
    const wait = retryMs * (0.5 + Math.random());
    retryMs = Math.min(retryMs * 2, 30_000);
    retryTimer = setTimeout(() => {
      retryTimer = null;
      connect();
    }, wait);
  };
}

/** Listens to content events; returns the way to stop. */
export function subscribeContent(listener: Listener): () => void {
  listeners.add(listener);
  if (idleTimer) clearTimeout(idleTimer);
  idleTimer = null;
  connect();
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    idleTimer = setTimeout(() => {
      if (listeners.size > 0) return;
      if (retryTimer) clearTimeout(retryTimer);
      retryTimer = null;
      socket?.close();
      socket = null;
    }, 5_000);
  };
}

/** Refetches a query whenever one of the named content events arrives (and after a reconnect). */
export function useContentRefetch(events: readonly string[], queryKey: QueryKey): void {
  const client = useQueryClient();
  const key = useRef(queryKey);
  key.current = queryKey;
  const names = events.join('|');
  useEffect(() => {
    const wanted = new Set([...names.split('|'), 'reconnected']);
    return subscribeContent((name) => {
      if (wanted.has(name)) void client.invalidateQueries({ queryKey: key.current }, { cancelRefetch: false });
    });
  }, [client, names]);
}
