import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

/**
 * The production start as an operator runs it, with real processes:
 * - `npm run build` output is one line, and the compiled server runs with the
 *   production dependencies only (a copy holding just the packages
 *   `npm ls --omit=dev` lists, beside the build);
 * - SIGTERM sent to the `npm start` process alone stops the server gracefully
 *   and frees the port within SHUTDOWN_TIMEOUT_MS;
 * - a second process on the same DATA_DIR (a server, `npm run create-owner`)
 *   is refused with a message naming the running one.
 */
const root = path.resolve(__dirname, '../..');
const tmp: string[] = [];
const children: ChildProcess[] = [];
const tempDir = (name: string) => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), `airdeck-${name}-`));
  tmp.push(d);
  return d;
};

/** Starts a command and resolves with the URL its banner prints. */
function startAndWaitForBanner(cmd: string, args: string[], opts: { cwd: string; env: Record<string, string> }): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  const child = spawn(cmd, args, { cwd: opts.cwd, env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', ...opts.env }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let out = '';
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no banner in 90 s:\n${out}`)), 90_000);
    child.once('exit', (code) => reject(new Error(`exited with ${code} before its banner:\n${out}`)));
    readline.createInterface({ input: child.stdout! }).on('line', (line) => {
      out += `${line}\n`;
      const m = /Airdeck is running at (http:\/\/\S+)/.exec(line);
      if (m) {
        clearTimeout(timer);
        resolve({ child, url: m[1]!, output: () => out });
      }
    });
  });
}

const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = net.connect(port, '127.0.0.1');
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });

/** GET on a fresh connection (a pooled keep-alive socket may have been closed by the server meanwhile). */
const get = (url: string) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    http
      .get(url, { agent: false }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });

const aliveProcess = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** A copy of the build with only the packages a production install has (npm ls --omit=dev), each linked from this checkout. */
function productionCopy(): string {
  const app = tempDir('prod');
  for (const f of ['package.json', 'scripts/start.mjs', 'scripts/cli.mjs']) {
    fs.mkdirSync(path.dirname(path.join(app, f)), { recursive: true });
    fs.copyFileSync(path.join(root, f), path.join(app, f));
  }
  fs.cpSync(path.join(root, 'dist-server'), path.join(app, 'dist-server'), { recursive: true });
  fs.cpSync(path.join(root, 'web/dist'), path.join(app, 'web/dist'), { recursive: true });
  fs.cpSync(path.join(root, 'web/dist-ssr'), path.join(app, 'web/dist-ssr'), { recursive: true });
  // Only the packages a production install has (npm ls --omit=dev), each linked from this checkout.
  const ls = spawnSync('npm', ['ls', '--omit=dev', '--all', '--parseable'], { cwd: root, encoding: 'utf8' });
  const nm = path.join(root, 'node_modules') + path.sep;
  const top = new Set(
    ls.stdout
      .split('\n')
      .filter((p) => p.startsWith(nm))
      .map((p) => p.slice(nm.length).split(path.sep))
      .map((parts) => (parts[0]!.startsWith('@') ? parts.slice(0, 2) : parts.slice(0, 1)).join('/')),
  );
  expect(top.has('koa')).toBe(true);
  for (const dev of ['vite', 'tsx', 'esbuild', 'vitest', 'electron', 'typescript']) expect(top.has(dev)).toBe(false);
  for (const pkg of top) {
    const link = path.join(app, 'node_modules', pkg);
    fs.mkdirSync(path.dirname(link), { recursive: true });
    fs.symlinkSync(path.join(nm, pkg), link, 'dir');
  }
  return app;
}

afterAll(() => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  for (const d of tmp) fs.rmSync(d, { recursive: true, force: true });
});

// The embedded database (DATABASE_URL empty), whatever engine the suite runs on: once, on the PGlite pass.
describe.skipIf(inject('dbEngine') === 'postgres')('production start', () => {
  beforeAll(() => {
    // npm test builds the site once at its start (scripts/test.mjs, for the browser suite too) and hands its output
    // here; run alone, this file builds it.
    let stdout = process.env.AIRDECK_TEST_SITE_BUILD;
    if (stdout === undefined) {
      const r = spawnSync(process.execPath, ['scripts/build.mjs', 'site'], { cwd: root, encoding: 'utf8' });
      expect(r.status, r.stderr).toBe(0);
      stdout = r.stdout;
    }
    // The build says what it made in one line.
    expect(stdout.trim().split('\n')).toHaveLength(1);
    expect(stdout.trim()).toMatch(/^Built server \(dist-server\/, [\d.]+ MB\), website \(web\/dist\/, \d+ files, [\d.]+ MB\) in [\d.]+ s$/);
  }, 180_000);

  it('serves the build with the production dependencies alone', async () => {
    const app = productionCopy();
    const data = tempDir('prod-data');
    const { child, url, output } = await startAndWaitForBanner(process.execPath, ['scripts/start.mjs', '--serve'], { cwd: app, env: { PORT: '0', HOST: '127.0.0.1', DATA_DIR: data, SEED_DEMO: 'false' } });
    const home = await get(url + '/');
    expect(home.status).toBe(200);
    expect(home.body).toContain('<div id="root">');
    // A listener page comes drawn whole by the build's page render (the build runs here under NODE_ENV=test: its
    // render must still be the production one), not the plain first screen it falls back to when the render fails.
    const shows = await get(url + '/shows');
    expect(shows.status).toBe(200);
    expect(shows.body).toContain('data-ssr-theme=');
    expect(shows.body).toMatch(/<h1[^>]*>Shows<\/h1>/);
    expect((await get(url + '/api/health')).status).toBe(200);
    // A whole build of one stamp: no build-output warning.
    expect(output()).not.toContain('"check":"build output"');
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    expect(child.exitCode).toBe(0);
  }, 120_000);

  it('warns at start when web/dist-ssr is missing, or web/dist is from another build (issue 39 item 6)', async () => {
    const app = productionCopy();
    fs.rmSync(path.join(app, 'web/dist-ssr'), { recursive: true, force: true });
    fs.writeFileSync(path.join(app, 'web/dist/BUILD'), '2020-01-01T00:00:00.000Z\n');
    const { child, url, output } = await startAndWaitForBanner(process.execPath, ['scripts/start.mjs', '--serve'], { cwd: app, env: { PORT: '0', HOST: '127.0.0.1', DATA_DIR: tempDir('prod-data'), SEED_DEMO: 'false' } });
    const warnings = () =>
      output()
        .split('\n')
        .filter((l) => l.includes('"check":"build output"'))
        .map((l) => (JSON.parse(l) as { msg: string }).msg);
    await expect.poll(() => warnings().length, { timeout: 10_000 }).toBe(2);
    expect(warnings()[0]).toMatch(/^web\/dist\/ is from another build than the server \(2020-01-01T00:00:00.000Z, the server \d{4}-/);
    expect(warnings()[1]).toBe('web/dist-ssr/ssr.mjs is missing: listener pages are not drawn by the server (they still work, drawn in the browser). Copy web/dist-ssr/ beside web/dist/, or run npm run build.');
    // It still serves.
    expect((await get(url + '/shows')).status).toBe(200);
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }, 120_000);

  it("runs the README's systemd unit and environment file as written: systemd-analyze accepts the unit; its command line, started as an unprivileged user in the folder StateDirectory= makes, serves with no demo account", async () => {
    const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
    const unit = /```ini\n(# \/etc\/systemd\/system\/airdeck\.service\n[\s\S]*?)```/.exec(readme)?.[1];
    const envFile = /```sh\n(# \/etc\/airdeck\.env\n[\s\S]*?)```/.exec(readme)?.[1];
    expect(unit, 'the README shows the unit').toBeTruthy();
    expect(envFile, 'the README shows the environment file').toBeTruthy();
    // The files in deploy/ are the README's, to the byte.
    expect(fs.readFileSync(path.join(root, 'deploy/airdeck.service'), 'utf8')).toBe(unit);
    expect(fs.readFileSync(path.join(root, 'deploy/airdeck.env'), 'utf8')).toBe(envFile);
    const dir = tempDir('systemd');
    if (spawnSync('sh', ['-c', 'command -v systemd-analyze']).status === 0) {
      fs.writeFileSync(path.join(dir, 'airdeck.service'), unit!);
      const verify = spawnSync('systemd-analyze', ['verify', path.join(dir, 'airdeck.service')], { encoding: 'utf8' });
      expect(verify.stderr.trim()).toBe('');
      expect(verify.status).toBe(0);
    }
    // The [Service] section as systemd reads it (repeated keys kept in order).
    const service = new Map<string, string[]>();
    let section = '';
    for (const line of unit!.split('\n')) {
      const t = line.trim();
      if (!t || t.startsWith('#')) continue;
      if (t.startsWith('[')) section = t;
      else if (section === '[Service]') {
        const i = t.indexOf('=');
        service.set(t.slice(0, i), [...(service.get(t.slice(0, i)) ?? []), t.slice(i + 1)]);
      }
    }
    const one = (key: string) => service.get(key)?.[0] ?? '';
    const env: Record<string, string> = {};
    for (const e of service.get('Environment') ?? []) env[e.slice(0, e.indexOf('='))] = e.slice(e.indexOf('=') + 1);
    expect(one('EnvironmentFile')).toBe('/etc/airdeck.env');
    for (const line of envFile!.split('\n')) {
      const m = /^([A-Z_]+)=(.*)$/.exec(line.trim());
      if (m) env[m[1]!] = m[2]!;
    }
    // The recipe never seeds the demo, and its data folder is the one systemd makes for the service user.
    expect(env).toMatchObject({ NODE_ENV: 'production', SEED_DEMO: 'false' });
    expect(one('User')).toBe('airdeck');
    expect(env.DATA_DIR).toBe(`/var/lib/${one('StateDirectory')}`);
    expect(one('KillSignal')).toBe('SIGTERM');
    // What StateDirectory= does before each start: the folder, owned by the service user, with its mode. The
    // service user here is nobody (a stand-in for the airdeck user useradd makes) when this test runs as root.
    const asNobody = process.getuid?.() === 0 && spawnSync('setpriv', ['--reuid=65534', '--regid=65534', '--clear-groups', process.execPath, '-e', `require('fs').accessSync(${JSON.stringify(path.join(root, 'dist-server/main.mjs'))}, require('fs').constants.R_OK)`]).status === 0;
    const dataDir = path.join(dir, 'var/lib', one('StateDirectory'));
    fs.mkdirSync(path.dirname(dataDir), { recursive: true });
    for (const d of [dir, path.join(dir, 'var'), path.dirname(dataDir)]) fs.chmodSync(d, 0o755);
    fs.mkdirSync(dataDir, { mode: parseInt(one('StateDirectoryMode'), 8) });
    if (asNobody) fs.chownSync(dataDir, 65534, 65534);
    // WorkingDirectory=/srv/airdeck is this checkout; PORT is a free one. Nothing of this test's environment but PATH.
    expect(one('WorkingDirectory')).toBe('/srv/airdeck');
    const [cmd, ...args] = one('ExecStart').split(/\s+/);
    const child = spawn(cmd!, args, { cwd: root, env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...env, DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'warn' }, stdio: ['ignore', 'pipe', 'pipe'], ...(asNobody ? { uid: 65534, gid: 65534 } : {}) });
    children.push(child);
    let out = '';
    child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no banner in 90 s:\n${out}`)), 90_000);
      child.once('exit', (code) => reject(new Error(`exited with ${code} before its banner:\n${out}`)));
      readline.createInterface({ input: child.stdout! }).on('line', (line) => {
        out += `${line}\n`;
        const m = /Airdeck is running at (http:\/\/\S+)/.exec(line);
        if (m) {
          clearTimeout(timer);
          resolve(m[1]!);
        }
      });
    });
    expect((await get(url + '/api/health')).status).toBe(200);
    // The README's demo password opens no account.
    const signIn = await fetch(`${url}/api/auth/token`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: 'owner@airdeck.demo', password: 'airdeck-demo', client: 'desktop' }) });
    expect(signIn.status).toBe(400);
    expect(((await signIn.json()) as { error: { message: string } }).error.message).toBe('Invalid login credentials');
    // The database is in the service user's folder, written by that user.
    expect(fs.existsSync(path.join(dataDir, 'pglite'))).toBe(true);
    if (asNobody) expect(fs.statSync(path.join(dataDir, 'pglite')).uid).toBe(65534);
    child.kill('SIGTERM');
    const code = await new Promise<number | null>((r) => child.once('exit', (c) => r(c)));
    expect(code).toBe(0);
  }, 120_000);

  it('`npm start` gives the demo station; a second process on its DATA_DIR is refused naming it; SIGTERM to npm frees the port', async () => {
    const data = tempDir('start-data');
    const shutdownMs = 4000;
    const { child: npm, url } = await startAndWaitForBanner('npm', ['start'], { cwd: root, env: { PORT: '0', HOST: '127.0.0.1', DATA_DIR: data, SHUTDOWN_TIMEOUT_MS: String(shutdownMs) } });
    const port = Number(new URL(url).port);
    const np = JSON.parse((await get(url + '/api/now-playing')).body) as { source: string; station: { state: string } };
    expect(np.source).toBe('demo');
    expect(['on_air', 'live']).toContain(np.station.state);
    const lock = JSON.parse(fs.readFileSync(path.join(data, 'airdeck.lock'), 'utf8')) as { pid: number; url: string };
    expect(lock.url).toBe(url);
    expect(lock.pid).not.toBe(npm.pid);

    // A second server, and the owner command, on the same embedded database.
    const second = spawnSync(process.execPath, ['scripts/start.mjs', '--serve'], { cwd: root, env: { ...process.env, PORT: '0', DATA_DIR: data }, encoding: 'utf8', timeout: 60_000 });
    expect(second.status).toBe(1);
    expect(second.stderr).toContain(`Airdeck cannot start: The embedded database in ${data} is in use by an Airdeck server (pid ${lock.pid}, ${url}, started `);
    const owner = spawnSync(process.execPath, ['scripts/cli.mjs', 'create-owner', '--email', 'owner@station.example', '--password', 'a long passphrase'], { cwd: root, env: { ...process.env, DATA_DIR: data }, encoding: 'utf8', timeout: 60_000 });
    expect(owner.status).toBe(1);
    expect(owner.stderr).toContain(`is in use by an Airdeck server (pid ${lock.pid}, ${url}`);
    expect(owner.stderr).toContain('Stop the server, run the command, and start the server again');
    expect((await get(url + '/api/health')).status).toBe(200);

    // SIGTERM to the npm process only, as systemd or a process manager sends it.
    const sent = Date.now();
    npm.kill('SIGTERM');
    await expect.poll(() => listening(port), { timeout: shutdownMs, interval: 100 }).toBe(false);
    expect(Date.now() - sent).toBeLessThan(shutdownMs);
    await expect.poll(() => aliveProcess(lock.pid), { timeout: shutdownMs + 5000 }).toBe(false);
    expect(fs.existsSync(path.join(data, 'airdeck.lock'))).toBe(false);
  }, 150_000);
});
