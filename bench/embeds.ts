import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/**
 * `npm run bench -- embeds` (needs `npm run build:web`): the JavaScript each
 * station widget loads (`/embed/<widget>`: its one script, gzip level 6, the
 * same measure as the home bench) against the 40 KB gzip budget, its CSS,
 * the `/embed.js` loader, and whether any widget bundles MUI, React or
 * staff-panel code (modules under an `admin/` folder), from the list of
 * modules the widget build wrote (`web/dist/embed/files.json`).
 */
export async function run(): Promise<void> {
  const dist = path.resolve(process.env.WEB_DIST_DIR ?? 'web/dist');
  const listFile = path.join(dist, 'embed', 'files.json');
  if (!fs.existsSync(listFile)) {
    console.log(`no widget build at ${listFile}: run \`npm run build:web\` first`);
    return;
  }
  const list = JSON.parse(fs.readFileSync(listFile, 'utf8')) as { widgets: Record<string, { js: string; css: string | null; inputs: string[] }>; loader: string };
  const size = (url: string) => {
    const buf = fs.readFileSync(path.join(dist, url));
    return { raw: buf.length, gz: zlib.gzipSync(buf, { level: 6 }).length };
  };
  const KB = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  const BUDGET = 40 * 1024;
  console.log('widget        JavaScript (gzip)   raw        CSS (gzip)   budget 40 KB   MUI/React/staff code');
  for (const [widget, f] of Object.entries(list.widgets)) {
    const js = size(f.js);
    const css = f.css ? size(f.css) : { gz: 0 };
    const heavy = f.inputs.filter((i) => /node_modules\/(@mui|@emotion|react|react-dom|zod|luxon)\//.test(i) || /(^|\/)admin\//.test(i));
    console.log(
      `${widget.padEnd(13)} ${KB(js.gz).padStart(10)}          ${KB(js.raw).padStart(8)}   ${KB(css.gz).padStart(8)}     ${js.gz <= BUDGET ? 'ok' : 'ABOVE BUDGET'}${' '.repeat(js.gz <= BUDGET ? 13 : 3)}${heavy.length ? heavy.join(', ') : 'none'}`,
    );
  }
  const loader = size(list.loader);
  console.log(`loader /embed.js: ${KB(loader.gz)} gzip (${KB(loader.raw)} raw)`);
}
