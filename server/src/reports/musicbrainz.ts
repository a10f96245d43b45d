import { z } from 'zod';
import { callUpstream, type FetchLike } from '../integrations/http';

/**
 * The optional MusicBrainz lookup of the play log (issue 34 item 1): finds a
 * recording by its ISRC, else by artist and title, and reads the album, label
 * and catalogue number from its first official release. Uses MusicBrainz's
 * web service version 2 in JSON (`/ws/2/recording?query=…&fmt=json`, then
 * `/ws/2/release/{mbid}?inc=labels&fmt=json`) at `MUSICBRAINZ_URL`; nothing
 * is called when that is unset. Answers are suggestions: staff save them.
 */

/** What the lookup suggests for a play's track; `''` when MusicBrainz does not say. */
export interface MusicBrainzSuggestion {
  recording_id: string;
  title: string;
  artist: string;
  isrc: string;
  album: string;
  label: string;
  catalogue_number: string;
  release_id: string;
}

const ArtistCredit = z.array(z.object({ name: z.string().optional(), joinphrase: z.string().optional(), artist: z.object({ name: z.string().optional() }).passthrough().optional() }).passthrough()).optional();

const Release = z
  .object({
    id: z.string(),
    title: z.string().optional(),
    status: z.string().nullish(),
    date: z.string().nullish(),
  })
  .passthrough();

const RecordingSearch = z
  .object({
    recordings: z.array(
      z
        .object({
          id: z.string(),
          score: z.coerce.number().optional(),
          title: z.string().optional(),
          'artist-credit': ArtistCredit,
          isrcs: z.array(z.string()).optional(),
          releases: z.array(Release).optional(),
        })
        .passthrough(),
    ),
  })
  .passthrough();

const ReleaseLookup = z
  .object({
    id: z.string(),
    title: z.string().optional(),
    'label-info': z
      .array(z.object({ 'catalog-number': z.string().nullish(), label: z.object({ name: z.string().optional() }).passthrough().nullish() }).passthrough())
      .optional(),
  })
  .passthrough();

/** A Lucene phrase for MusicBrainz's search syntax (quotes and backslashes escaped). */
const phrase = (s: string) => `"${s.replace(/[\\"]/g, (c) => `\\${c}`)}"`;

const credit = (c: z.infer<typeof ArtistCredit>) => (c ?? []).map((a) => `${a.name ?? a.artist?.name ?? ''}${a.joinphrase ?? ''}`).join('').trim();

export interface MusicBrainzOptions {
  baseUrl: string;
  timeoutMs: number;
  fetch?: FetchLike;
}

/** Looks up one track. `null` when MusicBrainz knows no matching recording. */
export async function lookupRecording(opts: MusicBrainzOptions, track: { artist: string; title: string; isrc: string }): Promise<MusicBrainzSuggestion | null> {
  const base = opts.baseUrl.replace(/\/+$/, '');
  const isrc = track.isrc.replace(/[^A-Za-z0-9]/g, '').toUpperCase();
  const query = isrc ? `isrc:${isrc}` : `recording:${phrase(track.title)} AND artist:${phrase(track.artist)}`;
  const search = await callUpstream({ service: 'MusicBrainz', url: `${base}/ws/2/recording?query=${encodeURIComponent(query)}&limit=5&fmt=json`, timeoutMs: opts.timeoutMs, ...(opts.fetch ? { fetch: opts.fetch } : {}) });
  const parsed = RecordingSearch.safeParse(search.body);
  if (!parsed.success) return null;
  const rec = parsed.data.recordings.find((r) => (r.score ?? 100) >= 80);
  if (!rec) return null;
  const releases = rec.releases ?? [];
  const release = releases.find((r) => r.status === 'Official') ?? releases[0];
  let label = '';
  let catalogue = '';
  let album = release?.title ?? '';
  if (release) {
    const lookup = await callUpstream({ service: 'MusicBrainz', url: `${base}/ws/2/release/${encodeURIComponent(release.id)}?inc=labels&fmt=json`, timeoutMs: opts.timeoutMs, acceptStatuses: [404], ...(opts.fetch ? { fetch: opts.fetch } : {}) });
    const rel = ReleaseLookup.safeParse(lookup.body);
    if (lookup.status === 200 && rel.success) {
      album = rel.data.title ?? album;
      const info = rel.data['label-info']?.find((i) => i.label?.name) ?? rel.data['label-info']?.[0];
      label = info?.label?.name ?? '';
      catalogue = info?.['catalog-number'] ?? '';
    }
  }
  return {
    recording_id: rec.id,
    title: rec.title ?? '',
    artist: credit(rec['artist-credit']),
    isrc: isrc && (rec.isrcs ?? []).includes(isrc) ? isrc : (rec.isrcs?.[0] ?? ''),
    album,
    label,
    catalogue_number: catalogue,
    release_id: release?.id ?? '',
  };
}
