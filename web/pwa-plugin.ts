import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * Build step of the website (issue 36 item 1): the service worker, /sw.js, from web/src/pwa/sw.ts with the
 * precache list of this build: the HTML shell, the listener app's code and style (the entry and every chunk it or a
 * listener page loads, not the staff panel's), the icons. Each entry carries a revision (a hash of its bytes), and the
 * worker's version is the hash of the whole list: an unchanged build gives a byte-identical worker (no update), a
 * changed one a new worker that installs beside the old one (README "Reach").
 *
 * Run once the website's files are written (they are read from disk, after the other steps rewrote index.html).
 */

/** Chunks reached only through these sources are not precached (the panel, the studio, the API docs). */
const NOT_PRECACHED_SOURCES = [/^src\/admin\//, /^src\/studio\//, /^src\/docs\//, /^src\/dashboard\//];
/** The public files the worker keeps (icons for the manifest and notifications, the placeholder show image). */
const PUBLIC_FILES = ['favicon.svg', 'icon-192.png', 'icon-512.png', 'icon-maskable-192.png', 'icon-maskable-512.png', 'apple-touch-icon.png', 'placeholder-show.svg'];

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  assets?: string[];
}

const revision = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex').slice(0, 16);

/** The files to precache, from Vite's manifest: everything the entry reaches, less the panel's own chunks. */
export function precacheFiles(manifest: Record<string, ManifestChunk>): string[] {
  const files = new Set<string>();
  const seen = new Set<string>();
  const walk = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    if (chunk.src && NOT_PRECACHED_SOURCES.some((re) => re.test(chunk.src!))) return;
    files.add(chunk.file);
    for (const f of [...(chunk.css ?? []), ...(chunk.assets ?? [])]) files.add(f);
    for (const k of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) walk(k);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) walk(key);
  return [...files].filter((f) => !f.endsWith('.html') && !f.endsWith('.map'));
}

/**
 * Writes `outDir/sw.js` for the website build in `outDir` (its index.html, Vite's manifest, its files as written):
 * the worker with this build's precache list and version. Returns the version.
 */
export async function writeServiceWorker(outDir: string): Promise<string> {
  const manifest = JSON.parse(fs.readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const boot = fs.readdirSync(path.join(outDir, 'assets')).filter((f) => /^boot-[\w-]+\.js$/.test(f));
  const files = ['index.html', ...boot.map((f) => `assets/${f}`), ...precacheFiles(manifest), ...PUBLIC_FILES.filter((f) => fs.existsSync(path.join(outDir, f)))];
  const entries = [...new Set(files)].sort().map((f) => ({ url: `/${f}`, revision: revision(fs.readFileSync(path.join(outDir, f))) }));
  const version = revision(Buffer.from(JSON.stringify(entries)));
  const { build } = await import('esbuild');
  const out = await build({
    entryPoints: [path.resolve(import.meta.dirname, 'src/pwa/sw.ts')],
    bundle: true,
    write: false,
    format: 'iife',
    target: 'es2022',
    minify: true,
    legalComments: 'none',
    define: {
      'self.__WB_MANIFEST': JSON.stringify(entries),
      __AIRDECK_SW_VERSION__: JSON.stringify(version),
      'process.env.NODE_ENV': '"production"',
    },
    logLevel: 'warning',
  });
  fs.writeFileSync(path.join(outDir, 'sw.js'), out.outputFiles[0]!.contents);
  return version;
}

export function pwaPlugin(): Plugin {
  let outDir = '';
  return {
    name: 'airdeck-pwa',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async writeBundle() {
      await writeServiceWorker(outDir);
    },
  };
}
