import type { IncomingMessage } from 'node:http';
import type { AppContext } from '../context';
import { readUpload as readMediaUpload, storeImage, type StoredImage } from '../media/service';

/**
 * Reads a raw show-image upload body, refused with 413 'File too large' as
 * soon as it passes 5 MB (the media service's reader).
 */
export function readUpload(req: IncomingMessage): Promise<Buffer> {
  return readMediaUpload(req, req.headers['content-type']);
}

/**
 * Stores a show image (JPEG, PNG, WebP or GIF by its bytes, at most 5 MB) in
 * the show-images bucket under the uploader's folder and returns where it is
 * served. Kept in the database, so every server instance sees it.
 */
export async function uploadShowImage(ctx: AppContext, owner: string, bytes: Buffer): Promise<StoredImage> {
  return storeImage(ctx, { bucket: 'show-images', bytes, owner, folder: owner });
}
