import type { Plugin } from 'vite';
import { DEFAULT_THEME, THEME_KEYS, THEME_STORAGE_KEY, themeCssVars } from '../shared/themes.ts';
import { AUTH_HINT_STORAGE_KEY, SIGNED_IN_CLASS, THEME_COOKIE } from '../shared/boot-data.ts';
import { RADIO_LIMITS } from '../shared/radio-constants.ts';

/** The CSS custom properties the first screen (global.css `.boot`) is drawn with, per theme. */
export function bootThemeVars(): Record<string, Record<string, string>> {
  return Object.fromEntries(THEME_KEYS.map((key) => [key, themeCssVars(key)]));
}

/**
 * The boot script: a small classic script in the head. Before the first
 * paint it applies the listener's saved theme to the server-drawn first
 * screen; after the first frame it starts the app (the entry module and its
 * preloads, which the plugin takes out of the HTML). Painting first and
 * running React second keeps a phone's first paint independent of the
 * JavaScript's size. (A file, not inline: the CSP allows no inline script.)
 */
export function bootScript(entry: string, preloads: string[]): string {
  return `(function () {
  var themes = ${JSON.stringify(bootThemeVars())};
  var key = null;
  var signedIn = false;
  try {
    key = localStorage.getItem(${JSON.stringify(THEME_STORAGE_KEY)});
    signedIn = localStorage.getItem(${JSON.stringify(AUTH_HINT_STORAGE_KEY)}) === '1';
  } catch (e) {}
  var vars = themes[key] || themes[${JSON.stringify(DEFAULT_THEME)}];
  var root = document.documentElement;
  // A page the server drew in another theme than this listener's (its theme cookie, else the default) waits for the app.
  var drawn = (document.cookie.match(/(?:^|; )${THEME_COOKIE}=([^;]*)/) || [])[1];
  if (!themes[drawn]) drawn = ${JSON.stringify(DEFAULT_THEME)};
  if (drawn !== (themes[key] ? key : ${JSON.stringify(DEFAULT_THEME)})) root.classList.add('bd-ssr-stale');
  if (signedIn) root.classList.add(${JSON.stringify(SIGNED_IN_CLASS)});
  for (var name in vars) root.style.setProperty(name, vars[name]);
  var meta = document.querySelector('meta[name="theme-color"]');
  if (meta) meta.setAttribute('content', vars['--bd-bar']);
  var started = false;
  function start() {
    if (started) return;
    // The app reads the page the server drew and the data it was drawn from (the JSON after #root) as it starts: not
    // before the parser has read them all. (On a slow phone the first frame comes while the page is still arriving;
    // the app then found half a page and no data, and drew over it.)
    if (document.readyState === 'loading') {
      document.addEventListener('DOMContentLoaded', start);
      return;
    }
    started = true;
    var head = document.head;
    var s = document.createElement('script'); s.type = 'module'; s.crossOrigin = ''; s.src = ${JSON.stringify(entry)};
    head.appendChild(s);
    // The entry's imports, fetched at once rather than as the entry is read; a few per task, so that no
    // single task holds up a phone's main thread.
    var preloads = ${JSON.stringify(preloads)};
    (function batch(i) {
      if (i >= preloads.length) return;
      for (var j = i; j < Math.min(i + 8, preloads.length); j++) {
        var l = document.createElement('link'); l.rel = 'modulepreload'; l.crossOrigin = ''; l.href = preloads[j]; head.appendChild(l);
      }
      setTimeout(function () { batch(i + 8); }, 0);
    })(0);
  }
  // A real Play from the first paint (issue 38 item 8): the server-drawn bar's Play is a link to the stream; a tap
  // plays it here, in one audio element the app's player takes over when its code arrives (web/src/radio/boot-audio.ts).
  document.addEventListener('click', function (e) {
    var a = e.target && e.target.closest ? e.target.closest('a.boot-play') : null;
    if (!a || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    var audio = window.__airdeckAudio;
    if (!audio) {
      audio = window.__airdeckAudio = document.createElement('audio');
      audio.preload = 'none';
      audio.setAttribute('data-testid', 'player-audio');
      audio.volume = ${RADIO_LIMITS.defaultVolume / 100};
      document.body.appendChild(audio);
    }
    if (!audio.paused) {
      audio.pause();
      audio.removeAttribute('src');
      audio.load();
      root.classList.remove('bd-playing');
      a.setAttribute('aria-pressed', 'false');
      return;
    }
    audio.src = a.href + (a.href.indexOf('?') < 0 ? '?' : '&') + 't=' + Date.now();
    root.classList.add('bd-playing');
    a.setAttribute('aria-pressed', 'true');
    var p = audio.play();
    if (p && p.catch) p.catch(function () { root.classList.remove('bd-playing'); });
  });
  // After the first frame (a hidden tab has no frames: then after a second).
  if (window.requestAnimationFrame) requestAnimationFrame(function () { setTimeout(start, 0); });
  setTimeout(start, 1000);
})();
`;
}

/** The entry's dynamic imports that are not start-up steps (web/src/main.tsx): the service worker's registration. */
const AFTER_START = [/\/web\/src\/pwa\/register\.ts$/];

/**
 * Build step of the website (not the studio, whose pages come from the app
 * bundle): moves the entry script and its module preloads from index.html
 * into the boot script, which the HTML loads in its head.
 */
export function bootPlugin(): Plugin {
  return indexHtmlPlugin('airdeck-boot', function (source, bundle) {
      const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(source);
      if (!entry) this.error('airdeck-boot: no entry script in index.html');
      source = source.replace(entry[0], '');
      const preloads: string[] = [];
      source = source.replace(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g, (_m, href: string) => {
        preloads.push(href);
        return '';
      });
      // The entry's dynamic imports are the app's start-up steps (web/src/main.tsx): preload their files too.
      // (Not those that run after the start, AFTER_START: fetched when they are needed, they are no part of the first JavaScript.)
      const entryChunk = Object.values(bundle).find((c) => c.type === 'chunk' && c.isEntry);
      if (entryChunk?.type === 'chunk') {
        const seen = new Set<string>([entryChunk.fileName]);
        const walk = (file: string) => {
          const c = bundle[file];
          if (seen.has(file) || !c || c.type !== 'chunk') return;
          if (c.facadeModuleId && AFTER_START.some((re) => re.test(c.facadeModuleId!))) return;
          seen.add(file);
          c.imports.forEach(walk);
        };
        entryChunk.imports.forEach(walk);
        entryChunk.dynamicImports.forEach(walk);
        for (const file of seen) if (file !== entryChunk.fileName && !preloads.includes('/' + file)) preloads.push('/' + file);
      }
      const ref = this.emitFile({ type: 'asset', name: 'boot.js', source: bootScript(entry[1]!, preloads) });
      const file = this.getFileName(ref);
      return source.replace('</head>', `  <script src="/${file}"></script>\n  </head>`);
  });
}

/** The bundler's own types for a finished bundle's step (Vite's bundler, whichever it is). */
type GenerateBundle = Extract<NonNullable<Plugin['generateBundle']>, (...args: never[]) => unknown>;
type OutputBundle = Parameters<GenerateBundle>[1];
type PluginContext = ThisParameterType<GenerateBundle>;

/** A build step that rewrites the website's index.html once the bundle is complete (`this` is Rollup's plugin context). */
export function indexHtmlPlugin(name: string, rewrite: (this: PluginContext, source: string, bundle: OutputBundle) => string): Plugin {
  return {
    name,
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const html = bundle['index.html'];
      if (!html || html.type !== 'asset' || typeof html.source !== 'string') return;
      html.source = rewrite.call(this, html.source, bundle);
    },
  };
}
