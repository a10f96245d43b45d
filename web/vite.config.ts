import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { bootPlugin } from './boot-plugin.ts';
import { embedPlugin } from './embed-plugin.ts';

/**
 * One UI, two builds: `--mode web` (the website, served by the Airdeck server)
 * and `--mode studio` (the desktop studio's renderer, loaded from the app
 * bundle through the `app://` protocol). Only the output folder and the
 * platform flag differ.
 */
export default defineConfig(({ mode, command }) => {
  const studio = mode === 'studio';
  return {
    root: path.resolve(import.meta.dirname),
    base: '/',
    // The website build also builds the station widgets (/embed/…, /embed.js): web/embed-plugin.ts.
    plugins: studio ? [react()] : [react(), bootPlugin(), embedPlugin()],
    resolve: {
      // react-router's package exports point every bundler condition at its development build (warnings, 213 kB);
      // a production bundle takes the production one.
      alias: command === 'build' ? [{ find: /^react-router$/, replacement: path.resolve(import.meta.dirname, '../node_modules/react-router/dist/production/index.mjs') }] : [],
    },
    build: {
      outDir: path.resolve(import.meta.dirname, studio ? 'dist-studio' : 'dist'),
      emptyOutDir: true,
      sourcemap: false,
      // bench/home.ts reads it to tell which chunks hold staff-panel code.
      manifest: true,
      // The website's start-up files are preloaded by the boot script (web/boot-plugin.ts); a lazy chunk's own
      // imports are found as it is read. Vite's helper would add a <link> per import at every dynamic import,
      // which on a phone is a long task of its own on the way to the first render.
      modulePreload: studio ? undefined : { polyfill: false, resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []) },
      target: 'es2022',
      chunkSizeWarningLimit: 900,
      rollupOptions: {
        output: {
          manualChunks: (id: string) => {
            if (id.includes('node_modules/react-dom') || id.includes('node_modules/react/') || id.includes('node_modules/scheduler')) return 'react';
            // MUI and emotion are left to the bundler's own splitting: one shared "mui" chunk would put
            // components only the staff panel uses (tables, pickers, steppers…) into every listener's first load.
            return undefined;
          },
        },
      },
    },
    server: {
      port: 5173,
      proxy: { '/api': { target: 'http://localhost:8080', ws: true }, '/media': 'http://localhost:8080', '/.well-known': 'http://localhost:8080' },
    },
  };
});
