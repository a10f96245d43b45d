import { describe, expect, it } from 'vitest';
import { DEMO_SAMPLE_RATE, encodeLoop, LOOP_FRAMES, readMp3Frame, splitMp3Frames, synthesiseLoop } from './stream';

describe('the demo stream audio', () => {
  it('synthesises a 32-second loop that is neither silent nor clipped, and encodes it as exactly one loop of MP3 frames', async () => {
    const pcm = await synthesiseLoop();
    expect(pcm.length).toBe(32 * DEMO_SAMPLE_RATE);
    let peak = 0;
    let sumSq = 0;
    for (const v of pcm) {
      peak = Math.max(peak, Math.abs(v));
      sumSq += v * v;
    }
    const rms = Math.sqrt(sumSq / pcm.length) / 32768;
    expect(peak).toBeLessThan(32767 * 0.5);
    expect(rms).toBeGreaterThan(0.03);
    // The loop joins without a jump: last and first samples are close.
    expect(Math.abs(pcm[pcm.length - 1]! - pcm[0]!)).toBeLessThan(2000);
    const mp3 = await encodeLoop(pcm);
    const { frames, frameMs } = splitMp3Frames(mp3);
    expect(frames).toHaveLength(LOOP_FRAMES);
    expect(frameMs * LOOP_FRAMES).toBeCloseTo(32_000, 0);
    expect(readMp3Frame(mp3, 0)).toMatchObject({ sampleRate: 22_050, kbps: 48, samples: 576 });
  }, 60_000);

  it('refuses bytes that are not a Layer III frame header', () => {
    expect(readMp3Frame(new Uint8Array([0x49, 0x44, 0x33, 0x04]), 0)).toBeNull();
    expect(readMp3Frame(new Uint8Array([0xff, 0xfb]), 0)).toBeNull();
    expect(readMp3Frame(new Uint8Array([0xff, 0xfd, 0x90, 0x00]), 0)).toBeNull(); // Layer II
  });
});
