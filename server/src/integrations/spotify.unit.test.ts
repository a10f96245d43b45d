import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeSpotify, type FakeSpotify } from '../../../tests/support/fake-services';
import { DEFAULT_RETRY, UpstreamError } from './http';
import { createSpotifyClient, fieldQuery, type SpotifyOptions } from './spotify';

let fake: FakeSpotify;
const sleeps: number[] = [];
let clock = 1_700_000_000_000;

beforeAll(async () => {
  fake = await startFakeSpotify({
    clientId: 'cid',
    clientSecret: 'secret',
    catalog: [
      { id: '4uLU6hMCjMI75M1A2tKUQC', name: 'Never Gonna Give You Up', artists: ['Rick Astley'], album: 'Whenever You Need Somebody' },
      { id: '7ouMYWpwJ422jRcDASZB7P', name: 'Mr. Brightside', artists: ['The Killers'], album: 'Hot Fuss' },
      { id: '0VjIjW4GlUZAMYd2vXMi3b', name: 'Blinding Lights', artists: ['The Weeknd'], album: 'After Hours' },
      { id: '3n3Ppam7vgaVa1iaRUc9Lp', name: 'Under Pressure', artists: ['Queen', 'David Bowie'], album: 'Hot Space' },
    ],
  });
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.requests.length = 0;
  fake.searchFaults.length = 0;
  fake.tokenFaults.length = 0;
  sleeps.length = 0;
});

function client(over: Partial<SpotifyOptions> = {}) {
  return createSpotifyClient({
    clientId: 'cid',
    clientSecret: 'secret',
    apiUrl: fake.url,
    accountsUrl: fake.url,
    timeoutMs: 3000,
    now: () => clock,
    retry: { ...DEFAULT_RETRY, serverErrorDelayMs: 1, sleep: async (ms) => void sleeps.push(ms) },
    ...over,
  });
}

const tokenCalls = () => fake.requests.filter((r) => r.path === '/api/token').length;
const searchCalls = () => fake.requests.filter((r) => r.path === '/v1/search').length;

async function failure(p: Promise<unknown>): Promise<UpstreamError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(UpstreamError);
  return err as UpstreamError;
}

describe('Spotify client (client credentials + search)', () => {
  it('gets a token with Basic auth and a form body, reuses it, and maps tracks to title, artist, album, art and link', async () => {
    const spotify = client();
    const first = await spotify.searchTracks('under pressure');
    await spotify.searchTracks('brightside');
    expect(tokenCalls()).toBe(1);
    const tokenReq = fake.requests.find((r) => r.path === '/api/token')!;
    expect(tokenReq.headers.authorization).toBe(`Basic ${Buffer.from('cid:secret').toString('base64')}`);
    expect(new URLSearchParams(tokenReq.body).get('grant_type')).toBe('client_credentials');
    const search = fake.requests.find((r) => r.path === '/v1/search')!;
    expect(search.query.get('type')).toBe('track');
    expect(search.query.get('q')).toBe('under pressure');
    expect(first).toEqual([
      {
        id: '3n3Ppam7vgaVa1iaRUc9Lp',
        title: 'Under Pressure',
        artist: 'Queen, David Bowie',
        album: 'Hot Space',
        art: 'https://i.scdn.co/image/3n3Ppam7vgaVa1iaRUc9Lp-300',
        link: 'https://open.spotify.com/track/3n3Ppam7vgaVa1iaRUc9Lp',
        duration_ms: 215000,
      },
    ]);
  });

  it('fetches a new token once the cached one is about to expire', async () => {
    const spotify = client();
    await spotify.searchTracks('queen');
    clock += 3600_000 - 30_000; // inside the one-minute safety margin
    await spotify.searchTracks('queen');
    expect(tokenCalls()).toBe(2);
  });

  it('shares one token request between concurrent searches', async () => {
    const spotify = client();
    await Promise.all([spotify.searchTracks('queen'), spotify.searchTracks('killers'), spotify.searchTracks('weeknd')]);
    expect(tokenCalls()).toBe(1);
  });

  it('refreshes the token on a 401 (expired token) and retries the search once', async () => {
    const spotify = client();
    await spotify.searchTracks('queen');
    fake.searchFaults.push({ kind: 'expire-token' });
    const tracks = await spotify.searchTracks('weeknd');
    expect(tracks.map((t) => t.title)).toEqual(['Blinding Lights']);
    expect(tokenCalls()).toBe(2);
  });

  it('waits out a short 429 Retry-After and then succeeds', async () => {
    const spotify = client();
    fake.searchFaults.push({ kind: 'rate-limit', retryAfterSeconds: 1 });
    const tracks = await spotify.searchTracks('killers');
    expect(tracks).toHaveLength(1);
    expect(sleeps).toEqual([1000]);
    expect(searchCalls()).toBe(2);
  });

  it('fails fast on a long 429 and stops calling Spotify until the Retry-After has passed', async () => {
    const spotify = client();
    fake.searchFaults.push({ kind: 'rate-limit', retryAfterSeconds: 120 });
    const err = await failure(spotify.searchTracks('killers'));
    expect(err.kind).toBe('rate_limited');
    expect(err.retryAfterMs).toBe(120_000);
    const calls = searchCalls();
    clock += 60_000;
    const again = await failure(spotify.searchTracks('killers'));
    expect(again.kind).toBe('rate_limited');
    expect(again.retryAfterMs).toBe(60_000);
    expect(searchCalls()).toBe(calls);
    clock += 61_000;
    expect(await spotify.searchTracks('killers')).toHaveLength(1);
  });

  it('retries one 5xx, and reports a second one', async () => {
    const spotify = client();
    fake.searchFaults.push({ kind: 'status', status: 503, body: { error: { status: 503, message: 'Service unavailable' } } });
    expect(await spotify.searchTracks('queen')).toHaveLength(1);
    fake.searchFaults.push({ kind: 'status', status: 500 }, { kind: 'status', status: 502 });
    const err = await failure(spotify.searchTracks('queen'));
    expect(err.kind).toBe('http');
    expect(err.status).toBe(502);
  });

  it('gives up at its deadline when Spotify hangs', async () => {
    const spotify = client({ timeoutMs: 300 });
    await spotify.searchTracks('queen');
    fake.searchFaults.push({ kind: 'hang', ms: 2500 });
    const err = await failure(spotify.searchTracks('queen'));
    expect(err.kind).toBe('timeout');
  });

  it('reports a body that is not JSON as malformed', async () => {
    const spotify = client();
    fake.searchFaults.push({ kind: 'malformed' });
    expect((await failure(spotify.searchTracks('queen'))).kind).toBe('malformed');
  });

  it('reports wrong credentials (400 invalid_client) as unauthorized', async () => {
    const spotify = client({ clientSecret: 'wrong' });
    const err = await failure(spotify.searchTracks('queen'));
    expect(err.kind).toBe('unauthorized');
    expect(err.message).toContain('invalid_client');
  });

  it('reports a token answer without an access token as malformed', async () => {
    const spotify = client();
    fake.tokenFaults.push({ kind: 'status', status: 200, body: { token_type: 'Bearer' } });
    expect((await failure(spotify.searchTracks('queen'))).kind).toBe('malformed');
  });

  it('builds field filters for artist and title searches', () => {
    expect(fieldQuery('Queen', 'Under "Pressure"')).toBe('track:"Under  Pressure" artist:"Queen"');
    expect(fieldQuery(undefined, 'Hello')).toBe('track:"Hello"');
  });
});
