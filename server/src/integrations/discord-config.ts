import type { AppContext } from '../context';
import { getDiscordCredentials } from '../settings/service';

/**
 * The station's Discord application: the OAuth client (applicant sign-in)
 * and the bot token (decision messages). Each part may be missing; the
 * feature that needs it then answers "not configured".
 */
export interface DiscordConfig {
  clientId: string | null;
  clientSecret: string | null;
  botToken: string | null;
}

/**
 * Reads the Discord configuration: the values saved (encrypted) in the
 * Discord Integration settings first, else the environment
 * (`DISCORD_CLIENT_ID`, `DISCORD_CLIENT_SECRET`, `DISCORD_BOT_TOKEN`).
 */
export async function getDiscordConfig(ctx: AppContext): Promise<DiscordConfig> {
  const saved = await getDiscordCredentials(ctx.knex, await ctx.secrets.box()).catch(() => null);
  if (saved) return { clientId: saved.clientId, clientSecret: saved.clientSecret, botToken: saved.botToken };
  return {
    clientId: ctx.config.DISCORD_CLIENT_ID ?? null,
    clientSecret: ctx.config.DISCORD_CLIENT_SECRET ?? null,
    botToken: ctx.config.DISCORD_BOT_TOKEN ?? null,
  };
}
