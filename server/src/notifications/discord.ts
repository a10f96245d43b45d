import type { MessageKey } from '../../../shared/i18n/format';
import type { ShippedLocale } from '../../../shared/i18n/locales';
import type { AppContext } from '../context';
import { translatorFor } from '../i18n/recipients';
import { describeUpstream, integrations } from '../integrations/clients';
import { getDiscordConfig } from '../integrations/discord-config';
import { panelUrl } from '../mail/outbox';

/** One staff member's direct message: their Discord account, their language and the notification's text in it. */
export interface StaffDirectMessage {
  userId: string;
  discordUserId: string;
  locale: ShippedLocale;
  title: string;
  message: string;
}

/**
 * A high or urgent staff notification, also sent by the station's bot as a Discord direct message to each recipient
 * whose account is linked to Discord (an approved applicant who linked one), in that recipient's language
 * (issue 35). Without a bot token nothing is sent. Never throws; failures are logged.
 */
export async function sendStaffDirectMessages(ctx: AppContext, notificationId: string, messages: readonly StaffDirectMessage[]): Promise<number> {
  let sent = 0;
  try {
    const { botToken } = await getDiscordConfig(ctx);
    if (!botToken) return 0;
    const url = panelUrl(ctx, '/admin/notifications');
    for (const m of messages) {
      try {
        const t = await translatorFor(m.locale);
        const content = t('discord.staffNotification' as MessageKey, { title: m.title, message: m.message, url }).slice(0, 2000);
        await integrations(ctx).discord.sendDirectMessage(botToken, m.discordUserId, content);
        sent += 1;
      } catch (err) {
        ctx.log.warn({ err: describeUpstream(err), notificationId, userId: m.userId }, 'discord direct message to staff failed');
      }
    }
  } catch (err) {
    ctx.log.warn({ err, notificationId }, 'discord direct messages to staff failed');
  }
  return sent;
}
