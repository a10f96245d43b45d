import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Knex } from 'knex';
import type { NowPlaying, NowPlayingShow } from '../../../shared/radio';
import type { Episode, EpisodeList, ListenAgainSettingsInput, PublishRule, ShowRule, StaffEpisode } from '../../../shared/listen-again';
import { showsBetween } from '../radio/schedule';
import type { AppContext } from '../context';
import { showSlug } from '../../../shared/listen-again-slug';
import { siteOrigin } from '../http/public-url';
import { presenterCards, presenterOfUser } from '../presenters/repo';
import { broadcastLanguagesOf, eventRow } from '../schedule/repo';
import { cachedStationInfo, stationTimezone } from '../settings/service';
import { recordingsDir, listenAgainSettings, type ListenAgainSettings } from './settings';
import { presentMixcloudUpload } from './mixcloud';
import { episodeById, mixcloudUploadsOf, publicEpisodes, readSettingsRow, setShowPublishRule, showPublishRules, staffEpisodes, storedBytes, updateEpisode, writeSettingsRow, type EpisodeRow, type MixcloudUploadRow } from './repo';
import { recutEpisode } from './episodes';
import { recorderStatus, type RecorderStatus } from './recorder';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A show's slug for feed addresses: its title, lower case, words joined by hyphens. */
export const slugOf = showSlug;

/** Start and end of what the episode holds (the aired span less the trims). */
function span(row: EpisodeRow): { from: Date; to: Date } {
  const from = new Date(row.aired_from.getTime() + row.trim_start_seconds * 1000);
  return { from, to: new Date(Math.max(from.getTime(), row.aired_to.getTime() - row.trim_end_seconds * 1000)) };
}

/** The public shape of an episode. Links are absolute when PUBLIC_URL is set. */
export function presentEpisode(row: EpisodeRow, origin: string, downloads: boolean): Episode {
  const { from, to } = span(row);
  return {
    id: row.id,
    show_id: row.show_id,
    title: row.title,
    description: row.description,
    presenter_id: row.presenter_id,
    starts_at: from.toISOString(),
    ends_at: to.toISOString(),
    duration_seconds: row.duration_seconds ?? 0,
    audio_url: `${origin}/api/episodes/${row.id}/audio.mp3`,
    download_url: downloads ? `${origin}/api/episodes/${row.id}/audio.mp3?download=1` : null,
    chapters_url: `${origin}/api/episodes/${row.id}/chapters.json`,
    content_type: row.content_type ?? 'audio/mpeg',
    bytes: row.bytes ?? 0,
    tracks: row.tracks,
    gaps: row.gaps,
  };
}

/**
 * What the station's music licence allows listen again (compliance mode, issue 34 item 4). UK and US webcasting
 * licences cover streaming, not downloads: with either mode there are no downloads and no podcast feeds, whatever
 * the station's own setting says. A US station's archived programs are covered by the DMCA's statutory licence only
 * when they are 5 hours or longer and available for 2 weeks at most (17 U.S.C. §114(d)(2)(C)(iii)): shorter
 * episodes are not offered to listeners, and the public window is at most 14 days. Staff still see every episode.
 */
export const US_ARCHIVE_MIN_SECONDS = 5 * 3600;
export const US_ARCHIVE_MAX_DAYS = 14;
type PublicSettings = ListenAgainSettings & { min_public_seconds: number };
async function publicSettings(ctx: AppContext): Promise<PublicSettings> {
  const settings = await listenAgainSettings(ctx);
  const mode = (await cachedStationInfo(ctx)).compliance_mode;
  if (mode === 'none') return { ...settings, min_public_seconds: 0 };
  return {
    ...settings,
    downloads_enabled: false,
    public_window_days: mode === 'us' ? Math.min(settings.public_window_days, US_ARCHIVE_MAX_DAYS) : settings.public_window_days,
    min_public_seconds: mode === 'us' ? US_ARCHIVE_MIN_SECONDS : 0,
  };
}

/** The episodes a listener may hear: published, not hidden, inside the public window, as long as the licence asks. */
async function listable(ctx: AppContext, settings: PublicSettings, filter: { showIds?: string[]; showKey?: string; presenterId?: string; limit: number }): Promise<EpisodeRow[]> {
  const since = new Date(ctx.now() - settings.public_window_days * 86_400_000);
  const rows = await publicEpisodes(ctx.knex, { since, ...filter });
  return settings.min_public_seconds > 0 ? rows.filter((r) => (r.duration_seconds ?? 0) >= settings.min_public_seconds) : rows;
}

/** Which show keys a `show` parameter means: a show (occurrence) id, its series, or a slug of its title. */
async function showFilter(ctx: AppContext, show: string): Promise<{ showIds?: string[]; slug?: string }> {
  if (UUID_RE.test(show)) {
    const event = await eventRow(ctx.knex, show);
    return { showIds: [show, ...(event?.series_id ? [event.series_id] : [])] };
  }
  return { slug: slugOf(show) };
}

/** GET /api/episodes. */
export async function listEpisodes(ctx: AppContext, q: { show?: string; presenter?: string; limit: number }): Promise<EpisodeList> {
  const settings = await publicSettings(ctx);
  const origin = siteOrigin(ctx.config);
  let rows: EpisodeRow[];
  if (q.show) {
    const f = await showFilter(ctx, q.show);
    rows = f.showIds ? await listable(ctx, settings, { showIds: f.showIds, presenterId: q.presenter, limit: q.limit }) : (await listable(ctx, settings, { presenterId: q.presenter, limit: 500 })).filter((r) => slugOf(r.title) === f.slug).slice(0, q.limit);
  } else rows = await listable(ctx, settings, { presenterId: q.presenter, limit: q.limit });
  const feed = !settings.downloads_enabled ? null : `${origin}/podcasts/${q.show ? encodeURIComponent(q.show) : 'station'}.xml`;
  return { episodes: rows.map((r) => presentEpisode(r, origin, settings.downloads_enabled)), feed_url: feed, public_window_days: settings.public_window_days };
}

/** One listed episode, or undefined (unknown, hidden, unpublished, outside the window). */
export async function publicEpisode(ctx: AppContext, id: string): Promise<{ row: EpisodeRow; settings: ListenAgainSettings } | undefined> {
  if (!UUID_RE.test(id)) return undefined;
  const row = await episodeById(ctx.knex, id);
  const settings = await publicSettings(ctx);
  if (!row || row.status !== 'published' || row.hidden || !row.file) return undefined;
  if (row.aired_from.getTime() < ctx.now() - settings.public_window_days * 86_400_000) return undefined;
  if ((row.duration_seconds ?? 0) < settings.min_public_seconds) return undefined;
  return { row, settings };
}

/** The audio file of an episode on disk. */
export function episodeAudioPath(ctx: AppContext, row: EpisodeRow): string {
  return path.join(recordingsDir(ctx), row.file!);
}

/** Podcasting 2.0 JSON chapters of an episode. */
export function chaptersOf(row: EpisodeRow): { version: string; chapters: { startTime: number; title: string }[] } {
  const trimmed = row.tracks.filter((t) => t.offset_seconds <= (row.duration_seconds ?? 0));
  return { version: '1.2.0', chapters: trimmed.map((t) => ({ startTime: t.offset_seconds, title: t.artist ? `${t.artist} – ${t.title}` : t.title })) };
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
const hms = (sec: number) => {
  const s = Math.max(0, Math.round(sec));
  return `${String(Math.floor(s / 3600)).padStart(2, '0')}:${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
};

/**
 * A podcast feed (RSS 2.0 with the `itunes` and Podcasting 2.0 namespaces): the station's, or one
 * show's (`show` an id, series id or slug). Undefined when downloads are off (no feed then) or the show
 * is unknown.
 */
export async function podcastFeed(ctx: AppContext, show: string | null): Promise<string | undefined> {
  const settings = await publicSettings(ctx);
  if (!settings.downloads_enabled) return undefined;
  const station = await cachedStationInfo(ctx);
  const origin = siteOrigin(ctx.config);
  let rows: EpisodeRow[];
  let title = station.name;
  let description = station.tagline || `Every show of ${station.name}, as it aired.`;
  let link = `${origin}/listen-again`;
  let self = `${origin}/podcasts/station.xml`;
  // The channel's language (issue 35): a show's broadcast language, else the station's default language.
  let language: string = station.language;
  if (show) {
    const f = await showFilter(ctx, show);
    if (f.showIds) {
      const event = await eventRow(ctx.knex, f.showIds[0]!);
      rows = await listable(ctx, settings, { showIds: f.showIds, limit: 300 });
      if (!event && rows.length === 0) return undefined;
      if (event?.broadcast_language) language = event.broadcast_language;
      title = `${event?.title ?? rows[0]!.title} – ${station.name}`;
      description = event?.description || description;
    } else {
      rows = (await listable(ctx, settings, { limit: 1000 })).filter((r) => slugOf(r.title) === f.slug).slice(0, 300);
      if (rows.length === 0) return undefined;
      title = `${rows[0]!.title} – ${station.name}`;
    }
    link = `${origin}/listen-again?show=${encodeURIComponent(show)}`;
    self = `${origin}/podcasts/${encodeURIComponent(show)}.xml`;
  } else rows = await listable(ctx, settings, { limit: 300 });
  // Each episode's own broadcast language (its show's), when the show has one.
  const languages = await broadcastLanguagesOf(ctx.knex, rows.map((r) => r.show_id));
  // A show's feed found by its slug: the language of its latest episode's show.
  if (show && language === station.language && rows.length > 0) language = languages.get(rows[0]!.show_id) ?? language;
  const presenterIds = [...new Set(rows.map((r) => r.presenter_id).filter((x): x is string => !!x))];
  const people = new Map((await presenterCards(ctx.knex, presenterIds)).map((p) => [p.id, p]));
  const image = station.logoUrl ? (/^https?:/.test(station.logoUrl) ? station.logoUrl : `${origin}${station.logoUrl}`) : null;
  const live = ctx.radio.store.current;
  const items = rows.map((r) => {
    const e = presentEpisode(r, origin, true);
    const person = r.presenter_id ? people.get(r.presenter_id) : undefined;
    return `    <item>
      <title>${esc(`${r.title} (${e.starts_at.slice(0, 10)})`)}</title>
      <description>${esc(r.description ?? r.title)}</description>
      <guid isPermaLink="false">airdeck-episode-${r.id}</guid>
      <podcast:guid>${r.id}</podcast:guid>
      <pubDate>${new Date(e.ends_at).toUTCString()}</pubDate>
      <link>${esc(`${origin}/listen-again?episode=${r.id}`)}</link>
      <enclosure url="${esc(e.download_url!)}" length="${e.bytes}" type="${esc(e.content_type)}"/>
      <itunes:duration>${hms(e.duration_seconds)}</itunes:duration>
      <itunes:episodeType>full</itunes:episodeType>
      <itunes:explicit>false</itunes:explicit>
      <podcast:chapters url="${esc(e.chapters_url)}" type="application/json+chapters"/>${languages.has(r.show_id) ? `\n      <dc:language>${esc(languages.get(r.show_id)!)}</dc:language>` : ''}${person ? `\n      <podcast:person role="host" href="${esc(`${origin}/djs/${person.id}`)}">${esc(person.name)}</podcast:person>` : ''}
    </item>`;
  });
  const liveItem = liveItemOf(live, station.name, origin, show ? rows[0]?.show_key ?? show : null, show ? slugOf(rows[0]?.title ?? show) : null);
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:podcast="https://podcastindex.org/namespace/1.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">
  <channel>
    <title>${esc(title)}</title>
    <link>${esc(link)}</link>
    <atom:link href="${esc(self)}" rel="self" type="application/rss+xml"/>
    <description>${esc(description)}</description>
    <language>${esc(language)}</language>
    <itunes:author>${esc(station.name)}</itunes:author>
    <itunes:owner><itunes:name>${esc(station.name)}</itunes:name>${station.contactEmail ? `<itunes:email>${esc(station.contactEmail)}</itunes:email>` : ''}</itunes:owner>
    <itunes:explicit>false</itunes:explicit>
    <itunes:type>episodic</itunes:type>
    <itunes:category text="Music"/>${image ? `\n    <itunes:image href="${esc(image)}"/>\n    <image><url>${esc(image)}</url><title>${esc(title)}</title><link>${esc(link)}</link></image>` : ''}
    <podcast:guid>${esc(podcastGuid(origin || 'airdeck', show ?? 'station'))}</podcast:guid>
    <podcast:funding url="${esc(`${origin}/donate`)}">Support ${esc(station.name)}</podcast:funding>
    <podcast:locked>no</podcast:locked>${liveItem}
${items.join('\n')}
  </channel>
</rss>
`;
}

/**
 * `podcast:liveItem`: the show on air now (`live`, pointing at the live stream), else the next one
 * (`pending`); for a show's feed only that show's.
 */
function liveItemOf(np: NowPlaying | null, stationName: string, origin: string, showKey: string | null, slug: string | null): string {
  if (!np) return '';
  const matches = (s: NowPlayingShow | null) => !!s && (!showKey || s.id === showKey || slugOf(s.title) === slug);
  const current = np.station.is_online && matches(np.current_show) ? np.current_show : null;
  const show = current ?? (matches(np.next_show) ? np.next_show : null);
  if (!show) return '';
  const stream = /^https?:/.test(np.station.listen_url) ? np.station.listen_url : `${origin}${np.station.listen_url}`;
  return `
    <podcast:liveItem status="${current ? 'live' : 'pending'}" start="${new Date(show.starts_at * 1000).toISOString()}" end="${new Date(show.ends_at * 1000).toISOString()}">
      <title>${esc(show.title)}</title>
      <description>${esc(`${show.title}, live on ${stationName}`)}</description>
      <guid isPermaLink="false">airdeck-live-${esc(show.id)}</guid>
      <enclosure url="${esc(stream)}" type="audio/mpeg" length="0"/>
      <podcast:contentLink href="${esc(`${origin}/`)}">Listen live</podcast:contentLink>
    </podcast:liveItem>`;
}

/** A stable feed GUID (a name-based UUID, as Podcasting 2.0 asks: v5 of the feed's address). */
function podcastGuid(origin: string, key: string): string {
  const ns = Buffer.from('ead4c236bf58589083bba85b6e4b7a8b', 'hex'); // the podcast namespace UUID
  const h = createHash('sha1').update(Buffer.concat([ns, Buffer.from(`${origin.replace(/^https?:\/\//, '')}/podcasts/${key}.xml`)])).digest();
  h[6] = (h[6]! & 0x0f) | 0x50;
  h[8] = (h[8]! & 0x3f) | 0x80;
  const x = h.subarray(0, 16).toString('hex');
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`;
}

/** The staff's view: the settings, disk use and the recorder's state. */
export async function staffStatus(ctx: AppContext): Promise<{ settings: ListenAgainSettings; recorder: RecorderStatus; disk: { recordings_bytes: number; episodes_bytes: number; files: number; oldest_recording: string | null; free_bytes: number | null } }> {
  const settings = await listenAgainSettings(ctx);
  const used = await storedBytes(ctx.knex);
  const recorder = recorderStatus(ctx);
  let free = recorder.free_bytes;
  if (free === null) {
    try {
      const dir = recordingsDir(ctx);
      fs.mkdirSync(dir, { recursive: true });
      const st = fs.statfsSync(dir);
      free = Number(st.bavail) * Number(st.bsize);
    } catch {
      free = null;
    }
  }
  return { settings, recorder, disk: { recordings_bytes: used.recordings, episodes_bytes: used.episodes, files: used.files, oldest_recording: used.oldest ? new Date(used.oldest).toISOString() : null, free_bytes: free } };
}

/** Saves settings (the retention never below the logger minimum). */
export async function saveSettings(ctx: AppContext, input: ListenAgainSettingsInput): Promise<ListenAgainSettings> {
  const before = await readSettingsRow(ctx.knex);
  const retention = input.retention_days ?? before.retention_days;
  const logger = input.logger_min_days ?? before.logger_min_days;
  if (retention < logger) throw Object.assign(new Error('retention'), { field: 'retention_days', message: `Recordings must be kept at least ${logger} days (the logger minimum).` });
  await writeSettingsRow(ctx.knex, { ...input, ...(input.excluded_hours ? { excluded_hours: [...new Set(input.excluded_hours)].sort((a, b) => a - b) } : {}) });
  return listenAgainSettings(ctx);
}

export async function setPublishRule(knex: Knex, showId: string, rule: PublishRule): Promise<string | undefined> {
  const event = await eventRow(knex, showId);
  const key = event ? (event.series_id ?? event.id) : UUID_RE.test(showId) ? showId : undefined;
  if (!key) return undefined;
  await setShowPublishRule(knex, key, rule);
  return key;
}

/** An episode as staff see it. */
export function presentStaffEpisode(row: EpisodeRow, origin: string, downloads: boolean, mixcloud: MixcloudUploadRow | undefined = undefined): StaffEpisode {
  const e = presentEpisode(row, origin, downloads);
  return { ...e, status: row.status, hidden: row.hidden, trim_start_seconds: row.trim_start_seconds, trim_end_seconds: row.trim_end_seconds, duration_seconds: row.duration_seconds, bytes: row.bytes, content_type: row.content_type, mixcloud: mixcloud ? presentMixcloudUpload(mixcloud) : null };
}

/** Episodes for staff: managers all, presenters their own. */
export async function listStaffEpisodes(ctx: AppContext, user: { id: string }, all: boolean): Promise<StaffEpisode[]> {
  const settings = await listenAgainSettings(ctx);
  const origin = siteOrigin(ctx.config);
  let presenterId: string | undefined;
  if (!all) {
    const own = await presenterOfUser(ctx.knex, user.id);
    if (!own) return [];
    presenterId = own.id;
  }
  const rows = await staffEpisodes(ctx.knex, { presenterId, limit: 200 });
  const uploads = await mixcloudUploadsOf(ctx.knex, rows.map((r) => r.id));
  return rows.map((r) => presentStaffEpisode(r, origin, settings.downloads_enabled, uploads.get(r.id)));
}

/** What a staff member may change on an episode: managers everything, its presenter hidden and approved only. */
export async function patchEpisode(ctx: AppContext, user: { id: string }, manager: boolean, id: string, patch: { title?: string; description?: string | null; trim_start_seconds?: number; trim_end_seconds?: number; hidden?: boolean; approved?: boolean }): Promise<StaffEpisode | 'not_found' | 'forbidden'> {
  const row = UUID_RE.test(id) ? await episodeById(ctx.knex, id) : undefined;
  if (!row) return 'not_found';
  if (!manager) {
    const own = await presenterOfUser(ctx.knex, user.id);
    if (!own || own.id !== row.presenter_id) return 'forbidden';
    if (patch.title !== undefined || patch.description !== undefined || patch.trim_start_seconds !== undefined || patch.trim_end_seconds !== undefined) return 'forbidden';
  }
  const values: Partial<EpisodeRow> = {};
  if (patch.title !== undefined) values.title = patch.title;
  if (patch.description !== undefined) values.description = patch.description;
  if (patch.hidden !== undefined) values.hidden = patch.hidden;
  if (patch.approved !== undefined && (row.status === 'pending' || row.status === 'published' || row.status === 'never')) values.status = patch.approved ? 'published' : 'pending';
  const trims = patch.trim_start_seconds !== undefined || patch.trim_end_seconds !== undefined;
  if (trims) {
    values.trim_start_seconds = patch.trim_start_seconds ?? row.trim_start_seconds;
    values.trim_end_seconds = patch.trim_end_seconds ?? row.trim_end_seconds;
  }
  await updateEpisode(ctx.knex, row.id, values);
  const after = trims ? await recutEpisode(ctx, row.id) : await episodeById(ctx.knex, row.id);
  const settings = await listenAgainSettings(ctx);
  return presentStaffEpisode(after!, siteOrigin(ctx.config), settings.downloads_enabled, (await mixcloudUploadsOf(ctx.knex, [row.id])).get(row.id));
}

/** The shows of the last and next two weeks (a series once), with their publishing rules, for the staff screen. */
export async function showRules(ctx: AppContext): Promise<ShowRule[]> {
  const now = ctx.now();
  const zone = await stationTimezone(ctx);
  const shows = await showsBetween(ctx.knex, now - 14 * 86_400_000, now + 14 * 86_400_000, zone, ['scheduled', 'completed', 'pending', 'approved']);
  const byKey = new Map<string, ShowRule>();
  for (const s of shows.sort((a, b) => a.startMs - b.startMs)) {
    const event = await eventRow(ctx.knex, s.id);
    const key = event?.series_id ?? s.id;
    const at = new Date(s.startMs).toISOString();
    const prev = byKey.get(key);
    if (!prev) byKey.set(key, { show_key: key, show_id: s.id, title: s.title, presenter_name: s.presenter_name ?? s.host, next_at: s.startMs >= now ? at : null, last_at: s.startMs < now ? at : null, publish: 'auto' });
    else if (s.startMs >= now && !prev.next_at) prev.next_at = at;
    else if (s.startMs < now) prev.last_at = at;
    if (byKey.size >= 300) break;
  }
  const rules = await showPublishRules(ctx.knex, [...byKey.keys()]);
  return [...byKey.values()].map((r) => ({ ...r, publish: rules.get(r.show_key) ?? 'auto' })).sort((a, b) => a.title.localeCompare(b.title));
}
