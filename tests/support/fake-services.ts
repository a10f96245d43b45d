/**
 * Local stand-ins for the outside services Airdeck calls, each speaking that
 * service's documented request and response formats on 127.0.0.1 with a
 * random port: Spotify (accounts token + Web API search), Discord (OAuth2
 * token, /users/@me, DM channels and messages, webhooks), Odesli (song.link)
 * and the iTunes Search API. Each has a queue of scripted faults (expired
 * token, 429 with Retry-After, 5xx, a hang past the client's deadline, a
 * malformed body) so tests can walk every error case without the internet.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a fake received. */
export interface Recorded {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A running fake: its base URL, what it received, and a way to stop it. */
export interface FakeServer {
  url: string;
  requests: Recorded[];
  close(): Promise<void>;
}

type Handler = (req: Recorded, res: http.ServerResponse) => void | Promise<void>;

/** Starts an HTTP server on a random local port with the given handler. */
export async function startFake(handler: Handler): Promise<FakeServer> {
  const requests: Recorded[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const u = new URL(req.url ?? '/', 'http://fake');
      const rec: Recorded = { method: req.method ?? 'GET', path: u.pathname, query: u.searchParams, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      requests.push(rec);
      Promise.resolve(handler(rec, res)).catch((err: unknown) => {
        if (!res.headersSent) send(res, 500, { error: String(err) });
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Sends JSON (or raw text) with a status and headers. */
export function send(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.headersSent || res.destroyed) return;
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': typeof body === 'string' ? 'text/html' : 'application/json', ...headers });
  res.end(text);
}

/** A scripted fault for the next call of a route. */
export type Fault =
  | { kind: 'status'; status: number; body?: unknown; headers?: Record<string, string> }
  | { kind: 'rate-limit'; retryAfterSeconds: number; discordBody?: boolean }
  | { kind: 'hang'; ms: number }
  | { kind: 'malformed' }
  | { kind: 'expire-token' };

/** Plays a fault; returns true when it answered (or will never answer in time). */
async function playFault(fault: Fault | undefined, res: http.ServerResponse): Promise<boolean> {
  if (!fault) return false;
  switch (fault.kind) {
    case 'status':
      send(res, fault.status, fault.body ?? { error: 'scripted' }, fault.headers);
      return true;
    case 'rate-limit':
      send(
        res,
        429,
        fault.discordBody ? { message: 'You are being rate limited.', retry_after: fault.retryAfterSeconds, global: false } : { error: { status: 429, message: 'API rate limit exceeded' } },
        { 'Retry-After': String(fault.retryAfterSeconds) },
      );
      return true;
    case 'hang':
      await new Promise((r) => setTimeout(r, fault.ms));
      send(res, 200, { late: true });
      return true;
    case 'malformed':
      send(res, 200, '<html><body>Bad gateway page</body></html>');
      return true;
    case 'expire-token':
      return false;
  }
}

/** A Spotify track as the Web API's search answers it. */
export interface FakeTrack {
  id: string;
  name: string;
  artists: string[];
  album: string;
}

/** Fake Spotify: accounts `POST /api/token` (client credentials, Basic auth) and `GET /v1/search?type=track&q=`. */
export interface FakeSpotify extends FakeServer {
  /** Faults for the next searches, in order. */
  searchFaults: Fault[];
  tokenFaults: Fault[];
  /** Tokens issued so far. */
  issued: string[];
  /** Marks every issued token expired (the next search with one answers 401). */
  expireTokens(): void;
}

/** Starts a fake Spotify that accepts `clientId`/`clientSecret` and searches `catalog`. */
export async function startFakeSpotify(opts: { clientId: string; clientSecret: string; catalog: FakeTrack[]; expiresIn?: number }): Promise<FakeSpotify> {
  const issued: string[] = [];
  const valid = new Set<string>();
  const searchFaults: Fault[] = [];
  const tokenFaults: Fault[] = [];
  const fake = await startFake(async (req, res) => {
    if (req.method === 'POST' && req.path === '/api/token') {
      if (await playFault(tokenFaults.shift(), res)) return;
      const expected = `Basic ${Buffer.from(`${opts.clientId}:${opts.clientSecret}`).toString('base64')}`;
      if (req.headers.authorization !== expected) return send(res, 400, { error: 'invalid_client', error_description: 'Invalid client' });
      if (!String(req.headers['content-type']).startsWith('application/x-www-form-urlencoded')) return send(res, 400, { error: 'invalid_request', error_description: 'Content-Type must be form-urlencoded' });
      if (new URLSearchParams(req.body).get('grant_type') !== 'client_credentials') return send(res, 400, { error: 'unsupported_grant_type', error_description: 'grant_type parameter is missing' });
      const token = `BQ-fake-${issued.length + 1}`;
      issued.push(token);
      valid.add(token);
      return send(res, 200, { access_token: token, token_type: 'Bearer', expires_in: opts.expiresIn ?? 3600 });
    }
    if (req.method === 'GET' && req.path === '/v1/search') {
      const fault = searchFaults.shift();
      if (fault?.kind === 'expire-token') valid.clear();
      const auth = req.headers.authorization ?? '';
      if (!auth.startsWith('Bearer ')) return send(res, 401, { error: { status: 401, message: 'No token provided' } });
      if (!valid.has(auth.slice(7))) return send(res, 401, { error: { status: 401, message: 'The access token expired' } });
      if (await playFault(fault, res)) return;
      if (req.query.get('type') !== 'track') return send(res, 400, { error: { status: 400, message: 'Missing parameter type' } });
      const q = req.query.get('q') ?? '';
      if (!q) return send(res, 400, { error: { status: 400, message: 'No search query' } });
      const limit = Number(req.query.get('limit') ?? 20);
      const items = searchCatalog(opts.catalog, q).slice(0, limit).map(toSpotifyTrack);
      return send(res, 200, { tracks: { href: `${fake.url}/v1/search?query=${encodeURIComponent(q)}&type=track`, items, limit, next: null, offset: 0, previous: null, total: items.length } });
    }
    send(res, 404, { error: { status: 404, message: 'Service not found' } });
  });
  return { ...fake, searchFaults, tokenFaults, issued, expireTokens: () => valid.clear() };
}

function searchCatalog(catalog: FakeTrack[], q: string): FakeTrack[] {
  const track = /track:"([^"]*)"/.exec(q)?.[1]?.toLowerCase();
  const artist = /artist:"([^"]*)"/.exec(q)?.[1]?.toLowerCase();
  const free = q.replace(/(track|artist):"[^"]*"/g, '').trim().toLowerCase();
  return catalog.filter(
    (t) =>
      (!track || t.name.toLowerCase().includes(track)) &&
      (!artist || t.artists.some((a) => a.toLowerCase().includes(artist))) &&
      (!free || `${t.name} ${t.artists.join(' ')} ${t.album}`.toLowerCase().includes(free)),
  );
}

function toSpotifyTrack(t: FakeTrack) {
  return {
    album: {
      album_type: 'album',
      name: t.album,
      id: `alb${t.id}`,
      images: [
        { url: `https://i.scdn.co/image/${t.id}-640`, width: 640, height: 640 },
        { url: `https://i.scdn.co/image/${t.id}-300`, width: 300, height: 300 },
        { url: `https://i.scdn.co/image/${t.id}-64`, width: 64, height: 64 },
      ],
    },
    artists: t.artists.map((name, i) => ({ name, id: `art${i}`, type: 'artist', uri: `spotify:artist:art${i}` })),
    duration_ms: 215000,
    explicit: false,
    external_urls: { spotify: `https://open.spotify.com/track/${t.id}` },
    id: t.id,
    name: t.name,
    popularity: 50,
    type: 'track',
    uri: `spotify:track:${t.id}`,
  };
}

/** A Discord user the fake knows. */
export interface FakeDiscordUser {
  id: string;
  username: string;
  global_name?: string | null;
}

/** Fake Discord: OAuth2 token exchange, /users/@me, DM channels + messages (bot auth), channel webhooks. */
export interface FakeDiscord extends FakeServer {
  /** Authorization codes it will accept, with the user each signs in. */
  codes: Map<string, FakeDiscordUser>;
  /** Messages posted to DM channels: recipient and content. */
  messages: { recipientId: string; content: string }[];
  /** Webhook executions received: id, token and body. */
  webhookCalls: { id: string; token: string; body: unknown }[];
  /** Webhooks it knows (id → token). */
  webhooks: Map<string, string>;
  tokenFaults: Fault[];
  messageFaults: Fault[];
  webhookFaults: Fault[];
  /** What the authorize page does for a browser: approve as this user, or refuse. */
  browser: { user: FakeDiscordUser | null; deny: boolean };
}

/** Starts a fake Discord API under `/api/v10` for the given application and bot. */
export async function startFakeDiscord(opts: { clientId: string; clientSecret: string; botToken: string }): Promise<FakeDiscord & { apiUrl: string }> {
  const codes = new Map<string, FakeDiscordUser>();
  const accessTokens = new Map<string, FakeDiscordUser>();
  const channels = new Map<string, string>();
  const messages: { recipientId: string; content: string }[] = [];
  const webhookCalls: { id: string; token: string; body: unknown }[] = [];
  const webhooks = new Map<string, string>();
  const tokenFaults: Fault[] = [];
  const messageFaults: Fault[] = [];
  const webhookFaults: Fault[] = [];
  let seq = 100000;
  const browser: FakeDiscord['browser'] = { user: null, deny: false };
  const fake = await startFake(async (req, res) => {
    // The authorize page, as a browser sees it: the user approves at once (or refuses).
    if (req.method === 'GET' && req.path === '/oauth2/authorize') {
      const back = new URL(req.query.get('redirect_uri') ?? 'http://invalid/');
      back.searchParams.set('state', req.query.get('state') ?? '');
      if (browser.deny || !browser.user) {
        back.searchParams.set('error', 'access_denied');
        back.searchParams.set('error_description', 'The resource owner or authorization server denied the request');
      } else {
        const code = `browser-code-${seq++}`;
        codes.set(code, browser.user);
        back.searchParams.set('code', code);
      }
      res.writeHead(302, { Location: back.toString() }).end();
      return;
    }
    const p = req.path.replace(/^\/api\/v10/, '');
    if (req.method === 'POST' && p === '/oauth2/token') {
      if (await playFault(tokenFaults.shift(), res)) return;
      const form = new URLSearchParams(req.body);
      if (form.get('client_id') !== opts.clientId || form.get('client_secret') !== opts.clientSecret) return send(res, 401, { error: 'invalid_client' });
      if (form.get('grant_type') !== 'authorization_code') return send(res, 400, { error: 'unsupported_grant_type' });
      const user = codes.get(form.get('code') ?? '');
      if (!user) return send(res, 400, { error: 'invalid_grant', error_description: 'Invalid "code" in request.' });
      codes.delete(form.get('code') ?? '');
      const token = `discord-access-${seq++}`;
      accessTokens.set(token, user);
      return send(res, 200, { access_token: token, token_type: 'Bearer', expires_in: 604800, refresh_token: `refresh-${seq}`, scope: 'identify' });
    }
    if (req.method === 'GET' && p === '/users/@me') {
      const user = accessTokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''));
      if (!user) return send(res, 401, { message: '401: Unauthorized', code: 0 });
      return send(res, 200, { id: user.id, username: user.username, discriminator: '0', global_name: user.global_name ?? null, avatar: null, public_flags: 0, flags: 0 });
    }
    const botOk = req.headers.authorization === `Bot ${opts.botToken}`;
    if (req.method === 'POST' && p === '/users/@me/channels') {
      if (!botOk) return send(res, 401, { message: '401: Unauthorized', code: 0 });
      if (await playFault(messageFaults.shift(), res)) return;
      const recipient = (JSON.parse(req.body || '{}') as { recipient_id?: string }).recipient_id;
      if (!recipient) return send(res, 400, { message: 'Invalid Form Body', code: 50035 });
      const id = String(900000000000000000n + BigInt(seq++));
      channels.set(id, recipient);
      return send(res, 200, { id, type: 1, last_message_id: null, flags: 0, recipients: [{ id: recipient, username: 'someone' }] });
    }
    const msg = /^\/channels\/(\d+)\/messages$/.exec(p);
    if (req.method === 'POST' && msg) {
      if (!botOk) return send(res, 401, { message: '401: Unauthorized', code: 0 });
      if (await playFault(messageFaults.shift(), res)) return;
      const recipient = channels.get(msg[1]!);
      if (!recipient) return send(res, 404, { message: 'Unknown Channel', code: 10003 });
      const body = JSON.parse(req.body || '{}') as { content?: string };
      messages.push({ recipientId: recipient, content: body.content ?? '' });
      return send(res, 200, { id: String(seq++), channel_id: msg[1], content: body.content, type: 0, author: { id: '1', username: 'AirdeckBot', bot: true } });
    }
    const hook = /^\/webhooks\/(\d+)\/([^/]+)$/.exec(p);
    if (req.method === 'POST' && hook) {
      if (await playFault(webhookFaults.shift(), res)) return;
      if (webhooks.get(hook[1]!) !== hook[2]) return send(res, 404, { message: 'Unknown Webhook', code: 10015 });
      const body: unknown = JSON.parse(req.body || '{}');
      webhookCalls.push({ id: hook[1]!, token: hook[2]!, body });
      if (req.query.get('wait') === 'true') return send(res, 200, { id: String(seq++), type: 0, content: (body as { content?: string }).content ?? '', webhook_id: hook[1] });
      res.writeHead(204).end();
      return;
    }
    send(res, 404, { message: '404: Not Found', code: 0 });
  });
  return { ...fake, apiUrl: `${fake.url}/api/v10`, codes, messages, webhookCalls, webhooks, tokenFaults, messageFaults, webhookFaults, browser };
}

/** Fake Odesli (song.link) `GET /v1-alpha.1/links?url=`: knows some source URLs and their platform links. */
export interface FakeOdesli extends FakeServer {
  songs: Map<string, Record<string, string>>;
  faults: Fault[];
}

/** Starts a fake Odesli API. */
export async function startFakeOdesli(): Promise<FakeOdesli> {
  const songs = new Map<string, Record<string, string>>();
  const faults: Fault[] = [];
  const fake = await startFake(async (req, res) => {
    if (req.method !== 'GET' || req.path !== '/v1-alpha.1/links') return send(res, 404, { statusCode: 404, code: 'not_found' });
    if (await playFault(faults.shift(), res)) return;
    const url = req.query.get('url') ?? '';
    const links = songs.get(url);
    if (!links) return send(res, 400, { statusCode: 400, code: 'could_not_resolve_entity' });
    const linksByPlatform = Object.fromEntries(Object.entries(links).map(([platform, link]) => [platform, { url: link, entityUniqueId: `${platform.toUpperCase()}_SONG::1` }]));
    send(res, 200, { entityUniqueId: 'SPOTIFY_SONG::1', userCountry: req.query.get('userCountry') ?? 'US', pageUrl: 'https://song.link/s/1', entitiesByUniqueId: {}, linksByPlatform });
  });
  return { ...fake, songs, faults };
}

/** Fake iTunes Search API `GET /search?term=&entity=song`. */
export interface FakeItunes extends FakeServer {
  results: { trackName: string; artistName: string; trackViewUrl: string }[];
  faults: Fault[];
}

/** Starts a fake iTunes Search API. */
export async function startFakeItunes(): Promise<FakeItunes> {
  const results: FakeItunes['results'] = [];
  const faults: Fault[] = [];
  const fake = await startFake(async (req, res) => {
    if (req.method !== 'GET' || req.path !== '/search') return send(res, 404, 'Not Found');
    if (await playFault(faults.shift(), res)) return;
    const term = (req.query.get('term') ?? '').toLowerCase();
    const words = term.split(/\s+/).filter(Boolean);
    const found = results.filter((r) => words.every((w) => `${r.artistName} ${r.trackName}`.toLowerCase().includes(w)));
    // iTunes answers text/javascript, not application/json.
    res.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8' });
    res.end(JSON.stringify({ resultCount: found.length, results: found.map((r) => ({ wrapperType: 'track', kind: 'song', ...r })) }));
  });
  return { ...fake, results, faults };
}
