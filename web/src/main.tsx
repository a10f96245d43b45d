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
if (isStudio() && (needsServer || path === '/studio/server')) root = <StudioShell page="server" firstRun={needsServer} />;
else if (isStudio() && path === '/mini') root = <StudioShell page="mini" firstRun={false} />;

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Suspense fallback={null}>{root}</Suspense>
  </StrictMode>,
);
