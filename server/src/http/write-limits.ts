import type Koa from 'koa';
import type { AppContext, RequestState } from '../context';

/**
 * Rate limits on signed-in writes (issue 29): every POST, PUT, PATCH and DELETE under /api/ made with an access
 * token counts against its account (STAFF_WRITE_LIMIT per STAFF_WRITE_WINDOW_SECONDS), and bookings also against
 * BOOKING_LIMIT per BOOKING_WINDOW_SECONDS. Over a limit: 429 with Retry-After, before the route runs. Counted by
 * the account the token names (its signature checked, no database read); a request without a valid token is
 * refused by its route as before. Sign-in, refresh and sign-out have their own limits (auth/limits.ts).
 */
export function staffWriteLimits(ctx: Pick<AppContext, 'config' | 'limits' | 'tokens'>): Koa.Middleware<RequestState> {
  const writes = ctx.limits.limiter('staff_write', { points: ctx.config.STAFF_WRITE_LIMIT, durationSec: ctx.config.STAFF_WRITE_WINDOW_SECONDS });
  const bookings = ctx.limits.limiter('booking', { points: ctx.config.BOOKING_LIMIT, durationSec: ctx.config.BOOKING_WINDOW_SECONDS });
  return async (c, next) => {
    const m = c.method;
    if ((m !== 'POST' && m !== 'PUT' && m !== 'PATCH' && m !== 'DELETE') || !c.path.startsWith('/api/') || c.path.startsWith('/api/auth/')) return next();
    const header = c.get('Authorization');
    if (!header.startsWith('Bearer ')) return next();
    const claims = await ctx.tokens.verify(header.slice(7).trim());
    if (!claims) return next();
    await writes.consume(claims.sub);
    if (m === 'POST' && (c.path === '/api/schedule/bookings' || c.path === '/api/schedule/overview/events')) await bookings.consume(claims.sub);
    return next();
  };
}
