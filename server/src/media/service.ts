/**
 * Image storage in the database (the `media` table), so every server
 * instance serves every upload. Bytes are checked by their magic numbers
 * (never the file name or the browser's type), capped at 5 MB, decoded with
 * a pixel limit and re-encoded, which also strips EXIF and GPS data.
 *
 * Minimal version written with the schedule domain (show images); the
 * accounts domain builds the same export for avatars.
 */
import { createHash, randomBytes } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import type { AppContext } from '../context';
import { HttpError } from '../http/errors';

/** The storage buckets of spec 001 §3 (plus content images). */
export type MediaBucket = 'avatars' | 'show-images' | 'content';

/** Largest upload accepted (spec 001 §9: image maximum 5MB). */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** Decoding refuses images with more pixels than this (a small PNG can claim gigapixels). */
export const MAX_INPUT_PIXELS = 40_000_000;
/** Longest side kept after re-encoding. */
const MAX_SIDE = 2048;

const ALLOWED = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
} as const;
type AllowedMime = keyof typeof ALLOWED;

/** The spec's upload refusals (001 §5): title as the message, the advice as details. */
export const UPLOAD_ERRORS = {
  invalidType: { message: 'Invalid file type', advice: 'Please select a JPEG, PNG, WebP, or GIF image.' },
  tooLarge: { message: 'File too large', advice: 'Please select an image smaller than 5MB.' },
} as const;

/** A refused upload: 415 for a type that is not an image we take. */
export function invalidImageType(): HttpError {
  return new HttpError('unsupported_media_type', UPLOAD_ERRORS.invalidType.message, { advice: UPLOAD_ERRORS.invalidType.advice });
}

/** A refused upload: 413 above 5 MB. */
export function imageTooLarge(): HttpError {
  return new HttpError('payload_too_large', UPLOAD_ERRORS.tooLarge.message, { advice: UPLOAD_ERRORS.tooLarge.advice });
}

/** What a stored image is known by. */
export interface StoredImage {
  bucket: MediaBucket;
  path: string;
  /** Where it is served: /media/<bucket>/<path>. */
  url: string;
  contentType: AllowedMime;
  width: number;
  height: number;
  byteSize: number;
}

async function reencode(bytes: Buffer, mime: AllowedMime): Promise<{ data: Buffer; width: number; height: number }> {
  const animated = mime === 'image/gif' || mime === 'image/webp';
  let img = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, animated, failOn: 'error' }).rotate().resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true });
  switch (mime) {
    case 'image/jpeg':
      img = img.jpeg({ quality: 85, mozjpeg: true });
      break;
    case 'image/png':
      img = img.png({ compressionLevel: 9 });
      break;
    case 'image/webp':
      img = img.webp({ quality: 85 });
      break;
    case 'image/gif':
      img = img.gif();
      break;
  }
  const { data, info } = await img.toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.pageHeight ?? info.height };
}

/**
 * Checks, re-encodes and stores an image; returns where it is served.
 * Avatars keep one path per user ({owner}/avatar.{ext}, overwritten); other
 * buckets get {owner}/image_{timestamp}.{ext}. Throws 413 'File too large'
 * or 415 'Invalid file type' (also for bytes that claim to be an image but
 * do not decode).
 */
export async function storeImage(ctx: AppContext, input: { bucket: MediaBucket; bytes: Buffer; owner: string }): Promise<StoredImage> {
  if (input.bytes.length === 0) throw invalidImageType();
  if (input.bytes.length > MAX_IMAGE_BYTES) throw imageTooLarge();
  const detected = await fileTypeFromBuffer(input.bytes);
  if (!detected || !(detected.mime in ALLOWED)) throw invalidImageType();
  const mime = detected.mime as AllowedMime;
  let out: { data: Buffer; width: number; height: number };
  try {
    out = await reencode(input.bytes, mime);
  } catch (err) {
    ctx.log.info({ err }, 'image did not decode');
    throw invalidImageType();
  }
  if (out.data.length > MAX_IMAGE_BYTES) throw imageTooLarge();
  const ext = ALLOWED[mime];
  const sha256 = createHash('sha256').update(out.data).digest('hex');
  const row = { bucket: input.bucket, content_type: mime, byte_size: out.data.length, width: out.width, height: out.height, sha256, data: out.data, created_by: input.owner };
  let path: string;
  if (input.bucket === 'avatars') {
    path = `${input.owner}/avatar.${ext}`;
    await ctx.knex('media').insert({ ...row, path }).onConflict(['bucket', 'path']).merge(['content_type', 'byte_size', 'width', 'height', 'sha256', 'data', 'created_at']);
  } else {
    path = `${input.owner}/image_${Date.now()}.${ext}`;
    const inserted = await ctx.knex('media').insert({ ...row, path }).onConflict(['bucket', 'path']).ignore().returning('id');
    if (inserted.length === 0) {
      // Two uploads in the same millisecond: keep both.
      path = `${input.owner}/image_${Date.now()}_${randomBytes(3).toString('hex')}.${ext}`;
      await ctx.knex('media').insert({ ...row, path });
    }
  }
  return { bucket: input.bucket, path, url: `/media/${input.bucket}/${path}`, contentType: mime, width: out.width, height: out.height, byteSize: out.data.length };
}

/** A stored image for serving, or null. */
export async function readImage(ctx: AppContext, bucket: string, path: string): Promise<{ contentType: string; data: Buffer; sha256: string; createdAt: Date } | null> {
  const row = await ctx.knex('media').where({ bucket, path }).first<{ content_type: string; data: Buffer | Uint8Array; sha256: string; created_at: Date } | undefined>('content_type', 'data', 'sha256', 'created_at');
  if (!row) return null;
  return { contentType: row.content_type, data: Buffer.from(row.data), sha256: row.sha256, createdAt: new Date(row.created_at) };
}
