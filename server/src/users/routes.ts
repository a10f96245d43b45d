import Router from '@koa/router';
import { ChangePasswordSchema, CreateUserSchema, ListUsersQuerySchema, SocialLinksSchema, UpdateMeSchema, UpdateUserSchema } from '../../../shared/accounts';
import { DENIED } from '../../../shared/permissions';
import type { AppRouter } from '../http/router';
import { authorize, currentUser, requireUser } from '../auth/middleware';
import type { AppContext, RequestState } from '../context';
import { parse } from '../http/validate';
import { readUpload } from '../media/service';
import { changeOwnPassword, createAccount, deleteAccount, getMe, listUsers, setAvatar, updateAccount, updateOwnProfile, updateOwnSocialLinks } from './service';

/**
 * The signed-in user's own account (`/api/me`: profile, avatar, password,
 * social links) and staff user management (`/api/users`: list, create,
 * edit, delete), gated by the manage-users capability and, per target, by
 * the create/edit/delete rules of shared/permissions.
 */
export function usersRoutes(ctx: AppContext): AppRouter {
  const router = new Router<RequestState>();
  const signedIn = requireUser(ctx);
  const manageUsers = authorize(ctx, 'users.manage', DENIED.users);

  router.get('/api/me', signedIn, async (c) => {
    c.set('Cache-Control', 'no-store');
    c.body = await getMe(ctx.knex, currentUser(c).id);
  });

  router.patch('/api/me', signedIn, async (c) => {
    const input = parse(UpdateMeSchema, c.request.body ?? {});
    c.body = await updateOwnProfile(ctx, currentUser(c), input, c.ip || null);
  });

  router.put('/api/me/avatar', signedIn, async (c) => {
    const actor = currentUser(c);
    const bytes = await readUpload(c.req, c.get('Content-Type') || undefined);
    const profile = await setAvatar(ctx, actor, actor.id, bytes, c.ip || null);
    c.body = { avatar_url: profile.avatar_url, profile };
  });

  router.post('/api/me/password', signedIn, async (c) => {
    const input = parse(ChangePasswordSchema, c.request.body ?? {});
    await changeOwnPassword(ctx, currentUser(c), input.current_password, input.password, c.ip || null);
    c.status = 204;
  });

  router.patch('/api/me/presenter', signedIn, async (c) => {
    const input = parse(SocialLinksSchema, c.request.body ?? {});
    c.body = await updateOwnSocialLinks(ctx, currentUser(c), input, c.ip || null);
  });

  router.get('/api/users', manageUsers, async (c) => {
    c.set('Cache-Control', 'no-store');
    const filters = parse(ListUsersQuerySchema, c.query);
    c.body = { users: await listUsers(ctx.knex, filters) };
  });

  router.post('/api/users', manageUsers, async (c) => {
    const input = parse(CreateUserSchema, c.request.body ?? {});
    c.status = 201;
    c.body = await createAccount(ctx, currentUser(c), input, c.ip || null);
  });

  router.patch('/api/users/:id', manageUsers, async (c) => {
    const input = parse(UpdateUserSchema, c.request.body ?? {});
    c.body = await updateAccount(ctx, currentUser(c), c.params.id ?? '', input, c.ip || null);
  });

  router.put('/api/users/:id/avatar', manageUsers, async (c) => {
    const bytes = await readUpload(c.req, c.get('Content-Type') || undefined);
    c.body = await setAvatar(ctx, currentUser(c), c.params.id ?? '', bytes, c.ip || null);
  });

  router.delete('/api/users/:id', manageUsers, async (c) => {
    await deleteAccount(ctx, currentUser(c), c.params.id ?? '', c.ip || null);
    c.status = 204;
  });

  return router;
}
