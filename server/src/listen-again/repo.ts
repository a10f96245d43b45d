import type { Knex } from 'knex';

type Db = Knex | Knex.Transaction;

/** A `recording_files` row: one file of the recorder (one hour of one connection at most). */
export interface RecordingFileRow {
  id: string;
  path: string;
  content_type: string;
  sample_rate: number;
  frame_samples: number;
  started_at: Date;
  frames: number;
  bytes: number;
  writer: string;
  acked_at: Date;
  closed: boolean;
  end_reason: string | null;
}

const num = (r: RecordingFileRow): RecordingFileRow => ({ ...r, frames: Number(r.frames), bytes: Number(r.bytes) });

/** Opens a file row. */
export async function insertRecordingFile(db: Db, values: { id: string; path: string; content_type: string; sample_rate: number; frame_samples: number; started_at: Date; writer: string }): Promise<RecordingFileRow> {
  const [row] = await db('recording_files').insert(values).returning<RecordingFileRow[]>('*');
  return num(row!);
}

/** Records what is safely on disk (frames and bytes written and flushed), and refines the start. */
export async function ackRecordingFile(db: Db, id: string, values: { frames: number; bytes: number; started_at: Date }): Promise<void> {
  await db('recording_files').where({ id }).update({ ...values, acked_at: db.fn.now() });
}

/** Closes a file row for good. */
export async function closeRecordingFile(db: Db, id: string, reason: string, values?: { frames: number; bytes: number }): Promise<void> {
  await db('recording_files').where({ id }).update({ ...(values ?? {}), closed: true, end_reason: reason.slice(0, 300) });
}

/** Files left open by another writer (a process that stopped or crashed). */
export async function openFilesNotOf(db: Db, writer: string): Promise<RecordingFileRow[]> {
  return (await db('recording_files').where({ closed: false }).whereNot({ writer }).select<RecordingFileRow[]>('*')).map(num);
}

/** Files whose audio may overlap [from, to): started before `to`, oldest first (the caller reads their ends). */
export async function filesOverlapping(db: Db, from: Date, to: Date): Promise<RecordingFileRow[]> {
  // A file is at most a little over an hour long: look two hours back.
  const rows = await db('recording_files').where('started_at', '<', to).where('started_at', '>', new Date(from.getTime() - 2 * 3_600_000)).orderBy('started_at').select<RecordingFileRow[]>('*');
  return rows.map(num);
}

/** Files that ended before `before` (retention). */
export async function filesStartedBefore(db: Db, before: Date): Promise<RecordingFileRow[]> {
  return (await db('recording_files').where('started_at', '<', before).where({ closed: true }).select<RecordingFileRow[]>('*')).map(num);
}

export async function deleteRecordingFile(db: Db, id: string): Promise<void> {
  await db('recording_files').where({ id }).del();
}

/** Bytes of all recordings and episodes (disk use shown to staff). */
export async function storedBytes(db: Db): Promise<{ recordings: number; episodes: number; files: number; oldest: Date | null }> {
  const r = await db('recording_files').first<{ bytes: string | number | null; files: string | number; oldest: Date | null }>(db.raw('COALESCE(SUM(bytes), 0) AS bytes'), db.raw('COUNT(*) AS files'), db.raw('MIN(started_at) AS oldest'));
  const e = await db('episodes').first<{ bytes: string | number | null }>(db.raw('COALESCE(SUM(bytes), 0) AS bytes'));
  return { recordings: Number(r?.bytes ?? 0), episodes: Number(e?.bytes ?? 0), files: Number(r?.files ?? 0), oldest: r?.oldest ?? null };
}

/** The station's listen-again settings row. */
export interface ListenAgainSettingsRow {
  recording_enabled: boolean;
  retention_days: number;
  logger_min_days: number;
  public_window_days: number;
  downloads_enabled: boolean | null;
  pre_roll_seconds: number;
  post_roll_seconds: number;
  excluded_hours: number[];
  min_free_mb: number;
}

const SETTINGS_COLUMNS = ['recording_enabled', 'retention_days', 'logger_min_days', 'public_window_days', 'downloads_enabled', 'pre_roll_seconds', 'post_roll_seconds', 'excluded_hours', 'min_free_mb'];

export async function readSettingsRow(db: Db): Promise<ListenAgainSettingsRow> {
  const row = await db('listen_again_settings').where({ id: 1 }).first<ListenAgainSettingsRow>(SETTINGS_COLUMNS);
  return { ...row, excluded_hours: (row.excluded_hours ?? []).map(Number) };
}

export async function writeSettingsRow(db: Db, values: Partial<ListenAgainSettingsRow>): Promise<void> {
  await db('listen_again_settings').where({ id: 1 }).update({ ...values, updated_at: db.fn.now() });
}

export type PublishRule = 'auto' | 'approval' | 'never';

export async function showPublishRules(db: Db, keys: readonly string[]): Promise<Map<string, PublishRule>> {
  if (keys.length === 0) return new Map();
  const rows = await db('listen_again_show_settings').whereIn('show_key', [...keys]).select<{ show_key: string; publish: PublishRule }[]>('show_key', 'publish');
  return new Map(rows.map((r) => [r.show_key, r.publish]));
}

export async function setShowPublishRule(db: Db, key: string, publish: PublishRule): Promise<void> {
  await db('listen_again_show_settings').insert({ show_key: key, publish, updated_at: db.fn.now() }).onConflict('show_key').merge();
}

/** An `episodes` row's plain columns. */
export interface EpisodeColumns {
  id: string;
  show_id: string;
  show_key: string;
  presenter_id: string | null;
  title: string;
  description: string | null;
  aired_from: Date;
  aired_to: Date;
  trim_start_seconds: number;
  trim_end_seconds: number;
  status: 'published' | 'pending' | 'never' | 'not_recorded';
  hidden: boolean;
  file: string | null;
  content_type: string | null;
  bytes: number | null;
  duration_seconds: number | null;
  cut_at: Date | null;
}

/** Its JSON columns: the gaps in the recording and the tracklist. */
export interface EpisodeJson {
  gaps: { at_seconds: number; seconds: number; from: string; to: string }[];
  tracks: { title: string; artist: string; played_at: string; offset_seconds: number }[];
}

/** An `episodes` row. */
export type EpisodeRow = EpisodeColumns & EpisodeJson;

const ep = (r: EpisodeRow): EpisodeRow => ({ ...r, bytes: r.bytes === null ? null : Number(r.bytes), duration_seconds: r.duration_seconds === null ? null : Number(r.duration_seconds) });

export async function episodeShowIds(db: Db, showIds: readonly string[]): Promise<Set<string>> {
  if (showIds.length === 0) return new Set();
  const rows = await db('episodes').whereIn('show_id', [...showIds]).select<{ show_id: string }[]>('show_id');
  return new Set(rows.map((r) => r.show_id));
}

/** Inserts an episode; null when another instance made this show's already. */
export async function insertEpisode(db: Db, values: Omit<EpisodeColumns, 'cut_at'> & { gaps: unknown; tracks: unknown; cut_at: Date | null }): Promise<EpisodeRow | null> {
  const rows = await db('episodes').insert({ ...values, gaps: JSON.stringify(values.gaps), tracks: JSON.stringify(values.tracks) }).onConflict('show_id').ignore().returning<EpisodeRow[]>('*');
  return rows[0] ? ep(rows[0]) : null;
}

export async function updateEpisode(db: Db, id: string, values: Partial<Omit<EpisodeColumns, 'id'>> & { gaps?: unknown; tracks?: unknown }): Promise<void> {
  const v: Record<string, unknown> = { ...values, updated_at: db.fn.now() };
  if (values.gaps !== undefined) v.gaps = JSON.stringify(values.gaps);
  if (values.tracks !== undefined) v.tracks = JSON.stringify(values.tracks);
  await db('episodes').where({ id }).update(v);
}

export async function episodeById(db: Db, id: string): Promise<EpisodeRow | undefined> {
  const row = await db('episodes').where({ id }).first<EpisodeRow | undefined>('*');
  return row ? ep(row) : undefined;
}

/** Listed episodes (published, not hidden, with audio) aired since `since`, newest first. */
export async function publicEpisodes(db: Db, filter: { since: Date; showIds?: readonly string[]; showKey?: string; presenterId?: string; limit: number }): Promise<EpisodeRow[]> {
  const q = db('episodes').where({ status: 'published', hidden: false }).whereNotNull('file').where('aired_from', '>=', filter.since);
  if (filter.showIds) q.where((w) => w.whereIn('show_id', [...filter.showIds!]).orWhereIn('show_key', [...filter.showIds!]));
  if (filter.showKey) q.where({ show_key: filter.showKey });
  if (filter.presenterId) q.where({ presenter_id: filter.presenterId });
  return (await q.orderBy('aired_from', 'desc').limit(filter.limit).select<EpisodeRow[]>('*')).map(ep);
}

/** Every episode for staff, newest first. */
export async function staffEpisodes(db: Db, filter: { presenterId?: string; limit: number }): Promise<EpisodeRow[]> {
  const q = db('episodes');
  if (filter.presenterId) q.where({ presenter_id: filter.presenterId });
  return (await q.orderBy('aired_from', 'desc').limit(filter.limit).select<EpisodeRow[]>('*')).map(ep);
}

export async function episodesAiredBefore(db: Db, before: Date): Promise<EpisodeRow[]> {
  return (await db('episodes').where('aired_from', '<', before).whereNotNull('file').select<EpisodeRow[]>('*')).map(ep);
}

/** The station's Mixcloud connection (the token sealed). */
export interface MixcloudConfigRow {
  token_enc: string;
  min_minutes: number;
  min_tracks: number;
  tags: string[];
  paused_until: Date | null;
  created_at: Date;
  updated_at: Date;
}

export async function mixcloudConfigRow(db: Db): Promise<MixcloudConfigRow | undefined> {
  return db('mixcloud_config').where({ id: 1 }).first<MixcloudConfigRow | undefined>('token_enc', 'min_minutes', 'min_tracks', 'tags', 'paused_until', 'created_at', 'updated_at');
}

export async function saveMixcloudConfigRow(db: Db, values: Partial<Omit<MixcloudConfigRow, 'created_at' | 'updated_at' | 'tags'>> & { tags?: string[] }): Promise<void> {
  const v: Record<string, unknown> = { ...values, updated_at: db.fn.now() };
  if (values.tags) v.tags = JSON.stringify(values.tags);
  const updated = await db('mixcloud_config').where({ id: 1 }).update(v);
  if (updated === 0) await db('mixcloud_config').insert({ id: 1, ...v }).onConflict('id').merge();
}

export async function deleteMixcloudConfig(db: Db): Promise<void> {
  await db('mixcloud_config').where({ id: 1 }).del();
}

export type MixcloudState = 'queued' | 'requested' | 'uploaded' | 'skipped' | 'failed';
export type MixcloudSkipReason = 'too_short' | 'off_air' | 'few_tracks';

/** One episode's Mixcloud upload. */
export interface MixcloudUploadRow {
  episode_id: string;
  state: MixcloudState;
  reason: MixcloudSkipReason | null;
  message: string | null;
  attempts: number;
  next_attempt_at: Date;
  mixcloud_key: string | null;
  updated_at: Date;
}

/** Episodes Mixcloud has not been asked about yet: published (auto or approved) or never recorded, aired since `since`. */
export async function episodesWithoutUpload(db: Db, since: Date, limit: number): Promise<EpisodeRow[]> {
  const rows = await db('episodes as e')
    .leftJoin('mixcloud_uploads as m', 'm.episode_id', 'e.id')
    .whereNull('m.episode_id')
    .where('e.aired_to', '>=', since)
    .where((w) => w.where((p) => p.where('e.status', 'published').where('e.hidden', false).whereNotNull('e.file')).orWhere('e.status', 'not_recorded'))
    .orderBy('e.aired_from')
    .limit(limit)
    .select<EpisodeRow[]>('e.*');
  return rows.map(ep);
}

export async function insertMixcloudUpload(db: Db, values: { episode_id: string; state: MixcloudState; reason?: MixcloudSkipReason | null; message?: string | null; next_attempt_at: Date }): Promise<void> {
  await db('mixcloud_uploads').insert(values).onConflict('episode_id').ignore();
}

/** Uploads due now (queued, or requested long ago by a process that stopped), oldest first. */
export async function dueMixcloudUploads(db: Db, now: Date, staleBefore: Date, limit: number): Promise<MixcloudUploadRow[]> {
  return db('mixcloud_uploads')
    .where((w) => w.where((q) => q.where({ state: 'queued' }).where('next_attempt_at', '<=', now)).orWhere((q) => q.where({ state: 'requested' }).where('updated_at', '<', staleBefore)))
    .orderBy('next_attempt_at')
    .limit(limit)
    .select<MixcloudUploadRow[]>('*');
}

/** Claims an upload for sending (state `requested`) if it is still due; false when another instance took it first. */
export async function claimMixcloudUpload(db: Db, episodeId: string, now: Date, staleBefore: Date): Promise<boolean> {
  const n = await db('mixcloud_uploads')
    .where({ episode_id: episodeId })
    .where((w) => w.where((q) => q.where({ state: 'queued' }).where('next_attempt_at', '<=', now)).orWhere((q) => q.where({ state: 'requested' }).where('updated_at', '<', staleBefore)))
    .update({ state: 'requested', updated_at: now, attempts: db.raw('attempts + 1') });
  return n === 1;
}

export async function updateMixcloudUpload(db: Db, episodeId: string, values: Partial<Omit<MixcloudUploadRow, 'episode_id' | 'updated_at'>>): Promise<void> {
  await db('mixcloud_uploads').where({ episode_id: episodeId }).update({ ...values, updated_at: db.fn.now() });
}

/** The uploads of these episodes. */
export async function mixcloudUploadsOf(db: Db, episodeIds: readonly string[]): Promise<Map<string, MixcloudUploadRow>> {
  if (episodeIds.length === 0) return new Map();
  const rows = await db('mixcloud_uploads').whereIn('episode_id', [...episodeIds]).select<MixcloudUploadRow[]>('*');
  return new Map(rows.map((r) => [r.episode_id, r]));
}

/** The latest uploads with their episodes' titles and air dates, newest first. */
export async function recentMixcloudUploads(db: Db, limit: number): Promise<(MixcloudUploadRow & { title: string; aired_from: Date })[]> {
  return db('mixcloud_uploads as m').join('episodes as e', 'e.id', 'm.episode_id').orderBy('e.aired_from', 'desc').limit(limit).select('m.*', 'e.title', 'e.aired_from');
}
