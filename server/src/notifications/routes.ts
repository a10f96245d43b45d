import Router from '@koa/router';
import { z } from 'zod';
import { AnnouncementSchema, ListNotificationsQuerySchema, PreferencesSchema } from '../../../shared/notifications';
import type { AppRouter } from '../http/router';
import { authorize, currentUser, requireUser } from '../auth/middleware';
import type { AppContext, RequestState } from '../context';
import { parse } from '../http/validate';
import { dismiss, getPreferences, listNotifications, markAllRead, markRead, postAnnouncement, unreadCount, updatePreferences } from './service';

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
    c.body = await listNotifications(ctx, currentUser(c), limit);
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
    c.body = { preferences: await updatePreferences(ctx, currentUser(c), flags, c.ip || null) };
  });

  router.post('/api/notifications/announcements', announce, async (c) => {
    const input = parse(AnnouncementSchema, c.request.body ?? {});
    const notification = await postAnnouncement(ctx, currentUser(c), input, c.ip || null);
    c.status = 201;
    c.body = { notification };
  });

  return router;
}
