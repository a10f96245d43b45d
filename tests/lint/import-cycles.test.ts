import { describe, expect, it } from 'vitest';
import { findImportCycles } from '../../scripts/import-cycles';

/**
 * No import circle in the server: routes files take their router type from
 * http/router.ts, not from the app that mounts them, and domains reach each
 * other's tables through repo files that import nothing of the server.
 */
describe('import cycles', () => {
  it('finds none in server/', () => {
    expect(findImportCycles(process.cwd(), ['server'])).toEqual([]);
  });

  it('finds a cycle when there is one (the checker works)', () => {
    const cycles = findImportCycles(process.cwd(), ['tests/lint/fixtures/cycle']);
    expect(cycles).toEqual([['tests/lint/fixtures/cycle/a.ts', 'tests/lint/fixtures/cycle/b.ts']]);
  });
});
