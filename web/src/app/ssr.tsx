import { AsyncLocalStorage } from 'node:async_hooks';
import { JSDOM } from 'jsdom';
import { dehydrate, type DehydratedState, type Query } from '@tanstack/react-query';
import { Provider as AtomProvider, createStore } from 'jotai';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import type { BootData } from '../../../shared/boot-data';
import type { ThemeKey } from '../../../shared/themes';
import { setSanitizerWindow } from '../content/sanitize';
import { radioKeys } from '../radio/api';
import { setFetcher } from './api';
import { AppFrame, AppRoutes, newQueryClient } from './App';
import { themeKeyAtom } from './atoms';
import { SSR_DISABLED_ATTR, SSR_MOBILE_ATTR, SSR_THEME_ATTR } from './hydration';
import { setServerMobileGuess } from './media';
import { preloadRoute } from './routes';
import { setDrawnTime } from './clock';
import { setDrawingServerPage } from '../ui/Deferred';
import type { CompiledCatalogue } from '../../../shared/i18n/format';
import type { Locale } from '../../../shared/i18n/locales';
import { i18nAtom, makeI18n } from '../i18n/state';
import { newRtlCache } from '../i18n/rtl';

/*
 * The server's render of a listener page (built by `vite build --ssr` into web/dist-ssr/, loaded by
 * server/src/http/page-meta.ts): the same components as the browser's, with the same data, to HTML,
 * so a page's main content paints before any script has run. The browser then renders the same page
 * from the same answers (BootData.queries) and adopts this HTML (web/src/app/hydration.ts).
 */

// Custom pages' HTML is sanitised for display as in the browser, in a DOM of jsdom's.
setSanitizerWindow(new JSDOM('').window as unknown as Parameters<typeof setSanitizerWindow>[0]);

/** The API calls of the render in progress: each page asks the server that is rendering it. */
const calls = new AsyncLocalStorage<typeof fetch>();
setFetcher((input, init) => {
  const ask = calls.getStore();
  return ask ? ask(input, init) : Promise.reject(new Error('An API call outside a page render'));
});

export interface RenderInput {
  /** The page's path (and query). */
  url: string;
  /** What the page starts with anyway (General Settings, what is on air). */
  boot: BootData;
  themeKey: ThemeKey;
  /** How the render's API calls (site-relative, e.g. /api/schedule/…) reach the station. */
  fetch: typeof fetch;
  /** Whether the browser said it is a phone (the phone layout is drawn). */
  mobile?: boolean;
  /** How long the render waits for the page's data before drawing what it has (ms). */
  budgetMs?: number;
  /** The language to draw the page in, with its compiled catalogue (server/src/i18n). English's keys otherwise. */
  i18n?: { locale: Locale; intl: string; catalogue: CompiledCatalogue };
}

export interface RenderOutput {
  html: string;
  /**
   * The page's styles (emotion's `<style data-emotion>` elements, in order), for the head: left where React
   * writes them, between elements, they would break MUI's sibling selectors (a label's `+` input).
   */
  styles: string;
  /** The answers the page was drawn from, for the browser's first render. */
  queries: DehydratedState;
}

/** Rounds of "render, fetch what the render asked for": a query that waits for another one's answer needs a second. */
const MAX_ROUNDS = 3;

function wanted(q: Query): boolean {
  if (q.state.status !== 'pending') return false;
  const enabled = (q.options as { enabled?: boolean | ((q: Query) => boolean) }).enabled;
  return typeof enabled === 'function' ? enabled(q) : enabled !== false;
}

/** The page at `url` as HTML, or null when the route table has no page there (a redirect). */
export async function renderPage(input: RenderInput): Promise<RenderOutput | null> {
  return calls.run(input.fetch, async () => {
    const url = new URL(input.url, 'http://localhost');
    const client = newQueryClient();
    client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } });
    client.setQueryData(['station'], input.boot.station);
    if (input.boot.nowPlaying) client.setQueryData(radioKeys.nowPlaying, input.boot.nowPlaying);
    const store = createStore();
    store.set(themeKeyAtom, input.themeKey);
    const i18n = input.i18n ? makeI18n(input.i18n.locale, input.i18n.catalogue, input.i18n.intl) : null;
    if (i18n) store.set(i18nAtom, i18n);
    // A right-to-left page's styles through a cache of its own for this render (emotion writes a rule's <style> only
    // the first time its cache sees it).
    const rtlCache = i18n?.dir === 'rtl' ? await newRtlCache() : null;
    await preloadRoute(url.pathname);
    const draw = () => {
      // Read by useIsMobile during this (synchronous) render only.
      setServerMobileGuess(input.mobile === true);
      // Times as of the moment the page's data was read (BootData.serverTime): the browser's first render draws the
      // same; and the sections a page draws with itself when the server draws it (ui/Deferred.tsx withServerPage).
      setDrawnTime(input.boot.serverTime);
      setDrawingServerPage(true);
      return renderToString(
        <AtomProvider store={store}>
          <AppFrame client={client} themeKey={input.themeKey} rtlCache={rtlCache}>
            <StaticRouter location={url.pathname + url.search}>
              <AppRoutes />
            </StaticRouter>
          </AppFrame>
        </AtomProvider>,
      );
    };
    let html = draw();
    const deadline = Date.now() + (input.budgetMs ?? 2000);
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const asked = client.getQueryCache().findAll().filter(wanted);
      if (asked.length === 0) break;
      const left = deadline - Date.now();
      if (left <= 0) break;
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([
        Promise.all(asked.map((q) => q.fetch({ ...q.options, retry: false }).catch(() => undefined))),
        new Promise((resolve) => (timer = setTimeout(resolve, left))),
      ]);
      clearTimeout(timer);
      html = draw();
    }
    // The page's controls wait for the app (web/src/app/hydration.ts enables them once it has the page): before
    // then they would do nothing, and what someone typed would be lost if the app draws the page anew.
    html = html.replace(/<(?:input|textarea|select|button)(?=[\s/>])[^>]*>/g, (tag) =>
      /\sdisabled=""/.test(tag) ? tag : tag.replace(/^<\w+/, (name) => `${name} disabled="" ${SSR_DISABLED_ATTR}=""`),
    );
    const styles: string[] = [];
    html = html.replace(/<style data-emotion="([^"]*)">[^<]*<\/style>/g, (tag, names: string) => {
      // The page's rules go to the head as emotion wrote them: the browser's emotion adopts them when it starts (its
      // cache marks their names inserted), so hydrating the page inserts none of them again. Their class names are
      // hashes of their content, so a rule of the drawn theme never styles a page drawn anew in another theme.
      // Global rules (the body's colours, the baseline) have no such name to tell themes apart: renamed, so the
      // browser never adopts them, and removed once the app has the page (hydration.ts releaseServerPage).
      styles.push(/^\w+-global/.test(names) ? tag.replace('<style data-emotion=', '<style data-ssr-emotion=') : tag);
      return '';
    });
    // The theme the page was drawn in: the boot script hides it until the app draws it again when the listener's
    // saved theme is another one (a visitor whose theme cookie is not set yet), rather than show it in wrong colours.
    // The layout guess goes with it: the browser's first render takes the page over only if it draws the same.
    html = `<div ${SSR_THEME_ATTR}="${input.themeKey}"${input.mobile === true ? ` ${SSR_MOBILE_ATTR}="1"` : ''}>${html}</div>`;
    return { html, styles: styles.join(''), queries: dehydrate(client) };
  });
}
