import type Koa from 'koa';
import type { Knex } from 'knex';
import { can, DENIED, isRole, type Capability, type Role } from '../../../shared/permissions';
import type { RequestState } from '../context';
import { fail } from '../http/errors';
import type { TokenService } from './tokens';

/**
 * What routes need to authenticate: the token service and the database (for
 * the live session check). The AppContext has both, so routes simply pass it:
 * `requireUser(ctx)`, `authorize(ctx, 'users.manage', DENIED.users)`.
 */
export interface AuthDeps {
  tokens: TokenService;
  knex: Knex;
}

type Mw = Koa.Middleware<RequestState>;

/**
 * Reads the bearer token and checks, on every request, that its session is
 * still live and the account active, so sign-out, deactivation and password
 * changes take effect before the access token expires.
 */
export async function identify(deps: AuthDeps, authorization: string | undefined): Promise<RequestState['user'] | null> {
  if (!authorization?.startsWith('Bearer ')) return null;
  const claims = await deps.tokens.verify(authorization.slice(7).trim());
  if (!claims) return null;
  const row = await deps.knex('auth_sessions as s')
    .join('profiles as p', 'p.id', 's.user_id')
    .where('s.id', claims.sid)
    .andWhere('s.user_id', claims.sub)
    .whereNull('s.revoked_at')
    .andWhere('p.is_active', true)
    .first<{ role: string; email: string } | undefined>('p.role', 'p.email');
  if (!row || !isRole(row.role)) return null;
  // The role is read fresh: a demotion applies at once.
  return { id: claims.sub, role: row.role, email: row.email, sessionId: claims.sid };
}

/** 401 unless a valid access token for a live session of an active account is presented. */
export function requireUser(deps: AuthDeps): Mw {
  return async (ctx, next) => {
    const user = ctx.state.user ?? (await identify(deps, ctx.get('Authorization') || undefined));
    if (!user) throw fail.unauthorized('Please sign in to continue.');
    ctx.state.user = user;
    await next();
  };
}

/** Sets ctx.state.user when a valid token is presented, without requiring one. */
export function optionalUser(deps: AuthDeps): Mw {
  return async (ctx, next) => {
    const user = await identify(deps, ctx.get('Authorization') || undefined);
    if (user) ctx.state.user = user;
    await next();
  };
}

/** 401 without a user, 403 (with the given or a generic message) when the role lacks the capability. */
export function authorize(deps: AuthDeps, capability: Capability, message: string = DENIED.generic): Mw {
  const needUser = requireUser(deps);
  return async (ctx, next) =>
    needUser(ctx, async () => {
      if (!can(ctx.state.user!.role, capability)) throw fail.forbidden(message);
      await next();
    });
}

/** The signed-in user of a route behind requireUser/authorize. */
export function currentUser(ctx: { state: RequestState }): { id: string; role: Role; email: string; sessionId: string } {
  const user = ctx.state.user;
  if (!user) throw fail.unauthorized('Please sign in to continue.');
  return user;
}
