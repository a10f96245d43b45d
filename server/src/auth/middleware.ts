import type Koa from 'koa';
import type { Knex } from 'knex';
import { can, DENIED, type Capability, type Role } from '../../../shared/permissions';
import type { RequestState } from '../context';
import { fail } from '../http/errors';
import { liveSessionUser } from './sessions';
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
  const live = await liveIdentity(deps, authorization.slice(7).trim());
  return live ? { id: live.id, role: live.role, email: live.email, sessionId: live.sessionId } : null;
}

/** Who a token speaks for right now, and until when. */
export interface LiveIdentity {
  id: string;
  role: Role;
  email: string;
  sessionId: string;
  /** The access token's expiry, epoch seconds. */
  exp: number;
}

/**
 * The live identity of an access token: a valid signature and expiry, and a
 * live session of that same user (`user_id = sub`) on an active account
 * ({@link liveSessionUser}). The one check behind every request
 * ({@link identify}) and the realtime `hello` (server.ts).
 */
export async function liveIdentity(deps: AuthDeps, token: string): Promise<LiveIdentity | null> {
  const claims = await deps.tokens.verify(token);
  if (!claims) return null;
  const user = await liveSessionUser(deps.knex, claims.sid, claims.sub);
  return user ? { id: user.id, role: user.role, email: user.email, sessionId: claims.sid, exp: claims.exp } : null;
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
