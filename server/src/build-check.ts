import fs from 'node:fs';
import path from 'node:path';

/**
 * What is wrong with the build a production server serves (issue 39 item 6): the website missing, the listener
 * pages' server render (web/dist-ssr) missing, or either from another build than the server (`npm run build`
 * writes one stamp, `BUILD`, into dist-server/, web/dist/ and web/dist-ssr/). Each problem is one sentence for the
 * start's log; none when the build is whole, or when the server runs from its sources (no dist-server/BUILD).
 */
export function buildOutputProblems(rootDir: string, webDist: string): string[] {
  const read = (file: string): string | null => {
    try {
      return fs.readFileSync(file, 'utf8').trim();
    } catch {
      return null;
    }
  };
  const server = read(path.join(rootDir, 'dist-server', 'BUILD'));
  if (server === null) return [];
  const rel = (p: string) => path.relative(rootDir, p) || p;
  const ssr = `${path.resolve(webDist)}-ssr`;
  const problems: string[] = [];
  if (!fs.existsSync(path.join(webDist, 'index.html'))) {
    problems.push(`${rel(path.join(webDist, 'index.html'))} is missing: the website is not built here. Copy ${rel(webDist)}/ from the build, or run npm run build.`);
  } else {
    const web = read(path.join(webDist, 'BUILD'));
    if (web !== server) problems.push(`${rel(webDist)}/ is from another build than the server (${web ?? 'no stamp'}, the server ${server}): run npm run build, or copy the build's folders together.`);
  }
  if (!fs.existsSync(path.join(ssr, 'ssr.mjs'))) {
    problems.push(`${rel(path.join(ssr, 'ssr.mjs'))} is missing: listener pages are not drawn by the server (they still work, drawn in the browser). Copy ${rel(ssr)}/ beside ${rel(webDist)}/, or run npm run build.`);
  } else {
    const stamp = read(path.join(ssr, 'BUILD'));
    if (stamp !== server) problems.push(`${rel(ssr)}/ is from another build than the server (${stamp ?? 'no stamp'}, the server ${server}): pages may be drawn from old code. Run npm run build, or copy the build's folders together.`);
  }
  return problems;
}
