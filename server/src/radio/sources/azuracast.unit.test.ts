import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  createAzuraCastSource,
  parseAzuraCastFrame,
  parseAzuraCastNowPlaying,
  parseAzuraCastStreamers,
  withStreamers,
  type AzuraCastSourceOptions,
} from './azuracast';
import { applyFallbacks } from './normalise';
import { SourceError, type FetchLike } from './types';

const FIXTURES = path.resolve(__dirname, '../../../../../shared/fixtures/azuracast/');

function fixture(name: string): unknown {
  return JSON.parse(fs.readFileSync(path.join(FIXTURES, name), 'utf8'));
}

/** Fixture access for assertions, loosely typed on purpose: tests compare against the file. */
interface RawSong {
  id: string;
  art: string;
  title: string;
  artist: string;
  album: string;
}
interface RawItem {
  sh_id: number;
  played_at: number;
  duration: number;
  playlist: string | null;
  streamer: string | null;
  is_request: boolean;
  song: RawSong;
}
interface RawDoc {
  station: { name: string; listen_url: string };
  listeners: { total: number; unique: number; current: number };
  live: { is_live: boolean; streamer_name: string; broadcast_start: number | null; art: string | null };
  now_playing: RawItem & { elapsed: number; remaining: number };
  playing_next: (Omit<RawItem, 'sh_id' | 'streamer'> & { cued_at: number }) | null;
  song_history: RawItem[];
  is_online: boolean;
}
// The one cast in this file: fixture JSON is described by RawDoc for reading expected values.
const doc = (name: string) => fixture(name) as RawDoc;

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null;
}

/** A deep copy of `root` with the value at `keys` replaced (or removed when `value` is undefined). */
function patched(root: unknown, keys: readonly string[], value: unknown): unknown {
  const copy: unknown = structuredClone(root);
  let node: unknown = copy;
  for (const key of keys.slice(0, -1)) {
    if (!isObject(node)) throw new Error(`no object at ${key}`);
    node = node[key];
  }
  const last = keys[keys.length - 1];
  if (!isObject(node) || last === undefined) throw new Error('bad path');
  if (value === undefined) delete node[last];
  else node[last] = value;
  return copy;
}

/** A number inside fixture JSON. */
function numberAt(root: unknown, keys: readonly string[]): number {
  let node: unknown = root;
  for (const key of keys) node = isObject(node) ? node[key] : undefined;
  if (typeof node !== 'number') throw new Error(`no number at ${keys.join('.')}`);
  return node;
}

function syncError(fn: () => unknown): SourceError {
  try {
    fn();
  } catch (error) {
    if (error instanceof SourceError) return error;
    throw error;
  }
  throw new Error('expected a SourceError');
}

/** The instant a document was generated, recovered from AzuraCast's own formula elapsed = now + 5 - played_at. */
const generatedAtMs = (d: RawDoc) => (d.now_playing.played_at + d.now_playing.elapsed - 5) * 1000;

/** `GET /api/time` was taken at the same moment as the AutoDJ document. */
/** One complete error body from nowplaying_errors.json. */
function errorBody(key: string): unknown {
  const all = fixture('nowplaying_errors.json');
  if (!isObject(all) || !(key in all)) throw new Error(`no error fixture ${key}`);
  return all[key];
}

const timeNowMs = () => numberAt(fixture('time.json'), ['timestamp']) * 1000;

describe('parseAzuraCastNowPlaying: AutoDJ document', () => {
  const raw = doc('nowplaying_autodj.json');
  const snap = parseAzuraCastNowPlaying(raw, timeNowMs());

  it('reports the current track with its metadata', () => {
    expect(snap.online).toBe(true);
    expect(snap.source).toBe('azuracast');
    expect(snap.stationName).toBe('Riverside Community Radio');
    expect(snap.track).toMatchObject({
      title: 'Tenere Taqhim Tossam',
      artist: 'Tinariwen',
      album: 'Tassili',
      durationSeconds: 279,
      startedAt: raw.now_playing.played_at * 1000,
      sourceId: '48213',
      songId: raw.now_playing.song.id,
      playlist: 'World Grooves',
      streamer: null,
      isRequest: false,
    });
    expect(snap.track?.artUrl).toBe(raw.now_playing.song.art);
    expect(snap.streamUrl).toBe(raw.station.listen_url);
    expect(snap.fetchedAt).toBe(timeNowMs());
  });

  it('computes elapsed exactly as AzuraCast does at the same instant', () => {
    expect(snap.track?.elapsedSeconds).toBe(raw.now_playing.elapsed);
  });

  it('recomputes a stale elapsed from played_at and clamps it to the duration', () => {
    const stale = patched(raw, ['now_playing', 'elapsed'], 3);
    expect(parseAzuraCastNowPlaying(stale, timeNowMs()).track?.elapsedSeconds).toBe(raw.now_playing.elapsed);
    expect(parseAzuraCastNowPlaying(raw, timeNowMs() + 60_000).track?.elapsedSeconds).toBe(raw.now_playing.elapsed + 60);
    expect(parseAzuraCastNowPlaying(raw, timeNowMs() + 600_000).track?.elapsedSeconds).toBe(279);
    expect(parseAzuraCastNowPlaying(raw, raw.now_playing.played_at * 1000 - 60_000).track?.elapsedSeconds).toBe(0);
  });

  it('takes listener counts from the station total, not a single mount', () => {
    expect(snap.listeners).toEqual({ current: 42, unique: 36, total: 42 });
  });

  it('keeps all five history items newest first, including the gap left by a hidden jingle', () => {
    expect(snap.history).toHaveLength(raw.song_history.length);
    expect(snap.history.map((h) => h.sourceId)).toEqual(['48212', '48211', '48210', '48209', '48207']);
    const times = snap.history.map((h) => h.playedAt);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(times.every((t) => t < (snap.track?.startedAt ?? 0))).toBe(true);
    expect(snap.history.map((h) => h.artist)).toEqual([
      'Rosalía',
      'The Riverside Ukulele Collective',
      '坂本龍一',
      'Amadou & Mariam',
      'Sigur Rós',
    ]);
  });

  it('marks the listener request and gives it no playlist', () => {
    const requests = snap.history.filter((h) => h.isRequest);
    expect(requests.map((h) => h.title)).toEqual(['Malamente']);
    expect(requests[0]?.playlist).toBeNull();
    expect(snap.history.filter((h) => !h.isRequest).every((h) => h.playlist !== null)).toBe(true);
  });

  it('treats a media-art URL without its timestamp suffix as "no art" and a missing album as blank', () => {
    const noArt = snap.history.find((h) => h.title === 'Canal Path Blues');
    expect(noArt?.artUrl).toBeNull();
    expect(noArt?.album).toBe('');
    expect(applyFallbacks(snap).history.find((h) => h.title === 'Canal Path Blues')?.album).toBe('Unknown Album');
    expect(snap.history.filter((h) => h.artUrl !== null)).toHaveLength(4);
  });

  it('keeps the fractional playing_next duration and sees that it is still ahead', () => {
    expect(snap.playingNext).toMatchObject({
      title: 'Afrique Victime',
      artist: 'Mdou Moctar',
      durationSeconds: 445.21,
      playedAt: 1781372570_000,
      isStale: false,
    });
  });

  it('is not live, so the presenter is the AutoDJ', () => {
    expect(snap.live).toEqual({ isLive: false, streamerName: null, broadcastStart: null, artUrl: null, streamerId: null });
    expect(applyFallbacks(snap).presenter).toBe('Auto DJ');
  });
});

describe('parseAzuraCastNowPlaying: live DJ document', () => {
  const raw = doc('nowplaying_live.json');
  const now = generatedAtMs(raw);
  const snap = parseAzuraCastNowPlaying(raw, now);

  it('reports the DJ, the broadcast start in ms and the streamer id from the avatar URL', () => {
    expect(snap.live).toEqual({
      isLive: true,
      streamerName: 'Ngozi Adébáyọ̀',
      broadcastStart: 1781377212_000,
      artUrl: raw.live.art,
      streamerId: '3',
    });
    expect(applyFallbacks(snap).presenter).toBe('Ngozi Adébáyọ̀');
  });

  it('treats duration 0 as unknown and lets elapsed run past any default', () => {
    expect(snap.track?.title).toBe('Water No Get Enemy');
    expect(snap.track?.durationSeconds).toBeNull();
    expect(snap.track?.elapsedSeconds).toBe(raw.now_playing.elapsed);
    expect(parseAzuraCastNowPlaying(raw, now + 1_000_000).track?.elapsedSeconds).toBe(raw.now_playing.elapsed + 1000);
    const display = applyFallbacks(snap).track;
    expect(display?.durationSeconds).toBe(180);
    expect(display?.durationIsEstimate).toBe(true);
    expect(display?.album).toBe('Unknown Album');
  });

  it('keeps the DJ avatar as the art of the live item', () => {
    expect(snap.track?.artUrl).toBe(raw.live.art);
  });

  it('separates DJ items from AutoDJ items in history and fills in a missing artist', () => {
    expect(snap.history.map((h) => h.streamer)).toEqual([
      'Ngozi Adébáyọ̀',
      'Ngozi Adébáyọ̀',
      'Ngozi Adébáyọ̀',
      null,
      null,
    ]);
    expect(snap.history.filter((h) => h.streamer !== null).every((h) => h.playlist === null && h.artUrl === null)).toBe(true);
    const talk = snap.history[0];
    expect(talk?.title).toBe('Shout-outs & what’s on in Riverside this week');
    expect(talk?.artist).toBe('');
    expect(applyFallbacks(snap).history[0]?.artist).toBe('Unknown Artist');
    expect(snap.history.slice(3).map((h) => h.artist)).toEqual(['Björk', 'Motörhead']);
  });

  it("flags the AutoDJ's queue item as stale while the DJ is on", () => {
    expect(snap.playingNext?.title).toBe('Chan Chan');
    expect(snap.playingNext?.isStale).toBe(true);
  });

  it('says "Live Presenter" when the DJ has no name', () => {
    const anon = patched(patched(raw, ['live', 'streamer_name'], ''), ['now_playing', 'streamer'], '');
    const s = parseAzuraCastNowPlaying(anon, now);
    expect(s.live.isLive).toBe(true);
    expect(s.live.streamerName).toBeNull();
    expect(applyFallbacks(s).presenter).toBe('Live Presenter');
  });

  it('has no streamer id when the DJ has no avatar', () => {
    const noAvatar = patched(raw, ['live', 'art'], null);
    expect(parseAzuraCastNowPlaying(noAvatar, now).live).toMatchObject({ artUrl: null, streamerId: null });
  });
});

describe('parseAzuraCastNowPlaying: offline document', () => {
  const raw = doc('nowplaying_offline.json');
  const now = (raw.now_playing.elapsed - 5) * 1000;
  const snap = parseAzuraCastNowPlaying(raw, now);

  it('is offline with no track: the "Station Offline" placeholder and its huge elapsed are ignored', () => {
    expect(raw.now_playing.elapsed).toBeGreaterThan(1e9);
    expect(snap.online).toBe(false);
    expect(snap.track).toBeNull();
    expect(snap.playingNext).toBeNull();
    expect(snap.listeners).toEqual({ current: 0, unique: 0, total: 0 });
    expect(JSON.stringify(snap)).not.toContain('Station Offline');
  });

  it('still returns the last five tracks, newest first', () => {
    expect(snap.history.map((h) => h.title)).toEqual([
      'An Ending (Ascent)',
      'Water Copy',
      'Saman',
      'Journey in Satchidananda',
      '3 A.M. Sketch',
    ]);
    expect(snap.history[4]?.artUrl).toBeNull();
  });

  it('shows the AutoDJ presenter and no track when fallbacks are applied', () => {
    const display = applyFallbacks(snap);
    expect(display.presenter).toBe('Auto DJ');
    expect(display.track).toBeNull();
  });
});

describe('parseAzuraCastNowPlaying: schema versus reality', () => {
  const base = doc('nowplaying_autodj.json');
  const now = timeNowMs();

  it('accepts custom_fields as an object with null values', () => {
    const d = patched(base, ['now_playing', 'song', 'custom_fields'], { bpm: '122', record_label: null });
    expect(parseAzuraCastNowPlaying(d, now).track?.title).toBe('Tenere Taqhim Tossam');
  });

  it('accepts null where strings are expected and treats it like ""', () => {
    let d: unknown = patched(base, ['now_playing', 'playlist'], null);
    for (const field of ['artist', 'album', 'genre', 'isrc', 'lyrics']) d = patched(d, ['now_playing', 'song', field], null);
    const t = parseAzuraCastNowPlaying(d, now).track;
    expect(t).toMatchObject({ title: 'Tenere Taqhim Tossam', artist: '', album: '', playlist: null });
  });

  it('accepts cache "event" and numbers sent as strings', () => {
    const d = patched(patched(base, ['cache'], 'event'), ['now_playing', 'duration'], '279');
    expect(parseAzuraCastNowPlaying(d, now).track?.durationSeconds).toBe(279);
  });

  it('derives artist and title from `text` when only the text is filled', () => {
    let d: unknown = patched(base, ['now_playing', 'song', 'text'], 'Fela Kuti - Water No Get Enemy');
    d = patched(patched(d, ['now_playing', 'song', 'artist'], ''), ['now_playing', 'song', 'title'], '');
    expect(parseAzuraCastNowPlaying(d, now).track).toMatchObject({ artist: 'Fela Kuti', title: 'Water No Get Enemy' });
  });

  it('drops a malformed history item instead of failing the whole read', () => {
    const history: unknown[] = [...base.song_history];
    history.splice(1, 0, { sh_id: 1, played_at: 'yesterday', song: null }, 'junk');
    expect(parseAzuraCastNowPlaying(patched(base, ['song_history'], history), now).history).toHaveLength(5);
  });

  it('tolerates missing song_history and playing_next', () => {
    const d = patched(patched(base, ['song_history'], undefined), ['playing_next'], undefined);
    const s = parseAzuraCastNowPlaying(d, now);
    expect(s.history).toEqual([]);
    expect(s.playingNext).toBeNull();
  });

  it('rejects documents that are not now-playing data with a parse error', () => {
    const cases: unknown[] = [null, [], 'text', fixture('station.json'), fixture('time.json')];
    for (const bad of cases) {
      expect(() => parseAzuraCastNowPlaying(bad, now)).toThrowError(SourceError);
    }
  });

  it('recognises an AzuraCast error body and repeats its message', () => {
    const body = errorBody('unknown_station_http_404');
    const err = syncError(() => parseAzuraCastNowPlaying(body, now));
    expect(err.kind).toBe('parse');
    expect(err.message).toContain('Station not found.');
    expect(err.remoteType).toBe('NotFoundException');
  });
});

describe('parseAzuraCastFrame', () => {
  const connectRaw = fixture('sse_connect_frame.json');
  const pubRaw = fixture('sse_publication_frame.json');
  const connectTime = numberAt(connectRaw, ['connect', 'time']);

  it('reads the publication replayed in the connect frame', () => {
    const frame = parseAzuraCastFrame(connectRaw, connectTime);
    expect(frame).not.toBeNull();
    expect(frame?.kind).toBe('connect');
    expect(frame?.channel).toBe('station:riverside_community_radio');
    expect(frame?.offset).toBe(18342);
    expect(frame?.triggers).toEqual(['listener_gained']);
    expect(frame?.publishedAt).toBe(1781378371_000);
    expect(frame?.snapshot.track?.title).toBe('Water No Get Enemy');
    expect(frame?.snapshot.live.streamerName).toBe('Ngozi Adébáyọ̀');
    expect(frame?.snapshot.listeners.current).toBe(58);
  });

  it('counts elapsed to the moment of receipt, not the older publication time (connect.time is in ms)', () => {
    const frame = parseAzuraCastFrame(connectRaw, connectTime);
    // 9 s passed between publication and connect; the cached value (280) is older.
    expect(frame?.snapshot.track?.elapsedSeconds).toBe(Math.floor(connectTime / 1000) + 5 - 1781378096);
    expect(frame?.snapshot.track?.elapsedSeconds).toBeGreaterThan(280);
  });

  it('reads a later push and sees the previous live item move into history', () => {
    const before = parseAzuraCastFrame(connectRaw, connectTime);
    const after = parseAzuraCastFrame(pubRaw, 1781378985_000);
    expect(after?.kind).toBe('publication');
    expect(after?.channel).toBe('station:riverside_community_radio');
    expect(after?.offset).toBe(18391);
    expect(after?.triggers).toContain('song_changed_live');
    expect(after?.snapshot.track).toMatchObject({
      title: 'Never (Lagos Never Gonna Be the Same)',
      artist: 'Tony Allen & Hugh Masekela',
      elapsedSeconds: 8,
    });
    const moved = after?.snapshot.history[0];
    expect(moved?.sourceId).toBe(before?.snapshot.track?.sourceId);
    expect(moved?.playedAt).toBe(before?.snapshot.track?.startedAt);
    // Once finished, the live item gains a real duration and loses the DJ avatar.
    expect(moved?.durationSeconds).toBe(886);
    expect(moved?.artUrl).toBeNull();
  });

  it('accepts the raw SSE text, with or without the data: prefix, and the push wrapper', () => {
    const text = fs.readFileSync(path.join(FIXTURES, 'sse_publication_frame.json'), 'utf8');
    expect(parseAzuraCastFrame(text, 1781378985_000)?.offset).toBe(18391);
    expect(parseAzuraCastFrame(`data: ${JSON.stringify(pubRaw)}`, 1781378985_000)?.offset).toBe(18391);
    expect(parseAzuraCastFrame({ push: pubRaw }, 1781378985_000)?.offset).toBe(18391);
  });

  it('returns null for pings and frames without now-playing data', () => {
    expect(parseAzuraCastFrame({}, 0)).toBeNull();
    expect(parseAzuraCastFrame('{}', 0)).toBeNull();
    expect(parseAzuraCastFrame('', 0)).toBeNull();
    expect(parseAzuraCastFrame({ connect: { client: 'x', subs: {} } }, 0)).toBeNull();
    expect(parseAzuraCastFrame({ channel: 'station:x', pub: { data: { hello: 1 } } }, 0)).toBeNull();
  });

  it('throws a parse error for text that is not JSON', () => {
    expect(() => parseAzuraCastFrame('data: {"connect":', 0)).toThrowError(/not JSON/);
  });
});

// ---------------------------------------------------------------------------
// HTTP adapter

interface Call {
  url: string;
  headers: Record<string, string>;
}

function fakeFetch(respond: (call: Call, signal: AbortSignal | null | undefined) => Promise<Response> | Response) {
  const calls: Call[] = [];
  const fetch: FetchLike = async (input, init) => {
    const call = { url: input, headers: Object.fromEntries(new Headers(init.headers).entries()) };
    calls.push(call);
    return respond(call, init.signal);
  };
  return { fetch, calls };
}

const jsonResponse = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

async function readError(promise: Promise<unknown>): Promise<SourceError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof SourceError) return error;
    throw error;
  }
  throw new Error('expected the read to fail');
}

describe('createAzuraCastSource', () => {
  const errors = { get: errorBody };
  const signal = () => new AbortController().signal;
  /** A source for station 1 on https://p.example, with overrides. */
  const source = (fetch: FetchLike, over: Partial<AzuraCastSourceOptions> = {}) =>
    createAzuraCastSource({ baseUrl: 'https://p.example', stationId: 1, timeoutMs: 1000, fetch, ...over });
  /** The error one read fails with. */
  const failure = (fetch: FetchLike, over: Partial<AzuraCastSourceOptions> = {}) => readError(source(fetch, over).read(signal()));

  it('GETs /api/nowplaying/{station} and parses the answer at read time', async () => {
    const { fetch, calls } = fakeFetch(() => jsonResponse(fixture('nowplaying_live.json')));
    const live = source(fetch, {
      baseUrl: 'https://panel.riversideradio.example/api/',
      stationId: 'riverside_community_radio',
      now: () => 1781378380_000,
    });
    expect(live.kind).toBe('azuracast');
    const snap = await live.read(signal());
    expect(calls[0]?.url).toBe('https://panel.riversideradio.example/api/nowplaying/riverside_community_radio');
    expect(calls[0]?.headers).not.toHaveProperty('x-api-key');
    expect(snap.live.streamerName).toBe('Ngozi Adébáyọ̀');
    expect(snap.fetchedAt).toBe(1781378380_000);
  });

  it('sends the API key when one is configured and escapes the station id', async () => {
    const { fetch, calls } = fakeFetch(() => jsonResponse(fixture('nowplaying_autodj.json')));
    await source(fetch, { stationId: 'a b/c', apiKey: 'k3y' }).read(signal());
    expect(calls[0]?.url).toBe('https://p.example/api/nowplaying/a%20b%2Fc');
    expect(calls[0]?.headers['x-api-key']).toBe('k3y');
  });

  it('decodes non-ASCII names from the UTF-8 body', async () => {
    const bytes = fs.readFileSync(path.join(FIXTURES, 'nowplaying_autodj.json'));
    const { fetch } = fakeFetch(() => new Response(bytes, { status: 200 }));
    const snap = await source(fetch).read(signal());
    expect(snap.history.map((h) => h.artist)).toContain('坂本龍一');
    expect(snap.history.map((h) => h.title)).toContain('Hoppípolla');
  });

  it('maps an unknown station (404 NotFoundException) to a permanent error naming the station', async () => {
    const { fetch } = fakeFetch(() => jsonResponse(errors.get('unknown_station_http_404'), 404));
    const err = await failure(fetch, { stationId: 'nope' });
    expect(err).toMatchObject({ kind: 'http', status: 404, retryable: false, remoteType: 'NotFoundException' });
    expect(err.message).toContain('"nope"');
    expect(err.message).toContain('Station not found.');
  });

  it('maps "Record not found" (no now-playing data yet) to a retryable 404', async () => {
    const { fetch } = fakeFetch(() => jsonResponse(errors.get('no_cached_nowplaying_yet_http_404'), 404));
    const err = await failure(fetch);
    expect(err).toMatchObject({ kind: 'http', status: 404, retryable: true });
    expect(err.message).toMatch(/no now-playing data/);
  });

  it('explains a 403 differently with and without an API key', async () => {
    const { fetch } = fakeFetch(() => jsonResponse(errors.get('public_api_disabled_http_403'), 403));
    const anon = await failure(fetch);
    expect(anon).toMatchObject({ kind: 'http', status: 403, retryable: false, remoteType: 'NotLoggedInException' });
    expect(anon.message).toMatch(/configure an API key/);
    const keyed = await failure(fetch, { apiKey: 'bad' });
    expect(keyed.message).toMatch(/rejected the API key/);
  });

  it('maps 5xx (JSON or a proxy page) and 429 to retryable errors', async () => {
    for (const [status, body] of [
      [502, '<html><body>Bad Gateway</body></html>'],
      [500, JSON.stringify({ code: 500, type: 'Exception', message: 'Database is down', success: false })],
      [429, JSON.stringify({ code: 429, type: 'RateLimitExceededException', message: 'slow down', success: false })],
    ] as const) {
      const { fetch } = fakeFetch(() => new Response(body, { status }));
      const err = await failure(fetch);
      expect(err).toMatchObject({ kind: 'http', status, retryable: true });
    }
  });

  it('maps a 200 that is not JSON, or not now-playing JSON, to a parse error', async () => {
    const html = fakeFetch(() => new Response('<!DOCTYPE html><title>Login</title>', { status: 200 }));
    const e1 = await failure(html.fetch);
    expect(e1.kind).toBe('parse');
    expect(e1.message).toContain('<!DOCTYPE html>');
    const station = fakeFetch(() => jsonResponse(fixture('station.json')));
    const e2 = await failure(station.fetch);
    expect(e2.kind).toBe('parse');
  });

  it('times out a server that never answers, even if fetch ignores the signal', async () => {
    const { fetch } = fakeFetch(() => new Promise<Response>(() => {}));
    const started = Date.now();
    const err = await failure(fetch, { timeoutMs: 30 });
    expect(err).toMatchObject({ kind: 'timeout', retryable: true });
    expect(err.message).toContain('30 ms');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('aborts the underlying request on timeout', async () => {
    let seen: AbortSignal | null | undefined;
    const { fetch } = fakeFetch((_call, s) => {
      seen = s;
      return new Promise<Response>((_resolve, reject) => s?.addEventListener('abort', () => reject(new Error('aborted'))));
    });
    await failure(fetch, { timeoutMs: 20 });
    expect(seen?.aborted).toBe(true);
  });

  it('maps a connection failure to a retryable network error with the cause', async () => {
    const { fetch } = fakeFetch(() => {
      throw new TypeError('fetch failed', { cause: new Error('getaddrinfo ENOTFOUND p.example') });
    });
    const err = await failure(fetch);
    expect(err).toMatchObject({ kind: 'network', retryable: true });
    expect(err.message).toContain('ENOTFOUND');
  });

  it("reports the caller's abort as aborted, not as a fault", async () => {
    const controller = new AbortController();
    const { fetch } = fakeFetch(() => new Promise<Response>(() => {}));
    const pending = source(fetch, { timeoutMs: 5000 }).read(controller.signal);
    controller.abort();
    const err = await readError(pending);
    expect(err).toMatchObject({ kind: 'aborted', retryable: false });
    const already = await readError(source(fetch).read(controller.signal));
    expect(already.kind).toBe('aborted');
  });
});

describe('AzuraCast streamers (where available)', () => {
  const streamersBody = [
    { id: 3, streamer_username: 'ngozi', display_name: 'Ngozi Adébáyọ̀', comments: '', is_active: true, enforce_schedule: false, reactivate_at: null, art: '' },
    { id: 7, streamer_username: 'kwame', display_name: '', comments: '', is_active: true, enforce_schedule: false, reactivate_at: null, art: '' },
    { id: 8, streamer_username: 'old', display_name: 'Old DJ', comments: '', is_active: false, enforce_schedule: false, reactivate_at: null, art: '' },
  ];

  it('reads the list and marks the live DJ', () => {
    const list = parseAzuraCastStreamers(streamersBody);
    expect(list.map((s) => s.name)).toEqual(['Ngozi Adébáyọ̀', 'kwame', 'Old DJ']);
    const live = parseAzuraCastNowPlaying(doc('nowplaying_live.json'), generatedAtMs(doc('nowplaying_live.json')));
    expect(withStreamers(live, list).streamers).toEqual([
      { id: '3', name: 'Ngozi Adébáyọ̀', isLive: true },
      { id: '7', name: 'kwame', isLive: false },
    ]);
  });

  it('finds the streamer id by name when the DJ has no avatar', async () => {
    const noAvatar = patched(patched(doc('nowplaying_live.json'), ['live', 'art'], null), ['live', 'streamer_name'], 'kwame');
    const calls: string[] = [];
    const fetch: FetchLike = async (url) => {
      calls.push(url);
      return jsonResponse(url.endsWith('/streamers') ? streamersBody : noAvatar);
    };
    const src = createAzuraCastSource({ baseUrl: 'https://p.example', stationId: 1, timeoutMs: 1000, fetch, apiKey: 'k', now: () => 1781378380_000 });
    const snap = await src.read(new AbortController().signal);
    expect(snap.live).toMatchObject({ isLive: true, streamerName: 'kwame', streamerId: '7' });
    await src.read(new AbortController().signal);
    // The list is cached between polls.
    expect(calls.filter((u) => u.endsWith('/streamers'))).toHaveLength(1);
  });

  it('does without the list when there is no API key or the call fails', async () => {
    const fetch: FetchLike = async (url) => (url.endsWith('/streamers') ? new Response('nope', { status: 403 }) : jsonResponse(fixture('nowplaying_live.json')));
    const keyed = await createAzuraCastSource({ baseUrl: 'https://p.example', stationId: 1, timeoutMs: 1000, fetch, apiKey: 'k' }).read(new AbortController().signal);
    expect(keyed.live.streamerId).toBe('3');
    expect(keyed.streamers).toBeUndefined();
    const anon = await createAzuraCastSource({ baseUrl: 'https://p.example', stationId: 1, timeoutMs: 1000, fetch }).read(new AbortController().signal);
    expect(anon.streamers).toBeUndefined();
  });
});
