import { SILENCE_FLOOR_DB, type LevelReading } from './types';

/** The detector's resolution: each second is measured as ten 100 ms blocks. */
export const BLOCKS_PER_SECOND = 10;

/** Amplitude (0…1) to dBFS, floored at {@link SILENCE_FLOOR_DB}. */
export function toDb(amplitude: number): number {
  if (!(amplitude > 0)) return SILENCE_FLOOR_DB;
  return Math.max(SILENCE_FLOOR_DB, Math.round(20 * Math.log10(amplitude) * 10) / 10);
}

/**
 * Measures decoded PCM: every full second of audio (by sample count, not the wall clock, so a burst of
 * buffered audio measures the same as audio arriving in real time) becomes one {@link LevelReading}.
 * A change of sample rate starts a new second.
 */
export class LevelMeter {
  private rate = 0;
  private blockSize = 0;
  private inBlock = 0;
  private blockPeak = 0;
  private blockPeaks: number[] = [];
  private sumSquares = 0;
  private squareCount = 0;
  private secondPeak = 0;
  private decodedSamples = 0;

  constructor(private readonly emit: (reading: LevelReading) => void, private readonly now: () => number = Date.now) {}

  /** Seconds of audio measured so far. */
  get audioSeconds(): number {
    return this.rate ? this.decodedSamples / this.rate : 0;
  }

  /** Adds decoded audio: one Float32Array per channel, equal lengths. */
  push(channels: Float32Array[], sampleRate: number): void {
    if (channels.length === 0 || sampleRate <= 0) return;
    if (sampleRate !== this.rate) {
      this.reset();
      this.rate = sampleRate;
      this.blockSize = Math.round(sampleRate / BLOCKS_PER_SECOND);
    }
    const n = channels[0]!.length;
    for (let i = 0; i < n; i++) {
      let framePeak = 0;
      for (const ch of channels) {
        const v = ch[i]!;
        const a = v < 0 ? -v : v;
        if (a > framePeak) framePeak = a;
        this.sumSquares += v * v;
      }
      this.squareCount += channels.length;
      if (framePeak > this.blockPeak) this.blockPeak = framePeak;
      this.decodedSamples++;
      if (++this.inBlock === this.blockSize) this.closeBlock();
    }
  }

  /** Forgets a partial second (a new connection). */
  reset(): void {
    this.inBlock = 0;
    this.blockPeak = 0;
    this.blockPeaks = [];
    this.sumSquares = 0;
    this.squareCount = 0;
    this.secondPeak = 0;
    this.decodedSamples = 0;
  }

  private closeBlock(): void {
    this.blockPeaks.push(toDb(this.blockPeak));
    if (this.blockPeak > this.secondPeak) this.secondPeak = this.blockPeak;
    this.blockPeak = 0;
    this.inBlock = 0;
    if (this.blockPeaks.length < BLOCKS_PER_SECOND) return;
    const reading: LevelReading = {
      at: this.now(),
      audioSeconds: Math.round(this.audioSeconds * 1000) / 1000,
      peakDb: toDb(this.secondPeak),
      rmsDb: toDb(this.squareCount ? Math.sqrt(this.sumSquares / this.squareCount) : 0),
      blockPeaksDb: this.blockPeaks,
    };
    this.blockPeaks = [];
    this.secondPeak = 0;
    this.sumSquares = 0;
    this.squareCount = 0;
    this.emit(reading);
  }
}
