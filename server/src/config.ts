import path from 'node:path';
import { z } from 'zod';

/** Parses "true"/"false"/"1"/"0" style environment flags. */
const flag = (def: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
    .optional()
    .transform((v) => (v === undefined || v === '' ? def : v === 'true' || v === '1' || v === 'yes'));

/** A flag that may be left unset (its default then depends on other settings). */
const optionalFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : v === 'true' || v === '1' || v === 'yes'));

/** Whether an address is this machine's own (no PUBLIC_URL, localhost, a loopback address). */
export function isLocalAddress(url: string | undefined): boolean {
  if (!url) return true;
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase().replace(/^\[|\]$/g, '');
  } catch {
    return false;
  }
  return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || host === '0.0.0.0' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

const optionalUrl = z
  .string()
  .optional()
  .transform((v) => (v === '' ? undefined : v))
  .pipe(z.url().optional());

/** An optional secret or id: blank means unset. */
const optionalText = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

/**
 * Every environment variable the server reads, validated once at start. A bad
 * value stops the server with a message naming the variable. The README's
 * configuration table mirrors this schema.
 */
export const ConfigSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().min(1).default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    PUBLIC_URL: optionalUrl,
    /** The SMTP server e-mail goes through (issue 30): smtp://user:pass@host:587 or smtps://…:465; unset, no e-mail is sent (messages wait in the outbox). */
    SMTP_URL: optionalText.pipe(z.string().regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://').optional()),
    /** The From address of the station's e-mail, e.g. "Airdeck Radio <radio@example.org>". */
    MAIL_FROM: optionalText,
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: optionalUrl,
    DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
    SEED_DEMO: optionalFlag,
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    LOG_PRETTY: flag(false),
    TRUST_PROXY: flag(false),
    CORS_ORIGINS: z
      .string()
      .default('')
      .transform((v) => v.split(',').map((s) => s.trim()).filter(Boolean)),
    /** Push services besides the browsers' own (issue 36): origins (comma-separated) a follow's endpoint may name. */
    PUSH_SERVICE_ORIGINS: z
      .string()
      .default('')
      .transform((v) => v.split(',').map((s) => s.trim().replace(/\/+$/, '')).filter(Boolean)),
    /** A PEM file of extra certificate authorities trusted for those push services (a self-hosted one; the tests' stand-in). */
    PUSH_SERVICE_CA_FILE: z.string().optional(),
    /** radio-browser.info's API (issue 36, Settings → Get listed): any of its servers; the tests' stand-in. */
    RADIO_BROWSER_URL: z.url({ protocol: /^https?$/ }).default('https://de1.api.radio-browser.info'),
    /** TuneIn AIR's API, where now-playing is pushed on every track change (issue 36); the tests' stand-in. */
    TUNEIN_AIR_URL: z.url({ protocol: /^https?$/ }).default('http://air.radiotime.com'),
    STATION_TIMEZONE: z
      .string()
      .default('Europe/London')
      .refine((tz) => {
        try {
          new Intl.DateTimeFormat('en-GB', { timeZone: tz });
          return true;
        } catch {
          return false;
        }
      }, 'must be an IANA time zone such as Europe/London'),
    STATION_SOURCE: z.enum(['demo', 'azuracast', 'icecast']).default('demo'),
    STATION_URL: optionalUrl,
    STATION_ID: z.string().default('1'),
    STATION_API_KEY: z.string().optional(),
    STATION_MOUNT: z.string().optional(),
    STREAM_URL: optionalUrl,
    POLL_INTERVAL_MS: z.coerce.number().int().min(1000).max(600_000).default(15_000),
    STATION_TIMEOUT_MS: z.coerce.number().int().min(500).max(60_000).default(8_000),
    STATION_EARS: z.enum(['on', 'off']).default('on'),
    STATION_EARS_URL: optionalUrl,
    /** Where the listen-again recorder writes the station's stream and the episodes cut from it (issue 32); default DATA_DIR/recordings. */
    RECORDINGS_DIR: optionalText,
    /** Mixcloud's API (issue 32 item 6: episodes published there); a stand-in's address in tests. */
    MIXCLOUD_API_URL: z.string().url().default('https://api.mixcloud.com'),
    DEMO_TRACK_SECONDS: z.literal('').transform(() => undefined).or(z.coerce.number().int().min(2).max(3600)).optional(),
    REALTIME_MAX_CONNECTIONS_PER_IP: z.coerce.number().int().min(1).max(100_000).default(50),
    REALTIME_MESSAGE_RATE: z.coerce.number().min(0.1).max(10_000).default(20),
    REALTIME_MESSAGE_BURST: z.coerce.number().int().min(1).max(100_000).default(100),
    REALTIME_MAX_CONNECTIONS: z.coerce.number().int().min(1).max(1_000_000).default(20_000),
    /** Load shedding (issue 39 item 5): requests answered at once before new ones get 503 with Retry-After. */
    LOAD_MAX_IN_FLIGHT: z.coerce.number().int().min(1).max(100_000).default(256),
    /** The event loop's delay (ms) past which new requests are shed while work waits; 0 turns it off. */
    LOAD_MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(500),
    /** The quickest answer of the last half second past which new requests are shed while work waits; 0 turns it off. */
    LOAD_MAX_LATENCY_MS: z.coerce.number().int().min(0).max(600_000).default(2_000),
    LOAD_RETRY_AFTER_SECONDS: z.coerce.number().int().min(1).max(3_600).default(2),
    REALTIME_HEARTBEAT_MS: z.coerce.number().int().min(500).max(300_000).default(30_000),
    OWNER_EMAIL: z.email().optional().or(z.literal('').transform(() => undefined)),
    OWNER_PASSWORD: z.string().min(6).max(1024).optional().or(z.literal('').transform(() => undefined)),
    SECRET_KEY: z.string().min(32).optional().or(z.literal('').transform(() => undefined)),
    SIGNIN_IP_LIMIT: z.coerce.number().int().min(1).max(100_000).default(30),
    SIGNIN_EMAIL_LIMIT: z.coerce.number().int().min(1).max(100_000).default(10),
    SIGNIN_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(900),
    SIGNIN_SLOWDOWN_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
    SIGNIN_SLOWDOWN_MAX_MS: z.coerce.number().int().min(0).max(60_000).default(10_000),
    STAFF_WRITE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(120),
    STAFF_WRITE_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
    BOOKING_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(60),
    BOOKING_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(3_600),
    REFRESH_REUSE_GRACE_SECONDS: z.coerce.number().int().min(0).max(300).default(10),
    SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
    METRICS_TOKEN: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(16, 'must be at least 16 characters').max(512).optional()),
    SPOTIFY_CLIENT_ID: optionalText,
    SPOTIFY_CLIENT_SECRET: optionalText,
    SPOTIFY_API_URL: z.url().default('https://api.spotify.com'),
    SPOTIFY_ACCOUNTS_URL: z.url().default('https://accounts.spotify.com'),
    MUSIC_LINKS_URL: z.url().default('https://api.song.link'),
    DISCORD_API_URL: z.url().default('https://discord.com/api/v10'),
    DISCORD_CLIENT_ID: optionalText,
    DISCORD_CLIENT_SECRET: optionalText,
    DISCORD_BOT_TOKEN: optionalText,
    DISCORD_REDIRECT_URI: optionalUrl,
    MUSIC_LINKS_API_KEY: optionalText,
    MUSIC_LINKS_COUNTRY: z.string().regex(/^[A-Z]{2}$/, 'must be a two-letter country code such as GB').default('GB'),
    GEOIP_COUNTRY_CSV: optionalText,
    SOUNDEXCHANGE_TRANSMISSION_CATEGORY: z.string().regex(/^[A-Z0-9]{1,4}$/, 'must be a SoundExchange transmission category code such as A').default('A'),
    ITUNES_SEARCH_URL: z.url().default('https://itunes.apple.com'),
    MUSICBRAINZ_URL: optionalUrl,
    EXTERNAL_TIMEOUT_MS: z.coerce.number().int().min(200).max(60_000).default(6_000),
    REQUEST_REPEAT_MINUTES: z.coerce.number().int().min(0).max(10_080).default(60),
    REQUEST_LIMIT_SESSION: z.coerce.number().int().min(1).max(10_000).default(5),
    REQUEST_LIMIT_IP: z.coerce.number().int().min(1).max(100_000).default(20),
    REQUEST_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(600),
    APPLICATION_LIMIT_PER_HOUR: z.coerce.number().int().min(1).max(10_000).default(5),
    SEARCH_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(60),
    WEBHOOK_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(6),
    DESKTOP_UPDATES_DIR: z.string().optional(),
    WEB_DIST_DIR: z.string().optional(),
  })
  .superRefine((c, ctx) => {
    if (c.STATION_SOURCE !== 'demo' && !c.STATION_URL) {
      ctx.addIssue({ code: 'custom', path: ['STATION_URL'], message: `is required when STATION_SOURCE is ${c.STATION_SOURCE}` });
    }
    if ((c.OWNER_EMAIL && !c.OWNER_PASSWORD) || (!c.OWNER_EMAIL && c.OWNER_PASSWORD)) {
      ctx.addIssue({ code: 'custom', path: [c.OWNER_EMAIL ? 'OWNER_PASSWORD' : 'OWNER_EMAIL'], message: 'OWNER_EMAIL and OWNER_PASSWORD go together' });
    }
  })
  // Demo accounts never on a public server by default (issue 39): unset SEED_DEMO seeds the demo only
  // when PUBLIC_URL is unset or local (a fresh clone's `npm start`); a public one needs SEED_DEMO=true.
  .transform((c) => ({ ...c, SEED_DEMO: c.SEED_DEMO ?? isLocalAddress(c.PUBLIC_URL) }));

export type Config = z.output<typeof ConfigSchema> & { rootDir: string; version: string };

/** A configuration problem that names the variable at fault. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads and validates the configuration from an environment object. */
export function loadConfig(env: Record<string, string | undefined> = process.env, rootDir = process.cwd()): Config {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => {
      const name = String(i.path[0] ?? 'config');
      const value = env[name];
      return `  ${name}: ${i.message}${value !== undefined ? ` (got ${JSON.stringify(value.length > 60 ? value.slice(0, 60) + '…' : value)})` : ''}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return { ...parsed.data, DATA_DIR: path.resolve(rootDir, parsed.data.DATA_DIR), rootDir, version: APP_VERSION };
}

/** The server's version, reported by /api/health and checked by the desktop studio. */
export const APP_VERSION = '0.1.0';
/** The API generation the server and the desktop studio both speak (checked by the studio's first-run screen). */
export { API_VERSION } from '../../shared/desktop';
