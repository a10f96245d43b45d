import { describe, expect, it } from 'vitest';
import { DEMO_TRACKS } from '../../db/seed/demo-tracks';
import { createDemoSource, DEMO_ROTATION, demoPlayAt, demoPlayRelative, demoPlaysBetween } from './demo';
import { applyFallbacks } from './normalise';

const T0 = Date.UTC(2026, 5, 13, 19, 0);
const signal = new AbortController().signal;

describe('the demo rotation', () => {
  it('plays every demo track once per pass, with its real running time', () => {
    expect(new Set(DEMO_ROTATION).size).toBe(DEMO_TRACKS.length);
    const p = demoPlayAt(T0);
    expect(p.durationSeconds).toBe(p.track.durationSeconds);
    expect(p.endsAt - p.startedAt).toBe(p.track.durationSeconds * 1000);
    expect(p.startedAt).toBeLessThanOrEqual(T0);
    expect(p.endsAt).toBeGreaterThan(T0);
  });

  it('is a pure function of the clock: plays follow each other with no gap, across passes', () => {
    let p = demoPlayAt(T0);
    for (let i = 0; i < 100; i++) {
      const next = demoPlayRelative(p, 1);
      expect(next.startedAt).toBe(p.endsAt);
      expect(demoPlayAt(next.startedAt).playId).toBe(next.playId);
      expect(demoPlayAt(next.startedAt - 1).playId).toBe(p.playId);
      p = next;
    }
    expect(new Set(demoPlaysBetween(T0, T0 + 86_400_000).map((x) => x.playId)).size).toBe(demoPlaysBetween(T0, T0 + 86_400_000).length);
  });

  it('makes every track as long as DEMO_TRACK_SECONDS says, so tests see changes quickly', () => {
    const p = demoPlayAt(T0, 5);
    expect(p.durationSeconds).toBe(5);
    expect(demoPlayAt(p.endsAt, 5).index).toBe((p.index + 1) % DEMO_ROTATION.length);
    const plays = demoPlaysBetween(T0, T0 + 60_000, 5);
    expect(plays).toHaveLength(12);
    expect(plays[0]!.startedAt).toBeGreaterThanOrEqual(T0);
  });
});

describe('the demo station source', () => {
  it('reports the play on air, the five before it, the next one and the stream listeners', async () => {
    const now = T0 + 123_456;
    const src = createDemoSource({ now: () => now, streamUrl: '/api/stream', listeners: () => 4 });
    const snap = await src.read(signal);
    const play = demoPlayAt(now);
    expect(snap).toMatchObject({ source: 'demo', online: true, listeners: { current: 4 }, streamUrl: '/api/stream' });
    expect(snap.track).toMatchObject({ title: play.track.title, artist: play.track.artist, startedAt: play.startedAt, durationSeconds: play.durationSeconds, sourceId: play.playId });
    expect(snap.track?.elapsedSeconds).toBe(Math.floor((now - play.startedAt) / 1000));
    expect(snap.history.map((h) => h.sourceId)).toEqual([1, 2, 3, 4, 5].map((i) => demoPlayRelative(play, -i).playId));
    expect(snap.playingNext).toMatchObject({ title: demoPlayRelative(play, 1).track.title, playedAt: play.endsAt, isStale: false });
    expect(applyFallbacks(snap).presenter).toBe('Auto DJ');
  });

  it('is live when the schedule says a presenter is on, from the show start', async () => {
    const now = T0 + 600_000;
    const src = createDemoSource({ now: () => now, streamUrl: '/s', liveNow: async () => ({ name: 'DJ Fjord', streamerId: '4', startedAt: T0 }) });
    const snap = await src.read(signal);
    expect(snap.live).toEqual({ isLive: true, streamerName: 'DJ Fjord', broadcastStart: T0, artUrl: null, streamerId: '4' });
    expect(snap.track?.streamer).toBe('DJ Fjord');
    // Plays since the show started are the DJ's; earlier ones the AutoDJ's.
    for (const h of snap.history) expect(h.streamer).toBe(h.playedAt >= T0 ? 'DJ Fjord' : null);
    expect(applyFallbacks(snap).presenter).toBe('DJ Fjord');
  });
});
