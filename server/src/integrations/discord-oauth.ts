import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Knex } from 'knex';
import type { AppContext } from '../context';
import { fail, HttpError } from '../http/errors';
import { describeUpstream, integrations } from './clients';
import { getDiscordConfig } from './discord-config';
import { UpstreamError } from './http';
import { clearDiscordLink, consumeOAuthState, deleteOAuthStates, discordLinkRow, insertOAuthState, parkDiscordLink } from './repo';

/**
 * Discord sign-in for presenter applicants (OAuth2 authorization code, scope
 * `identify`). The state is random, stored only as a hash with an expiry,
 * usable once, and bound to the browser that started the flow through an
 * httpOnly SameSite=Lax cookie nonce (also stored hashed): a forged, replayed,
 * expired or cross-browser state is refused. After a successful callback the
 * Discord account waits behind a second httpOnly cookie until the application
 * is submitted, so the Discord user id never passes through page scripts.
 */

/** The cookie binding an OAuth state to this browser. */
export const STATE_COOKIE = 'airdeck_discord_state';
/** The cookie carrying the linked Discord account to the application form. */
export const LINK_COOKIE = 'airdeck_discord_link';
/** How long a started sign-in stays valid. */
export const STATE_TTL_MS = 10 * 60_000;
/** How long a linked account waits for the application to be sent. */
export const LINK_TTL_MS = 2 * 60 * 60_000;

const TOKEN_RE = /^[A-Za-z0-9_-]{32,64}$/;

/** A fresh random token for a state, a browser nonce or a link. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The stored form of a token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** True when a cookie value looks like one of our tokens. */
export function isToken(value: string | undefined): value is string {
  return typeof value === 'string' && TOKEN_RE.test(value);
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The words for every refusal of the callback (the page shows its own texts; these go to logs and API clients). */
export const OAUTH_MESSAGES = {
  notConfigured: 'Discord sign-in is not configured on this station. You can type your Discord username instead.',
  badState: 'This Discord sign-in has expired or was already used. Please connect Discord again.',
  otherBrowser: 'This Discord sign-in was started in another browser. Please connect Discord again.',
  refused: 'Discord did not accept the sign-in. Please connect Discord again.',
  unreachable: 'Could not reach Discord. Please try again.',
} as const;

/**
 * Whether an applicant can connect Discord here (issue 38 item 9): the app's id and secret are set and the sign-in has
 * somewhere to come back to (DISCORD_REDIRECT_URI, or PUBLIC_URL). Otherwise the form offers the username field alone.
 */
export async function discordSignInAvailable(ctx: AppContext, hasOrigin: boolean): Promise<boolean> {
  const cfg = await getDiscordConfig(ctx);
  return !!cfg.clientId && !!cfg.clientSecret && (!!ctx.config.DISCORD_REDIRECT_URI || hasOrigin);
}

/** Starts a sign-in: stores the hashed state bound to the browser nonce and returns Discord's authorize URL. */
export async function startDiscordSignIn(ctx: AppContext, input: { browserNonce: string; redirectUri: string }): Promise<{ url: string; state: string }> {
  const cfg = await getDiscordConfig(ctx);
  if (!cfg.clientId || !cfg.clientSecret) throw fail.notConfigured(OAUTH_MESSAGES.notConfigured);
  const state = randomToken();
  await insertOAuthState(ctx.knex, {
    state_hash: hashToken(state),
    browser_hash: hashToken(input.browserNonce),
    redirect_uri: input.redirectUri,
    created_at: new Date(ctx.now()),
    expires_at: new Date(ctx.now() + STATE_TTL_MS),
  });
  return { url: integrations(ctx).discord.authorizeUrl({ clientId: cfg.clientId, redirectUri: input.redirectUri, state }), state };
}

/**
 * Completes a sign-in: consumes the state (once, unexpired, from the same
 * browser), exchanges the code, reads the Discord user and parks the link.
 * Returns the username for the page and the link token for the cookie.
 */
export async function completeDiscordSignIn(
  ctx: AppContext,
  input: { code: string; state: string; browserNonce: string | undefined },
): Promise<{ user: { id: string; username: string }; linkToken: string }> {
  const cfg = await getDiscordConfig(ctx);
  if (!cfg.clientId || !cfg.clientSecret) throw fail.notConfigured(OAUTH_MESSAGES.notConfigured);
  const now = new Date(ctx.now());
  // Consume first, atomically: a replay finds used_at set and gets nothing back.
  const row = await consumeOAuthState(ctx.knex, hashToken(input.state), now);
  if (!row) throw new HttpError('bad_request', OAUTH_MESSAGES.badState);
  if (!isToken(input.browserNonce) || !sameHash(row.browser_hash, hashToken(input.browserNonce))) {
    throw new HttpError('forbidden', OAUTH_MESSAGES.otherBrowser);
  }

  const discord = integrations(ctx).discord;
  let user;
  try {
    const { accessToken } = await discord.exchangeCode({ clientId: cfg.clientId, clientSecret: cfg.clientSecret, code: input.code, redirectUri: row.redirect_uri });
    user = await discord.currentUser(accessToken);
  } catch (err) {
    ctx.log.warn({ err: describeUpstream(err) }, 'discord sign-in failed');
    if (err instanceof UpstreamError && (err.kind === 'http' || err.kind === 'unauthorized') && (err.status ?? 0) < 500) throw new HttpError('bad_request', OAUTH_MESSAGES.refused);
    throw new HttpError('upstream_failed', OAUTH_MESSAGES.unreachable);
  }

  const linkToken = randomToken();
  await parkDiscordLink(ctx.knex, row.id, { discord_user_id: user.id, discord_username: user.username.slice(0, 100), link_hash: hashToken(linkToken), link_expires_at: new Date(ctx.now() + LINK_TTL_MS) });
  return { user: { id: user.id, username: user.username }, linkToken };
}

/** The Discord account a link cookie points to, while it is valid. */
export async function readDiscordLink(db: Knex | Knex.Transaction, linkToken: string | undefined, now: number): Promise<{ id: string; username: string } | null> {
  if (!isToken(linkToken)) return null;
  const row = await discordLinkRow(db, hashToken(linkToken), new Date(now));
  if (!row?.discord_user_id || !row.discord_username) return null;
  return { id: row.discord_user_id, username: row.discord_username };
}

/** Uses up a link once its application is saved. */
export async function consumeDiscordLink(db: Knex | Knex.Transaction, linkToken: string): Promise<void> {
  await clearDiscordLink(db, hashToken(linkToken));
}

/** Deletes states and links that can no longer be used (run by the background job). */
export async function pruneDiscordStates(db: Knex, now: number): Promise<number> {
  const cutoff = new Date(now - 24 * 60 * 60_000);
  return deleteOAuthStates(db, cutoff, new Date(now));
}
