/**
 * Audio frames of the streams stations send: MPEG audio (MPEG-1, 2 and 2.5, layers I to III) and AAC in
 * ADTS (what Icecast and AzuraCast serve as `audio/aac` / `audio/aacp`): what the recorder needs to write a
 * stream as received yet cut it exactly to the frame, without decoding or re-encoding anything.
 */

/** One frame header. */
export interface FrameHeader {
  /** Bytes of the whole frame (header included). */
  length: number;
  sampleRate: number;
  /** Samples (per channel) the frame carries: its duration is samples / sampleRate. */
  samples: number;
  /** kbit/s. */
  bitrate: number;
}

const BITRATES: Record<string, readonly number[]> = {
  '1-1': [0, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448],
  '1-2': [0, 32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384],
  '1-3': [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  '2-1': [0, 32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256],
  '2-2': [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
  '2-3': [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
};
const RATES: Record<number, readonly number[]> = { 3: [44_100, 48_000, 32_000], 2: [22_050, 24_000, 16_000], 0: [11_025, 12_000, 8_000] };

/** The header at `at`, or null when the bytes there are not a valid frame header (free-format frames are not supported). */
export function frameAt(buf: Uint8Array, at: number): FrameHeader | null {
  if (at + 4 > buf.length) return null;
  const b1 = buf[at + 1]!;
  const b2 = buf[at + 2]!;
  if (buf[at] !== 0xff || (b1 & 0xe0) !== 0xe0) return null;
  const version = (b1 >> 3) & 3; // 3 = MPEG-1, 2 = MPEG-2, 0 = MPEG-2.5, 1 reserved
  const layerBits = (b1 >> 1) & 3; // 3 = I, 2 = II, 1 = III
  if (version === 1 || layerBits === 0) return null;
  const layer = 4 - layerBits;
  const brIndex = b2 >> 4;
  const srIndex = (b2 >> 2) & 3;
  if (brIndex === 0 || brIndex === 15 || srIndex === 3) return null;
  const bitrate = BITRATES[`${version === 3 ? 1 : 2}-${layer}`]![brIndex]!;
  const sampleRate = RATES[version]![srIndex]!;
  const padding = (b2 >> 1) & 1;
  let length: number;
  let samples: number;
  if (layer === 1) {
    length = (Math.floor((12 * bitrate * 1000) / sampleRate) + padding) * 4;
    samples = 384;
  } else if (layer === 2 || version === 3) {
    length = Math.floor((144 * bitrate * 1000) / sampleRate) + padding;
    samples = 1152;
  } else {
    length = Math.floor((72 * bitrate * 1000) / sampleRate) + padding;
    samples = 576;
  }
  return length >= 4 ? { length, sampleRate, samples, bitrate } : null;
}

/** AAC sampling frequencies by ADTS index (ISO/IEC 14496-3, 1.6.3.4). */
const ADTS_RATES = [96_000, 88_200, 64_000, 48_000, 44_100, 32_000, 24_000, 22_050, 16_000, 12_000, 11_025, 8_000, 7_350] as const;

/**
 * The ADTS header at `at` (ISO/IEC 13818-7 / 14496-3: syncword 0xFFF, layer 00, the 13-bit frame length
 * that includes the header), or null. A frame holds 1024 samples per raw data block at the header's
 * sampling rate (HE-AAC's core rate, so its duration is right too). MPEG audio never has layer 00, so the
 * two parsers never accept each other's frames.
 */
export function adtsFrameAt(buf: Uint8Array, at: number): FrameHeader | null {
  if (at + 7 > buf.length) return null;
  const b1 = buf[at + 1]!;
  if (buf[at] !== 0xff || (b1 & 0xf6) !== 0xf0) return null;
  const b2 = buf[at + 2]!;
  const srIndex = (b2 >> 2) & 0x0f;
  const sampleRate = ADTS_RATES[srIndex];
  if (!sampleRate) return null;
  const length = ((buf[at + 3]! & 0x03) << 11) | (buf[at + 4]! << 3) | (buf[at + 5]! >> 5);
  const headerLength = (b1 & 1) === 1 ? 7 : 9;
  if (length <= headerLength) return null;
  const blocks = (buf[at + 6]! & 0x03) + 1;
  return { length, sampleRate, samples: 1024 * blocks, bitrate: Math.round((length * 8 * sampleRate) / (1024 * blocks) / 1000) };
}

/** A frame parser: the header at a position, or null. */
export type FrameParser = (buf: Uint8Array, at: number) => FrameHeader | null;

/** Whether a stream's content type is AAC (ADTS). */
export const isAacType = (contentType: string): boolean => /^audio\/(aac|aacp|x-aac|x-hx-aac-adts)\b/i.test(contentType.trim());

/** The frame parser for a stream's content type: ADTS for AAC, MPEG audio otherwise. */
export function parserFor(contentType: string): FrameParser {
  return isAacType(contentType) ? adtsFrameAt : frameAt;
}

/** The file extension of a recording of this content type. */
export function extensionFor(contentType: string): string {
  return isAacType(contentType) ? 'aac' : 'mp3';
}

/**
 * Splits a byte stream into whole frames as it arrives. Bytes that are not frames (an ID3 tag, a broken
 * frame after a reconnection) are skipped: a frame is believed once the next header follows it, so the
 * last frame of what has arrived waits for the next bytes.
 */
export class FrameSplitter {
  private pending: Uint8Array = new Uint8Array(0);
  /** Bytes dropped as not being frames. */
  skipped = 0;

  constructor(private readonly parse: FrameParser = frameAt) {}

  /** The whole frames that `bytes` completes (each a view of its bytes, with its header). */
  push(bytes: Uint8Array): { bytes: Uint8Array; header: FrameHeader }[] {
    const buf = this.pending.length === 0 ? bytes : concat(this.pending, bytes);
    const out: { bytes: Uint8Array; header: FrameHeader }[] = [];
    let at = 0;
    while (at + 4 <= buf.length) {
      const h = this.parse(buf, at);
      if (!h) {
        at++;
        this.skipped++;
        continue;
      }
      if (at + h.length + 7 > buf.length) break; // wait for the next header to confirm it
      const next = this.parse(buf, at + h.length);
      if (!next || next.sampleRate !== h.sampleRate) {
        at++;
        this.skipped++;
        continue;
      }
      out.push({ bytes: buf.subarray(at, at + h.length), header: h });
      at += h.length;
    }
    this.pending = buf.slice(at);
    return out;
  }
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a, 0);
  out.set(b, a.length);
  return out;
}

/**
 * The byte offset of each frame of a recorded file (which holds whole frames only: the recorder writes
 * nothing else), plus the end: `offsets[k]` is where frame k begins, `offsets[frames]` the end of the last.
 * Stops at the first byte that is not a frame (a torn write at a crash).
 */
export function frameOffsets(buf: Uint8Array, maxFrames = Number.POSITIVE_INFINITY, parse: FrameParser = frameAt): number[] {
  const offsets: number[] = [0];
  let at = 0;
  while (offsets.length - 1 < maxFrames) {
    const h = parse(buf, at);
    if (!h || at + h.length > buf.length) break;
    at += h.length;
    offsets.push(at);
  }
  return offsets;
}
