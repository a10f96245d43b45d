/**
 * Keeps schedule views current: one WebSocket to /api/realtime subscribed to
 * the public `schedule` channel; every change refetches the open schedule
 * queries. Reconnects with jittered backoff and refetches after a reconnect
 * (changes may have been missed meanwhile).
 *
 * Minimal stand-in until the shared realtime client (web/src/realtime/client.ts)
 * lands; the hook's name and behaviour stay the same when it switches over.
 */
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ServerFrame } from '../../../shared/realtime';
import { getApiBase } from '../platform';
import { scheduleKeys } from './api';

function socketUrl(): string {
  const base = getApiBase() || window.location.origin;
  const u = new URL('/api/realtime', base);
  u.protocol = u.protocol === 'https:' ? 'wss:' : 'ws:';
  return u.toString();
}

let users = 0;
let socket: WebSocket | null = null;
let retry: ReturnType<typeof setTimeout> | null = null;
let attempts = 0;
const clients = new Set<QueryClient>();

function refresh(): void {
  for (const qc of clients) void qc.invalidateQueries({ queryKey: scheduleKeys.all });
}

function connect(): void {
  if (users === 0 || socket) return;
  let ws: WebSocket;
  try {
    ws = new WebSocket(socketUrl());
  } catch {
    scheduleRetry();
    return;
  }
  socket = ws;
  ws.onopen = () => {
    if (attempts > 0) refresh();
    attempts = 0;
    ws.send(JSON.stringify({ type: 'subscribe', channel: 'schedule' }));
  };
  ws.onmessage = (m) => {
    let frame: ServerFrame;
    try {
      frame = JSON.parse(String(m.data)) as ServerFrame;
    } catch {
      return;
    }
    if (frame.type === 'event' && frame.channel === 'schedule' && !frame.snapshot) refresh();
  };
  ws.onclose = () => {
    if (socket === ws) socket = null;
    scheduleRetry();
  };
  ws.onerror = () => ws.close();
}

function scheduleRetry(): void {
  if (users === 0 || retry) return;
  attempts++;
  const delay = Math.min(30_000, 500 * 2 ** Math.min(attempts, 6)) * (0.5 + Math.random());
  retry = setTimeout(() => {
    retry = null;
    connect();
  }, delay);
}

/** Subscribes the calling view to schedule changes while it is mounted (one socket shared by all views). */
export function useScheduleLive(): void {
  const qc = useQueryClient();
  useEffect(() => {
    users++;
    clients.add(qc);
    connect();
    return () => {
      users--;
      if (users === 0) {
        clients.clear();
        if (retry) clearTimeout(retry);
        retry = null;
        const s = socket;
        socket = null;
        s?.close();
      }
    };
  }, [qc]);
}
