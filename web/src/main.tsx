import './app/global.css';
import { nextTask, whenIdle } from './ui/idle';

// zod parses without generated code (the CSP allows no eval; its probe for it would be reported as a violation).
// Its shared configuration object, set before any schema parses (zod reads it from here when it loads).
const zodConfig = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(zodConfig.__zod_globalConfig ??= {}).jitless = true;

/*
 * The app's code is evaluated in steps, each in a task of its own
 * (React, MUI's styling core, the router and layout, the root, then the app): one evaluation of all of it
 * would be a single long task that freezes a phone for a moment. The boot
 * script (web/boot-plugin.ts) has already asked for every file of the three,
 * so the steps wait for nothing but the main thread.
 */
await import('react-dom/client');
await nextTask();
await import('./ui/theme');
await nextTask();
// The router and the listener layout (the bar, the footer and the MUI components they draw), then the app's root
// (server-state cache, session): each an evaluation of its own rather than a part of the last step's.
await import('./app/routes');
await nextTask();
await import('./app/App');
await nextTask();
const { startApp } = await import('./app/start');
await startApp();
// The service worker (offline pages, install, live notifications: web/src/pwa), once the page has loaded and the
// browser is idle; not in the studio. Its code is not among the start-up files the boot script preloads
// (web/boot-plugin.ts AFTER_START): it is no part of drawing the page.
const { isStudio } = await import('./platform');
if (!isStudio()) {
  const register = () => whenIdle(() => void import('./pwa/register').then((m) => m.registerServiceWorker()), 2000);
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
