import { createHash, randomBytes } from 'node:crypto';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import {
  HEARD_TEXT,
  LIVE_CLOSE_FINAL,
  LIVE_FAILURES,
  LIVE_WARNINGS_MINUTES,
  LiveClientMessageSchema,
  OVERRUN_MINUTES,
  notYetText,
  type LiveAudioFormat,
  type LiveFailure,
  type LiveServerMessage,
  type LiveStateText,
  type LiveTicket,
  type NotHeardReason,
  NOT_HEARD,
} from '../../../shared/live';
import { connectSource, sendSourceMetadata, SourceClientError, type SourceConnection } from '../../../shared/live-source-client';
import { isSealKey, sealSource } from '../../../shared/live-seal';
import { frameFingerprint } from '../../../shared/mp3-frames';
import { can } from '../../../shared/permissions';
import { longDate } from '../../../shared/schedule';
import { localDateTime } from '../../../shared/time';
import type { AppContext } from '../context';
import { fail } from '../http/errors';
import type { DemoLiveInput } from '../radio/stream';
import { stationTimezone } from '../settings/service';
import { recordAction } from '../users/audit';
import { FIRST_VERDICT_MS, mp3Frames as splitFrames, watchPublicStream, type StreamWatch } from './confirm';
import type { LiveRelay } from './types';
import { endLiveSession, insertLiveSession, liveSessionById, setLiveSessionCloses, setLiveSessionNowPlaying, touchLiveSession, type LiveSessionRow } from './repo';
import { notifyShowLive } from '../reach/follows';
import { currentLiveSession, liveSourceKind, liveTarget, liveWindows, presentSession, sessionName, stationReportedLive, type SourceTarget } from './service';

/**
 * The server's live relay (issue 31), one per instance (`ctx.live`). The On
 * Air console asks `POST /api/live/sessions` (the slot rule is checked there)
 * and gets a ticket, then opens `/api/live/socket?ticket=…` and sends MP3 as
 * binary frames. The relay is the Icecast source client (HTTP PUT) towards
 * Icecast or AzuraCast's DJ port, or feeds the demo station's own stream.
 * The station credentials never leave the server. A dropped socket keeps the
 * station connection for {@link RECONNECT_GRACE_MS}; the console buffers and
 * reconnects with the same ticket. The confirmation is read from the public
 * stream: the frames we sent must come back out of it (`confirm.ts`).
 */

/** How long a dropped console may take to reconnect before the broadcast ends. */
export const RECONNECT_GRACE_MS = 15_000;
/** How often the session row is marked alive (others see it as on air while fresh). */
const HEARTBEAT_MS = 5_000;
/** Largest binary frame a console may send (about 4 s of 128 kbps audio). */
const MAX_FRAME_BYTES = 64 * 1024;
/** Audio kept while the station connection is being made. */
const MAX_PENDING_BYTES = 512 * 1024;

/** The demo station's one format: the listeners' decoders go on without reconnecting. */
const DEMO_FORMAT = (): LiveAudioFormat => ({ sampleRate: 22_050, channels: 1, kbps: 48 });
/**
 * What goes to Icecast or AzuraCast: MP3, 44.1 kHz stereo, 128 kbps, whatever the preset (a voice is sent
 * in both channels). Icecast moves listeners between the live mount and its fallback (the AutoDJ) only
 * cleanly when both carry one format, so the station's AutoDJ mount should use this one (README).
 */
const STATION_FORMAT = (): LiveAudioFormat => ({ sampleRate: 44_100, channels: 2, kbps: 128 });

interface Sink {
  write(bytes: Buffer): void;
  end(): void;
}

interface Active {
  row: LiveSessionRow;
  ticketHash: string;
  userId: string;
  target: SourceTarget | null;
  /** The desktop studio's main process is the source client: no audio through here, only control. */
  direct: boolean;
  /** Direct: the studio said its source connection is up. */
  sourceUp: boolean;
  format: LiveAudioFormat;
  socket: WebSocket | null;
  sink: Sink | null;
  connecting: boolean;
  pending: Buffer[];
  pendingBytes: number;
  closesAt: number | null;
  warned: Set<number>;
  dropTimer: NodeJS.Timeout | null;
  state: LiveStateText;
  heard: boolean | null;
  /** The last verdict as sent (a reconnecting console gets it again). */
  heardMsg: LiveServerMessage | null;
  watch: StreamWatch | null;
  /** Fingerprints of the frames sent lately → when sent. */
  sent: Map<string, number>;
  partial: Buffer;
  ended: boolean;
  lastBeat: number;
  /** The booked episode this session broadcasts (its show and start), for the followers' notification; null when unscheduled. */
  episode: { showId: string; startsAt: number } | null;
  /** Whether the followers have been told (once per session; once per episode across sessions: reach/follows.ts). */
  announced: boolean;
}

export type { LiveRelay };

/** The console's confirmation message: heard, or why not. */
function heardMessage(heard: boolean, why: NotHeardReason = 'nothing_heard', streamer?: string): LiveServerMessage {
  if (heard) return { type: 'heard', heard: true, message: HEARD_TEXT };
  return { type: 'heard', heard: false, message: NOT_HEARD[why](streamer ?? ''), why, ...(streamer ? { streamer } : {}) };
}

const hash = (s: string) => createHash('sha256').update(s).digest('base64url');
const fingerprint = frameFingerprint;

export function createLiveRelay(ctx: AppContext, opts: { allowedOrigin: (origin: string | undefined, host: string | undefined) => boolean }): LiveRelay {
  const log = ctx.log.child({ part: 'live-relay' });
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES, perMessageDeflate: false, clientTracking: false });
  let active: Active | null = null;
  let starting: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => void tick(), 1000);
  timer.unref();

  const send = (a: Active, msg: LiveServerMessage) => {
    if (a.socket && a.socket.readyState === a.socket.OPEN) a.socket.send(JSON.stringify(msg));
  };
  const setState = (a: Active, state: LiveStateText, reason?: LiveFailure, message?: string) => {
    a.state = state;
    send(a, { type: 'state', state, reason, message: message ?? (reason ? LIVE_FAILURES[reason] : undefined) });
  };

  const finish = async (a: Active, reason: LiveFailure, message?: string) => {
    if (a.ended) return;
    a.ended = true;
    if (active === a) active = null;
    if (a.dropTimer) clearTimeout(a.dropTimer);
    a.watch?.stop();
    a.sink?.end();
    a.sink = null;
    setState(a, 'Stopped', reason, message);
    if (a.socket) {
      a.socket.close(LIVE_CLOSE_FINAL, reason);
      a.socket = null;
    }
    await endLiveSession(ctx.knex, a.row.id, new Date(ctx.now()), reason).catch((err: unknown) => log.warn({ err }, 'could not end the live session row'));
    log.info({ session: a.row.id, reason }, 'live session ended');
  };

  /** Remembers a sent frame's fingerprint (the confirmation looks for it on the public stream). */
  const remember = (a: Active, bytes: Buffer) => {
    const { frames, rest } = splitFrames(a.partial.length > 0 ? Buffer.concat([a.partial, bytes]) : bytes);
    a.partial = rest;
    const at = ctx.now();
    for (const f of frames) a.sent.set(fingerprint(f), at);
    if (a.sent.size > 3000) {
      for (const [k, t] of a.sent) {
        if (t < at - 30_000 || a.sent.size > 3000) a.sent.delete(k);
        else break;
      }
    }
  };

  const startWatch = (a: Active) => {
    const matches = (frame: Buffer) => a.sent.has(fingerprint(frame));
    const onHeard = (heard: boolean, why?: NotHeardReason, streamer?: string) => {
      if (a.ended) return;
      a.heard = heard;
      a.heardMsg = heardMessage(heard, why, streamer);
      send(a, a.heardMsg);
      if (heard) log.info({ session: a.row.id }, 'live input heard on the public stream');
      else log.info({ session: a.row.id, why, streamer }, 'live input not heard on the public stream');
    };
    if (ctx.radio.ears.connection().state === 'standby') log.info({ session: a.row.id }, 'the station ears are not reading on this instance (yet): the confirmation waits for them');
    // AzuraCast re-encodes (our frames never come back out): its own API says whether it switched to us.
    const reported =
      liveSourceKind(ctx) === 'azuracast' ? { read: () => stationReportedLive(ctx), names: [a.row.name, a.target?.username ?? ''] } : undefined;
    a.watch = watchPublicStream({
      ears: ctx.radio.ears,
      matches,
      onHeard,
      now: ctx.now,
      ...(reported ? { reported, firstVerdictMs: Math.max(FIRST_VERDICT_MS, 3 * ctx.config.POLL_INTERVAL_MS) } : {}),
    });
  };

  const openSink = async (a: Active) => {
    if (a.sink || a.connecting) return;
    a.connecting = true;
    if (a.state !== 'Connecting') setState(a, 'Connecting');
    try {
      let sink: Sink;
      if (!a.target) {
        const input: DemoLiveInput = ctx.radio.stream.liveInput();
        sink = { write: (b) => input.write(b), end: () => input.end() };
      } else {
        const t = a.target;
        const conn: SourceConnection = await connectSource({
          server: t.server,
          mount: t.mount,
          username: t.username,
          password: t.password,
          name: a.row.name,
          audioInfo: { channels: a.format.channels, samplerate: a.format.sampleRate, bitrate: a.format.kbps },
        });
        conn.onClose((err) => {
          if (err && !a.ended) void finish(a, err instanceof SourceClientError ? err.kind : 'station_refused', err.message);
        });
        sink = { write: (b) => void conn.write(b), end: () => conn.end() };
        if (a.row.now_playing) void sendSourceMetadata(t, a.row.now_playing);
      }
      if (a.ended) {
        sink.end();
        return;
      }
      a.sink = sink;
      for (const b of a.pending) sink.write(b);
      a.pending = [];
      a.pendingBytes = 0;
      setState(a, a.socket ? 'On air' : 'Reconnecting');
      log.info({ session: a.row.id, target: a.target ? `${a.target.server}${a.target.mount}` : 'demo' }, 'live input connected');
      startWatch(a);
      // The show is actually live now: its followers hear of it (issue 36), once.
      if (a.episode && !a.announced) {
        a.announced = true;
        void notifyShowLive(ctx, a.episode).catch((err: unknown) => log.warn({ err }, 'could not notify the show followers'));
      }
    } catch (err) {
      const kind = err instanceof SourceClientError ? err.kind : 'station_unreachable';
      log.info({ session: a.row.id, kind, error: err instanceof Error ? err.message : String(err) }, 'the station refused the live input');
      await finish(a, kind);
    } finally {
      a.connecting = false;
    }
  };

  const onAudio = (a: Active, bytes: Buffer) => {
    remember(a, bytes);
    if (a.sink) a.sink.write(bytes);
    else {
      a.pending.push(bytes);
      a.pendingBytes += bytes.length;
      while (a.pendingBytes > MAX_PENDING_BYTES && a.pending.length > 1) a.pendingBytes -= a.pending.shift()!.length;
      if (a.socket) void openSink(a);
    }
  };

  const onText = async (a: Active, text: string) => {
    let parsed;
    try {
      parsed = LiveClientMessageSchema.safeParse(JSON.parse(text));
    } catch {
      return;
    }
    if (!parsed.success) return;
    const msg = parsed.data;
    if (msg.type === 'stop') {
      await finish(a, 'stopped');
      return;
    }
    if (msg.type === 'sent') {
      if (!a.direct) return;
      const at = ctx.now();
      for (const f of msg.frames) a.sent.set(f, at);
      if (a.sent.size > 3000) {
        for (const k of a.sent.keys()) {
          if (a.sent.size <= 3000) break;
          a.sent.delete(k);
        }
      }
      return;
    }
    if (msg.type === 'source') {
      if (!a.direct) return;
      if (msg.state === 'failed') {
        log.info({ session: a.row.id, kind: msg.reason }, 'the station refused the desktop studio\'s live input');
        await finish(a, msg.reason ?? 'station_refused');
      } else if (msg.state === 'reconnecting') {
        a.sourceUp = false;
        setState(a, 'Reconnecting');
      } else {
        a.sourceUp = true;
        setState(a, 'On air');
        if (!a.watch) {
          log.info({ session: a.row.id, target: a.target ? `${a.target.server}${a.target.mount}` : null }, 'the desktop studio connected the live input');
          startWatch(a);
        }
      }
      return;
    }
    const song = msg.text.trim() || null;
    a.row.now_playing = song;
    await setLiveSessionNowPlaying(ctx.knex, a.row.id, song);
    if (a.target?.metadata && (a.sink || (a.direct && a.sourceUp))) await sendSourceMetadata(a.target, song ?? '');
  };

  const attach = (a: Active, ws: WebSocket) => {
    if (a.socket && a.socket !== ws) a.socket.close(LIVE_CLOSE_FINAL, 'replaced');
    a.socket = ws;
    if (a.dropTimer) {
      clearTimeout(a.dropTimer);
      a.dropTimer = null;
    }
    ws.on('message', (data: RawData, isBinary: boolean) => {
      if (a.socket !== ws || a.ended) return;
      const buf = Array.isArray(data) ? Buffer.concat(data) : Buffer.isBuffer(data) ? data : Buffer.from(data);
      if (isBinary) {
        if (!a.direct) onAudio(a, buf);
      }
      else void onText(a, buf.toString('utf8')).catch((err: unknown) => log.warn({ err }, 'live message failed'));
    });
    ws.on('close', () => {
      if (a.socket !== ws || a.ended) return;
      a.socket = null;
      a.state = 'Reconnecting';
      log.info({ session: a.row.id }, 'live console disconnected; waiting for it to reconnect');
      a.dropTimer = setTimeout(() => void finish(a, 'dropped'), RECONNECT_GRACE_MS);
    });
    ws.on('error', () => undefined);
    send(a, { type: 'window', closes_at: a.closesAt });
    if (a.direct) {
      // The studio's main process connects to the station itself and says so ('source' messages).
      setState(a, a.sourceUp ? 'On air' : 'Connecting');
      if (a.heardMsg) send(a, a.heardMsg);
    } else if (a.sink) {
      setState(a, 'On air');
      if (a.heardMsg) send(a, a.heardMsg);
    } else if (!a.target || a.pending.length > 0) void openSink(a);
    else {
      // The station's source connection waits for the console's first audio: Icecast drops a source that
      // sends nothing for its source-timeout (10 s by default), which a console slow to start (a busy
      // machine) used to hit, ending the broadcast as "station refused" before it began.
      setState(a, 'Connecting');
    }
  };

  const tick = async () => {
    const a = active;
    if (!a || a.ended) return;
    const at = ctx.now();
    if (at - a.lastBeat >= HEARTBEAT_MS) {
      a.lastBeat = at;
      try {
        await touchLiveSession(ctx.knex, a.row.id, new Date(at));
        // A manager on any instance may have moved the end (overrun) or ended the session.
        const row = await liveSessionById(ctx.knex, a.row.id);
        if (row?.ended_at && !a.ended) {
          await finish(a, (row.end_reason as LiveFailure) in LIVE_FAILURES ? (row.end_reason as LiveFailure) : 'ended_by_staff');
          return;
        }
        const closes = row?.closes_at ? new Date(row.closes_at).getTime() : null;
        if (closes !== a.closesAt) {
          a.closesAt = closes;
          a.warned.clear();
          send(a, { type: 'window', closes_at: closes });
        }
      } catch (err) {
        log.warn({ err }, 'live session heartbeat failed');
      }
    }
    if (a.closesAt !== null) {
      const left = a.closesAt - at;
      if (left <= 0) {
        await finish(a, 'window_closed');
        return;
      }
      for (const m of LIVE_WARNINGS_MINUTES) {
        if (left <= m * 60_000 && !a.warned.has(m)) {
          for (const k of LIVE_WARNINGS_MINUTES) if (k >= m) a.warned.add(k);
          send(a, { type: 'warning', minutes_left: Math.max(1, Math.ceil(left / 60_000)), closes_at: a.closesAt });
        }
      }
    }
  };

  const formatWhen = async (ms: number) => {
    const zone = await stationTimezone(ctx);
    const { date, time } = localDateTime(ms, zone);
    return `${time.slice(0, 5)} on ${longDate(date)}`;
  };

  const relay: LiveRelay = {
    async start(user, input, ip) {
      const run = starting.then(async (): Promise<LiveTicket> => {
        const at = ctx.now();
        const w = await liveWindows(ctx, user.id, at);
        let closesAt: number | null;
        let showId: string | null = null;
        if (input.unscheduled) {
          if (!can(user.role, 'live.unscheduled')) throw fail.forbidden('Only owners and managers can go live outside a booked show.');
          closesAt = null;
        } else {
          if (!w.now) {
            const zone = await stationTimezone(ctx);
            const when = (ms: number) => {
              const { date, time } = localDateTime(ms, zone);
              return `${time.slice(0, 5)} on ${longDate(date)}`;
            };
            throw fail.forbidden(notYetText(w.next, when));
          }
          closesAt = w.now.closes_at;
          showId = w.now.show_id;
        }
        const onAir = await currentLiveSession(ctx);
        if (onAir && !(onAir.user_id === user.id && active?.row.id === onAir.id)) {
          throw fail.conflict(`${onAir.name} is on air now, since ${await formatWhen(new Date(onAir.started_at).getTime())}. You can go live when they stop.`);
        }
        const target = await liveTarget(ctx, await ctx.secrets.box(), w.presenter?.id ?? null);
        if (input.desktop_key !== undefined && target && !isSealKey(input.desktop_key)) throw fail.badRequest('The desktop studio sent a key that is not an X25519 public key.');
        const direct = Boolean(input.desktop_key && target);
        if (active) await finish(active, 'taken_over');
        const ticket = randomBytes(24).toString('base64url');
        const name = await sessionName(ctx, user.id, w.presenter);
        const row = await ctx.knex.transaction(async (trx) => {
          const r = await insertLiveSession(trx, { user_id: user.id, presenter_id: w.presenter?.id ?? null, name, show_id: showId, unscheduled: input.unscheduled, closes_at: closesAt === null ? null : new Date(closesAt), started_at: new Date(at), ticket_hash: hash(ticket) });
          await recordAction(trx, {
            actor: { id: user.id, email: user.email },
            action: 'create',
            resourceType: 'live_session',
            resourceId: r.id,
            resourceName: input.unscheduled ? `Unscheduled live: ${name}` : `Live: ${name}`,
            details: { unscheduled: input.unscheduled, show_id: showId, source: liveSourceKind(ctx) },
            ip,
          });
          return r;
        });
        const format = target ? STATION_FORMAT() : DEMO_FORMAT();
        active = {
          row,
          ticketHash: hash(ticket),
          userId: user.id,
          target,
          direct,
          sourceUp: false,
          format,
          socket: null,
          sink: null,
          connecting: false,
          pending: [],
          pendingBytes: 0,
          closesAt,
          warned: new Set(),
          dropTimer: null,
          state: 'Preparing',
          heard: null,
          heardMsg: null,
          watch: null,
          sent: new Map(),
          partial: Buffer.alloc(0),
          ended: false,
          lastBeat: at,
          episode: w.now && !input.unscheduled ? { showId: w.now.show_id, startsAt: w.now.starts_at } : null,
          announced: false,
        };
        // A console that never connects does not hold the station.
        const a = active;
        a.dropTimer = setTimeout(() => void finish(a, 'dropped'), RECONNECT_GRACE_MS);
        log.info({ session: row.id, unscheduled: input.unscheduled }, 'live session opened');
        const ticketOut: LiveTicket = { session_id: row.id, ticket, format, closes_at: closesAt, unscheduled: input.unscheduled };
        if (direct && target && input.desktop_key) ticketOut.sealed_source = sealSource(input.desktop_key, target);
        return ticketOut;
      });
      starting = run.catch(() => undefined);
      return run;
    },

    async overrun(user, sessionId) {
      const row = await liveSessionById(ctx.knex, sessionId);
      if (!row || row.ended_at) throw fail.notFound('That live session has ended.');
      if (!row.closes_at) return presentSession(row);
      const base = Math.max(new Date(row.closes_at).getTime(), ctx.now());
      const closes = new Date(base + OVERRUN_MINUTES * 60_000);
      await ctx.knex.transaction(async (trx) => {
        await setLiveSessionCloses(trx, sessionId, closes);
        await recordAction(trx, { actor: user, action: 'update', resourceType: 'live_session', resourceId: sessionId, resourceName: `Overrun: ${row.name}`, details: { closes_at: closes.toISOString() } });
      });
      if (active?.row.id === sessionId) {
        active.closesAt = closes.getTime();
        active.warned.clear();
        send(active, { type: 'window', closes_at: active.closesAt });
      }
      return presentSession({ ...row, closes_at: closes });
    },

    async endByStaff(user, sessionId) {
      const row = await liveSessionById(ctx.knex, sessionId);
      if (!row || row.ended_at) throw fail.notFound('That live session has ended.');
      await recordAction(ctx.knex, { actor: user, action: 'update', resourceType: 'live_session', resourceId: sessionId, resourceName: `Ended: ${row.name}`, details: {} });
      if (active?.row.id === sessionId) await finish(active, 'ended_by_staff');
      else await endLiveSession(ctx.knex, sessionId, new Date(ctx.now()), 'ended_by_staff');
    },

    handleUpgrade(req, socket, head) {
      const refuse = (status: number, text: string) => {
        socket.write(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
        socket.destroy();
      };
      if (!opts.allowedOrigin(req.headers.origin, req.headers.host)) return refuse(403, 'Forbidden');
      const ticket = new URL(req.url ?? '/', 'http://x').searchParams.get('ticket') ?? '';
      const a = active;
      if (!a || a.ended || !ticket || hash(ticket) !== a.ticketHash) return refuse(401, 'Unauthorized');
      wss.handleUpgrade(req, socket, head, (ws) => attach(a, ws));
    },

    activeSessionId: () => active?.row.id ?? null,

    async close() {
      clearInterval(timer);
      if (active) await finish(active, 'dropped', 'The server is restarting.');
    },
  };
  return relay;
}
