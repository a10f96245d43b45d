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
  console.log(`hash: median ${ms(median(hashTimes))}; verify: median ${ms(median(verifyTimes))} (${n} runs each)`);

  const db = await openDatabase({ kind: 'pglite', dataDir: null });
  await migrateLatest(db.knex);
  await db.knex('profiles').insert({ email: 'bench@airdeck.test', username: 'Bench', role: 'presenter', password_hash: hash });
  const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', SEED_DEMO: 'false', SIGNIN_IP_LIMIT: '100000', SIGNIN_EMAIL_LIMIT: '100000' });
  const server = await startServer({ config, db, log: createLogger({ level: 'silent', pretty: false }) });
  const signIn = async (password: string) => {
    const t = performance.now();
    const res = await fetch(`${server.url}/api/auth/token`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: 'bench@airdeck.test', password }) });
    await res.arrayBuffer();
    return { ms: performance.now() - t, status: res.status };
  };
  await signIn('correct horse battery staple');
  const ok: number[] = [];
  const bad: number[] = [];
  const unknown: number[] = [];
  for (let i = 0; i < n; i++) {
    ok.push((await signIn('correct horse battery staple')).ms);
    bad.push((await signIn('wrong password')).ms);
    const t = performance.now();
    await (await fetch(`${server.url}/api/auth/token`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: 'nobody@airdeck.test', password: 'wrong password' }) })).arrayBuffer();
    unknown.push(performance.now() - t);
  }
  console.log(`POST /api/auth/token (PGlite, sequential, ${n} each): success median ${ms(median(ok))}, wrong password ${ms(median(bad))}, unknown email ${ms(median(unknown))}`);
  await server.close();
}
