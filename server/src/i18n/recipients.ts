import type { Knex } from 'knex';
import { asLocale, DEFAULT_LOCALE, PSEUDO_LOCALE, type Locale, type ShippedLocale } from '../../../shared/i18n/locales';
import type { MessageKey, MessageValues, Translate } from '../../../shared/i18n/format';
import type { AppContext } from '../context';
import { stationSettingsJson } from '../settings/repo';
import { languageOfEmail, profileLanguages } from '../users/repo';
import { catalogueFor, translatorFor } from './catalogues';
import { intlLocale } from '../../../shared/i18n/format';
import { longDate } from '../../../shared/schedule';

/**
 * The language of what the server sends (issue 35 items 1 and 3): a staff member's profile language
 * (`profiles.language`), else the station's default language (General Settings), else English. Listener-facing
 * texts (an applicant's decision, channel and webhook posts) use the language the person used, else the station's.
 */

type Db = Knex | Knex.Transaction;

/** General Settings' default language (`language`, issue 35 item 6). */
const STATION_LANGUAGE_KEYS = ['language'] as const;

function shipped(code: unknown): ShippedLocale | null {
  const l = typeof code === 'string' ? asLocale(code) : null;
  return l && l !== PSEUDO_LOCALE ? l : null;
}

function fromSettings(settings: Record<string, unknown>): ShippedLocale | null {
  for (const key of STATION_LANGUAGE_KEYS) {
    const l = shipped(settings[key]);
    if (l) return l;
  }
  return null;
}

/** The station's default language (General Settings), else English. */
export async function stationLocale(ctx: Pick<AppContext, 'settings' | 'knex'>, db?: Db): Promise<ShippedLocale> {
  try {
    // Inside a transaction, read with it (an embedded database has one connection).
    if (db) return fromSettings(await stationSettingsJson(db)) ?? DEFAULT_LOCALE;
    const cached = fromSettings((await ctx.settings.station()) as unknown as Record<string, unknown>);
    if (cached) return cached;
    return fromSettings(await stationSettingsJson(ctx.knex)) ?? DEFAULT_LOCALE;
  } catch {
    return DEFAULT_LOCALE;
  }
}

/** What the server needs to write to a staff member: their language and the Discord account the bot writes to. */
export interface StaffRecipient {
  id: string;
  locale: ShippedLocale;
  discordUserId: string | null;
}

/** Each account's language (the station's default where they chose none) and Discord id, by id. */
export async function staffRecipients(ctx: Pick<AppContext, 'settings' | 'knex'>, ids: readonly string[], db: Db = ctx.knex): Promise<Map<string, StaffRecipient>> {
  const out = new Map<string, StaffRecipient>();
  if (ids.length === 0) return out;
  const fallback = await stationLocale(ctx, db === ctx.knex ? undefined : db);
  const rows = await profileLanguages(db, ids);
  for (const r of rows) out.set(r.id, { id: r.id, locale: shipped(r.language) ?? fallback, discordUserId: r.discord_user_id });
  return out;
}

/** One account's language (by id), else the station's default. */
export async function localeOfUser(ctx: Pick<AppContext, 'settings' | 'knex'>, userId: string | null | undefined, db: Db = ctx.knex): Promise<ShippedLocale> {
  const inTrx = db === ctx.knex ? undefined : db;
  if (!userId) return stationLocale(ctx, inTrx);
  return (await staffRecipients(ctx, [userId], db)).get(userId)?.locale ?? stationLocale(ctx, inTrx);
}

/** A language a person used (an applicant's form), when it is a shipped one; else the station's default. */
export async function localeOr(ctx: Pick<AppContext, 'settings' | 'knex'>, code: string | null | undefined, db?: Db): Promise<ShippedLocale> {
  return shipped(code) ?? stationLocale(ctx, db === ctx.knex ? undefined : db);
}

/** The language of the account with this e-mail address, else the station's default. */
export async function localeOfEmail(ctx: Pick<AppContext, 'settings' | 'knex'>, email: string, db: Db = ctx.knex): Promise<ShippedLocale> {
  return shipped(await languageOfEmail(db, email)) ?? stationLocale(ctx, db === ctx.knex ? undefined : db);
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A date in a server-sent text, written as the reader reads it: a value whose name ends in `Day` holding a
 * calendar date (`2026-11-23`) becomes the long date with its weekday: the spec's "Monday 23 November 2026" in
 * English (shared/schedule.ts longDate, word for word as before), `Intl`'s long date in every other language
 * ("lunes, 23 de noviembre de 2026"). Stored values keep the plain date, so each reader gets their own.
 */
export function localiseValues(locale: Locale, values: MessageValues | null | undefined): MessageValues {
  const out: MessageValues = { ...(values ?? {}) };
  for (const [name, value] of Object.entries(out)) {
    if (!name.endsWith('Day') || typeof value !== 'string') continue;
    const m = ISO_DAY.exec(value);
    if (!m) continue;
    out[name] =
      locale === DEFAULT_LOCALE || locale === PSEUDO_LOCALE
        ? longDate(value)
        : new Intl.DateTimeFormat(intlLocale(locale), { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  }
  return out;
}

/** `t(key, values)` for what the server sends in a language: the catalogue's translator, dates named `…Day` written in it. */
export async function serverTranslator(locale: Locale): Promise<Translate> {
  const t = await translatorFor(locale);
  return (key, values) => t(key, localiseValues(locale, values));
}

/** The translator for what goes to everyone at once (Discord channel posts, outgoing webhooks): the station's default language. */
export async function channelTranslator(ctx: Pick<AppContext, 'settings' | 'knex'>): Promise<Translate> {
  return serverTranslator(await stationLocale(ctx));
}

/** A text stored as a message key and its values (a notification), drawn in a language; `fallback` when the key is unknown. */
export async function renderKey(locale: Locale, key: string, values: MessageValues | null | undefined, fallback: string): Promise<string> {
  const catalogue = await catalogueFor(locale);
  if (catalogue[key] === undefined) return fallback;
  try {
    return (await serverTranslator(locale))(key as MessageKey, values ?? {});
  } catch {
    return fallback;
  }
}

export { translatorFor, type Translate };
