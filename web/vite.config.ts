import path from 'node:path';
import react from '@vitejs/plugin-react';
import { build, defineConfig, type Plugin } from 'vite';
import { bootPlugin, indexHtmlPlugin } from './boot-plugin.ts';
import { embedPlugin } from './embed-plugin.ts';
import { i18nPlugin } from './i18n-plugin.ts';
import { pwaPlugin } from './pwa-plugin.ts';

/**
 * One UI, two builds: `--mode web` (the website, served by the Airdeck server)
 * and `--mode studio` (the desktop studio's renderer, loaded from the app
 * bundle through the `app://` protocol). Only the output folder and the
 * platform flag differ.
 */
const configFile = path.resolve(import.meta.dirname, 'vite.config.ts');
const SSR_ENTRY = path.resolve(import.meta.dirname, 'src/app/ssr.tsx');
const alias = (command: string) =>
  // react-router's package exports point every bundler condition at its development build (warnings, 213 kB);
  // a production bundle takes the production one.
  command === 'build' ? [{ find: /^react-router$/, replacement: path.resolve(import.meta.dirname, '../node_modules/react-router/dist/production/index.mjs') }] : [];

/**
 * The website build also builds the server's render of the listener pages (web/src/app/ssr.tsx, into
 * web/dist-ssr/ssr.mjs; server/src/http/page-meta.ts loads it): the same components, for Node.
 */
function ssrPlugin(mode: string): Plugin {
  return {
    name: 'airdeck-ssr',
    apply: 'build',
    async closeBundle() {
      await build({ configFile, mode, logLevel: 'warn', build: { ssr: SSR_ENTRY } });
    },
  };
}

/**
 * The website's own style sheet (web/src/app/global.css: the first screen's look, a few KB) goes into the page
 * itself rather than a file the page must fetch before its first paint: on a phone's connection that file was a
 * round trip in the way of every listener page's largest element. (The CSP allows inline styles: the server's
 * page styles are inline too.)
 */
function inlineCssPlugin(): Plugin {
  return indexHtmlPlugin('airdeck-inline-css', (source, bundle) =>
    source.replace(/<link rel="stylesheet"[^>]*? href="\/([^"]+\.css)">/g, (tag, file: string) => {
      const css = bundle[file];
      if (!css || css.type !== 'asset') return tag;
      const text = typeof css.source === 'string' ? css.source : new TextDecoder().decode(css.source);
      return text.includes('</') ? tag : `<style>${text}</style>`;
    }),
  );
}

export default defineConfig(({ mode, command, isSsrBuild }) => {
  const studio = mode === 'studio';
  if (isSsrBuild) {
    return {
      root: path.resolve(import.meta.dirname),
      base: '/',
      plugins: [react(), i18nPlugin()],
      publicDir: false,
      resolve: { alias: alias(command) },
      // React, MUI and emotion are bundled in their production builds, as in the browser's: left to Node, they would
      // follow the server's NODE_ENV, and emotion's development build names its classes differently (with labels),
      // so the browser could not adopt the page's HTML as it is. jsdom (the sanitiser's DOM) stays Node's own.
      ssr: { noExternal: true, external: ['jsdom'] },
      // (Vite leaves process.env.NODE_ENV to the server's run time in an SSR build.)
      define: { 'process.env.NODE_ENV': JSON.stringify(command === 'build' ? 'production' : 'development') },
      // JSX compiled for those same production builds whatever NODE_ENV the build runs under (a build started from a
      // test runs with NODE_ENV=test, and Vite would then write jsxDEV calls, which production React does not have).
      oxc: { jsx: { development: command !== 'build' } },
      build: {
        ssr: SSR_ENTRY,
        outDir: path.resolve(import.meta.dirname, 'dist-ssr'),
        emptyOutDir: true,
        sourcemap: false,
        target: 'node20',
        rollupOptions: { output: { format: 'es', entryFileNames: 'ssr.mjs', chunkFileNames: 'chunks/[name]-[hash].mjs' } },
      },
    };
  }
  return {
    root: path.resolve(import.meta.dirname),
    base: '/',
    // The website build also builds the station widgets (/embed/…, /embed.js): web/embed-plugin.ts.
    plugins: studio ? [react(), i18nPlugin()] : [react(), i18nPlugin(), bootPlugin(), inlineCssPlugin(), embedPlugin(), ssrPlugin(mode), pwaPlugin()],
    resolve: { alias: alias(command) },
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
