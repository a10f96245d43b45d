import Router from '@koa/router';
import { z } from 'zod';
import { AnnouncementSchema, ListNotificationsQuerySchema, PreferencesSchema } from '../../../shared/notifications';
import type { AppRouter } from '../http/router';
import { authorize, currentUser, requireUser } from '../auth/middleware';
import type { AppContext, RequestState } from '../context';
import { parse } from '../http/validate';
import { recordAction } from '../users/audit';
import { insertNotification, publishNotification } from './notify';
import { dismiss, getPreferences, listNotifications, markAllRead, markRead, savePreferences, unreadCount } from './service';

const IdParam = z.object({ id: z.uuid('Notification not found') });

/**
 * The signed-in user's notifications (001 §2 Notifications, §7): list,
 * unread count, read / dismiss / mark all read, preferences, and
 * announcements from the owner and managers.
 */
export function notificationsRoutes(ctx: AppContext): AppRouter {
  const router = new Router<RequestState>();
  const signedIn = requireUser(ctx);
  const announce = authorize(ctx, 'notifications.announce', "You don't have permission to post announcements.");

  router.get('/api/notifications', signedIn, async (c) => {
    c.set('Cache-Control', 'no-store');
    const { limit } = parse(ListNotificationsQuerySchema, c.query);
    c.body = await listNotifications(ctx.knex, currentUser(c), limit);
  });

  router.get('/api/notifications/unread-count', signedIn, async (c) => {
    c.set('Cache-Control', 'no-store');
    c.body = { unread: await unreadCount(ctx.knex, currentUser(c)) };
  });

  router.post('/api/notifications/read-all', signedIn, async (c) => {
    c.body = { updated: await markAllRead(ctx, currentUser(c)) };
  });

  router.post('/api/notifications/:id/read', signedIn, async (c) => {
    const { id } = parse(IdParam, c.params);
    c.body = { notification: await markRead(ctx, currentUser(c), id) };
  });

  router.post('/api/notifications/:id/dismiss', signedIn, async (c) => {
    const { id } = parse(IdParam, c.params);
    c.body = { notification: await dismiss(ctx, currentUser(c), id) };
  });

  router.get('/api/notifications/preferences', signedIn, async (c) => {
    c.set('Cache-Control', 'no-store');
    c.body = { preferences: await getPreferences(ctx.knex, currentUser(c).id) };
  });

  router.put('/api/notifications/preferences', signedIn, async (c) => {
    const flags = parse(PreferencesSchema, c.request.body ?? {});
    const user = currentUser(c);
    await ctx.knex.transaction(async (trx) => {
      await savePreferences(trx, user.id, flags, ctx.now());
      await recordAction(trx, { actor: user, action: 'update', resourceType: 'notification_preferences', resourceId: user.id, resourceName: user.email, details: flags, ip: c.ip || null });
    });
    c.body = { preferences: await getPreferences(ctx.knex, user.id) };
  });

  router.post('/api/notifications/announcements', announce, async (c) => {
    const input = parse(AnnouncementSchema, c.request.body ?? {});
    const user = currentUser(c);
    const pending = await ctx.knex.transaction(async (trx) => {
      const p = await insertNotification(trx, { type: 'announcement', title: input.title, message: input.message, priority: input.priority, relatedType: 'announcement', createdBy: user.id });
      await recordAction(trx, { actor: user, action: 'create', resourceType: 'announcement', resourceId: p.view.id, resourceName: input.title, details: { priority: input.priority }, ip: c.ip || null });
      return p;
    });
    await publishNotification(ctx, pending);
    c.status = 201;
    c.body = { notification: pending.view };
  });

  return router;
}
