import { Transform, type TransformCallback } from 'node:stream';

/**
 * In-band ICY (SHOUTcast/Icecast) metadata for the demo stream (issue 39 item
 * 7): a player that asks with `Icy-MetaData: 1` (VLC, car radios, TuneIn-style
 * apps) gets `icy-metaint: N` in the answer, and after every N bytes of audio
 * one metadata block: a length byte L, then L × 16 bytes holding
 * `StreamTitle='Artist - Title';` padded with NULs, or just a zero byte when
 * the title has not changed since the last block (as Icecast does).
 */

/**
 * Audio bytes between two metadata blocks. Icecast's default is 16 000 for its usual 128 kbps; the
 * demo stream is 48 kbps (6 000 bytes a second) and starts with 2 s of audio (12 000 bytes), so 8 000
 * puts the first title inside that first burst, where a player probing the stream (ffprobe) reads it.
 */
export const ICY_METAINT = 8_000;

/** Does this request ask for in-band metadata? */
export function wantsIcyMetadata(header: string | string[] | undefined): boolean {
  const v = Array.isArray(header) ? header[0] : header;
  return v !== undefined && v.trim() === '1';
}

/** One metadata block for a title (`null`: the empty block, one zero byte). */
export function icyBlock(title: string | null): Buffer {
  if (title === null) return Buffer.alloc(1);
  // `';` would end the value early for every parser; the block holds at most 255 × 16 bytes.
  const safe = title.replace(/';/g, "'_").replace(/[\r\n\0]/g, ' ');
  // At most 1000 characters (4000 bytes of UTF-8): the value fits a block's 255 × 16 bytes.
  const text = Buffer.from(`StreamTitle='${safe.slice(0, 1000)}';`, 'utf8');
  const blocks = Math.ceil(text.length / 16);
  const out = Buffer.alloc(1 + blocks * 16);
  out[0] = blocks;
  text.copy(out, 1);
  return out;
}

/**
 * Interleaves metadata into an audio stream: every `metaint` bytes of audio
 * get a block with the title `title()` gives then (sent in full when it
 * changed, else the empty block).
 */
export function icyInterleaver(title: () => string | null, metaint = ICY_METAINT): Transform {
  let untilMeta = metaint;
  let sent: string | null = null;
  return new Transform({
    transform(chunk: Buffer, _enc, done: TransformCallback) {
      const parts: Buffer[] = [];
      let i = 0;
      while (i < chunk.length) {
        const n = Math.min(untilMeta, chunk.length - i);
        parts.push(chunk.subarray(i, i + n));
        i += n;
        untilMeta -= n;
        if (untilMeta === 0) {
          const now = title() ?? '';
          parts.push(icyBlock(now !== sent ? now : null));
          sent = now;
          untilMeta = metaint;
        }
      }
      done(null, parts.length === 1 ? parts[0] : Buffer.concat(parts));
    },
  });
}
