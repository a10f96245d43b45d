import type Router from '@koa/router';
import type { RequestState } from '../context';

/**
 * The router type every domain's routes factory returns. It lives here, not
 * in app.ts, so that no routes file imports the app that mounts it (no import
 * circle: app.ts → routes.ts → <domain>/routes.ts → http/router.ts).
 */
export type AppRouter = Router<RequestState>;
