import { CacheProvider, __unsafe_useEmotionCache as useEmotionCache } from '@emotion/react';
// MUI's own ThemeProvider would bring its CSS-variables provider (colour-scheme storage, the init script: some 20 KB
// of code) into every listener's first JavaScript for a theme that has no CSS variables: its no-variables path is
// the system ThemeProvider, used here directly. The page's baseline (MUI's CssBaseline) is global.css.
import { ThemeProvider } from '@mui/system';
import { QueryClient, QueryClientProvider, hydrate, type DehydratedState } from '@tanstack/react-query';
import type { EmotionCache } from '@emotion/cache';
import { useAtomValue } from 'jotai';
import { Suspense, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { ChunkBoundary, lazyChunk } from '../ui/ChunkBoundary';
import { buildIsStale, fullNavigation } from '../ui/chunks';
import { BrowserRouter, useLocation, useNavigate, useRoutes } from 'react-router';
import { AuthProvider, sessionAtom } from '../auth/AuthProvider';
import { themeCssVars, type ThemeKey } from '../../../shared/themes';
import { buildMuiTheme } from '../ui/theme';
import { Toaster } from '../ui/toast';
import { isStudio } from '../platform';
import { themeKeyAtom } from './atoms';
import { readBootData } from './boot-data';
import { THEME_COOKIE } from '../../../shared/boot-data';
import { learnServerClock, radioKeys } from '../radio/api';
import { routes } from './routes';
import { i18nAtom } from '../i18n/state';
import { rtlCacheIfLoaded } from '../i18n/rtl';
import { installRecovery } from './recovery';
import { realtime } from '../realtime/client';
import { onLocaleChosen } from '../i18n/start';

// Platform services (staff notifications as pop-ups, the studio's mini window feed) and the schemas they parse with:
// loaded in the studio or once someone signs in, never for an anonymous listener.
const StudioServices = lazyChunk(async () => ({ default: (await import('../studio/StudioServices')).StudioServices }));

/** The server-state cache of one visit (the server renders each page with one of its own: web/src/app/ssr.tsx). */
export function newQueryClient(): QueryClient {
  // A failed read is tried twice more (after 1 and 2 s), then refetched by the recovery (./recovery.ts) when the
  // connection is back; coming back to the tab refetches only what failed (a listener's lists stay as they are).
  return new QueryClient({ defaultOptions: { queries: { retry: 2, refetchOnWindowFocus: (q) => q.state.status === 'error', staleTime: 15_000 } } });
}
const queryClient = newQueryClient();

// The server wrote General Settings (and the home page's slider) into the page: the first render starts with them.
const boot = readBootData();
if (boot?.station) queryClient.setQueryData(['station'], boot.station);
if (boot?.slider) queryClient.setQueryData(['slider'], boot.slider);
if (boot?.nowPlaying) queryClient.setQueryData(radioKeys.nowPlaying, boot.nowPlaying);
// The answers the server drew the page from (web/src/app/ssr.tsx): the first render shows the same page.
if (boot?.queries) hydrate(queryClient, boot.queries as DehydratedState);
// The page was written a moment ago (navigation start → now): close enough for a clock offset beyond 1.5 s.
if (boot?.serverTime) learnServerClock(boot.serverTime, typeof performance !== 'undefined' ? performance.now() : 0);

/** The root: theme, server-state cache, session, the one toast outlet and the router. */
export function App() {
  const themeKey = useAtomValue(themeKeyAtom);
  // The page around the app (its background, the browser's bar colour) follows a theme picked in the app, as the
  // boot script set it from the saved theme before the first paint.
  useEffect(() => {
    const vars = themeCssVars(themeKey);
    for (const [name, value] of Object.entries(vars)) document.documentElement.style.setProperty(name, value);
    document.querySelector('meta[name="theme-color"]')?.setAttribute('content', vars['--bd-bar']!);
    // The server draws the next page in this theme too (server/src/http/page-meta.ts).
    document.cookie = `${THEME_COOKIE}=${themeKey}; path=/; max-age=31536000; SameSite=Lax`;
  }, [themeKey]);
  // What failed during an outage is fetched again when the server is back (the realtime link reopening says so).
  useEffect(() => installRecovery(queryClient, (fn) => realtime.onResync((ch) => ch === null && fn())), []);
  // Station content comes in the reader's language (issue 35 item 6): a language chosen in the menu fetches the
  // shows, pages and slides again in it.
  useEffect(
    () =>
      onLocaleChosen(() => {
        for (const key of [['schedule'], ['page'], ['slider']]) void queryClient.invalidateQueries({ queryKey: key });
      }),
    [],
  );
  return (
    <AppFrame client={queryClient} themeKey={themeKey}>
      {/* The declarative router, not the data router (createBrowserRouter): no route loads data through the router,
          and the data router's code was some 14 KB gzip of a listener's first JavaScript. */}
      <BrowserRouter>
        <AppRoutes />
        <PlatformServices />
      </BrowserRouter>
    </AppFrame>
  );
}

/** The route table at the current address (web/src/app/routes.tsx; the server draws it with StaticRouter). */
export function AppRoutes() {
  return useRoutes(routes);
}

/**
 * A chunk of this build is gone from the server (a new build is deployed): the next navigation loads the page
 * whole, from the new build, rather than asking for more chunks that are no longer there.
 */
function StaleBuildCheck() {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  useEffect(() => {
    if (pathname === shown.current) return;
    shown.current = pathname;
    if (buildIsStale()) fullNavigation();
  }, [pathname]);
  return null;
}

/** What is around the router, in the browser and in the server's render alike: cache, theme, session, toasts (the baseline styles are global.css). */
export function AppFrame({ client, themeKey, children, rtlCache }: { client: QueryClient; themeKey: ThemeKey; children: ReactNode; rtlCache?: EmotionCache | null }) {
  const { dir } = useAtomValue(i18nAtom);
  const theme = useMemo(() => buildMuiTheme(themeKey, dir), [themeKey, dir]);
  // Right-to-left languages: MUI's styles go through the right-to-left emotion cache (web/src/i18n/rtl.ts), portals
  // included. The same tree in either direction, so switching language re-renders the app rather than remounting it.
  const ltrCache = useEmotionCache();
  const cache = dir === 'rtl' ? (rtlCache ?? rtlCacheIfLoaded() ?? ltrCache) : ltrCache;
  return (
    <CacheProvider value={cache}>
      <QueryClientProvider client={client}>
        <ThemeProvider theme={theme}>
          <AuthProvider>{children}</AuthProvider>
          <Toaster />
        </ThemeProvider>
      </QueryClientProvider>
    </CacheProvider>
  );
}

function PlatformServices() {
  const navigate = useNavigate();
  const signedIn = useAtomValue(sessionAtom).status === 'signedIn';
  return (
    <>
      <StaleBuildCheck />
      {(isStudio() || signedIn) && (
        <ChunkBoundary what="part" fallback={() => null}>
          <Suspense fallback={null}>
            <StudioServices navigate={(route: string) => void navigate(route)} />
          </Suspense>
        </ChunkBoundary>
      )}
    </>
  );
}
