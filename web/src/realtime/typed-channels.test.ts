import { describe, expect, it } from 'vitest';
import type { LiveEvent } from './hooks';

/**
 * The web's channel hook is typed by channel (shared/realtime.ts `ChannelEvents`, declared by each producing
 * domain): checking an event's name narrows its data to the payload the producer publishes, and a consumer that
 * expects another event or reads a field the payload lacks does not compile. `npm run typecheck` checks the
 * `@ts-expect-error` lines below: if the types loosened (e.g. back to `data: unknown`), they would stop being
 * errors and the typecheck would fail.
 */
describe('typed realtime channels on the web', () => {
  it('narrows each event to its declared payload and refuses what the channel does not carry', () => {
    const seen: string[] = [];
    const onNowPlaying = (e: LiveEvent<'now-playing'>) => {
      if (e.name === 'now-playing.updated') {
        seen.push(`${e.data.station.name}: ${e.data.live.is_live ? 'live' : 'auto'}`);
        // @ts-expect-error the now-playing document has no `listeners_total` field
        seen.push(String(e.data.listeners_total));
      }
      // @ts-expect-error the now-playing channel never carries a request.handled event
      if (e.name === 'request.handled') seen.push('impossible');
    };
    const onSession = (e: LiveEvent<`session:${string}`>) => {
      if (e.name === 'request.handled') seen.push(e.data.message);
      // @ts-expect-error a listener's own channel carries no vote counts
      if (e.name === 'votes.updated') seen.push('impossible');
    };
    const onVotes = (e: LiveEvent<'votes'>) => {
      if (e.name === 'votes.updated') seen.push(`${e.data.track_id} ${e.data.up_votes}-${e.data.down_votes}`);
      else if (e.name === 'bus.resync') seen.push('refetch');
    };

    onNowPlaying({ channel: 'now-playing', name: 'now-playing.updated', data: { station: { name: 'Airdeck Radio' }, live: { is_live: true } } as never, snapshot: true });
    onSession({ channel: 'session:session_abcdefgh', name: 'request.handled', data: { kind: 'song', title: 'Teardrop', at: 0, message: 'Your request Teardrop played at 20:14' }, snapshot: false });
    onVotes({ channel: 'votes', name: 'votes.updated', data: { track_id: 't1', up_votes: 3, down_votes: 1 } as never, snapshot: false });
    onVotes({ channel: 'votes', name: 'bus.resync', data: null, snapshot: false });
    expect(seen).toEqual(['Airdeck Radio: live', 'undefined', 'Your request Teardrop played at 20:14', 't1 3-1', 'refetch']);
  });
});
