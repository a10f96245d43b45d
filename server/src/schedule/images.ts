import type { IncomingMessage } from 'node:http';
import type { AppContext } from '../context';
import { MAX_IMAGE_BYTES, imageTooLarge, storeImage, type StoredImage } from '../media/service';

/**
 * Reads a raw upload body, refusing it with 413 'File too large' as soon as
 * it passes 5 MB (by Content-Length when given, else while streaming).
 */
export async function readUpload(req: IncomingMessage): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > MAX_IMAGE_BYTES) {
    req.resume();
    throw imageTooLarge();
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    size += buf.length;
    if (size > MAX_IMAGE_BYTES) {
      req.resume();
      throw imageTooLarge();
    }
    chunks.push(buf);
  }
  return Buffer.concat(chunks);
}

/**
 * Stores a show image (JPEG, PNG, WebP or GIF by its bytes, at most 5 MB) in
 * the show-images bucket under the uploader's folder and returns where it is
 * served. Kept in the database, so every server instance sees it.
 */
export async function uploadShowImage(ctx: AppContext, owner: string, bytes: Buffer): Promise<StoredImage> {
  return storeImage(ctx, { bucket: 'show-images', bytes, owner });
}
