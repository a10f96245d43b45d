import WebSocket from 'ws';
import type { ServerFrame } from '../../shared/realtime';
import type { NowPlayingSnapshot, SnapshotTrack, StationSource } from '../../server/src/radio/sources/types';
import { SourceError } from '../../server/src/radio/sources/types';

/** A track as a station would report it, with overrides. */
export function snapTrack(over: Partial<SnapshotTrack> = {}): SnapshotTrack {
  return {
    title: 'Teardrop',
    artist: 'Massive Attack',
    album: 'Mezzanine',
    artUrl: null,
    durationSeconds: 330,
    startedAt: null,
    elapsedSeconds: null,
    sourceId: null,
    songId: null,
    isRequest: false,
    playlist: null,
    streamer: null,
    ...over,
  };
}

/** A station reading, with overrides. */
export function snapshot(over: Partial<NowPlayingSnapshot> = {}): NowPlayingSnapshot {
  return {
    source: 'azuracast',
    fetchedAt: Date.now(),
    online: true,
    stationName: 'Test FM',
    track: snapTrack(),
    live: { isLive: false, streamerName: null, broadcastStart: null, artUrl: null, streamerId: null },
    listeners: { current: 3, unique: 2 },
    history: [],
    playingNext: null,
    streamUrl: null,
    streamStartedAt: null,
    ...over,
  };
}

/** A station source the test scripts: whatever `next` holds is what the next read returns (or throws). */
export function scriptedSource(initial: NowPlayingSnapshot | SourceError = snapshot()): StationSource & { next: NowPlayingSnapshot | SourceError; reads: number } {
  const src = {
    kind: 'azuracast' as const,
    next: initial,
    reads: 0,
    async read(): Promise<NowPlayingSnapshot> {
      src.reads++;
      const n = src.next;
      if (n instanceof SourceError) throw n;
      return { ...n, fetchedAt: Date.now() };
    },
  };
  return src;
}

/** A WebSocket client of /api/realtime that records every frame. */
export interface RealtimeTestClient {
  ws: WebSocket;
  frames: ServerFrame[];
  send(frame: unknown): void;
  /** Events received on a channel (snapshots included), optionally by name. */
  events(channel: string, name?: string): Extract<ServerFrame, { type: 'event' }>[];
  close(): void;
}

/** Connects to a server's realtime endpoint and waits for the welcome. */
export async function connectRealtime(baseUrl: string, headers: Record<string, string> = {}): Promise<RealtimeTestClient> {
  const ws = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/api/realtime`, { headers });
  const frames: ServerFrame[] = [];
  ws.on('message', (m) => frames.push(JSON.parse(m.toString()) as ServerFrame));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const client: RealtimeTestClient = {
    ws,
    frames,
    send: (frame) => ws.send(JSON.stringify(frame)),
    events: (channel, name) =>
      frames.filter((f): f is Extract<ServerFrame, { type: 'event' }> => f.type === 'event' && f.channel === channel && (name === undefined || f.name === name)),
    close: () => ws.close(),
  };
  return client;
}
