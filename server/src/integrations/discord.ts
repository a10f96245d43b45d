import { z } from 'zod';
import { callUpstream, DEFAULT_RETRY, UpstreamError, withRetry, type FetchLike, type RetryPolicy } from './http';

/**
 * Discord's HTTP API as Airdeck uses it: the OAuth2 authorization-code
 * exchange and `/users/@me` for applicant sign-in, direct messages from the
 * station's bot, and channel webhooks. Base URL from config
 * (`DISCORD_API_URL`, e.g. https://discord.com/api/v10).
 */
export interface DiscordClient {
  /** The URL the applicant's browser is sent to (identify scope only). */
  authorizeUrl(input: { clientId: string; redirectUri: string; state: string }): string;
  exchangeCode(input: { clientId: string; clientSecret: string; code: string; redirectUri: string }): Promise<{ accessToken: string }>;
  currentUser(accessToken: string): Promise<DiscordUser>;
  /** Opens (or reuses) the DM channel with a user and posts one message; returns the message id. */
  sendDirectMessage(botToken: string, userId: string, content: string): Promise<{ channelId: string; messageId: string }>;
  /** Posts to a channel webhook; returns the HTTP status Discord answered. */
  executeWebhook(webhookId: string, webhookToken: string, body: DiscordWebhookBody): Promise<{ status: number }>;
}

/** The Discord user fields Airdeck keeps: the id (for the bot's DM) and a display name. */
export interface DiscordUser {
  id: string;
  username: string;
  globalName: string | null;
}

/** A webhook message: text and/or embeds; mentions are never parsed. */
export interface DiscordWebhookBody {
  content?: string;
  username?: string;
  embeds?: { title?: string; description?: string; url?: string; color?: number; fields?: { name: string; value: string; inline?: boolean }[]; timestamp?: string; footer?: { text: string } }[];
}

/** Base URL, deadline and test hooks. */
export interface DiscordOptions {
  apiUrl: string;
  timeoutMs: number;
  fetch?: FetchLike;
  retry?: RetryPolicy;
}

const SERVICE = 'Discord';
const TokenSchema = z.object({ access_token: z.string().min(1), token_type: z.string() });
const UserSchema = z.object({ id: z.string().regex(/^\d{5,25}$/), username: z.string().min(1), global_name: z.string().nullable().optional(), discriminator: z.string().optional() });
const ChannelSchema = z.object({ id: z.string().regex(/^\d{5,25}$/) });
const MessageSchema = z.object({ id: z.string() });

/** Creates the Discord client. */
export function createDiscordClient(opts: DiscordOptions): DiscordClient {
  const base = opts.apiUrl.replace(/\/+$/, '');
  const retry = opts.retry ?? DEFAULT_RETRY;
  const fetchOpt = opts.fetch ? { fetch: opts.fetch } : {};
  const call = (req: Omit<Parameters<typeof callUpstream>[0], 'service' | 'timeoutMs'>) => callUpstream({ service: SERVICE, timeoutMs: opts.timeoutMs, ...fetchOpt, ...req });

  return {
    authorizeUrl({ clientId, redirectUri, state }) {
      // The authorize page lives on the web origin (discord.com/oauth2/authorize), not under /api.
      const url = new URL('/oauth2/authorize', new URL(base).origin);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('client_id', clientId);
      url.searchParams.set('scope', 'identify');
      url.searchParams.set('state', state);
      url.searchParams.set('redirect_uri', redirectUri);
      url.searchParams.set('prompt', 'none');
      return url.toString();
    },

    async exchangeCode({ clientId, clientSecret, code, redirectUri }) {
      // No retry: an authorization code is single use.
      const res = await call({
        url: `${base}/oauth2/token`,
        method: 'POST',
        form: { grant_type: 'authorization_code', code, redirect_uri: redirectUri, client_id: clientId, client_secret: clientSecret },
      });
      const parsed = TokenSchema.safeParse(res.body);
      if (!parsed.success) throw new UpstreamError(SERVICE, 'malformed', 'Discord answered the token exchange with an unexpected body', { status: res.status });
      return { accessToken: parsed.data.access_token };
    },

    async currentUser(accessToken) {
      const res = await withRetry(retry, () => call({ url: `${base}/users/@me`, headers: { Authorization: `Bearer ${accessToken}` } }));
      const parsed = UserSchema.safeParse(res.body);
      if (!parsed.success) throw new UpstreamError(SERVICE, 'malformed', 'Discord answered /users/@me with an unexpected body', { status: res.status });
      const u = parsed.data;
      const legacy = u.discriminator && u.discriminator !== '0' ? `${u.username}#${u.discriminator}` : u.username;
      return { id: u.id, username: legacy, globalName: u.global_name ?? null };
    },

    async sendDirectMessage(botToken, userId, content) {
      const auth = { Authorization: `Bot ${botToken}` };
      const channel = await withRetry(retry, () => call({ url: `${base}/users/@me/channels`, method: 'POST', headers: auth, json: { recipient_id: userId } }));
      const ch = ChannelSchema.safeParse(channel.body);
      if (!ch.success) throw new UpstreamError(SERVICE, 'malformed', 'Discord answered the DM channel request with an unexpected body', { status: channel.status });
      const message = await withRetry(retry, () =>
        call({ url: `${base}/channels/${ch.data.id}/messages`, method: 'POST', headers: auth, json: { content, allowed_mentions: { parse: [] } } }),
      );
      const msg = MessageSchema.safeParse(message.body);
      if (!msg.success) throw new UpstreamError(SERVICE, 'malformed', 'Discord answered the message with an unexpected body', { status: message.status });
      return { channelId: ch.data.id, messageId: msg.data.id };
    },

    async executeWebhook(webhookId, webhookToken, body) {
      // Retries are the delivery job's business (it keeps a log), so none here.
      const res = await call({
        url: `${base}/webhooks/${encodeURIComponent(webhookId)}/${encodeURIComponent(webhookToken)}?wait=true`,
        method: 'POST',
        json: { ...body, allowed_mentions: { parse: [] } },
      });
      return { status: res.status };
    },
  };
}
