import { describe, expect, it } from 'vitest';
import { LoudnessMeter } from './loudness';

/** Expected values from ITU-R BS.1770-4: a 0 dBFS 997 Hz sine in one channel reads −3.01 LKFS (LUFS). */
function sine(rate: number, hz: number, dbfs: number, seconds: number): Float32Array {
  const a = Math.pow(10, dbfs / 20);
  const out = new Float32Array(Math.round(rate * seconds));
  for (let i = 0; i < out.length; i++) out[i] = a * Math.sin((2 * Math.PI * hz * i) / rate);
  return out;
}

function measure(rate: number, channels: Float32Array[]): number {
  const m = new LoudnessMeter(rate);
  const n = channels[0]!.length;
  for (let at = 0; at < n; at += 1024) m.push(channels.map((c) => c.subarray(at, Math.min(n, at + 1024))));
  return m.lufs();
}

describe('the console loudness meter (BS.1770 momentary loudness)', () => {
  it('reads a 0 dBFS 997 Hz sine in one channel as −3.01 LUFS at 48 kHz and 44.1 kHz', () => {
    expect(measure(48_000, [sine(48_000, 997, 0, 2)])).toBeCloseTo(-3.01, 1);
    expect(measure(44_100, [sine(44_100, 997, 0, 2)])).toBeCloseTo(-3.01, 1);
  });

  it('follows the level, adds the channels' + "'" + ' power, and weighs low frequencies down', () => {
    expect(measure(48_000, [sine(48_000, 997, -20, 2)])).toBeCloseTo(-23.01, 1);
    // The same sine in both channels: twice the power, +3.01 dB.
    const s = sine(48_000, 997, -20, 2);
    expect(measure(48_000, [s, s])).toBeCloseTo(-20.0, 1);
    // 20 Hz sits under the K-weighting's high pass: far quieter than 997 Hz at the same level.
    expect(measure(48_000, [sine(48_000, 20, -20, 2)])).toBeLessThan(-30);
    expect(new LoudnessMeter(48_000).lufs()).toBe(-100);
  });
});
