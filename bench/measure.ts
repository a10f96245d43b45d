/** Shared by the HTTP benchmarks: percentiles and a fixed-concurrency request loop. */

/** The p-th percentile of xs, to 0.1. */
export const pct = (xs: number[], p: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return Math.round(s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]! * 10) / 10;
};

/** Runs n calls with `concurrency` in flight; each answer's body is read before its time is taken. */
export async function timed(n: number, concurrency: number, call: (i: number) => Promise<Response>): Promise<{ ms: number[]; secs: number }> {
  const ms: number[] = [];
  let next = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < n) {
        const i = next++;
        const t = performance.now();
        const r = await call(i);
        await r.arrayBuffer();
        ms.push(performance.now() - t);
      }
    }),
  );
  return { ms, secs: (performance.now() - start) / 1000 };
}
