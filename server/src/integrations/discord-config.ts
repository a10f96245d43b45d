import type { AppContext } from '../context';

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
 * Reads the Discord configuration. For now it reads the environment
 * (`DISCORD_CLIENT_ID`, `DISCORD_CLIENT_SECRET`, `DISCORD_BOT_TOKEN`); the
 * Discord Integration settings screen stores the same values encrypted in
 * `discord_config`, and this function is the one place to read them from
 * there first (falling back to the environment).
 */
export async function getDiscordConfig(ctx: AppContext): Promise<DiscordConfig> {
  return {
    clientId: ctx.config.DISCORD_CLIENT_ID ?? null,
    clientSecret: ctx.config.DISCORD_CLIENT_SECRET ?? null,
    botToken: ctx.config.DISCORD_BOT_TOKEN ?? null,
  };
}
