import fs from 'node:fs';
import { Readable } from 'node:stream';
import Router from '@koa/router';
import { z } from 'zod';
import { EpisodeListQuerySchema, EpisodePatchSchema, ListenAgainSettingsSchema, MixcloudSchema, ShowPublishSchema } from '../../../shared/listen-again';
import { can, DENIED } from '../../../shared/permissions';
import { authorize, currentUser } from '../auth/middleware';
import type { AppContext, RequestState } from '../context';
import { parseRange } from '../desktop/routes';
import { fail, HttpError } from '../http/errors';
import type { AppRouter } from '../http/router';
import { parse } from '../http/validate';
import { recordAction } from '../users/audit';
import { mixcloudStatus, removeMixcloud, saveMixcloud } from './mixcloud';
import { extensionFor } from './mp3';
import { chaptersOf, episodeAudioPath, listEpisodes, listStaffEpisodes, patchEpisode, podcastFeed, publicEpisode, saveSettings, setPublishRule, showRules, staffStatus } from './service';

const IdSchema = z.object({ id: z.string().min(1).max(100) });
const AudioQuerySchema = z.object({ download: z.enum(['0', '1']).optional() }).loose();

/**
 * Listen again over HTTP: the public episodes API (the interface other checks use), each episode's audio
 * (HTTP Range, so seeking never downloads the whole show) and chapters, the podcast feeds, and the staff
 * settings and episode controls.
 */
export function listenAgainRoutes(ctx: AppContext): AppRouter {
  const router = new Router<RequestState>();
  const deps = { tokens: ctx.tokens, knex: ctx.knex };
  const manage = authorize(deps, 'episodes.manage', DENIED.settings);
  const staff = authorize(deps, 'panel.view', DENIED.panel);

  router.get('/api/episodes', async (c) => {
    const q = parse(EpisodeListQuerySchema, c.query);
    c.set('Cache-Control', 'public, max-age=15');
    c.body = await listEpisodes(ctx, q);
  });

  router.get('/api/episodes/:id/chapters.json', async (c) => {
    const found = await publicEpisode(ctx, parse(IdSchema, c.params).id);
    if (!found) throw fail.notFound('No such episode.');
    c.set('Cache-Control', 'public, max-age=60');
    c.type = 'application/json+chapters';
    c.body = JSON.stringify(chaptersOf(found.row));
  });

  // The audio, streamed with byte ranges; as a download (?download=1) only when the station allows downloads.
  router.get('/api/episodes/:id/audio.mp3', async (c) => {
    const found = await publicEpisode(ctx, parse(IdSchema, c.params).id);
    if (!found) throw fail.notFound('No such episode.');
    const q = parse(AudioQuerySchema, c.query);
    if (q.download === '1' && !found.settings.downloads_enabled) throw fail.forbidden('This station does not offer downloads: listen again here.');
    const file = episodeAudioPath(ctx, found.row);
    const stat = await fs.promises.stat(file).catch(() => null);
    if (!stat?.isFile()) throw fail.notFound('This episode’s audio is no longer kept.');
    c.type = found.row.content_type ?? 'audio/mpeg';
    c.set('Accept-Ranges', 'bytes');
    c.set('Cache-Control', 'public, max-age=3600');
    c.set('X-Content-Type-Options', 'nosniff');
    c.lastModified = stat.mtime;
    if (q.download === '1') c.attachment(`${found.row.title.replace(/[^\w .-]+/g, '').trim() || 'episode'} ${found.row.aired_from.toISOString().slice(0, 10)}.${extensionFor(found.row.content_type ?? 'audio/mpeg')}`);
    const range = parseRange(c.get('Range') || undefined, stat.size);
    if (range === 'invalid') throw new HttpError('range_not_satisfiable', 'The requested byte range is outside the episode.', { size: stat.size }, { 'Content-Range': `bytes */${stat.size}` });
    c.compress = false;
    const { start, end } = range ?? { start: 0, end: stat.size - 1 };
    c.status = range ? 206 : 200;
    if (range) c.set('Content-Range', `bytes ${start}-${end}/${stat.size}`);
    c.body = c.method === 'HEAD' ? Readable.from([]) : fs.createReadStream(file, { start, end });
    c.length = end - start + 1;
  });

  router.get('/podcasts/:show.xml', async (c) => {
    const show = String(c.params.show ?? '');
    const xml = await podcastFeed(ctx, show === 'station' ? null : show);
    if (xml === undefined) throw fail.notFound('No podcast feed here: the station has downloads and feeds off, or there is no such show.');
    c.set('Cache-Control', 'public, max-age=60');
    c.type = 'application/rss+xml; charset=utf-8';
    c.body = xml;
  });

  // Staff: the settings, the recorder and disk use.
  router.get('/api/listen-again/status', manage, async (c) => {
    c.set('Cache-Control', 'no-store');
    c.body = await staffStatus(ctx);
  });

  router.put('/api/listen-again/settings', manage, async (c) => {
    const input = parse(ListenAgainSettingsSchema, c.request.body);
    const user = currentUser(c);
    let after;
    try {
      after = await saveSettings(ctx, input);
    } catch (err) {
      const e = err as { field?: string; message: string };
      if (e.field) throw fail.badRequest(e.message, [{ path: e.field, message: e.message }]);
      throw err;
    }
    await recordAction(ctx.knex, { actor: { id: user.id, email: user.email }, action: 'update', resourceType: 'listen_again_settings', resourceId: '1', resourceName: 'Listen again settings', details: input, ip: c.ip });
    c.body = after;
  });

  router.get('/api/listen-again/shows', manage, async (c) => {
    c.set('Cache-Control', 'no-store');
    c.body = { shows: await showRules(ctx) };
  });

  router.put('/api/listen-again/shows/:id', manage, async (c) => {
    const id = parse(z.object({ id: z.uuid({ error: 'Unknown show.' }) }), c.params).id;
    const input = parse(ShowPublishSchema, c.request.body);
    const key = await setPublishRule(ctx.knex, id, input.publish);
    if (!key) throw fail.notFound('Unknown show.');
    c.body = { show_key: key, publish: input.publish };
  });

  // Episodes for staff: managers every episode, presenters their own.
  router.get('/api/listen-again/episodes', staff, async (c) => {
    const user = currentUser(c);
    c.set('Cache-Control', 'no-store');
    c.body = { episodes: await listStaffEpisodes(ctx, user, can(user.role, 'episodes.manage')) };
  });

  router.patch('/api/listen-again/episodes/:id', staff, async (c) => {
    const user = currentUser(c);
    const id = parse(IdSchema, c.params).id;
    const patch = parse(EpisodePatchSchema, c.request.body);
    const out = await patchEpisode(ctx, user, can(user.role, 'episodes.manage'), id, patch);
    if (out === 'not_found') throw fail.notFound('No such episode.');
    if (out === 'forbidden') throw fail.forbidden('Only a manager can change this episode; its presenter may hide or approve it.');
    await recordAction(ctx.knex, { actor: { id: user.id, email: user.email }, action: 'update', resourceType: 'episode', resourceId: out.id, resourceName: out.title, details: patch, ip: c.ip });
    c.body = out;
  });

  // Mixcloud (item 6): the access token (sealed at rest, shown masked), the rules, the uploads' states.
  router.get('/api/listen-again/mixcloud', manage, async (c) => {
    c.set('Cache-Control', 'no-store');
    c.body = await mixcloudStatus(ctx);
  });

  router.put('/api/listen-again/mixcloud', manage, async (c) => {
    const input = parse(MixcloudSchema, c.request.body);
    const user = currentUser(c);
    const out = await saveMixcloud(ctx, input);
    if (out === 'token_required') throw fail.badRequest('Paste the Mixcloud access token.', [{ path: 'access_token', message: 'Paste the Mixcloud access token.' }]);
    await recordAction(ctx.knex, { actor: { id: user.id, email: user.email }, action: 'update', resourceType: 'mixcloud', resourceId: '1', resourceName: 'Mixcloud integration', details: { ...input, ...(input.access_token ? { access_token: '(changed)' } : {}) }, ip: c.ip });
    c.body = out;
  });

  router.delete('/api/listen-again/mixcloud', manage, async (c) => {
    const user = currentUser(c);
    await removeMixcloud(ctx);
    await recordAction(ctx.knex, { actor: { id: user.id, email: user.email }, action: 'delete', resourceType: 'mixcloud', resourceId: '1', resourceName: 'Mixcloud integration', ip: c.ip });
    c.status = 204;
  });

  return router;
}
