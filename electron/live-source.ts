import type { KeyObject } from 'node:crypto';
import type { LiveSourceInput, LiveSourceStartResult, LiveSourceState } from '../shared/bridge';
import { connectSource, SourceClientError, type SourceConnection, type SourceFailure } from '../shared/live-source-client';
import { openSource, sealKeyPair, type SealedSource } from '../shared/live-seal';
import { frameFingerprint, mp3Frames } from '../shared/mp3-frames';
import type { LogPort } from './ports';

/**
 * The desktop studio's source client (issue 31): the main process, not the
 * window, connects to Icecast ≥ 2.4 or AzuraCast's DJ port (HTTP `PUT`,
 * Basic auth, `ice-*` headers: shared/live-source-client.ts), so no browser
 * limit applies. The window encodes MP3 (AudioWorklet + lamejs, as in the
 * browser) and hands each piece over the bridge; the answer is the
 * fingerprints of the whole frames sent, which the window passes to the
 * server for the confirmation from the air.
 *
 * The credentials arrive sealed to a key pair made here for each broadcast
 * (shared/live-seal.ts): the window only ever holds the public key and the
 * sealed text. A connection the network drops is made again every
 * {@link RETRY_MS} for {@link SOURCE_RECONNECT_MS}, the audio in between
 * kept (up to {@link MAX_BACKLOG_BYTES}) and sent first once it is back; a
 * wrong password ends the broadcast at once.
 */

/** How long a dropped station connection is tried again before the broadcast ends (the server's relay keeps a dropped console as long). */
export const SOURCE_RECONNECT_MS = 15_000;
/** Pause between two tries. */
const RETRY_MS = 500;
/** Audio kept while the station is unreachable (about 30 s at 128 kbps). */
const MAX_BACKLOG_BYTES = 480 * 1024;

export interface DesktopLiveSourceDeps {
  onState(state: LiveSourceState): void;
  log: LogPort;
  connect?: typeof connectSource;
  now?: () => number;
  reconnectMs?: number;
}

/** The renderer's start input, checked (it crosses the bridge as unknown). */
function asInput(v: unknown): LiveSourceInput | null {
  if (!v || typeof v !== 'object') return null;
  const d = v as Record<string, unknown>;
  const f = d.format as Record<string, unknown> | undefined;
  if (typeof d.sealed !== 'string' || d.sealed.length > 10_000 || !f) return null;
  if (typeof f.sampleRate !== 'number' || (f.channels !== 1 && f.channels !== 2) || typeof f.kbps !== 'number') return null;
  return { sealed: d.sealed, name: typeof d.name === 'string' ? d.name.slice(0, 200) : 'Airdeck live', format: { sampleRate: f.sampleRate, channels: f.channels, kbps: f.kbps } };
}

function asBytes(v: unknown): Buffer | null {
  if (v instanceof Uint8Array) return Buffer.from(v.buffer, v.byteOffset, v.byteLength);
  if (v instanceof ArrayBuffer) return Buffer.from(v);
  return null;
}

export class DesktopLiveSource {
  private privateKey: KeyObject | null = null;
  private source: SealedSource | null = null;
  private input: LiveSourceInput | null = null;
  private conn: SourceConnection | null = null;
  private backlog: Buffer[] = [];
  private backlogBytes = 0;
  private partial: Buffer = Buffer.alloc(0);
  private lostAt: number | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private active = false;
  private generation = 0;
  private readonly connect: typeof connectSource;
  private readonly now: () => number;

  constructor(private readonly deps: DesktopLiveSourceDeps) {
    this.connect = deps.connect ?? connectSource;
    this.now = deps.now ?? Date.now;
  }

  /** A fresh key pair for the next broadcast; only the public half leaves the main process. */
  key(): string {
    const pair = sealKeyPair();
    this.privateKey = pair.privateKey;
    return pair.publicKey;
  }

  /** Whether a broadcast is running (connected or reconnecting). */
  get running(): boolean {
    return this.active;
  }

  /** Opens the sealed credentials and connects as the mount's source. */
  async start(raw: unknown): Promise<LiveSourceStartResult> {
    const input = asInput(raw);
    if (!input) return { ok: false, reason: 'station_refused', message: 'The desktop studio was given no live-input credentials.' };
    let source: SealedSource;
    try {
      if (!this.privateKey) throw new Error('no key');
      source = openSource(this.privateKey, input.sealed);
    } catch {
      return { ok: false, reason: 'station_refused', message: 'The live-input credentials were not sealed for this studio.' };
    }
    this.stop();
    const generation = ++this.generation;
    this.source = source;
    this.input = input;
    this.active = true;
    try {
      const conn = await this.open();
      if (generation !== this.generation) {
        conn.end();
        return { ok: false, reason: 'station_refused', message: 'The broadcast was stopped.' };
      }
      this.adopt(conn, generation);
      this.deps.log.info('live input connected from the desktop studio', { server: source.server, mount: source.mount });
      return { ok: true };
    } catch (err) {
      if (generation === this.generation) this.active = false;
      const kind: SourceFailure = err instanceof SourceClientError ? err.kind : 'station_unreachable';
      this.deps.log.warn('the station refused the desktop studio\'s live input', { kind });
      return { ok: false, reason: kind, message: err instanceof Error ? err.message : String(err) };
    }
  }

  /** Sends a piece of MP3 (kept while reconnecting); answers the fingerprints of the whole frames in it. */
  write(raw: unknown): string[] {
    const bytes = asBytes(raw);
    if (!bytes || bytes.length === 0 || !this.active) return [];
    const copy = Buffer.from(bytes);
    if (this.conn && !this.conn.closed) this.conn.write(copy);
    else {
      this.backlog.push(copy);
      this.backlogBytes += copy.length;
      while (this.backlogBytes > MAX_BACKLOG_BYTES && this.backlog.length > 1) this.backlogBytes -= this.backlog.shift()!.length;
    }
    const { frames, rest } = mp3Frames(this.partial.length > 0 ? Buffer.concat([this.partial, copy]) : copy);
    this.partial = rest.length > 8192 ? Buffer.alloc(0) : rest;
    return frames.map(frameFingerprint);
  }

  /** Ends the broadcast (the station falls back to its AutoDJ) and forgets the credentials. */
  stop(): void {
    this.generation++;
    const wasActive = this.active;
    this.active = false;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    const conn = this.conn;
    this.conn = null;
    conn?.end();
    this.source = null;
    this.input = null;
    this.backlog = [];
    this.backlogBytes = 0;
    this.partial = Buffer.alloc(0);
    this.lostAt = null;
    if (wasActive) this.deps.onState({ state: 'stopped' });
  }

  private open(): Promise<SourceConnection> {
    const s = this.source!;
    const i = this.input!;
    return this.connect({ server: s.server, mount: s.mount, username: s.username, password: s.password, name: i.name, audioInfo: { channels: i.format.channels, samplerate: i.format.sampleRate, bitrate: i.format.kbps }, connectTimeoutMs: 5000 });
  }

  private adopt(conn: SourceConnection, generation: number): void {
    this.conn = conn;
    for (const b of this.backlog) conn.write(b);
    this.backlog = [];
    this.backlogBytes = 0;
    this.lostAt = null;
    conn.onClose((err) => {
      if (generation !== this.generation || this.conn !== conn) return;
      this.conn = null;
      if (!err) return;
      this.lost(err, generation);
    });
    this.deps.onState({ state: 'connected' });
  }

  private fail(reason: LiveSourceState['reason'], generation: number): void {
    if (generation !== this.generation) return;
    this.deps.log.warn('the desktop studio\'s live input ended', { reason });
    this.stop();
    this.deps.onState({ state: 'failed', reason });
  }

  private lost(err: Error, generation: number): void {
    if (err instanceof SourceClientError && err.kind === 'wrong_password') return this.fail('wrong_password', generation);
    this.lostAt ??= this.now();
    this.deps.log.warn('the station connection dropped; trying again', { message: err.message });
    this.deps.onState({ state: 'reconnecting' });
    this.scheduleRetry(generation);
  }

  private scheduleRetry(generation: number): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => void this.retry(generation), RETRY_MS);
  }

  private async retry(generation: number): Promise<void> {
    this.retryTimer = null;
    if (generation !== this.generation || !this.active) return;
    if (this.lostAt !== null && this.now() - this.lostAt > (this.deps.reconnectMs ?? SOURCE_RECONNECT_MS)) return this.fail('dropped', generation);
    try {
      const conn = await this.open();
      if (generation !== this.generation) {
        conn.end();
        return;
      }
      this.deps.log.info('the station connection is back', { after_ms: this.lostAt === null ? 0 : this.now() - this.lostAt });
      this.adopt(conn, generation);
    } catch (err) {
      if (generation !== this.generation) return;
      // A wrong password now is final; unreachable, refused or "mount in use" (the station has not yet
      // noticed the old connection is gone) are tried again until the window runs out.
      if (err instanceof SourceClientError && err.kind === 'wrong_password') return this.fail('wrong_password', generation);
      this.scheduleRetry(generation);
    }
  }
}
