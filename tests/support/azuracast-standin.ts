import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * A local AzuraCast stand-in: serves AzuraCast's own documents from
 * `../shared/fixtures/azuracast/` (see its README) at AzuraCast's paths, as a
 * real AzuraCast would answer them now:
 *
 * - `GET /api/nowplaying/{station}`: the chosen fixture. Its times are moved so
 *   the item on air started when the fixture says relative to "now" (a fixture
 *   captured in June 2026 still reads as on air today), unless `frozen` asks for
 *   the document exactly as captured (a station whose AutoDJ stopped long ago).
 *   The panel's address (`https://panel.riversideradio.example`) becomes the
 *   stand-in's own, so listen URLs and mounts point here.
 * - `GET /listen/{station}/radio.mp3` (the default mount): a real MP3 (a tone
 *   made by ffmpeg when installed, else a few silent MP3 frames), so a browser's
 *   audio element really plays the station's stream.
 * - anything else: AzuraCast's 404 error body.
 *
 * `fail(status)` makes the now-playing call answer an error (e.g. 500) until
 * `serve()` is called again; the stream plays on (a metadata failure is not
 * silence). `streamDown(true)` makes the stream answer 503 as well.
 */
export type AzuraCastFixture = 'autodj' | 'live' | 'offline';

export interface AzuraCastStandIn {
  url: string;
  /** The default mount's address as the stand-in advertises it (what listeners should play). */
  streamUrl: string;
  /** Serve a fixture from now on. */
  serve(fixture: AzuraCastFixture, opts?: { frozen?: boolean }): void;
  /** Answer the now-playing call with this HTTP status (AzuraCast's error body) until `serve()`. */
  fail(status: number): void;
  /**
   * The default mount relays this live stream from now on (as AzuraCast's `/listen/` path is its web
   * server relaying the station's Icecast), instead of the 30 s file; null goes back to the file.
   */
  relay(url: string | null): void;
  /** The mount answers 503 (the station's encoder is down) until `streamDown(false)`. */
  streamDown(down: boolean): void;
  /** How many now-playing documents were asked for. */
  reads(): number;
  /** How many times the stream was requested. */
  streamRequests(): number;
  /** The DJ port (Liquidsoap's harbor), when started with `dj`: `http://127.0.0.1:port`. */
  djUrl: string | null;
  /** Whether a streamer is connected to the DJ port now, and how many bytes of audio it sent. */
  dj(): { connected: boolean; bytes: number };
  close(): Promise<void>;
}

/**
 * A DJ port as AzuraCast's Liquidsoap harbor runs it: a source `PUT`s the mount with its streamer account
 * (Basic auth), is answered 200 at once (harbor sends no 100) and streams. While it is connected the
 * now-playing document is AzuraCast's live one, `live.streamer_name` the account's display name (unless
 * `reportsLive` is false: a station that took the source but whose API still says AutoDJ). The public
 * stream stays the stand-in's own re-encoded tone: AzuraCast never passes the DJ's frames through.
 */
export interface StandInDj {
  username: string;
  password: string;
  displayName: string;
  mount?: string;
  reportsLive?: boolean;
}

export const FIXTURES_DIR = path.resolve(__dirname, '../../../shared/fixtures/azuracast');
const PANEL = 'https://panel.riversideradio.example';
const TIME_FIELDS = new Set(['played_at', 'cued_at', 'broadcast_start']);

/** The fixture's document, as text and parsed. */
export function readFixture(name: string): unknown {
  return JSON.parse(fs.readFileSync(path.join(FIXTURES_DIR, `nowplaying_${name}.json`), 'utf8')) as unknown;
}

function shiftTimes(node: unknown, delta: number): unknown {
  if (Array.isArray(node)) return node.map((n) => shiftTimes(n, delta));
  if (node && typeof node === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(node)) {
      out[k] = TIME_FIELDS.has(k) && typeof v === 'number' && v > 1e9 ? v + delta : shiftTimes(v, delta);
    }
    return out;
  }
  return node;
}

/**
 * The fixture's document as a running panel serves it now: every instant moved so that the current item
 * started `elapsed` seconds ago (the fixtures were captured months ago; a panel answers with today's times).
 */
export function fixtureAsOfNow(name: string, nowMs = Date.now()): unknown {
  const doc = readFixture(name) as { now_playing: { played_at: number; elapsed: number } };
  return shiftTimes(doc, Math.floor(nowMs / 1000) - doc.now_playing.elapsed - doc.now_playing.played_at);
}

let cachedMp3: Buffer | null = null;
/** A 30 s MP3 tone (ffmpeg), or silent MPEG-1 Layer III frames when ffmpeg is missing. */
function mp3(): Buffer {
  if (cachedMp3) return cachedMp3;
  const file = path.join(os.tmpdir(), `airdeck-standin-${process.pid}.mp3`);
  const r = spawnSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=523:sample_rate=44100', '-t', '30', '-c:a', 'libmp3lame', '-b:a', '64k', file]);
  if (r.status === 0 && fs.existsSync(file)) {
    cachedMp3 = fs.readFileSync(file);
    fs.rmSync(file, { force: true });
  } else {
    // 128 kbps, 44.1 kHz, no padding: 417-byte frames of silence.
    const frame = Buffer.alloc(417);
    frame.set([0xff, 0xfb, 0x90, 0x64]);
    cachedMp3 = Buffer.concat(Array.from({ length: 400 }, () => frame));
  }
  return cachedMp3;
}

export async function startAzuraCastStandIn(initial: AzuraCastFixture = 'autodj', opts: { dj?: StandInDj } = {}): Promise<AzuraCastStandIn> {
  let djConnected = false;
  let djBytes = 0;
  let djServer: net.Server | null = null;
  const djSockets = new Set<net.Socket>();
  let djUrl: string | null = null;
  if (opts.dj) {
    const dj = opts.dj;
    // A raw socket, as the harbor reads it: the source's body has no length and no chunking (Node's HTTP
    // server would take it for an empty body and the audio for a broken next request).
    djServer = net.createServer((sock) => {
      djSockets.add(sock);
      sock.on('close', () => djSockets.delete(sock));
      let head = Buffer.alloc(0);
      let streaming = false;
      const answer = (status: string, body = '') => sock.end(`HTTP/1.0 ${status}\r\nContent-Type: text/plain\r\n\r\n${body}`);
      sock.on('data', (d: Buffer) => {
        if (streaming) {
          djBytes += d.length;
          return;
        }
        head = Buffer.concat([head, d]);
        const endAt = head.indexOf('\r\n\r\n');
        if (endAt < 0) return;
        const lines = head.subarray(0, endAt).toString('latin1').split('\r\n');
        const [method, target] = lines[0]!.split(' ');
        const headers = new Map(lines.slice(1).map((l) => [l.slice(0, l.indexOf(':')).trim().toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
        const expected = `Basic ${Buffer.from(`${dj.username}:${dj.password}`).toString('base64')}`;
        if (method !== 'PUT' && method !== 'SOURCE') return answer('405 Method Not Allowed');
        if (new URL(target ?? '/', 'http://x').pathname !== (dj.mount ?? '/')) return answer('404 Not Found');
        if (headers.get('authorization') !== expected) return answer('401 Unauthorized', 'Invalid password');
        if (djConnected) return answer('403 Forbidden', 'Mount point already in use');
        djConnected = true;
        streaming = true;
        djBytes += head.length - endAt - 4;
        sock.write('HTTP/1.0 200 OK\r\n\r\n');
      });
      const gone = () => {
        if (streaming) djConnected = false;
        streaming = false;
      };
      sock.on('close', gone);
      sock.on('error', gone);
    });
    await new Promise<void>((resolve) => djServer!.listen(0, '127.0.0.1', () => resolve()));
    djUrl = `http://127.0.0.1:${(djServer.address() as AddressInfo).port}`;
  }
  let fixture: AzuraCastFixture = initial;
  let frozen = false;
  let failing: number | null = null;
  let silent = false;
  let reads = 0;
  let streams = 0;
  let url = '';
  let relayUrl: string | null = null;
  const server = http.createServer((req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://x').pathname;
    if (/^\/api\/nowplaying\/[^/]+$/.test(pathname)) {
      reads++;
      if (failing !== null) {
        res.writeHead(failing, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ code: failing, type: 'Exception', message: 'Internal server error', formatted_message: 'Internal server error', extra_data: {}, success: false }));
        return;
      }
      const live = djConnected && opts.dj && opts.dj.reportsLive !== false;
      const doc = readFixture(live ? 'live' : fixture) as { now_playing: { played_at: number; elapsed: number; sh_id: number }; live: { streamer_name: string } };
      if (live) doc.live.streamer_name = opts.dj!.displayName;
      const nowSec = Math.floor(Date.now() / 1000);
      // Move the document to now: the item on air has been playing for `elapsed` seconds.
      const delta = frozen || doc.now_playing.sh_id === 0 ? 0 : nowSec - doc.now_playing.elapsed - doc.now_playing.played_at;
      const moved = shiftTimes(doc, delta) as { now_playing: { elapsed: number; sh_id: number } };
      if (moved.now_playing.sh_id === 0) moved.now_playing.elapsed = nowSec + 5; // AzuraCast's offline quirk
      const body = JSON.stringify(moved).split(PANEL).join(url);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(body);
      return;
    }
    if (/^\/listen\/[^/]+\/radio\.mp3$/.test(pathname)) {
      streams++;
      if (silent) {
        res.writeHead(503, { 'content-type': 'text/plain' });
        res.end('Service Unavailable');
        return;
      }
      if (relayUrl) {
        const ctrl = new AbortController();
        res.on('close', () => ctrl.abort());
        void fetch(relayUrl, { signal: ctrl.signal })
          .then(async (up) => {
            res.writeHead(up.status, { 'content-type': up.headers.get('content-type') ?? 'audio/mpeg', 'cache-control': 'no-store', 'access-control-allow-origin': '*' });
            if (!up.body) return res.end();
            for await (const part of up.body as unknown as AsyncIterable<Uint8Array>) res.write(part);
            res.end();
          })
          .catch(() => res.destroy());
        return;
      }
      const body = mp3();
      res.writeHead(200, { 'content-type': 'audio/mpeg', 'content-length': String(body.length), 'cache-control': 'no-store', 'access-control-allow-origin': '*' });
      res.end(req.method === 'HEAD' ? undefined : body);
      return;
    }
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ code: 404, type: 'NotFoundException', message: 'Record not found.', formatted_message: 'Record not found.', extra_data: [], success: false }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    streamUrl: `${url}/listen/riverside_community_radio/radio.mp3`,
    serve(next, opts = {}) {
      fixture = next;
      frozen = opts.frozen ?? false;
      failing = null;
    },
    fail(status) {
      failing = status;
    },
    relay(next) {
      relayUrl = next;
    },
    streamDown(down) {
      silent = down;
    },
    reads: () => reads,
    streamRequests: () => streams,
    djUrl,
    dj: () => ({ connected: djConnected, bytes: djBytes }),
    close: async () => {
      if (djServer) {
        for (const sock of djSockets) sock.destroy();
        await new Promise<void>((resolve) => djServer!.close(() => resolve()));
      }
      await new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
    },
  };
}
