import Router from '@koa/router';
import { z } from 'zod';
import { ImportTracklistSchema, LogPlaySchema } from '../../../shared/tracklists';
import { DENIED } from '../../../shared/permissions';
import type { AppRouter } from '../http/router';
import { authorize, currentUser } from '../auth/middleware';
import type { AppContext, RequestState } from '../context';
import { fail } from '../http/errors';
import { parse } from '../http/validate';
import { importExport, listTracklistShows, logPlay, removePlay, searchForTracklist, sessionFor, tracklistView } from './service';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const showId = (id: string | undefined): string => {
  if (!id || !UUID.test(id)) throw fail.notFound('That show was not found.');
  return id;
};
// A NUL byte is refused here (400), as in every other search: the database cannot hold one and would answer 500.
const SearchSchema = z.object({ q: z.string().max(200).refine((v) => !v.includes('\u0000'), 'The search contains characters that are not allowed.').optional().default('') });

/**
 * Live-show tracklists (issue 34 item 2): `tracklists.log` for everyone who
 * goes live, checked against the show (a presenter's own shows only);
 * `tracklists.manageAll` (owner, manager) for any show.
 */
export function tracklistsRoutes(ctx: AppContext): AppRouter {
  const router = new Router<RequestState>();
  const log = authorize({ tokens: ctx.tokens, knex: ctx.knex }, 'tracklists.log', DENIED.generic);

  router.get('/api/tracklists/shows', log, async (c) => {
    c.set('Cache-Control', 'no-store');
    c.body = { shows: await listTracklistShows(ctx, currentUser(c)) };
  });

  router.get('/api/tracklists/search', log, async (c) => {
    const q = parse(SearchSchema, c.query);
    c.set('Cache-Control', 'no-store');
    c.body = { results: await searchForTracklist(ctx, q.q) };
  });

  router.get('/api/tracklists/shows/:id', log, async (c) => {
    const s = await sessionFor(ctx, currentUser(c), showId(c.params.id));
    c.set('Cache-Control', 'no-store');
    c.body = await tracklistView(ctx, s);
  });

  router.post('/api/tracklists/shows/:id/plays', log, async (c) => {
    const s = await sessionFor(ctx, currentUser(c), showId(c.params.id));
    const input = parse(LogPlaySchema, c.request.body ?? {});
    const out = await logPlay(ctx, s, input);
    c.set('Cache-Control', 'no-store');
    c.status = out.duplicate ? 200 : 201;
    c.body = out;
  });

  router.post('/api/tracklists/shows/:id/import', log, async (c) => {
    const s = await sessionFor(ctx, currentUser(c), showId(c.params.id));
    const input = parse(ImportTracklistSchema, c.request.body ?? {});
    c.set('Cache-Control', 'no-store');
    c.body = await importExport(ctx, s, input.text);
  });

  router.delete('/api/tracklists/shows/:id/plays/:playId', log, async (c) => {
    const s = await sessionFor(ctx, currentUser(c), showId(c.params.id));
    const playId = Number(c.params.playId);
    if (!Number.isSafeInteger(playId) || playId <= 0) throw fail.notFound('That play is not in this tracklist.');
    c.set('Cache-Control', 'no-store');
    c.body = await removePlay(ctx, s, playId);
  });

  return router;
}
