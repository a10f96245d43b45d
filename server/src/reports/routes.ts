import Router from '@koa/router';
import { PlayRightsSchema, ReportQuerySchema, type ReportQuery } from '../../../shared/licensing';
import { fail, HttpError } from '../http/errors';
import { UpstreamError } from '../integrations/http';
import { setTrackRights, trackOfPlay } from '../radio/repo';
import { lookupRecording } from './musicbrainz';
import type { AppRouter } from '../http/router';
import { authorize } from '../auth/middleware';
import type { AppContext, RequestState } from '../context';
import { parse } from '../http/validate';
import { cachedStationInfo, stationTimezone } from '../settings/service';
import { periodOf, playLog, playLogCsv, pplReport, pplTerritoryReport, pplUsageCsv, prsCsv, soundExchangeReport } from './service';

/**
 * Music-licensing reports (issue 34): owner and manager (`reports.view`), for
 * any range of days in the station's time zone. The JSON ones are previews
 * and figures; the others are downloads.
 */
export function reportsRoutes(ctx: AppContext): AppRouter {
  const router = new Router<RequestState>();
  const view = authorize({ tokens: ctx.tokens, knex: ctx.knex }, 'reports.view');
  type C = Parameters<Parameters<typeof router.get>[1]>[0];

  const download = (c: C, q: ReportQuery, name: string, type: string, body: string) => {
    c.set('Cache-Control', 'no-store');
    c.set('Content-Disposition', `attachment; filename="${name}-${q.from}-${q.to}.${type === 'text/csv' ? 'csv' : 'txt'}"`);
    c.type = `${type}; charset=utf-8`;
    c.body = body;
  };
  const entries = async (q: ReportQuery) => {
    const zone = await stationTimezone(ctx);
    const now = ctx.now();
    return { zone, entries: await playLog(ctx.knex, periodOf(q, zone, now), zone, now) };
  };

  router.get('/api/reports/plays', view, async (c) => {
    const q = parse(ReportQuerySchema, c.query);
    const { zone, entries: log } = await entries(q);
    download(c, q, 'plays', 'text/csv', playLogCsv(log, zone));
  });

  router.get('/api/reports/plays/preview', view, async (c) => {
    const q = parse(ReportQuerySchema, c.query);
    const { entries: log } = await entries(q);
    c.set('Cache-Control', 'no-store');
    c.body = { from: q.from, to: q.to, plays: log.slice(0, 500), total: log.length, musicbrainz: Boolean(ctx.config.MUSICBRAINZ_URL) };
  });

  router.get('/api/reports/ppl', view, async (c) => {
    const q = parse(ReportQuerySchema, c.query);
    c.set('Cache-Control', 'no-store');
    c.body = await pplReport(ctx.knex, q, await stationTimezone(ctx), ctx.now());
  });

  router.get('/api/reports/ppl-territory', view, async (c) => {
    const q = parse(ReportQuerySchema, c.query);
    c.set('Cache-Control', 'no-store');
    c.body = await pplTerritoryReport(ctx.knex, q, await stationTimezone(ctx), ctx.now());
  });

  router.get('/api/reports/ppl-usage', view, async (c) => {
    const q = parse(ReportQuerySchema, c.query);
    const { zone, entries: log } = await entries(q);
    download(c, q, 'ppl-music-usage', 'text/csv', pplUsageCsv(log, zone));
  });

  router.get('/api/reports/prs', view, async (c) => {
    const q = parse(ReportQuerySchema, c.query);
    const { zone, entries: log } = await entries(q);
    download(c, q, 'prs-programme-return', 'text/csv', prsCsv(log, zone));
  });

  router.get('/api/reports/soundexchange', view, async (c) => {
    const q = parse(ReportQuerySchema, c.query);
    const { zone, entries: log } = await entries(q);
    const station = await cachedStationInfo(ctx);
    download(c, q, 'soundexchange', 'text/plain', soundExchangeReport(log, zone, station.name, ctx.config.SOUNDEXCHANGE_TRANSMISSION_CATEGORY));
  });

  // The play log's track data: corrected by staff, or suggested by MusicBrainz (when MUSICBRAINZ_URL is set).
  const playTrack = async (id: string) => {
    if (!/^\d{1,18}$/.test(id)) throw fail.notFound('No such play.');
    const track = await trackOfPlay(ctx.knex, id);
    if (!track) throw fail.notFound('No such play.');
    return track;
  };

  router.patch('/api/reports/plays/:id', view, async (c) => {
    const input = parse(PlayRightsSchema, c.request.body ?? {});
    const track = await playTrack(c.params.id!);
    await setTrackRights(ctx.knex, track.id, input);
    const after = { ...track, ...input };
    c.body = { album: after.album, label: after.label, catalogue_number: after.catalogue_number, isrc: after.isrc, composer: after.composer };
  });

  router.post('/api/reports/plays/:id/musicbrainz', view, async (c) => {
    const base = ctx.config.MUSICBRAINZ_URL;
    if (!base) throw fail.notConfigured('The MusicBrainz lookup is off (MUSICBRAINZ_URL is not set).');
    const track = await playTrack(c.params.id!);
    try {
      const found = await lookupRecording({ baseUrl: base, timeoutMs: ctx.config.EXTERNAL_TIMEOUT_MS }, track);
      c.set('Cache-Control', 'no-store');
      c.body = { found: found !== null, suggestion: found };
    } catch (err) {
      if (err instanceof UpstreamError) throw new HttpError('upstream_failed', `MusicBrainz could not be asked: ${err.message}`);
      throw err;
    }
  });

  return router;
}
