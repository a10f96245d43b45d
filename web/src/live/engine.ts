import type { DesktopBridge, LiveSourceState } from '../../../shared/bridge';
import { LIVE_CLOSE_FINAL, type LiveAudioFormat, type LiveClientMessage, type LiveFailure, type LiveServerMessage, type LiveStateText, type NotHeardReason } from '../../../shared/live';
import { openLiveSocket } from './api';
import { LoudnessMeter } from './loudness';
// A file of its own, never inlined as a data: URL: the pages' CSP loads scripts (worklets too) from 'self' only.
import workletUrl from './pcm-worklet.js?url&no-inline';

/**
 * The On Air console's audio engine (issue 31): captures the chosen input
 * (getUserMedia with the preset's processing), measures it (peak and
 * loudness), lets the presenter hear themselves (test mode, local loop-back,
 * never on air), encodes MP3 in the page from an AudioWorklet tap
 * (@breezystack/lamejs) in the format the server asks for, and sends it on
 * the relay's socket. A dropped socket is reopened with the same ticket,
 * the audio in between kept and sent when it is back.
 *
 * In the desktop studio with an Icecast or AzuraCast station the audio goes
 * another way: the main process is the source client (electron/live-source.ts)
 * and gets each piece over the bridge; the socket then carries only control:
 * the source connection's state and the fingerprints of the frames sent.
 */

/** The desktop studio's source client, when the console runs there and the ticket carries sealed credentials. */
export interface DirectSource {
  bridge: Pick<DesktopBridge, 'liveSourceStart' | 'liveSourceWrite' | 'liveSourceStop' | 'onLiveSourceState'>;
  sealed: string;
  name: string;
}

export type Preset = 'voice' | 'line';

/** getUserMedia constraints of a preset: voice processing on for a voice, all off and stereo for a line or music. */
export function presetConstraints(preset: Preset, deviceId: string | null): MediaTrackConstraints {
  const processing = preset === 'voice';
  return {
    ...(deviceId ? { deviceId: { exact: deviceId } } : {}),
    echoCancellation: processing,
    noiseSuppression: processing,
    autoGainControl: processing,
    channelCount: preset === 'line' ? 2 : 1,
  };
}

export interface Level {
  /** dBFS, −∞ as −100. */
  peakDb: number;
  /** Momentary loudness (ITU-R BS.1770, K-weighted, 400 ms), LUFS. */
  loudnessDb: number;
}

export interface EngineEvents {
  onLevel(level: Level): void;
  onState(state: LiveStateText, reason?: LiveFailure): void;
  onHeard(heard: boolean, why?: NotHeardReason, streamer?: string): void;
  onWarning(minutesLeft: number): void;
  onWindow(closesAt: number | null): void;
}

const toDb = (v: number) => (v > 0 ? Math.max(-100, 20 * Math.log10(v)) : -100);
/** Audio kept while the socket is down (bytes of MP3: about 30 s at 128 kbps). */
const MAX_BACKLOG_BYTES = 480 * 1024;
/** How often the meter is redrawn. */
const LEVEL_EVERY_MS = 100;
/** How long the console keeps trying to reconnect (the server keeps the station connection 15 s). */
const RECONNECT_FOR_MS = 14_000;

interface Mp3EncoderLike {
  encodeBuffer(left: Int16Array, right?: Int16Array): Int8Array | Uint8Array;
  flush(): Int8Array | Uint8Array;
}

function toInt16(f: Float32Array): Int16Array {
  const out = new Int16Array(f.length);
  for (let i = 0; i < f.length; i++) {
    const v = Math.max(-1, Math.min(1, f[i]!));
    out[i] = v < 0 ? v * 0x8000 : v * 0x7fff;
  }
  return out;
}

export class LiveEngine {
  private stream: MediaStream | null = null;
  private ctx: AudioContext | null = null;
  private source: MediaStreamAudioSourceNode | null = null;
  private tap: AudioWorkletNode | null = null;
  private monitor = false;
  private encoder: Mp3EncoderLike | null = null;
  private format: LiveAudioFormat | null = null;
  private ws: WebSocket | null = null;
  private ticket: string | null = null;
  private backlog: Uint8Array[] = [];
  private backlogBytes = 0;
  private loudness: LoudnessMeter | null = null;
  private droppedAt: number | null = null;
  private retry: ReturnType<typeof setTimeout> | null = null;
  private final = false;
  private direct: DirectSource | null = null;
  private directStarted = false;
  private directOff: (() => void) | null = null;
  private controlQueue: LiveClientMessage[] = [];
  private levelPeak = 0;
  private levelAt = 0;

  constructor(private readonly events: EngineEvents) {}

  /** Opens the input and the meter (no network). Rejects when the browser refuses the microphone. */
  async open(preset: Preset, deviceId: string | null, sampleRate?: number): Promise<void> {
    await this.closeInput();
    this.stream = await navigator.mediaDevices.getUserMedia({ audio: presetConstraints(preset, deviceId), video: false });
    this.ctx = new AudioContext(sampleRate ? { sampleRate } : {});
    await this.ctx.audioWorklet.addModule(workletUrl);
    this.loudness = new LoudnessMeter(this.ctx.sampleRate);
    this.source = this.ctx.createMediaStreamSource(this.stream);
    this.tap = new AudioWorkletNode(this.ctx, 'airdeck-pcm-tap', { numberOfInputs: 1, numberOfOutputs: 0, channelCount: preset === 'line' ? 2 : 1, channelCountMode: 'explicit' });
    this.source.connect(this.tap);
    if (this.monitor) this.source.connect(this.ctx.destination);
    this.tap.port.onmessage = (e: MessageEvent<{ pcm: Float32Array[]; peak: number; meanSquare: number }>) => this.onPcm(e.data);
    if (this.ctx.state === 'suspended') await this.ctx.resume();
  }

  /** Test mode: the presenter hears their own input through this device's speakers (never sent anywhere). */
  setMonitor(on: boolean): void {
    this.monitor = on;
    if (!this.ctx || !this.source) return;
    try {
      if (on) this.source.connect(this.ctx.destination);
      else this.source.disconnect(this.ctx.destination);
    } catch {
      // Not connected.
    }
  }

  get isOpen(): boolean {
    return this.ctx !== null;
  }

  get sampleRate(): number | null {
    return this.ctx?.sampleRate ?? null;
  }

  /**
   * Gets ready to encode `format` before the ticket arrives: the input opened at its rate and the encoder
   * loaded, so audio flows the moment the socket opens (on a busy machine these steps took seconds, during
   * which the station would otherwise hold a source that sent nothing).
   */
  async prepare(format: LiveAudioFormat, preset: Preset, deviceId: string | null): Promise<void> {
    this.events.onState('Preparing');
    const load = import('@breezystack/lamejs');
    if (!this.ctx || this.ctx.sampleRate !== format.sampleRate) await this.open(preset, deviceId, format.sampleRate);
    await load;
  }

  /** Starts encoding and sending for a session ticket; the input is reopened at the format's rate when it differs. */
  async goLive(ticket: string, format: LiveAudioFormat, preset: Preset, deviceId: string | null, direct: DirectSource | null = null): Promise<void> {
    this.final = false;
    this.direct = direct;
    this.directStarted = false;
    this.controlQueue = [];
    this.directOff?.();
    this.directOff = direct
      ? direct.bridge.onLiveSourceState((s: LiveSourceState) => {
          if (s.state === 'stopped') return;
          this.control({ type: 'source', state: s.state, ...(s.reason ? { reason: s.reason } : {}) });
        })
      : null;
    this.events.onState('Preparing');
    if (!this.ctx || this.ctx.sampleRate !== format.sampleRate) await this.open(preset, deviceId, format.sampleRate);
    const { Mp3Encoder } = await import('@breezystack/lamejs');
    this.encoder = new Mp3Encoder(format.channels, format.sampleRate, format.kbps) as unknown as Mp3EncoderLike;
    this.format = format;
    this.ticket = ticket;
    this.events.onState('Connecting');
    this.connect();
  }

  /** Sets the presenter's "now playing" text. */
  setNowPlaying(text: string): void {
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify({ type: 'metadata', text }));
  }

  /** Ends the broadcast; the input stays open for the meter. */
  stop(): void {
    this.final = true;
    if (this.retry) clearTimeout(this.retry);
    if (this.encoder) {
      this.sendAudio(new Uint8Array(this.encoder.flush()));
      this.encoder = null;
    }
    this.stopDirect();
    const ws = this.ws;
    if (ws && ws.readyState === WebSocket.OPEN) {
      ws.send(JSON.stringify({ type: 'stop' }));
      setTimeout(() => ws.close(), 2000);
    } else {
      this.events.onState('Stopped', 'stopped');
    }
    this.ticket = null;
    this.backlog = [];
    this.backlogBytes = 0;
  }

  /** Stops everything: socket, encoder and input. */
  async dispose(): Promise<void> {
    if (this.ticket) this.stop();
    await this.closeInput();
  }

  private async closeInput(): Promise<void> {
    this.tap?.port.close();
    this.tap = null;
    this.source = null;
    for (const t of this.stream?.getTracks() ?? []) t.stop();
    this.stream = null;
    const ctx = this.ctx;
    this.ctx = null;
    if (ctx) await ctx.close().catch(() => undefined);
  }

  private onPcm(d: { pcm: Float32Array[]; peak: number; meanSquare: number }): void {
    // Momentary loudness (BS.1770: K-weighted, 400 ms), as broadcasters read it.
    this.loudness?.push(d.pcm);
    // The meter is redrawn ~10 times a second (the loudest block since), not for every 23 ms block: a React
    // render per block kept a loaded machine's main thread so busy that the encoding and the relay's
    // state messages queued behind it (the console showed "Connecting" long after the station took the source).
    this.levelPeak = Math.max(this.levelPeak, d.peak);
    const at = performance.now();
    if (at - this.levelAt >= LEVEL_EVERY_MS) {
      this.levelAt = at;
      this.events.onLevel({ peakDb: toDb(this.levelPeak), loudnessDb: this.loudness?.lufs() ?? -100 });
      this.levelPeak = 0;
    }
    if (!this.encoder || !this.format) return;
    const left = d.pcm[0]!;
    let mp3: Int8Array | Uint8Array;
    if (this.format.channels === 2) {
      mp3 = this.encoder.encodeBuffer(toInt16(left), toInt16(d.pcm[1] ?? left));
    } else if (d.pcm.length > 1) {
      const mono = new Float32Array(left.length);
      const right = d.pcm[1]!;
      for (let i = 0; i < mono.length; i++) mono[i] = (left[i]! + right[i]!) / 2;
      mp3 = this.encoder.encodeBuffer(toInt16(mono));
    } else mp3 = this.encoder.encodeBuffer(toInt16(left));
    if (mp3.length > 0) this.sendAudio(new Uint8Array(mp3.buffer, mp3.byteOffset, mp3.byteLength).slice());
  }

  /** Ends the desktop studio's source connection, if this broadcast has one. */
  private stopDirect(): void {
    const d = this.direct;
    this.direct = null;
    this.directOff?.();
    this.directOff = null;
    if (d) void d.bridge.liveSourceStop();
  }

  /** Sends a control message now, or when the socket is back. */
  private control(msg: LiveClientMessage): void {
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(msg));
    else if (msg.type !== 'sent') this.controlQueue.push(msg);
  }

  private sendAudio(bytes: Uint8Array): void {
    if (bytes.length === 0) return;
    const d = this.direct;
    if (d) {
      // Straight to the station from the main process; the server gets the frames' fingerprints.
      if (!this.directStarted) return;
      void d.bridge.liveSourceWrite(bytes).then((frames) => {
        if (frames.length > 0) this.control({ type: 'sent', frames });
      });
      return;
    }
    if (this.ws?.readyState === WebSocket.OPEN) {
      this.ws.send(bytes);
      return;
    }
    this.backlog.push(bytes);
    this.backlogBytes += bytes.length;
    while (this.backlogBytes > MAX_BACKLOG_BYTES && this.backlog.length > 1) this.backlogBytes -= this.backlog.shift()!.length;
  }

  private connect(): void {
    if (!this.ticket) return;
    const ws = openLiveSocket(this.ticket);
    this.ws = ws;
    ws.onopen = () => {
      this.droppedAt = null;
      for (const b of this.backlog) ws.send(b);
      this.backlog = [];
      this.backlogBytes = 0;
      for (const m of this.controlQueue) ws.send(JSON.stringify(m));
      this.controlQueue = [];
      const d = this.direct;
      if (d && !this.directStarted) {
        this.directStarted = true;
        void d.bridge.liveSourceStart({ sealed: d.sealed, name: d.name, format: this.format! }).then((r) =>
          this.control(r.ok ? { type: 'source', state: 'connected' } : { type: 'source', state: 'failed', reason: r.reason }),
        );
      }
    };
    ws.onmessage = (e: MessageEvent) => {
      if (typeof e.data !== 'string') return;
      const msg = JSON.parse(e.data) as LiveServerMessage;
      if (msg.type === 'state') {
        if (msg.state === 'Stopped') {
          this.final = true;
          this.stopDirect();
        }
        this.events.onState(msg.state, msg.reason);
      } else if (msg.type === 'heard') this.events.onHeard(msg.heard, msg.why, msg.streamer);
      else if (msg.type === 'warning') this.events.onWarning(msg.minutes_left);
      else this.events.onWindow(msg.closes_at);
    };
    ws.onclose = (e: CloseEvent) => {
      if (this.ws !== ws) return;
      this.ws = null;
      if (this.final || e.code === LIVE_CLOSE_FINAL || !this.ticket) {
        if (!this.final) this.events.onState('Stopped', (e.reason as LiveFailure) || 'dropped');
        this.final = true;
        this.stopDirect();
        return;
      }
      this.droppedAt ??= Date.now();
      if (Date.now() - this.droppedAt > RECONNECT_FOR_MS) {
        this.final = true;
        this.stopDirect();
        this.events.onState('Stopped', 'dropped');
        return;
      }
      this.events.onState('Reconnecting');
      this.retry = setTimeout(() => this.connect(), 500);
    };
  }
}
