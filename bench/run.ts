export {};
/**
 * `npm run bench`: prints performance figures. Never pass/fail.
 * Each benchmark is a module in bench/ exporting `run(): Promise<void>`.
 */
const only = process.argv[2];
const benches: Record<string, () => Promise<{ run: () => Promise<void> }>> = {
  health: () => import('./health'),
  content: () => import('./content'),
};
for (const [name, load] of Object.entries(benches)) {
  if (only && only !== name) continue;
  console.log(`\n== ${name} ==`);
  await (await load()).run();
}
