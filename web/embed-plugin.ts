import fs from 'node:fs';
import path from 'node:path';
import { build, type Metafile } from 'esbuild';
import type { Plugin } from 'vite';
import { EMBED_WIDGET_LABELS, EMBED_WIDGETS } from '../shared/embed-options.ts';

/**
 * The station widgets' own build (website build only): each widget
 * (`web/src/embed/widgets/<name>.ts`) is bundled alone by esbuild, with no
 * code shared with the React app, into `dist/embed/assets/<name>-<hash>.js`
 * and `.css`, plus its page `dist/embed/<name>.html` (which the server serves
 * at `/embed/<name>`), and the loader `dist/embed.js`. `dist/embed/files.json`
 * lists each widget's files for `npm run bench -- embeds`.
 */
export function embedPlugin(): Plugin {
  let outDir = '';
  return {
    name: 'airdeck-embeds',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await buildEmbeds(outDir);
    },
  };
}

/** Builds the widgets and the loader into a website build folder. */
export async function buildEmbeds(outDir: string): Promise<void> {
  const src = path.resolve(import.meta.dirname, 'src', 'embed');
  const assets = path.join(outDir, 'embed', 'assets');
  fs.rmSync(path.join(outDir, 'embed'), { recursive: true, force: true });
  const common = { bundle: true, minify: true, target: 'es2022', legalComments: 'none', logLevel: 'warning', charset: 'utf8' } as const;
  const result = await build({
    ...common,
    entryPoints: Object.fromEntries(EMBED_WIDGETS.map((w) => [w, path.join(src, 'widgets', `${w}.ts`)])),
    format: 'esm',
    outdir: assets,
    entryNames: '[name]-[hash]',
    assetNames: '[name]-[hash]',
    metafile: true,
  });
  await build({ ...common, entryPoints: [path.join(src, 'loader.ts')], format: 'iife', outfile: path.join(outDir, 'embed.js') });
  const files: Record<string, { js: string; css: string | null; inputs: string[] }> = {};
  for (const [file, out] of Object.entries((result.metafile as Metafile).outputs)) {
    if (!out.entryPoint || !file.endsWith('.js')) continue;
    const widget = path.basename(out.entryPoint, '.ts');
    files[widget] = { js: `/embed/assets/${path.basename(file)}`, css: out.cssBundle ? `/embed/assets/${path.basename(out.cssBundle)}` : null, inputs: Object.keys(out.inputs).sort() };
  }
  for (const w of EMBED_WIDGETS) {
    const f = files[w];
    if (!f) throw new Error(`The ${w} widget was not built.`);
    const html = [
      '<!doctype html>',
      '<html lang="en">',
      '<head>',
      '<meta charset="utf-8">',
      '<meta name="viewport" content="width=device-width, initial-scale=1">',
      '<meta name="robots" content="noindex">',
      '<link rel="icon" href="data:,">',
      `<title>${EMBED_WIDGET_LABELS[w]}</title>`,
      f.css ? `<link rel="stylesheet" href="${f.css}">` : '',
      `<script type="module" src="${f.js}"></script>`,
      '</head>',
      `<body><main id="w" data-widget="${w}"></main></body>`,
      '</html>',
      '',
    ].join('\n');
    fs.writeFileSync(path.join(outDir, 'embed', `${w}.html`), html);
  }
  fs.writeFileSync(path.join(outDir, 'embed', 'files.json'), JSON.stringify({ widgets: files, loader: '/embed.js' }, null, 2));
}
