import { afterEach, describe, expect, it, vi } from 'vitest';
import { watchStream } from './stall';

afterEach(() => vi.useRealTimers());

/** A live stream in an audio element: `receive(s)` is the network delivering s seconds, `play(s)` the audio advancing. */
function stream() {
  // networkState 2 is NETWORK_LOADING: the element is fetching.
  const el = Object.assign(new EventTarget(), { currentTime: 0, networkState: 2, NETWORK_LOADING: 2 });
  return {
    el: el as unknown as HTMLMediaElement,
    receive(_s: number) {
      el.dispatchEvent(new Event('progress'));
    },
    /** The fetch ended (Chromium then fires one more progress, the element idle). */
    end() {
      el.networkState = 1;
      el.dispatchEvent(new Event('progress'));
    },
    play(s: number) {
      el.currentTime += s;
    },
  };
}

describe("the live player notices a stream that ended by its network, not by its buffer running out (issue 36 item 4)", () => {
  it('a stream whose connection ends with 11 s of audio still to play is called lost within 5 s', () => {
    vi.useFakeTimers();
    const s = stream();
    const lost = vi.fn();
    const stop = watchStream(s.el, () => true, lost);
    // The 64 KiB burst (11 s of audio), then the clock's pace for 10 s, the audio playing.
    s.receive(11);
    for (let i = 0; i < 10; i++) {
      vi.advanceTimersByTime(1000);
      s.receive(1);
      s.play(1);
    }
    expect(lost).not.toHaveBeenCalled();
    // The server stops: nothing more arrives, the audio plays on from the buffer.
    s.end();
    let at = 0;
    while (lost.mock.calls.length === 0 && at < 11_000) {
      vi.advanceTimersByTime(1000);
      s.play(1);
      at += 1000;
    }
    expect(lost).toHaveBeenCalledTimes(1);
    expect(at).toBeLessThanOrEqual(5000);
    stop();
  });

  it('a paused player, or one already waiting to retry, is never called lost', () => {
    vi.useFakeTimers();
    const s = stream();
    const lost = vi.fn();
    const stop = watchStream(s.el, () => false, lost);
    s.receive(11);
    vi.advanceTimersByTime(60_000);
    expect(lost).not.toHaveBeenCalled();
    stop();
  });

  it('a slow first answer is not a lost connection until the audio has not started for 8 s', () => {
    vi.useFakeTimers();
    const s = stream();
    const lost = vi.fn();
    const stop = watchStream(s.el, () => true, lost);
    vi.advanceTimersByTime(6000);
    expect(lost).not.toHaveBeenCalled();
    vi.advanceTimersByTime(3000);
    expect(lost).toHaveBeenCalledTimes(1);
    stop();
  });
});
