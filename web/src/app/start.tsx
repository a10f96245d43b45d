import { StrictMode, Suspense, lazy, startTransition, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { initPlatform, isStudio } from '../platform';
import { App } from './App';
import { nextTask } from '../ui/idle';
import { preloadRoute } from './routes';
import { serverDrawnPage } from './hydration';
import { readBootData } from './boot-data';
import { setDrawnTime } from './clock';
import { setDrawingServerPage } from '../ui/Deferred';
import { realtime } from '../realtime/client';
import { startI18n } from '../i18n/start';
import { isChunkLoadError } from '../ui/chunks';

/**
 * An error a boundary caught: a chunk that would not load is an expected condition (its boundary says so calmly and
 * logs a warning); anything else is logged as React would.
 */
const onCaughtError = (error: unknown, info: { componentStack?: string | undefined }) => {
  if (!isChunkLoadError(error)) console.error(error, info.componentStack);
};

/** The longest the page's pushed updates wait for the app to adopt the page (a very slow phone). */
const HOLD_AT_MOST_MS = 15_000;

const StudioShell = lazy(() => import('../studio/StudioShell'));

/** Renders the UI into #root: the studio's own pages, or the app at the current address. */
export async function startApp(): Promise<void> {
  // The page's language (and its catalogue: inlined by the server, else fetched) before anything is drawn.
  const [{ needsServer }] = await Promise.all([initPlatform(), startI18n()]);
  const path = window.location.pathname;
  let root: ReactNode = <App />;
  // The studio's own pages: the station address screen (first run, or to change it) and the mini window.
  // (Only these get a Suspense boundary here: one around <App /> would blank the whole app, toasts included, while a lazy screen loads.)
  if (isStudio() && (needsServer || path === '/studio/server')) root = <Suspense fallback={null}><StudioShell page="server" firstRun={needsServer} /></Suspense>;
  else if (isStudio() && path === '/mini') root = <Suspense fallback={null}><StudioShell page="mini" firstRun={false} /></Suspense>;
  // Everywhere else: fetch the page's own code first, so the first render is the whole page (in a task of its own).
  else {
    await nextTask();
    await preloadRoute(path);
  }
  // A page the server drew with these components, from the data the app starts with and in the listener's theme:
  // React adopts its HTML (hydration) rather than drawing it again, so nothing is painted twice.
  const drawn = isStudio() ? null : serverDrawnPage(path);
  if (drawn) {
    // The first render draws what the server drew: the same times (the moment it drew the page) and the sections it
    // drew with the page (ui/Deferred.tsx); both go back to normal once the app has the page (hydration.ts).
    setDrawnTime(readBootData()?.serverTime);
    setDrawingServerPage(true);
    // What the channels push meanwhile (a new song, a vote) waits until the app has the page: changed data would make
    // the page differ from the server's, and React would draw it anew (hydration.ts releaseServerPage delivers it).
    realtime.hold();
    setTimeout(() => realtime.release(), HOLD_AT_MOST_MS);
    startTransition(() => void hydrateRoot(drawn, <StrictMode>{root}</StrictMode>, { onCaughtError }));
    return;
  }
  // A transition: React renders the first screen in slices, yielding to the browser between them, instead of one
  // long task that would freeze a phone's main thread; what the server painted stays until the page is ready.
  const reactRoot = createRoot(document.getElementById('root')!, { onCaughtError });
  startTransition(() => reactRoot.render(<StrictMode>{root}</StrictMode>));
}
