import { StrictMode, Suspense, lazy, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import './app/global.css';
import { initPlatform, isStudio } from './platform';

const StudioShell = lazy(() => import('./studio/StudioShell'));

const { needsServer } = await initPlatform();
const path = window.location.pathname;
let root: ReactNode = <App />;
// The studio's own pages: the station address screen (first run, or to change it) and the mini window.
// (Only these get a Suspense boundary here: one around <App /> would blank the whole app, toasts included, while a lazy screen loads.)
if (isStudio() && (needsServer || path === '/studio/server')) root = <Suspense fallback={null}><StudioShell page="server" firstRun={needsServer} /></Suspense>;
else if (isStudio() && path === '/mini') root = <Suspense fallback={null}><StudioShell page="mini" firstRun={false} /></Suspense>;

createRoot(document.getElementById('root')!).render(<StrictMode>{root}</StrictMode>);
