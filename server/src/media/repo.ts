import type { Knex } from 'knex';

/**
 * The media table (migration 011_media): uploaded images, bytes included, where every server instance sees them.
 * The only file that names it; the rules (checking, re-encoding, naming, reading uploads) are in service.ts.
 */

type Db = Knex | Knex.Transaction;

/** Where a file lives: its bucket and its path in it. */
export interface MediaKey {
  bucket: string;
  path: string;
}

/** A stored file as the media route serves it. */
export interface MediaFile {
  content_type: string;
  byte_size: number;
  sha256: string;
  data: Buffer | Uint8Array;
  created_at: Date;
}

/** One file by bucket and path. */
export async function mediaFile(db: Db, key: MediaKey): Promise<MediaFile | undefined> {
  return db('media').where(key).first<MediaFile | undefined>('content_type', 'byte_size', 'sha256', 'data', 'created_at');
}

/** Stores a file; its id. */
export async function insertMedia(
  db: Db,
  values: MediaKey & { content_type: string; byte_size: number; width: number; height: number; sha256: string; data: Buffer; created_by: string | null },
): Promise<string> {
  const [row] = await db('media').insert(values).returning<{ id: string }[]>('id');
  return row!.id;
}

/** Deletes a file by bucket and path; whether there was one. */
export async function deleteMedia(db: Db, key: MediaKey): Promise<boolean> {
  // returning() rather than the bare count: knex-pglite answers delete() with a result object, not a number.
  const rows = await db('media').where(key).delete().returning<{ id: string }[]>('id');
  return rows.length > 0;
}

/** Deletes a file by id (an upload whose owner's save failed); whether there was one. */
export async function deleteMediaById(db: Db, id: string): Promise<boolean> {
  const rows = await db('media').where({ id }).delete().returning<{ id: string }[]>('id');
  return rows.length > 0;
}
