import { describe, expect, it } from 'vitest';
import { findImportCycles } from '../../scripts/import-cycles';

/**
 * No import circle in our code: routes files take their router type from
 * http/router.ts, not from the app that mounts them, and domains reach each
 * other's tables through repo files that import nothing of the server. In
 * shared/ the zod-free modules of the first load (radio-display, content-public,
 * station-defaults) import nothing back from their schema modules, and each
 * domain has its own file (no shared/staff.ts joining four).
 */
describe('import cycles', () => {
  it('finds none in server/', () => {
    expect(findImportCycles(process.cwd(), ['server'])).toEqual([]);
  });

  it('finds none in shared/, web/src or electron/', () => {
    expect(findImportCycles(process.cwd(), ['shared', 'web/src', 'electron'])).toEqual([]);
  });

  it('finds none across the folders together', () => {
    expect(findImportCycles(process.cwd(), ['server', 'shared', 'web/src', 'electron'])).toEqual([]);
  });

  it('finds a cycle when there is one (the checker works)', () => {
    const cycles = findImportCycles(process.cwd(), ['tests/lint/fixtures/cycle']);
    expect(cycles).toEqual([['tests/lint/fixtures/cycle/a.ts', 'tests/lint/fixtures/cycle/b.ts']]);
  });
});
