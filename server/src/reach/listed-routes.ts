import Router from '@koa/router';
import type { AppRouter } from '../http/router';
import type { AppContext, RequestState } from '../context';
import { authorize, currentUser } from '../auth/middleware';
import { parse } from '../http/validate';
import { LANG_PARAM, LOCALE_COOKIE, requestLocale, translatorFor } from '../i18n/catalogues';
import { cachedStationInfo } from '../settings/service';
import { DENIED } from '../../../shared/permissions';
import { ListingInputSchema } from '../../../shared/listed';
import { localeDir } from '../../../shared/i18n/locales';
import { checkStream, listingView, registerRadioBrowser, saveListing, streamQrSvg } from './listed';

const html = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * Settings → Get listed (issue 36 item 3): the listing settings, the stream's checks and the radio-browser.info
 * registration (owner and manager: `settings.access`, checked here), and two public addresses: `/listen.svg`
 * (the stream's QR code) and `/listen-everywhere` (the "Alexa / Google, play …" page for listeners, drawn by the
 * server in the listener's language).
 */
export function listedRoutes(ctx: AppContext): AppRouter {
  const router = new Router<RequestState>();
  const settingsAccess = authorize({ tokens: ctx.tokens, knex: ctx.knex }, 'settings.access', DENIED.settings);
  // The checks make the server play a stream and call a directory: a few a minute per address is plenty.
  const outbound = ctx.limits.limiter('listing_outbound', { points: 10, durationSec: 60 });

  router.get('/api/settings/listing', settingsAccess, async (c) => {
    c.set('Cache-Control', 'no-store');
    c.body = await listingView(ctx);
  });
  router.put('/api/settings/listing', settingsAccess, async (c) => {
    const input = parse(ListingInputSchema, c.request.body ?? {});
    c.set('Cache-Control', 'no-store');
    c.body = await saveListing(ctx, await ctx.secrets.box(), input, currentUser(c));
  });
  router.post('/api/settings/listing/check', settingsAccess, async (c) => {
    await outbound.consume(c.ip);
    c.set('Cache-Control', 'no-store');
    c.body = await checkStream(ctx);
  });
  router.post('/api/settings/listing/radio-browser', settingsAccess, async (c) => {
    await outbound.consume(c.ip);
    c.set('Cache-Control', 'no-store');
    c.body = await registerRadioBrowser(ctx, currentUser(c));
  });

  router.get('/listen.svg', async (c) => {
    c.type = 'image/svg+xml';
    c.set('Cache-Control', 'public, max-age=300');
    c.body = await streamQrSvg(ctx);
  });

  router.get('/listen-everywhere', async (c) => {
    const station = await cachedStationInfo(ctx);
    const locale = requestLocale({ param: c.query[LANG_PARAM] as string | undefined, cookie: c.cookies.get(LOCALE_COOKIE), acceptLanguage: c.get('Accept-Language') }, (station as { language?: string }).language);
    const t = await translatorFor(locale);
    const phrase = (key: 'listed.voice.alexa' | 'listed.voice.google' | 'listed.voice.siri') => `<li><q>${html(t(key, { name: station.name }))}</q></li>`;
    c.type = 'text/html; charset=utf-8';
    c.set('Cache-Control', 'no-cache');
    c.body = `<!doctype html>
<html lang="${html(locale)}" dir="${localeDir(locale)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${html(t('listed.voice.title', { name: station.name }))}</title>
<meta name="description" content="${html(t('listed.voice.intro', { name: station.name }))}">
<style>
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;background:#fafafa;color:#1a1a1a;line-height:1.5}
main{max-width:40rem;margin:0 auto;padding:2rem 1rem}
h1{font-size:1.9rem;margin:0 0 .5rem}
h2{font-size:1.25rem;margin:2rem 0 .5rem}
ul{padding-inline-start:1.25rem}
q{font-weight:600;font-size:1.1rem}
a{color:#0b57d0}
li{margin:.4rem 0}
.links a{display:inline-block;min-height:44px;line-height:44px;margin-inline-end:1.25rem}
img{display:block;background:#fff;border-radius:8px;margin:.5rem 0;max-width:100%;height:auto}
</style>
</head>
<body>
<main>
<h1>${html(t('listed.voice.title', { name: station.name }))}</h1>
<p>${html(t('listed.voice.intro', { name: station.name }))}</p>
<h2>${html(t('listed.voice.speakers'))}</h2>
<ul>${phrase('listed.voice.alexa')}${phrase('listed.voice.google')}${phrase('listed.voice.siri')}</ul>
<h2>${html(t('listed.voice.players'))}</h2>
<p>${html(t('listed.voice.playersHelp'))}</p>
<p class="links"><a href="/listen.m3u" type="audio/x-mpegurl">${html(t('listed.voice.m3u'))}</a><a href="/listen.pls" type="audio/x-scpls">${html(t('listed.voice.pls'))}</a></p>
<h2>${html(t('listed.voice.phone'))}</h2>
<img src="/listen.svg" width="200" height="200" alt="${html(t('listed.qrAlt', { name: station.name }))}">
<p class="links"><a href="/">${html(t('listed.voice.back', { name: station.name }))}</a></p>
</main>
</body>
</html>`;
  });

  return router;
}
