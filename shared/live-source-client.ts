import http from 'node:http';
import https from 'node:https';

/**
 * An Icecast source client (Node only: the server's relay and the desktop
 * studio's main process; no browser code imports this file). Icecast ≥ 2.4
 * and AzuraCast's DJ port (Liquidsoap's harbor) take a source as an HTTP
 * `PUT` of the mount with Basic auth and `ice-*` headers; the body is the
 * encoded audio, sent for as long as the broadcast lasts. With
 * `Expect: 100-continue` Icecast says "go" (100) or refuses (401, 403) before
 * any audio is sent, so a wrong password or a mount in use is told apart.
 */

export type SourceFailure = 'wrong_password' | 'mount_in_use' | 'station_refused' | 'station_unreachable';

export class SourceClientError extends Error {
  override name = 'SourceClientError';
  constructor(
    readonly kind: SourceFailure,
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
  }
}

export interface SourceClientOptions {
  /** `http(s)://host:port`, no path. */
  server: string;
  mount: string;
  username: string;
  password: string;
  contentType?: string;
  name?: string;
  description?: string;
  /** Advertised to Icecast as `ice-audio-info`. */
  audioInfo?: { channels: number; samplerate: number; bitrate: number };
  /** Whether the stream is listed in public directories (never, by default). */
  public?: boolean;
  connectTimeoutMs?: number;
}

/** A connected source. */
export interface SourceConnection {
  /** Sends encoded audio; false when the socket's buffer is full (the bytes are still queued). */
  write(chunk: Uint8Array): boolean;
  /** Ends the broadcast (the station falls back to its AutoDJ). */
  end(): void;
  /** Called once when the connection ends, by us or by the station (`error` when it was not us). */
  onClose(fn: (error: Error | null) => void): void;
  readonly closed: boolean;
  /** Bytes queued in the socket. */
  readonly buffered: number;
}

/**
 * A header value for a text such as a presenter's name: its UTF-8 bytes as they go on the wire (Node takes
 * header strings as Latin-1 and throws on anything past U+00FF, which ended every broadcast of a presenter
 * named, say, "Ngozi Adébáyọ̀" before it began), control characters removed. Icecast keeps the bytes as UTF-8.
 */
export function headerText(text: string): string {
  return Buffer.from(text.replace(/[\u0000-\u001f\u007f]/g, ' '), 'utf8').toString('latin1');
}

const basic = (user: string, pass: string) => `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}`;

function failureOf(status: number, body: string): SourceClientError {
  if (status === 401) return new SourceClientError('wrong_password', 'The station refused the source password.', status);
  if (status === 403 && /in use|already/i.test(body)) return new SourceClientError('mount_in_use', 'The mount is already in use by another source.', status);
  return new SourceClientError('station_refused', `The station refused the source (HTTP ${status}${body ? `: ${body.trim().slice(0, 200)}` : ''}).`, status);
}

/** Connects as the mount's source; resolves once the station accepts, rejects with {@link SourceClientError}. */
export function connectSource(opts: SourceClientOptions): Promise<SourceConnection> {
  const url = new URL(opts.mount, opts.server);
  const lib = url.protocol === 'https:' ? https : http;
  const headers: Record<string, string> = {
    Authorization: basic(opts.username, opts.password),
    'Content-Type': opts.contentType ?? 'audio/mpeg',
    'User-Agent': 'Airdeck live input',
    'ice-public': opts.public ? '1' : '0',
    'ice-name': headerText(opts.name ?? 'Airdeck live'),
  };
  if (opts.description) headers['ice-description'] = headerText(opts.description);
  if (opts.audioInfo) {
    const a = opts.audioInfo;
    headers['ice-audio-info'] = `ice-channels=${a.channels};ice-samplerate=${a.samplerate};ice-bitrate=${a.bitrate}`;
    headers['ice-bitrate'] = String(a.bitrate);
  }
  return new Promise((resolve, reject) => {
    let settled = false;
    let closed = false;
    const closers: Array<(e: Error | null) => void> = [];
    let endedByUs = false;
    const req = lib.request(url, { method: 'PUT', headers, agent: false });
    // A raw body, as Icecast's own source clients send it: Icecast 2.4 does not decode a chunked request
    // body (the chunk sizes land in the stream as noise: a listener moved from the fallback mount stalls).
    // Node fixes the framing when the head is stored, which an Expect header given to request() does at
    // once, before this flag could be cleared: so the flag first, then Expect.
    req.useChunkedEncodingByDefault = false;
    req.setHeader('Expect', '100-continue');
    const finish = (error: Error | null) => {
      if (closed) return;
      closed = true;
      for (const fn of closers) fn(endedByUs ? null : error ?? new SourceClientError('station_refused', 'The station closed the source connection.'));
    };
    const timer = setTimeout(() => {
      if (settled) return;
      settled = true;
      req.destroy();
      reject(new SourceClientError('station_unreachable', 'The station did not answer the source connection in time.'));
    }, opts.connectTimeoutMs ?? 8000);
    const connection: SourceConnection = {
      write: (chunk) => (closed ? false : req.write(chunk)),
      end: () => {
        endedByUs = true;
        if (!req.destroyed) {
          req.end();
          // Icecast answers nothing to a finished PUT: close the socket ourselves.
          setTimeout(() => req.destroy(), 200).unref();
        }
        finish(null);
      },
      onClose: (fn) => {
        if (closed) fn(null);
        else closers.push(fn);
      },
      get closed() {
        return closed;
      },
      get buffered() {
        return req.socket?.writableLength ?? 0;
      },
    };
    const accept = () => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.socket?.setNoDelay(true);
      resolve(connection);
    };
    req.on('continue', accept);
    req.on('response', (res) => {
      const status = res.statusCode ?? 0;
      if (status >= 200 && status < 300) {
        // Liquidsoap's harbor answers 200 at once instead of 100.
        accept();
        res.resume();
        res.on('close', () => finish(new SourceClientError('station_refused', 'The station closed the source connection.', status)));
        return;
      }
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => {
        if (body.length < 1000) body += d;
      });
      res.on('end', () => {
        const err = failureOf(status, body);
        if (!settled) {
          settled = true;
          clearTimeout(timer);
          reject(err);
        }
        req.destroy();
        finish(err);
      });
    });
    req.on('error', (err) => {
      const e = new SourceClientError('station_unreachable', `The station could not be reached: ${err.message}`);
      if (!settled) {
        settled = true;
        clearTimeout(timer);
        reject(e);
      }
      finish(e);
    });
    req.on('close', () => finish(new SourceClientError('station_refused', 'The station closed the source connection.')));
    req.flushHeaders();
  });
}

/**
 * Sets the mount's "now playing" text through Icecast's admin metadata call
 * (the source's own credentials are accepted for its mount). AzuraCast's DJ
 * port takes metadata in the stream instead; there this call is not made.
 */
export async function sendSourceMetadata(opts: Pick<SourceClientOptions, 'server' | 'mount' | 'username' | 'password'>, song: string, timeoutMs = 5000): Promise<boolean> {
  const url = new URL('/admin/metadata', opts.server);
  url.searchParams.set('mount', opts.mount);
  url.searchParams.set('mode', 'updinfo');
  url.searchParams.set('song', song);
  url.searchParams.set('charset', 'UTF-8');
  try {
    const res = await fetch(url, { headers: { Authorization: basic(opts.username, opts.password) }, signal: AbortSignal.timeout(timeoutMs) });
    await res.body?.cancel();
    return res.ok;
  } catch {
    return false;
  }
}
