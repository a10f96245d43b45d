import { ARGON2_PARAMS, hashPassword, verifyPassword } from '../server/src/auth/passwords';
import { loadConfig } from '../server/src/config';
import { openDatabase } from '../server/src/db/knex';
import { migrateLatest } from '../server/src/db/migrate';
import { createLogger } from '../server/src/log';
import { startServer } from '../server/src/server';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ms = (x: number) => `${x.toFixed(1)} ms`;

/**
 * The cost of a password sign-in: argon2id hash and verify with the server's
 * parameters, then POST /api/auth/token end to end (verify, session, refresh
 * token, audit row, signed JWT) on the embedded database, one at a time.
 */
export async function run(): Promise<void> {
  console.log(`argon2id parameters: m=${ARGON2_PARAMS.memoryCost} KiB, t=${ARGON2_PARAMS.timeCost}, p=${ARGON2_PARAMS.parallelism}`);
  const n = 20;
  const hashTimes: number[] = [];
  let hash = '';
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    hash = await hashPassword('correct horse battery staple');
    hashTimes.push(performance.now() - t);
  }
  const verifyTimes: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await verifyPassword(hash, 'correct horse battery staple');
    verifyTimes.push(performance.now() - t);
  }
  // CPU time is the fairer figure on a busy shared machine: wall time includes waiting for a core.
  const cpu0 = process.cpuUsage();
  for (let i = 0; i < n; i++) await verifyPassword(hash, 'correct horse battery staple');
  const cpu = process.cpuUsage(cpu0);
  console.log(`hash: median ${ms(median(hashTimes))}; verify: median ${ms(median(verifyTimes))} wall, ${ms((cpu.user + cpu.system) / 1000 / n)} CPU (${n} runs each)`);
  console.log(`machine load average (1 min) at the time: ${(await import('node:os')).loadavg()[0]!.toFixed(1)} on ${(await import('node:os')).cpus().length} cores`);

  const db = await openDatabase({ kind: 'pglite', dataDir: null });
  await migrateLatest(db.knex);
  await db.knex('profiles').insert({ email: 'bench@airdeck.test', username: 'Bench', role: 'presenter', password_hash: hash });
  const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', SEED_DEMO: 'false', SIGNIN_IP_LIMIT: '100000', SIGNIN_EMAIL_LIMIT: '100000' });
  const server = await startServer({ config, db, log: createLogger({ level: 'silent', pretty: false }) });
  const time = async (email: string, password: string) => {
    const t = performance.now();
    const res = await fetch(`${server.url}/api/auth/token`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password }) });
    await res.arrayBuffer();
    return performance.now() - t;
  };
  // Each case in its own run, so one case's database writes do not land on the next.
  const ok: number[] = [];
  const bad: number[] = [];
  const unknown: number[] = [];
  const cpuStart = process.cpuUsage();
  for (let i = 0; i < n; i++) ok.push(await time('bench@airdeck.test', 'correct horse battery staple'));
  const cpuSignIn = process.cpuUsage(cpuStart);
  for (let i = 0; i < n; i++) bad.push(await time('bench@airdeck.test', 'wrong password'));
  for (let i = 0; i < n; i++) unknown.push(await time('nobody@airdeck.test', 'wrong password'));
  console.log(`POST /api/auth/token (PGlite, sequential, ${n} each): success median ${ms(median(ok))}, wrong password ${ms(median(bad))}, unknown email ${ms(median(unknown))}`);
  console.log(`CPU per successful sign-in (server and client in this process): ${ms((cpuSignIn.user + cpuSignIn.system) / 1000 / n)}`);
  await server.close();
}
