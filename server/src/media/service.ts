import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Knex } from 'knex';
import type { OutputInfo } from 'sharp';
import { ACCOUNT_TEXT } from '../../../shared/accounts';
import type { AppContext } from '../context';
import { HttpError } from '../http/errors';
import { deleteMedia, deleteMediaById, insertMedia, mediaFile, type MediaFile, type MediaKey } from './repo';

/** Largest upload accepted (001 §9: image maximum 5MB). */
export const MEDIA_MAX_BYTES = 5 * 1024 * 1024;
/** Largest decoded image (all frames of an animation together): stops decompression bombs. */
export const MEDIA_MAX_PIXELS = 50_000_000;
/** The storage buckets (001 §3 image storage, plus page content). */
export type MediaBucket = 'avatars' | 'show-images' | 'content';

const FORMATS = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
} as const;
type ImageMime = keyof typeof FORMATS;
const isImageMime = (m: string): m is ImageMime => m in FORMATS;

/** Longest side kept per bucket: avatars are small, show images fit a wide screen. */
const MAX_SIDE: Record<MediaBucket, number> = { avatars: 512, 'show-images': 1920, content: 1920 };

/** A stored image as callers need it. */
export interface StoredImage {
  id: string;
  bucket: MediaBucket;
  path: string;
  /** Site-relative URL (`/media/<bucket>/<path>`); the desktop app prefixes its server address. */
  url: string;
  contentType: ImageMime;
  width: number;
  height: number;
  byteSize: number;
}

/** A re-encoded image, before it is stored. */
export interface ProcessedImage {
  bytes: Buffer;
  contentType: ImageMime;
  ext: (typeof FORMATS)[ImageMime];
  width: number;
  height: number;
}

const invalidType = () => new HttpError('unsupported_media_type', ACCOUNT_TEXT.invalidFileType, { description: ACCOUNT_TEXT.invalidFileTypeHelp });
const tooLarge = (description: string = ACCOUNT_TEXT.fileTooLargeHelp) => new HttpError('payload_too_large', ACCOUNT_TEXT.fileTooLarge, { description });
const unreadable = () => new HttpError('unprocessable', ACCOUNT_TEXT.uploadFailed, { description: 'The image file is damaged or incomplete.' });

/**
 * Checks an upload by its bytes (not its name or the browser's claim) and
 * re-encodes it, which drops EXIF, GPS and anything hidden after the image.
 * JPEG, PNG, WebP and GIF only (SVG can carry script); truncated files and
 * decompression bombs are refused.
 */
export async function processImage(bytes: Buffer, opts: { maxSide: number }): Promise<ProcessedImage> {
  if (bytes.length === 0) throw invalidType();
  if (bytes.length > MEDIA_MAX_BYTES) throw tooLarge();
  // Loaded on the first upload, not at start (sharp's native library is large).
  const [{ fileTypeFromBuffer }, { default: sharp }] = await Promise.all([import('file-type'), import('sharp')]);
  const detected = await fileTypeFromBuffer(bytes);
  if (!detected || !isImageMime(detected.mime)) throw invalidType();
  const contentType = detected.mime;
  const animated = contentType === 'image/gif' || contentType === 'image/webp';
  let out: { data: Buffer; info: OutputInfo };
  try {
    const img = sharp(bytes, { limitInputPixels: MEDIA_MAX_PIXELS, failOn: 'truncated', animated, sequentialRead: true });
    const meta = await img.metadata();
    if (meta.format && !['jpeg', 'png', 'webp', 'gif'].includes(meta.format)) throw invalidType();
    let pipeline = img.rotate().resize({ width: opts.maxSide, height: opts.maxSide, fit: 'inside', withoutEnlargement: true });
    if (contentType === 'image/jpeg') pipeline = pipeline.jpeg({ quality: 85, mozjpeg: true });
    else if (contentType === 'image/png') pipeline = pipeline.png({ compressionLevel: 9 });
    else if (contentType === 'image/webp') pipeline = pipeline.webp({ quality: 85 });
    else pipeline = pipeline.gif();
    out = await pipeline.toBuffer({ resolveWithObject: true });
  } catch (err) {
    if (err instanceof HttpError) throw err;
    const message = err instanceof Error ? err.message : String(err);
    if (/pixel limit/i.test(message)) throw tooLarge(`The image has too many pixels (at most ${MEDIA_MAX_PIXELS.toLocaleString('en-GB')}).`);
    throw unreadable();
  }
  if (out.data.length > MEDIA_MAX_BYTES) throw tooLarge();
  const height = out.info.pageHeight ?? out.info.height;
  return { bytes: out.data, contentType, ext: FORMATS[contentType], width: out.info.width, height };
}

/** The public URL of a stored file. */
export function mediaUrl(bucket: MediaBucket, path: string): string {
  return `/media/${bucket}/${path.split('/').map(encodeURIComponent).join('/')}`;
}

/** Parses a `/media/<bucket>/<path>` URL (absolute or relative) back into its key; null for anything else. */
export function parseMediaUrl(url: string | null | undefined): { bucket: MediaBucket; path: string } | null {
  if (!url) return null;
  let pathname = url;
  if (/^https?:\/\//i.test(url)) {
    try {
      pathname = new URL(url).pathname;
    } catch {
      return null;
    }
  }
  const m = /^\/media\/(avatars|show-images|content)\/(.+)$/.exec(pathname);
  if (!m) return null;
  try {
    return { bucket: m[1] as MediaBucket, path: m[2]!.split('/').map(decodeURIComponent).join('/') };
  } catch {
    return null;
  }
}

/**
 * Checks, re-encodes and stores an image where every server instance sees it
 * (the media table), under a new path per upload so it can be cached forever.
 * Avatars go to `avatars/{owner}/avatar_{time}.{ext}`; show images to
 * `show-images/{folder}/image_{time}.{ext}` (001 §3). Throws the spec's
 * 'Invalid file type' (415), 'File too large' (413) or 'Upload failed' (422).
 */
export async function storeImage(
  ctx: Pick<AppContext, 'knex' | 'now'>,
  input: { bucket: MediaBucket; bytes: Buffer; owner: string | null; folder?: string; db?: Knex | Knex.Transaction },
): Promise<StoredImage> {
  const image = await processImage(input.bytes, { maxSide: MAX_SIDE[input.bucket] });
  const stamp = `${ctx.now()}_${randomBytes(4).toString('hex')}`;
  const folder = (input.bucket === 'avatars' ? input.owner : input.folder ?? 'uploads') ?? 'anonymous';
  const safeFolder = folder.replace(/[^A-Za-z0-9_-]/g, '-').slice(0, 100) || 'uploads';
  const name = input.bucket === 'avatars' ? `avatar_${stamp}.${image.ext}` : `image_${stamp}.${image.ext}`;
  const path = `${safeFolder}/${name}`;
  const db = input.db ?? ctx.knex;
  const id = await insertMedia(db, {
    bucket: input.bucket,
    path,
    content_type: image.contentType,
    byte_size: image.bytes.length,
    width: image.width,
    height: image.height,
    sha256: createHash('sha256').update(image.bytes).digest('hex'),
    data: image.bytes,
    created_by: input.owner,
  });
  return { id, bucket: input.bucket, path, url: mediaUrl(input.bucket, path), contentType: image.contentType, width: image.width, height: image.height, byteSize: image.bytes.length };
}

/** Deletes a stored file by its URL (the old avatar or show image); URLs outside /media are left alone. */
export async function removeMediaByUrl(db: Knex | Knex.Transaction, url: string | null | undefined): Promise<boolean> {
  const key = parseMediaUrl(url);
  if (!key) return false;
  return deleteMedia(db, key);
}

/** Deletes a stored file by id (an upload whose owner's save then failed). */
export async function removeMediaById(db: Knex | Knex.Transaction, id: string): Promise<boolean> {
  return deleteMediaById(db, id);
}

/** A stored file by bucket and path, as the media route serves it. */
export async function readMediaFile(db: Knex | Knex.Transaction, key: MediaKey): Promise<MediaFile | undefined> {
  return mediaFile(db, key);
}

/**
 * Reads a raw upload body with a hard size limit, so a huge or endless body
 * is cut off at 5 MB instead of filling memory. A JSON or form body is not
 * an image: 'Invalid file type'.
 */
export async function readUpload(req: IncomingMessage, contentType: string | undefined, limit = MEDIA_MAX_BYTES): Promise<Buffer> {
  if (contentType && /json|form|text\//i.test(contentType)) throw invalidType();
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) throw tooLarge();
  if (req.readableEnded) throw invalidType();
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const cleanup = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
    };
    const onData = (chunk: Buffer | string) => {
      const buf = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      size += buf.length;
      if (size > limit) {
        cleanup();
        // Discard the rest without keeping it; the 413 goes out at once.
        req.resume();
        reject(tooLarge());
        return;
      }
      chunks.push(buf);
    };
    const onEnd = () => {
      cleanup();
      resolve(Buffer.concat(chunks));
    };
    const onError = (err: Error) => {
      cleanup();
      reject(err);
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
  });
}
