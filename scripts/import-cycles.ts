import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Finds import cycles among our own TypeScript files (type-only imports
 * included: a circle of types still ties the files together). Returns each
 * cycle as the list of files in it, relative to `root`. Used by
 * tests/lint/import-cycles.test.ts; run it by hand with
 * `npx tsx scripts/import-cycles.ts server shared web/src electron`.
 */
export function findImportCycles(root: string, dirs: readonly string[]): string[][] {
  const files: string[] = [];
  const walk = (dir: string): void => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      if (e.name === 'node_modules' || e.name.startsWith('.') || e.name === 'dist') continue;
      const full = path.join(dir, e.name);
      if (e.isDirectory()) walk(full);
      else if (/\.(ts|tsx)$/.test(e.name) && !/\.d\.ts$/.test(e.name)) files.push(full);
    }
  };
  for (const d of dirs) if (fs.existsSync(path.join(root, d))) walk(path.join(root, d));
  const known = new Set(files);
  const resolve = (from: string, spec: string): string | null => {
    if (!spec.startsWith('.')) return null;
    const base = path.resolve(path.dirname(from), spec);
    for (const c of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) if (known.has(c)) return c;
    return null;
  };
  const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|(?:^|\n)\s*import\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
  const edges = new Map<string, string[]>();
  for (const f of files) {
    const src = fs.readFileSync(f, 'utf8');
    const out = new Set<string>();
    for (const m of src.matchAll(IMPORT)) {
      const target = resolve(f, m[1] ?? m[2] ?? m[3] ?? '');
      if (target && target !== f) out.add(target);
    }
    edges.set(f, [...out]);
  }
  // Tarjan's strongly connected components: every component of two or more files is a cycle.
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const on = new Set<string>();
  const cycles: string[][] = [];
  const strong = (v: string): void => {
    idx.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    on.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!idx.has(w)) {
        strong(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const comp: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        on.delete(w);
        comp.push(path.relative(root, w));
      } while (w !== v);
      if (comp.length > 1) cycles.push(comp.sort());
    }
  };
  for (const f of files) if (!idx.has(f)) strong(f);
  return cycles;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(fileURLToPath(import.meta.url))) {
  const cycles = findImportCycles(process.cwd(), process.argv.slice(2));
  for (const c of cycles) console.log(`cycle of ${c.length}:\n  ${c.join('\n  ')}`);
  if (cycles.length === 0) console.log('no import cycles');
  process.exitCode = cycles.length > 0 ? 1 : 0;
}
