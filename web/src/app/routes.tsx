import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import ListenerLayout from './ListenerLayout';

const page = <K extends string>(load: () => Promise<Record<K, React.ComponentType>>, name: K) =>
  lazy(async () => ({ default: (await load())[name] }));

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
const AuthPage = page(() => import('../auth/AuthPage'), 'AuthPage');
const ProfilePage = page(() => import('../profile/ProfilePage'), 'ProfilePage');
const NotFound = lazy(() => import('./NotFound'));
const CustomPage = lazy(() => import('../content/CustomPage'));
const ApiDocs = lazy(() => import('../docs/ApiDocsPage'));
const AdminApp = lazy(() => import('../admin/AdminApp'));

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
      { path: 'auth', element: <AuthPage /> },
      { path: 'profile', element: <ProfilePage /> },
      { path: 'page/:slug', element: <CustomPage /> },
      { path: 'api-docs', element: <ApiDocs /> },
      { path: '404', element: <NotFound /> },
      { path: '*', element: <NotFound /> },
    ],
  },
  { path: '/admin/*', element: <AdminApp /> },
];
