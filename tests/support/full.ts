/**
 * How much of the large matrices a run covers.
 *
 * `npm test` runs a fixed, deterministic sample of every large matrix (pages × widths × themes × states,
 * the stress suites' lengths), chosen so that every page and screen is still checked at least once, the
 * 390 px phone width and both theme families always appear, and the same checks run on every machine.
 * `TEST_FULL=1` runs every matrix in full (and the stress suites at full length). The older per-suite
 * flags keep working: `STRESS_FULL=1` (tests/stress) and `AXE_FULL=1` (tests/browser/axe-matrix.test.ts).
 */
export const TEST_FULL = process.env.TEST_FULL === '1';

/** The full matrix with TEST_FULL=1 (or the suite's own flag), else the items the sample keeps. */
export function sampled<T>(items: readonly T[], keep: (item: T, index: number) => boolean, full: boolean = TEST_FULL): T[] {
  return full ? [...items] : items.filter(keep);
}
