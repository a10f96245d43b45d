import Router from '@koa/router';
import { ApplicationSchema } from '../../../shared/applications';
import type { AppRouter } from '../http/router';
import type { AppContext, RequestState } from '../context';
import { parse } from '../http/validate';
import { LINK_COOKIE } from '../integrations/discord-oauth';
import { submitApplication } from './service';
import { LANG_PARAM, LOCALE_COOKIE, acceptLanguageTags, asLocale, matchLocale } from '../../../shared/i18n/locales';

/** Presenter application submission (staff review lives with the staff panel). */
export function applicationsRoutes(ctx: AppContext): AppRouter {
  const router = new Router<RequestState>();

  router.post('/api/applications', async (c) => {
    const input = parse(ApplicationSchema, c.request.body);
    // The language the applicant reads the site in (?lang=, the remembered choice, Accept-Language), when it says one.
    const param = c.query[LANG_PARAM];
    const language = asLocale(typeof param === 'string' ? param : null) ?? asLocale(c.cookies.get(LOCALE_COOKIE)) ?? matchLocale(acceptLanguageTags(c.get('Accept-Language')));
    const application = await submitApplication(ctx, input, { ip: c.ip, discordLinkToken: c.cookies.get(LINK_COOKIE), language });
    if (c.cookies.get(LINK_COOKIE)) c.cookies.set(LINK_COOKIE, null, { path: '/api', httpOnly: true, sameSite: 'lax', secure: c.secure, overwrite: true });
    c.status = 201;
    c.body = { application };
  });

  return router;
}
