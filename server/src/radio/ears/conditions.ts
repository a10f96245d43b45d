import type { NowPlaying } from '../../../../shared/radio';
import type { IncidentKind } from '../../../../shared/dead-air';
import { BLOCKS_PER_SECOND } from './meter';
import type { EarsConnection, LevelReading } from './types';

/** The detector's thresholds (from the dead-air settings). */
export interface DetectorSettings {
  silenceThresholdDb: number;
  silenceSeconds: number;
  offAirSeconds: number;
  stuckFactor: number;
  stuckUnknownMinutes: number;
}

/** The window silence is counted in: "more than N seconds within a minute". */
export const SILENCE_WINDOW_SECONDS = 60;
/** Sound must be back this long, unbroken, before a silence has ended (no flapping on a quiet passage). */
export const RECOVER_SECONDS = 3;

/** An incident begins or ends. Instants are epoch ms. */
export type Transition = { type: 'open'; kind: IncidentKind; startedAt: number; detail: string } | { type: 'close'; kind: IncidentKind; endedAt: number };

/**
 * Finds the four conditions from what the ears hear and what the station says is playing; pure (no
 * timers, no database), so its edges are tested with real decoded audio at any speed:
 * - **silence** / **live but silent**: more than `silenceSeconds` of the last minute's 100 ms blocks
 *   peak under the threshold (live but silent when a presenter is live as it begins); it ends when sound
 *   has been back for {@link RECOVER_SECONDS}, and the count starts again from nothing;
 * - **off air**: no decoded audio (the stream unreachable, stalled or ended) for `offAirSeconds`;
 * - **stuck metadata**: not live, and the same track for longer than `stuckFactor` × its length (or
 *   `stuckUnknownMinutes` when its length is unknown).
 * One incident per episode: a kind that is open is not opened again until it has ended.
 */
export class DeadAirDetector {
  private readonly open = new Map<IncidentKind, number>();
  /** The last minute's blocks, true when silent. */
  private blocks: boolean[] = [];
  private silentInWindow = 0;
  /** Trailing runs of silent and sounding blocks. */
  private silentRun = 0;
  private soundRun = 0;
  /** When the ears started listening (the off-air clock starts there before any audio). */
  private listeningFrom: number | null = null;
  private track: { key: string; since: number } | null = null;

  constructor(public settings: DetectorSettings) {}

  /** The open incidents' kinds and start instants. */
  active(): ReadonlyMap<IncidentKind, number> {
    return this.open;
  }

  /** Takes over an incident still open from an earlier leader (so it is ended, not opened twice). */
  adopt(kind: IncidentKind, startedAt: number): void {
    this.open.set(kind, startedAt);
  }

  /** Forgets everything but the open incidents (standby: another instance listens now). */
  pause(): void {
    this.open.clear();
    this.clearSilence();
    this.listeningFrom = null;
    this.track = null;
  }

  private clearSilence(): void {
    this.blocks = [];
    this.silentInWindow = 0;
    this.silentRun = 0;
    this.soundRun = 0;
  }

  /** One second of decoded audio; `live` says whether a presenter is live now. */
  level(reading: LevelReading, live: boolean): Transition[] {
    const out: Transition[] = [];
    const n = reading.blockPeaksDb.length;
    reading.blockPeaksDb.forEach((db, i) => {
      const at = reading.at - ((n - 1 - i) * 1000) / BLOCKS_PER_SECOND;
      const silent = db < this.settings.silenceThresholdDb;
      this.blocks.push(silent);
      if (silent) this.silentInWindow++;
      if (this.blocks.length > SILENCE_WINDOW_SECONDS * BLOCKS_PER_SECOND && this.blocks.shift()) this.silentInWindow--;
      if (silent) {
        this.silentRun++;
        this.soundRun = 0;
      } else {
        this.soundRun++;
        this.silentRun = 0;
      }
      const openKind = this.open.has('live_silent') ? 'live_silent' : this.open.has('silence') ? 'silence' : null;
      if (!openKind && this.silentInWindow > this.settings.silenceSeconds * BLOCKS_PER_SECOND && silent) {
        const kind: IncidentKind = live ? 'live_silent' : 'silence';
        const startedAt = at - (this.silentRun * 1000) / BLOCKS_PER_SECOND + 1000 / BLOCKS_PER_SECOND;
        this.open.set(kind, startedAt);
        out.push({ type: 'open', kind, startedAt, detail: `${Math.round(this.silentInWindow / BLOCKS_PER_SECOND)} s of the last minute under ${this.settings.silenceThresholdDb} dBFS` });
      } else if (openKind && this.soundRun >= RECOVER_SECONDS * BLOCKS_PER_SECOND) {
        this.open.delete(openKind);
        out.push({ type: 'close', kind: openKind, endedAt: at - (this.soundRun * 1000) / BLOCKS_PER_SECOND + 1000 / BLOCKS_PER_SECOND });
        this.clearSilence();
      }
    });
    return out;
  }

  /** Called every second: off air from the ears' connection, stuck metadata from the now-playing document. */
  tick(now: number, ears: EarsConnection, np: NowPlaying | null): Transition[] {
    const out: Transition[] = [];
    // Off air.
    if (ears.state === 'standby') {
      this.listeningFrom = null;
    } else {
      this.listeningFrom ??= now;
      const lastAudio = ears.lastAudioAt !== null && ears.lastAudioAt >= this.listeningFrom ? ears.lastAudioAt : null;
      const since = lastAudio ?? this.listeningFrom;
      const silentFor = now - since;
      if (!this.open.has('off_air') && silentFor > this.settings.offAirSeconds * 1000) {
        this.open.set('off_air', lastAudio ?? this.listeningFrom);
        out.push({ type: 'open', kind: 'off_air', startedAt: lastAudio ?? this.listeningFrom, detail: ears.error ?? 'No audio from the stream.' });
        // A silence in progress ends where the audio did: this is now an off-air episode.
        for (const kind of ['silence', 'live_silent'] as const) {
          if (this.open.delete(kind)) out.push({ type: 'close', kind, endedAt: lastAudio ?? now });
        }
        this.clearSilence();
      } else if (this.open.has('off_air') && lastAudio !== null && now - lastAudio < 1_500 && lastAudio > this.open.get('off_air')!) {
        this.open.delete('off_air');
        out.push({ type: 'close', kind: 'off_air', endedAt: lastAudio });
      }
    }
    // Stuck metadata.
    const song = np?.now_playing.song;
    const key = song && (song.title || song.artist) ? `${song.id ?? ''}|${song.artist ?? ''}|${song.title ?? ''}|${np!.now_playing.played_at ?? ''}` : null;
    const onAir = np !== null && !np.live.is_live && (np.station.state === 'on_air' || np.station.state === undefined) && key !== null;
    if (!onAir) {
      this.track = null;
      if (this.open.delete('stuck')) out.push({ type: 'close', kind: 'stuck', endedAt: now });
      return out;
    }
    if (!this.track || this.track.key !== key) {
      if (this.track && this.open.delete('stuck')) out.push({ type: 'close', kind: 'stuck', endedAt: now });
      this.track = { key: key!, since: np!.now_playing.played_at !== null ? np!.now_playing.played_at * 1000 : now };
    }
    const duration = np!.now_playing.duration;
    const limitMs = duration !== null && duration > 0 ? duration * this.settings.stuckFactor * 1000 : this.settings.stuckUnknownMinutes * 60_000;
    if (!this.open.has('stuck') && now - this.track.since > limitMs) {
      const startedAt = this.track.since + limitMs;
      this.open.set('stuck', startedAt);
      const what = [song!.artist, song!.title].filter(Boolean).join(' – ');
      out.push({ type: 'open', kind: 'stuck', startedAt, detail: `“${what}” for ${Math.round((now - this.track.since) / 60_000)} min` });
    }
    return out;
  }
}
