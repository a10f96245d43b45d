import './app/global.css';
import { nextTask } from './ui/idle';

/*
 * The app's code is evaluated in three steps, each in a task of its own
 * (React, then MUI's styling core, then the app): one evaluation of all of it
 * would be a single long task that freezes a phone for a moment. The boot
 * script (web/boot-plugin.ts) has already asked for every file of the three,
 * so the steps wait for nothing but the main thread.
 */
await import('react-dom/client');
await nextTask();
await import('./ui/theme');
await nextTask();
const { startApp } = await import('./app/start');
await startApp();
