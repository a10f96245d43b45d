export {};
/**
 * `npm run bench`: prints performance figures. Never pass/fail.
 * Each benchmark is a module in bench/ exporting `run(): Promise<void>`.
 */
export {};
const only = process.argv.slice(2).find((a) => !a.startsWith('--'));
const benches: Record<string, () => Promise<{ run: () => Promise<void> }>> = {
  health: () => import('./health'),
  signin: () => import('./signin'),
  fanout: () => import('./fanout'),
  'schedule-api': () => import('./schedule-api'),
  'public-reads': () => import('./public-reads'),
  'song-requests': () => import('./song-requests'),
  content: () => import('./content'),
  'staff-queues': () => import('./staff-queues'),
  'logs-export': () => import('./logs-export'),
  load: () => import('./load-mix'),
  home: () => import('./home'),
  embeds: () => import('./embeds'),
  audience: () => import('./audience'),
  pages: () => import('./pages'),
  start: () => import('./start'),
  ears: () => import('./ears'),
  'listen-again': () => import('./listen-again'),
  'two-instances': () => import('./two-instances'),
  'first-sound': () => import('./first-sound'),
};
for (const [name, load] of Object.entries(benches)) {
  if (only && only !== name) continue;
  console.log(`\n== ${name} ==`);
  await (await load()).run();
}
// A bench's servers, browsers and databases are closed by it; anything it left open (a keep-alive socket, a
// child's pipe) must not keep the process waiting after the last figure.
process.exit(process.exitCode ?? 0);
