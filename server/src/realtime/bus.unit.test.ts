import { describe, expect, it } from 'vitest';
import { eventSchema } from '../../../shared/events';
import { checkForeignEvent, createLocalBus } from './bus';

const live = { sessionId: '42', presenterId: null, presenterName: 'DJ Nova', showTitle: 'Night Drive', startedAt: 1_700_000_000_000, source: 'azuracast' };

describe('typed bus events', () => {
  it('accepts an event from another instance only in its declared shape', () => {
    expect(checkForeignEvent({ channel: 'now-playing', name: 'presenter.live', data: live })).toEqual({ channel: 'now-playing', name: 'presenter.live', data: live });
    // A producer that disagrees with the declaration (an older instance, a typo) is refused, not relayed.
    expect(checkForeignEvent({ channel: 'now-playing', name: 'presenter.live', data: { sessionId: '42', streamerName: 'DJ Nova' } })).toBeNull();
    expect(checkForeignEvent({ channel: 'now-playing', name: 'live.started', data: live })).toBeNull();
    expect(checkForeignEvent({ channel: 'nowhere', name: 'presenter.live', data: live })).toBeNull();
    expect(checkForeignEvent({ channel: 'bookings', name: 'booking.created', data: { id: 'n1', title: 'New show booked' } })).toBeNull();
    // Control events carry nothing.
    expect(checkForeignEvent({ channel: 'schedule', name: 'schedule.updated.too-big', data: { x: 1 } })).toEqual({ channel: 'schedule', name: 'schedule.updated.too-big', data: null });
    expect(checkForeignEvent({ channel: 'session:abcdefgh1', name: 'request.handled', data: { kind: 'song', title: 'Teardrop', at: 1, message: 'Your request Teardrop played at 20:14' } })).not.toBeNull();
  });

  it('has a schema for every declared event name of every channel', () => {
    expect(eventSchema('counters', 'counters.updated')?.safeParse({ id: 'bubble_clicks', count: 3 }).success).toBe(true);
    expect(eventSchema('counters', 'counters.updated')?.safeParse({ id: 'bubble_clicks', count: '3' }).success).toBe(false);
    expect(eventSchema('requests', 'request.deleted')?.safeParse({ kind: 'loa', id: 'x' }).success).toBe(true);
    expect(eventSchema('content', 'page.updated')?.safeParse({ slug: 'about' }).success).toBe(true);
    expect(eventSchema('content', 'nothing.updated')).toBeNull();
  });

  it('does not compile a producer whose payload disagrees with its channel', async () => {
    const bus = createLocalBus();
    const seen: string[] = [];
    bus.subscribe((e) => {
      // The consumer narrows on channel and name and gets the declared payload type.
      if (e.channel === 'now-playing' && e.name === 'presenter.live') seen.push(e.data.presenterName);
    });
    await bus.publish({ channel: 'now-playing', name: 'presenter.live', data: { ...live, source: 'demo' } });
    // @ts-expect-error the webhook's old guess of this payload (streamerName, no session) no longer compiles
    await bus.publish({ channel: 'now-playing', name: 'presenter.live', data: { sessionId: 'x', streamerName: 'DJ Nova' } });
    // @ts-expect-error a name the channel does not declare
    await bus.publish({ channel: 'bookings', name: 'live.started', data: null });
    await new Promise((r) => setTimeout(r, 0));
    expect(seen[0]).toBe('DJ Nova');
    await bus.close();
  });
});
