import { createHash } from 'node:crypto';

/**
 * MP3 frames (Node only): the relay and the desktop studio's source client
 * split what they send into frames and keep a short fingerprint of each; the
 * confirmation (server/src/live/confirm.ts) finds the same frames on the
 * public stream (Icecast and the demo stream pass frames through unchanged).
 */

const KBPS1 = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const KBPS2 = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
const RATES: Record<number, number[]> = { 3: [44100, 48000, 32000], 2: [22050, 24000, 16000], 0: [11025, 12000, 8000] };
function frameLength(buf: Buffer, o: number): number {
  if (buf[o] !== 0xff || (buf[o + 1]! & 0xe0) !== 0xe0) return 0;
  const version = (buf[o + 1]! >> 3) & 3;
  const layer = (buf[o + 1]! >> 1) & 3;
  if (version === 1 || layer !== 1) return 0;
  const bi = buf[o + 2]! >> 4;
  const si = (buf[o + 2]! >> 2) & 3;
  if (bi === 0 || bi === 15 || si === 3) return 0;
  const rate = RATES[version]![si]!;
  const kbps = (version === 3 ? KBPS1 : KBPS2)[bi]!;
  return Math.floor(((version === 3 ? 144 : 72) * kbps * 1000) / rate) + ((buf[o + 2]! >> 1) & 1);
}

/** Splits MP3 bytes into whole frames, keeping the incomplete tail. */
export function mp3Frames(buf: Buffer): { frames: Buffer[]; rest: Buffer } {
  const frames: Buffer[] = [];
  let i = 0;
  while (i + 4 <= buf.length) {
    const len = frameLength(buf, i);
    if (len === 0) {
      i++;
      continue;
    }
    if (i + len > buf.length) break;
    frames.push(buf.subarray(i, i + len));
    i += len;
  }
  return { frames, rest: Buffer.from(buf.subarray(i)) };
}

/** The fingerprint of one frame the confirmation looks for. */
export function frameFingerprint(frame: Uint8Array): string {
  return createHash('sha1').update(frame).digest('base64url').slice(0, 16);
}
