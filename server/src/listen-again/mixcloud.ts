import fs from 'node:fs';
import path from 'node:path';
import { maskSecret } from '../../../shared/content';
import type { MixcloudInput, MixcloudStatus, MixcloudUpload } from '../../../shared/listen-again';
import type { AppContext } from '../context';
import { presenterCards } from '../presenters/repo';
import { cachedStationInfo } from '../settings/service';
import { extensionFor } from './mp3';
import {
  claimMixcloudUpload,
  deleteMixcloudConfig,
  dueMixcloudUploads,
  episodeById,
  episodesWithoutUpload,
  insertMixcloudUpload,
  mixcloudConfigRow,
  recentMixcloudUploads,
  saveMixcloudConfigRow,
  updateMixcloudUpload,
  type EpisodeRow,
  type MixcloudSkipReason,
  type MixcloudUploadRow,
} from './repo';
import { recordingsDir } from './settings';

/** Episodes aired this long before the token was saved are not sent (saving it does not upload the archive). */
const BACKLOG_MS = 7 * 86_400_000;
/** An upload still `requested` after this long was being sent by a process that stopped: sent again. */
const STALE_MS = 30 * 60_000;
/** Attempts before an upload that keeps failing (network, Mixcloud's 5xx) is given up as `failed`. */
const MAX_ATTEMPTS = 5;
/** The share of an episode that may be missing (off air) before it is not worth publishing. */
const OFF_AIR_SHARE = 0.5;
/** Mixcloud takes at most five tags. */
const MAX_TAGS = 5;
/** Mixcloud's limits on a cloudcast's name and description. */
const NAME_MAX = 100;
const DESCRIPTION_MAX = 1000;

/** The station's Mixcloud connection with its token in clear, or null when there is none (or it cannot be read). */
async function mixcloudConfig(ctx: AppContext) {
  const row = await mixcloudConfigRow(ctx.knex);
  if (!row) return null;
  const token = (await ctx.secrets.box()).open(row.token_enc);
  return { ...row, token, tags: (row.tags ?? []).map(String) };
}

const presentUpload = (u: MixcloudUploadRow, title?: string, airedFrom?: Date): MixcloudUpload => ({
  episode_id: u.episode_id,
  ...(title !== undefined ? { title } : {}),
  ...(airedFrom ? { aired_at: new Date(airedFrom).toISOString() } : {}),
  state: u.state,
  reason: u.reason,
  message: u.message,
  attempts: Number(u.attempts),
  next_attempt_at: new Date(u.next_attempt_at).toISOString(),
  url: u.mixcloud_key ? `https://www.mixcloud.com${u.mixcloud_key}` : null,
  updated_at: new Date(u.updated_at).toISOString(),
});

export { presentUpload as presentMixcloudUpload };

/** The staff view: whether a token is saved (masked), the rules, the recent uploads. */
export async function mixcloudStatus(ctx: AppContext): Promise<MixcloudStatus> {
  const c = await mixcloudConfig(ctx);
  const uploads = (await recentMixcloudUploads(ctx.knex, 50)).map((u) => presentUpload(u, u.title, u.aired_from));
  if (!c) return { configured: false, readable: false, token: null, min_minutes: 10, min_tracks: 3, tags: [], paused_until: null, uploads };
  return {
    configured: true,
    readable: c.token !== null,
    token: c.token === null ? '••••••••' : maskSecret(c.token),
    min_minutes: c.min_minutes,
    min_tracks: c.min_tracks,
    tags: c.tags,
    paused_until: c.paused_until && new Date(c.paused_until).getTime() > ctx.now() ? new Date(c.paused_until).toISOString() : null,
    uploads,
  };
}

/** Saves the token (sealed) and the rules; the first save needs a token. */
export async function saveMixcloud(ctx: AppContext, input: MixcloudInput): Promise<MixcloudStatus | 'token_required'> {
  const before = await mixcloudConfigRow(ctx.knex);
  if (!before && !input.access_token) return 'token_required';
  await saveMixcloudConfigRow(ctx.knex, {
    ...(input.access_token ? { token_enc: (await ctx.secrets.box()).seal(input.access_token) } : {}),
    ...(input.min_minutes !== undefined ? { min_minutes: input.min_minutes } : {}),
    ...(input.min_tracks !== undefined ? { min_tracks: input.min_tracks } : {}),
    ...(input.tags ? { tags: [...new Set(input.tags.map((t) => t.trim()).filter(Boolean))].slice(0, MAX_TAGS) } : {}),
  });
  return mixcloudStatus(ctx);
}

export async function removeMixcloud(ctx: AppContext): Promise<void> {
  await deleteMixcloudConfig(ctx.knex);
}

/** Why an episode is not worth publishing on Mixcloud, or null when it is. */
export function skipReason(e: EpisodeRow, rules: { min_minutes: number; min_tracks: number }): MixcloudSkipReason | null {
  if (e.status === 'not_recorded' || !e.file) return 'off_air';
  const span = Math.max(1, (e.aired_to.getTime() - e.aired_from.getTime()) / 1000 - e.trim_start_seconds - e.trim_end_seconds);
  const missing = e.gaps.reduce((s, g) => s + g.seconds, 0);
  if (missing / span > OFF_AIR_SHARE) return 'off_air';
  if ((e.duration_seconds ?? 0) < rules.min_minutes * 60) return 'too_short';
  if (e.tracks.length < rules.min_tracks) return 'few_tracks';
  return null;
}

const SKIP_TEXT: Record<MixcloudSkipReason, (r: { min_minutes: number; min_tracks: number }) => string> = {
  too_short: (r) => `Shorter than ${r.min_minutes} minutes.`,
  off_air: () => 'The show was mostly off air (not recorded).',
  few_tracks: (r) => `Fewer than ${r.min_tracks} tracks played.`,
};

/** The picture of an episode: its presenter's photo, else the station's logo (read from this server or the web). */
async function pictureOf(ctx: AppContext, e: EpisodeRow): Promise<Blob | null> {
  const station = await cachedStationInfo(ctx);
  const person = e.presenter_id ? (await presenterCards(ctx.knex, [e.presenter_id]))[0] : undefined;
  for (const url of [person?.image_url, person?.avatar_url, station.logoUrl]) {
    if (!url) continue;
    try {
      const abs = /^https?:\/\//i.test(url) ? url : ctx.radio.ownOrigin ? new URL(url, ctx.radio.ownOrigin).toString() : null;
      if (!abs) continue;
      const res = await fetch(abs, { signal: AbortSignal.timeout(10_000) });
      const type = res.headers.get('content-type') ?? '';
      if (!res.ok || !/^image\/(jpeg|png|gif|webp)/i.test(type)) {
        await res.body?.cancel().catch(() => undefined);
        continue;
      }
      const bytes = await res.arrayBuffer();
      if (bytes.byteLength > 0 && bytes.byteLength <= 10 * 1024 * 1024) return new Blob([bytes], { type });
    } catch {
      // no picture from here: try the next
    }
  }
  return null;
}

/** The multipart body of Mixcloud's upload API for one episode. */
export async function uploadForm(ctx: AppContext, e: EpisodeRow, tags: readonly string[]): Promise<FormData> {
  const station = await cachedStationInfo(ctx);
  const date = new Date(e.aired_from.getTime() + e.trim_start_seconds * 1000).toISOString().slice(0, 10);
  const form = new FormData();
  const file = path.join(recordingsDir(ctx), e.file!);
  const ext = extensionFor(e.content_type ?? 'audio/mpeg');
  form.append('mp3', await fs.openAsBlob(file, { type: e.content_type ?? 'audio/mpeg' }), `${e.id}.${ext}`);
  const suffix = ` (${date})`;
  form.append('name', `${e.title.slice(0, NAME_MAX - suffix.length)}${suffix}`);
  form.append('description', (e.description?.trim() || `${e.title}, as aired on ${station.name} on ${date}.`).slice(0, DESCRIPTION_MAX));
  tags.slice(0, MAX_TAGS).forEach((t, i) => form.append(`tags-${i}-tag`, t));
  const within = e.tracks.filter((t) => t.offset_seconds <= (e.duration_seconds ?? 0));
  let last = -1;
  let n = 0;
  for (const t of within) {
    const start = Math.max(0, Math.floor(t.offset_seconds));
    if (start <= last && n > 0) continue; // Mixcloud wants each section to start after the one before
    form.append(`sections-${n}-artist`, t.artist || 'Unknown artist');
    form.append(`sections-${n}-song`, t.title || 'Unknown');
    form.append(`sections-${n}-start_time`, String(start));
    last = start;
    n++;
  }
  const picture = await pictureOf(ctx, e);
  if (picture) form.append('picture', picture, `picture.${picture.type.split('/')[1] ?? 'jpg'}`);
  return form;
}

/** What Mixcloud answered, as JSON (its errors are `{ error: { type, message, retry_after? } }`). */
interface MixcloudAnswer {
  result?: { success?: boolean; key?: string; message?: string };
  error?: { type?: string; message?: string; retry_after?: number };
}

/**
 * One round of Mixcloud publishing (on the poller's leader): every new approved episode gets an upload
 * row (or is skipped with its reason), then due uploads are sent one at a time. Mixcloud's rate limit
 * (HTTP 403, `RateLimitException`, `retry_after` seconds) queues the upload and pauses every upload
 * until then. Returns what was sent.
 */
export async function mixcloudRound(ctx: AppContext, opts: { maxSends?: number } = {}): Promise<number> {
  const config = await mixcloudConfig(ctx);
  if (!config || config.token === null) return 0;
  const now = ctx.now();
  const rules = { min_minutes: config.min_minutes, min_tracks: config.min_tracks };
  for (const e of await episodesWithoutUpload(ctx.knex, new Date(new Date(config.created_at).getTime() - BACKLOG_MS), 100)) {
    const reason = skipReason(e, rules);
    await insertMixcloudUpload(ctx.knex, reason ? { episode_id: e.id, state: 'skipped', reason, message: SKIP_TEXT[reason](rules), next_attempt_at: new Date(now) } : { episode_id: e.id, state: 'queued', next_attempt_at: new Date(now) });
  }
  if (config.paused_until && new Date(config.paused_until).getTime() > now) return 0;
  let sent = 0;
  const base = ctx.config.MIXCLOUD_API_URL.replace(/\/+$/, '');
  for (const u of await dueMixcloudUploads(ctx.knex, new Date(now), new Date(now - STALE_MS), opts.maxSends ?? 3)) {
    if (!(await claimMixcloudUpload(ctx.knex, u.episode_id, new Date(now), new Date(now - STALE_MS)))) continue;
    const e = await episodeById(ctx.knex, u.episode_id);
    if (!e || e.status !== 'published' || e.hidden || !e.file || !fs.existsSync(path.join(recordingsDir(ctx), e.file))) {
      await updateMixcloudUpload(ctx.knex, u.episode_id, { state: 'failed', message: 'The episode is no longer published or its audio is gone.' });
      continue;
    }
    sent++;
    const attempts = Number(u.attempts) + 1;
    let status = 0;
    let answer: MixcloudAnswer = {};
    try {
      const res = await fetch(`${base}/upload/?access_token=${encodeURIComponent(config.token)}`, { method: 'POST', body: await uploadForm(ctx, e, config.tags), signal: AbortSignal.timeout(30 * 60_000) });
      status = res.status;
      answer = (await res.json().catch(() => ({}))) as MixcloudAnswer;
    } catch (err) {
      answer = { error: { type: 'NetworkError', message: err instanceof Error ? err.message : String(err) } };
    }
    if (status >= 200 && status < 300 && answer.result?.success !== false) {
      await updateMixcloudUpload(ctx.knex, e.id, { state: 'uploaded', message: answer.result?.message?.slice(0, 500) ?? null, mixcloud_key: answer.result?.key?.slice(0, 300) ?? null });
      ctx.log.info({ episode: e.id, key: answer.result?.key }, 'listen again: an episode was published on Mixcloud');
      continue;
    }
    if (answer.error?.type === 'RateLimitException') {
      const wait = Math.max(1, Number(answer.error.retry_after) || 60) * 1000;
      const until = new Date(ctx.now() + wait);
      await updateMixcloudUpload(ctx.knex, e.id, { state: 'queued', next_attempt_at: until, attempts: attempts - 1, message: `Mixcloud asked to wait ${Math.round(wait / 1000)} s (its rate limit).` });
      await saveMixcloudConfigRow(ctx.knex, { paused_until: until });
      ctx.log.info({ retry_after: wait / 1000 }, 'Mixcloud rate limit: uploads paused');
      break;
    }
    const message = `${answer.error?.type ?? `HTTP ${status}`}: ${answer.error?.message ?? 'Mixcloud refused the upload.'}`.slice(0, 500);
    const retry = status === 0 || status >= 500;
    if (retry && attempts < MAX_ATTEMPTS) {
      await updateMixcloudUpload(ctx.knex, e.id, { state: 'queued', message, next_attempt_at: new Date(ctx.now() + 2 ** attempts * 60_000) });
    } else {
      await updateMixcloudUpload(ctx.knex, e.id, { state: 'failed', message });
      ctx.log.warn({ episode: e.id, message }, 'Mixcloud refused an episode');
    }
  }
  return sent;
}
