import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import ListenerLayout from './ListenerLayout';

const page = <K extends string>(load: () => Promise<Record<K, React.ComponentType>>, name: K) =>
  lazy(async () => ({ default: (await load())[name] }));

const listener = () => import('../listener/pages');
const Home = page(listener, 'Home');
const Shows = page(() => import('../schedule/ShowsPage'), 'ShowsPage');
const Djs = page(listener, 'Djs');
const MobileApp = page(listener, 'MobileApp');
const RequestHub = page(listener, 'RequestHub');
const Donate = page(listener, 'Donate');
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
      { path: 'mobile-app', element: <MobileApp /> },
      { path: 'request', element: <RequestHub /> },
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
