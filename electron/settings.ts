import type { Bounds, FilePort, SafeStoragePort } from './ports';

/**
 * The studio's own settings, one JSON file in userData: the station's server
 * address, the mini window's place and the refresh token encrypted by the OS
 * keychain. A damaged file reads as empty settings (the first-run screen asks
 * again), never as a crash.
 */
export interface StudioSettings {
  serverUrl?: string;
  /** The refresh token, encrypted with safeStorage, base64. */
  refreshToken?: string;
  miniBounds?: Bounds;
  miniOpen?: boolean;
  /** The language the studio's windows were last drawn in (the tray's language at the next start). */
  locale?: string;
}

const isBounds = (b: unknown): b is Bounds =>
  !!b && typeof b === 'object' && ['x', 'y', 'width', 'height'].every((k) => Number.isFinite((b as Record<string, unknown>)[k]));

/** Reads and writes the settings file. */
export class SettingsStore {
  constructor(private readonly file: FilePort) {}

  read(): StudioSettings {
    let raw: unknown;
    try {
      raw = JSON.parse(this.file.read() ?? '{}');
    } catch {
      return {};
    }
    if (!raw || typeof raw !== 'object') return {};
    const r = raw as Record<string, unknown>;
    const out: StudioSettings = {};
    if (typeof r.serverUrl === 'string') out.serverUrl = r.serverUrl;
    if (typeof r.refreshToken === 'string') out.refreshToken = r.refreshToken;
    if (isBounds(r.miniBounds)) out.miniBounds = r.miniBounds;
    if (typeof r.miniOpen === 'boolean') out.miniOpen = r.miniOpen;
    if (typeof r.locale === 'string' && r.locale.length <= 20) out.locale = r.locale;
    return out;
  }

  update(patch: Partial<StudioSettings>): StudioSettings {
    const next: StudioSettings = { ...this.read(), ...patch };
    for (const k of Object.keys(next) as (keyof StudioSettings)[]) if (next[k] === undefined) delete next[k];
    this.file.write(JSON.stringify(next, null, 2));
    return next;
  }
}

/**
 * The refresh token in the OS keychain (Electron safeStorage). It is only
 * ever written encrypted; when the keychain is unavailable nothing is stored
 * and the presenter signs in again next time (never a plain-text token).
 */
export class TokenStore {
  constructor(
    private readonly settings: SettingsStore,
    private readonly safe: SafeStoragePort,
  ) {}

  /** True when a real keychain protects the token (not Linux's basic_text fallback). */
  isSecure(): boolean {
    if (!this.safe.isEncryptionAvailable()) return false;
    return this.safe.getSelectedStorageBackend?.() !== 'basic_text';
  }

  get(): string | null {
    const enc = this.settings.read().refreshToken;
    if (!enc || !this.safe.isEncryptionAvailable()) return null;
    try {
      return this.safe.decryptString(Buffer.from(enc, 'base64'));
    } catch {
      // Encrypted by another user or machine: as good as signed out.
      return null;
    }
  }

  set(token: string | null): void {
    if (typeof token === 'string' && token.length > 0 && token.length <= 4096 && this.safe.isEncryptionAvailable()) {
      this.settings.update({ refreshToken: this.safe.encryptString(token).toString('base64') });
    } else {
      this.settings.update({ refreshToken: undefined });
    }
  }
}
