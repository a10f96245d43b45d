/**
 * Loudness for the On Air console's meter (issue 31): ITU-R BS.1770 K-weighting
 * (a high shelf, then a high pass; the spec's 48 kHz filters designed anew for
 * the input's rate) and momentary loudness over 400 ms, in LUFS:
 * −0.691 + 10·log10(Σ channels of the K-weighted mean square). Calibrated as
 * the spec says: a 0 dBFS 997 Hz sine in one channel reads −3.01 LUFS.
 */

interface Biquad {
  b0: number;
  b1: number;
  b2: number;
  a1: number;
  a2: number;
}

/** The two K-weighting stages for a sample rate (the spec's analogue prototypes, bilinear transform). */
export function kWeightingFilters(rate: number): [Biquad, Biquad] {
  // Stage 1: high shelf, +4 dB above about 1.7 kHz (the head's effect).
  let f0 = 1681.974450955533;
  const G = 3.999843853973347;
  let Q = 0.7071752369554196;
  let K = Math.tan((Math.PI * f0) / rate);
  const Vh = Math.pow(10, G / 20);
  const Vb = Math.pow(Vh, 0.4996667741545416);
  let a0 = 1 + K / Q + K * K;
  const shelf: Biquad = {
    b0: (Vh + (Vb * K) / Q + K * K) / a0,
    b1: (2 * (K * K - Vh)) / a0,
    b2: (Vh - (Vb * K) / Q + K * K) / a0,
    a1: (2 * (K * K - 1)) / a0,
    a2: (1 - K / Q + K * K) / a0,
  };
  // Stage 2: high pass at about 38 Hz (the RLB curve).
  f0 = 38.13547087602444;
  Q = 0.5003270373238773;
  K = Math.tan((Math.PI * f0) / rate);
  a0 = 1 + K / Q + K * K;
  const highPass: Biquad = { b0: 1, b1: -2, b2: 1, a1: (2 * (K * K - 1)) / a0, a2: (1 - K / Q + K * K) / a0 };
  return [shelf, highPass];
}

/** Momentary loudness of a live input: feed blocks of PCM, read LUFS over the last 400 ms. */
export class LoudnessMeter {
  private readonly filters: [Biquad, Biquad];
  /** Per channel, per stage: the filter's two past inputs and outputs. */
  private state: number[][] = [];
  /** (sum of K-weighted squares over channels, frames) per block, newest last, covering about 400 ms. */
  private blocks: Array<{ sum: number; frames: number }> = [];
  private frames = 0;
  private readonly window: number;

  constructor(readonly rate: number) {
    this.filters = kWeightingFilters(rate);
    this.window = Math.round(rate * 0.4);
  }

  /** Adds one block (one Float32Array per channel, equal lengths). */
  push(channels: Float32Array[]): void {
    const n = channels[0]?.length ?? 0;
    if (n === 0) return;
    let sum = 0;
    channels.forEach((ch, c) => {
      const s = (this.state[c] ??= [0, 0, 0, 0, 0, 0, 0, 0]);
      for (let i = 0; i < n; i++) {
        let x = ch[i]!;
        for (let k = 0; k < 2; k++) {
          const f = this.filters[k]!;
          const o = k * 4;
          const y = f.b0 * x + f.b1 * s[o]! + f.b2 * s[o + 1]! - f.a1 * s[o + 2]! - f.a2 * s[o + 3]!;
          s[o + 1] = s[o]!;
          s[o] = x;
          s[o + 3] = s[o + 2]!;
          s[o + 2] = y;
          x = y;
        }
        sum += x * x;
      }
    });
    this.blocks.push({ sum, frames: n });
    this.frames += n;
    while (this.blocks.length > 1 && this.frames - this.blocks[0]!.frames >= this.window) this.frames -= this.blocks.shift()!.frames;
  }

  /** Momentary loudness (LUFS) of the last 400 ms; −100 for silence. */
  lufs(): number {
    if (this.frames === 0) return -100;
    const ms = this.blocks.reduce((a, b) => a + b.sum, 0) / this.frames;
    return ms > 0 ? Math.max(-100, -0.691 + 10 * Math.log10(ms)) : -100;
  }
}
