import { use, type ComponentType } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';
import ListenerLayout from './ListenerLayout';
import { retryImport } from '../ui/chunks';
import { registerFailedChunk } from '../ui/ChunkBoundary';

/** A page whose code is its own chunk, with a `preload()` that fetches it ahead of rendering. */
type Page = ComponentType & { preload: () => Promise<void> };
/** A promise carrying the status fields React's use() reads. */
type Tracked = Promise<void> & { status?: 'pending' | 'fulfilled' | 'rejected'; value?: undefined; reason?: unknown };

/**
 * Like React.lazy, but once the chunk has arrived the page renders at once,
 * without suspending: main.tsx preloads the page of the address the visit
 * starts on, so the first render is the whole page and never a loading state
 * that the page then replaces (a layout shift and a second paint).
 */
function page<K extends string>(fetchChunk: () => Promise<Record<K, ComponentType>>, name: K): Page {
  // A failed fetch is tried again with backoff; a failure after that reaches the page's ChunkBoundary (ListenerLayout).
  const load = retryImport(fetchChunk);
  let Loaded: ComponentType | null = null;
  let loading: Tracked | null = null;
  const preload = (): Tracked => {
    if (!loading) {
      const p: Tracked = load().then(
        (m) => {
          Loaded = m[name];
        },
        (err: unknown) => {
          // The failure stays (a render now shows the page's ChunkBoundary, rather than fetching again in a loop)
          // until the listener presses Retry or navigates, which lets the next render fetch again.
          registerFailedChunk(() => {
            loading = null;
          });
          throw err;
        },
      );
      // React reads a thenable's own status: once the chunk is here, use() returns at once without suspending.
      p.status = 'pending';
      p.then(
        () => {
          p.status = 'fulfilled';
          p.value = undefined;
        },
        (reason: unknown) => {
          p.status = 'rejected';
          p.reason = reason;
        },
      );
      loading = p;
    }
    return loading;
  };
  const Lazy = () => {
    // Always called (React requires use() on every render once a render suspended on it).
    use(preload() as Promise<void>);
    const C = Loaded!;
    return <C />;
  };
  return Object.assign(Lazy, { preload });
}
const lazy = (load: () => Promise<{ default: ComponentType }>) => page(load, 'default');

const listener = () => import('../listener/pages');
const Home = page(listener, 'Home');
const Shows = page(() => import('../schedule/ShowsPage'), 'ShowsPage');
const Djs = page(listener, 'Djs');
const DjProfile = page(listener, 'DjProfile');
const MobileApp = page(listener, 'MobileApp');
const requests = () => import('../requests/pages');
const RequestHub = page(requests, 'RequestHub');
const SongRequest = page(requests, 'SongRequestPage');
const ShoutoutRequest = page(requests, 'ShoutoutRequestPage');
const GeneralRequest = page(requests, 'GeneralRequestPage');
const PresenterApplication = page(() => import('../applications/pages'), 'PresenterApplicationPage');
const integrations = () => import('../integrations/pages');
const Donate = page(integrations, 'DonatePage');
const DiscordCallback = page(integrations, 'DiscordCallbackPage');
const Terms = page(listener, 'Terms');
const Privacy = page(listener, 'Privacy');
const YourData = page(listener, 'YourData');
const ListenAgain = page(() => import('../listen-again/ListenAgainPage'), 'ListenAgainPage');
const AuthPage = page(() => import('../auth/AuthPage'), 'AuthPage');
const ProfilePage = page(() => import('../profile/ProfilePage'), 'ProfilePage');
const recovery = () => import('../auth/RecoveryPages');
const ForgotPassword = page(recovery, 'ForgotPasswordPage');
const ResetPassword = page(recovery, 'ResetPasswordPage');
const NotFound = lazy(() => import('./NotFound'));
const CustomPage = lazy(() => import('../content/CustomPage'));
const ApiDocs = lazy(() => import('../docs/ApiDocsPage'));
const AdminApp = lazy(() => import('../admin/AdminApp'));

/** Fetches the code of the page at `pathname` (and waits for it), so the first render shows it whole. */
export async function preloadRoute(pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map((m) => {
      const el = m.route.element as { type?: Partial<Page> } | undefined;
      return el?.type?.preload?.().catch(() => undefined);
    }),
  );
}

/** The route table of the one UI (paths mirror shared/routes.ts). */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <ListenerLayout />,
    children: [
      { index: true, element: <Home /> },
      { path: 'shows', element: <Shows /> },
      { path: 'djs', element: <Djs /> },
      { path: 'djs/:id', element: <DjProfile /> },
      { path: 'mobile-app', element: <MobileApp /> },
      { path: 'request', element: <RequestHub /> },
      { path: 'song-request', element: <SongRequest /> },
      { path: 'shoutout-request', element: <ShoutoutRequest /> },
      { path: 'general-request', element: <GeneralRequest /> },
      { path: 'presenter-application', element: <PresenterApplication /> },
      { path: 'become-a-dj', element: <PresenterApplication /> },
      { path: 'discord-callback', element: <DiscordCallback /> },
      { path: 'donate', element: <Donate /> },
      { path: 'terms-of-service', element: <Terms /> },
      { path: 'privacy-policy', element: <Privacy /> },
      { path: 'your-data', element: <YourData /> },
      { path: 'listen-again', element: <ListenAgain /> },
      { path: 'auth', element: <AuthPage /> },
      { path: 'auth/forgot', element: <ForgotPassword /> },
      { path: 'auth/reset', element: <ResetPassword /> },
      { path: 'profile', element: <ProfilePage /> },
      { path: 'page/:slug', element: <CustomPage /> },
      { path: 'api-docs', element: <ApiDocs /> },
      { path: '404', element: <NotFound /> },
      { path: '*', element: <NotFound /> },
    ],
  },
  { path: '/admin/*', element: <AdminApp /> },
];
