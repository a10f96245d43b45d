import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeItunes, startFakeOdesli, startFakeSpotify, type FakeItunes, type FakeOdesli, type FakeSpotify } from '../../../tests/support/fake-services';
import { DEFAULT_RETRY, UpstreamError } from './http';
import { createMusicLinksClient, presentOdesliLinks } from './music-links';
import { createSpotifyClient } from './spotify';

let odesli: FakeOdesli;
let itunes: FakeItunes;
let spotifyFake: FakeSpotify;
const retry = { ...DEFAULT_RETRY, serverErrorDelayMs: 1, sleep: async () => undefined };

const SPOTIFY_URL = 'https://open.spotify.com/track/7ouMYWpwJ422jRcDASZB7P';
const ITUNES_URL = 'https://music.apple.com/gb/album/mr-brightside/1?i=2';

beforeAll(async () => {
  odesli = await startFakeOdesli();
  itunes = await startFakeItunes();
  spotifyFake = await startFakeSpotify({ clientId: 'a', clientSecret: 'b', catalog: [{ id: '7ouMYWpwJ422jRcDASZB7P', name: 'Mr. Brightside', artists: ['The Killers'], album: 'Hot Fuss' }] });
  itunes.results.push({ trackName: 'Mr. Brightside', artistName: 'The Killers', trackViewUrl: ITUNES_URL });
  const links = { spotify: SPOTIFY_URL, itunes: 'https://geo.music.apple.com/gb/album/_/1?i=2&mt=1&app=itunes', appleMusic: 'https://geo.music.apple.com/gb/album/_/1?i=2&mt=1&app=music', youtube: 'https://www.youtube.com/watch?v=gGdGFtwCNBE', amazonStore: 'https://amazon.co.uk/dp/B00', deezer: 'https://www.deezer.com/track/1' };
  odesli.songs.set(SPOTIFY_URL, links);
  odesli.songs.set(ITUNES_URL, links);
});
afterAll(async () => {
  await Promise.all([odesli.close(), itunes.close(), spotifyFake.close()]);
});
beforeEach(() => {
  for (const f of [odesli, itunes, spotifyFake]) f.requests.length = 0;
  odesli.faults.length = 0;
  itunes.faults.length = 0;
});

const make = (withSpotify: boolean, timeoutMs = 3000) =>
  createMusicLinksClient({
    odesliUrl: odesli.url,
    itunesUrl: itunes.url,
    country: 'GB',
    timeoutMs,
    retry,
    spotify: withSpotify ? createSpotifyClient({ clientId: 'a', clientSecret: 'b', apiUrl: spotifyFake.url, accountsUrl: spotifyFake.url, timeoutMs, retry }) : null,
  });

describe('music links (Odesli, resolved through Spotify or iTunes Search)', () => {
  it('resolves title and artist through iTunes Search and returns streams first, then purchases', async () => {
    const res = await make(false).find({ title: 'Mr Brightside', artist: 'the killers' });
    expect(itunes.requests[0]!.query.get('entity')).toBe('song');
    expect(odesli.requests[0]!.query.get('url')).toBe(ITUNES_URL);
    expect(odesli.requests[0]!.query.get('userCountry')).toBe('GB');
    expect(res.links.map((l) => `${l.type}:${l.platform}`)).toEqual(['stream:Spotify', 'stream:Apple Music', 'stream:YouTube', 'stream:Deezer', 'purchase:iTunes', 'purchase:Amazon']);
    expect(res.pageUrl).toBe('https://song.link/s/1');
  });

  it('prefers Spotify as the resolver when it is configured, and a link the listener picked over both', async () => {
    await make(true).find({ title: 'Mr. Brightside', artist: 'The Killers' });
    expect(odesli.requests[0]!.query.get('url')).toBe(SPOTIFY_URL);
    expect(itunes.requests).toHaveLength(0);
    spotifyFake.requests.length = 0;
    odesli.requests.length = 0;
    await make(true).find({ title: 'x', artist: 'y', url: SPOTIFY_URL });
    expect(spotifyFake.requests).toHaveLength(0);
    expect(odesli.requests[0]!.query.get('url')).toBe(SPOTIFY_URL);
  });

  it('answers no links when nobody knows the song (iTunes empty) and when Odesli cannot resolve it', async () => {
    expect(await make(false).find({ title: 'Unheard Demo', artist: 'Nobody' })).toEqual({ links: [], pageUrl: null });
    expect(odesli.requests).toHaveLength(0);
    const r = await make(false).find({ title: 'x', artist: 'y', url: 'https://www.deezer.com/track/999' });
    expect(r.links).toEqual([]);
  });

  it('falls back to iTunes when the Spotify resolver fails', async () => {
    spotifyFake.searchFaults.push({ kind: 'status', status: 500 }, { kind: 'status', status: 500 });
    const res = await make(true).find({ title: 'Mr. Brightside', artist: 'The Killers' });
    expect(odesli.requests[0]!.query.get('url')).toBe(ITUNES_URL);
    expect(res.links.length).toBeGreaterThan(0);
  });

  it('fails when every resolver fails (5xx, malformed)', async () => {
    itunes.faults.push({ kind: 'status', status: 503, body: 'Service Unavailable' }, { kind: 'status', status: 503, body: 'Service Unavailable' });
    const err = await make(false).find({ title: 'Mr. Brightside', artist: 'The Killers' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UpstreamError);
    itunes.faults.push({ kind: 'malformed' });
    const err2 = await make(false).find({ title: 'Mr. Brightside', artist: 'The Killers' }).catch((e: unknown) => e);
    expect((err2 as UpstreamError).kind).toBe('malformed');
  });

  it('keeps the resolved link when Odesli is down (5xx twice, 429, timeout) rather than showing nothing', async () => {
    odesli.faults.push({ kind: 'status', status: 500 }, { kind: 'status', status: 500 });
    expect((await make(false).find({ title: 'Mr. Brightside', artist: 'The Killers' })).links).toEqual([{ type: 'purchase', platform: 'iTunes', url: ITUNES_URL }]);
    odesli.faults.push({ kind: 'rate-limit', retryAfterSeconds: 60 });
    expect((await make(false).find({ title: 'Mr. Brightside', artist: 'The Killers' })).links).toHaveLength(1);
    odesli.faults.push({ kind: 'hang', ms: 2500 });
    expect((await make(false, 300).find({ title: 'Mr. Brightside', artist: 'The Killers' })).links).toHaveLength(1);
  });

  it('fails when Odesli is down and the source link is not one it can stand in for', async () => {
    odesli.faults.push({ kind: 'malformed' });
    const err = await make(false).find({ title: 'x', artist: 'y', url: 'https://www.deezer.com/track/1' }).catch((e: unknown) => e);
    expect((err as UpstreamError).kind).toBe('malformed');
  });

  it('drops non-https links and names unknown platforms', () => {
    expect(presentOdesliLinks({ spotify: { url: 'http://insecure' }, newThing: { url: 'https://new.example/1' }, itunes: { url: 'https://itunes.example/1' } })).toEqual([
      { type: 'stream', platform: 'NewThing', url: 'https://new.example/1' },
      { type: 'purchase', platform: 'iTunes', url: 'https://itunes.example/1' },
    ]);
  });
});
