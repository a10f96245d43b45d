// @vitest-environment jsdom
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installRecovery } from './recovery';

afterEach(() => vi.useRealTimers());

/** A query on screen (an observer), reading from a server that is down until `up` is set. */
function setup(delays: number[]) {
  const server = { up: false, calls: 0 };
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const observer = new QueryObserver(client, {
    queryKey: ['presenters'],
    queryFn: async () => {
      server.calls += 1;
      if (!server.up) throw new Error('Failed to fetch');
      return ['DJ Fjord'];
    },
  });
  const unsubscribe = observer.subscribe(() => undefined);
  let reconnect: (() => void) | null = null;
  const uninstall = installRecovery(client, (fn) => {
    reconnect = fn;
    return () => undefined;
  }, delays);
  return { server, observer, reconnect: () => reconnect?.(), done: () => (uninstall(), unsubscribe()) };
}

describe('data that failed during an outage comes back by itself (issue #38 item 3)', () => {
  it('refetches a failed query after a pause, again and again, until the server answers', async () => {
    const { server, observer, done } = setup([30, 30]);
    await vi.waitFor(() => expect(observer.getCurrentResult().isError).toBe(true));
    const before = server.calls;
    await vi.waitFor(() => expect(server.calls).toBeGreaterThan(before + 1));
    expect(observer.getCurrentResult().isError).toBe(true);
    server.up = true;
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toEqual(['DJ Fjord']));
    done();
  });

  it('refetches at once when the realtime connection is back, and when the browser is online again', async () => {
    const { server, observer, reconnect, done } = setup([60_000]);
    await vi.waitFor(() => expect(observer.getCurrentResult().isError).toBe(true));
    server.up = true;
    reconnect();
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toEqual(['DJ Fjord']));
    done();

    const second = setup([60_000]);
    await vi.waitFor(() => expect(second.observer.getCurrentResult().isError).toBe(true));
    second.server.up = true;
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(second.observer.getCurrentResult().data).toEqual(['DJ Fjord']));
    second.done();
  });
});
