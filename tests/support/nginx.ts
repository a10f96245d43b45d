import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Debian's nginx running the README's own configuration (the ```nginx blocks of "Reverse proxy and TLS", and
 * of "Scaling out" for several instances), in the foreground with its own prefix in a temp dir, on free loopback
 * ports, with a self-signed certificate made by openssl in place of Let's Encrypt's. Nothing else is changed.
 */
export const NGINX = '/usr/sbin/nginx';

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(p));
    });
  });
}

/** The README's ```nginx blocks, in order. */
export function readmeNginxBlocks(): string[] {
  const readme = fs.readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../README.md'), 'utf8');
  return [...readme.matchAll(/```nginx\n([\s\S]*?)```/g)].map((m) => m[1]!);
}

export interface RunningNginx {
  httpsPort: number;
  /** A request through nginx over TLS, from a chosen loopback address. */
  call(pathname: string, opts?: { method?: string; body?: unknown; from?: string; headers?: Record<string, string>; timeoutMs?: number }): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }>;
  stop(): Promise<void>;
}

/**
 * Starts nginx with the README's site in front of `upstreamPorts`: one port keeps the site's own upstream
 * (127.0.0.1:8080), several use the README's "Scaling out" upstream (127.0.0.1:8080, 127.0.0.1:8081, …).
 */
export async function startReadmeNginx(upstreamPorts: number[]): Promise<RunningNginx> {
  if (!fs.existsSync(NGINX) || spawnSync('sh', ['-c', 'command -v openssl']).status !== 0) {
    throw new Error("The reverse-proxy tests need Debian's nginx and openssl (apt-get install -y nginx openssl). Set SKIP_NGINX_TESTS=1 to skip them on purpose.");
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'airdeck-nginx-'));
  const httpsPort = await freePort();
  const httpPort = await freePort();
  const cert = path.join(dir, 'fullchain.pem');
  const key = path.join(dir, 'privkey.pem');
  const ssl = spawnSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=radio.station.example', '-keyout', key, '-out', cert], { stdio: 'ignore' });
  if (ssl.status !== 0) throw new Error('openssl could not make a test certificate');
  const [site, scaling] = readmeNginxBlocks();
  let conf = site!;
  if (upstreamPorts.length > 1) {
    if (!scaling) throw new Error('README has no "Scaling out" ```nginx block');
    let upstream = scaling.trim();
    for (let i = 0; i < upstreamPorts.length; i++) upstream = upstream.replace(`server 127.0.0.1:${8080 + i};`, `server 127.0.0.1:${upstreamPorts[i]};`);
    if (upstreamPorts.some((p) => !upstream.includes(`server 127.0.0.1:${p};`))) throw new Error('The README "Scaling out" upstream no longer lists 127.0.0.1:8080, :8081 …');
    conf = conf.replace(/upstream airdeck \{[\s\S]*?\n\}/, upstream);
  } else conf = conf.replace('server 127.0.0.1:8080;', `server 127.0.0.1:${upstreamPorts[0]};`);
  conf = conf
    .replace('listen 80;', `listen 127.0.0.1:${httpPort};`)
    .replace(/listen 443 ssl( http2)?;/, `listen 127.0.0.1:${httpsPort} ssl$1;`)
    .replace('return 301 https://$host$request_uri;', `return 301 https://$host:${httpsPort}$request_uri;`)
    .replace('/etc/letsencrypt/live/radio.station.example/fullchain.pem', cert)
    .replace('/etc/letsencrypt/live/radio.station.example/privkey.pem', key);
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    `daemon off;\nworker_processes 1;\npid ${dir}/nginx.pid;\nerror_log ${dir}/error.log warn;\nevents { worker_connections 4096; }\nhttp {\n  access_log off;\n  client_body_temp_path ${dir}/body;\n  proxy_temp_path ${dir}/proxy;\n  fastcgi_temp_path ${dir}/fastcgi;\n  uwsgi_temp_path ${dir}/uwsgi;\n  scgi_temp_path ${dir}/scgi;\n${conf}\n}\n`,
  );
  const check = spawnSync(NGINX, ['-t', '-p', dir, '-c', path.join(dir, 'nginx.conf')], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`nginx -t refused the README example:\n${check.stderr}`);
  const nginx: ChildProcess = spawn(NGINX, ['-p', dir, '-c', path.join(dir, 'nginx.conf')], { stdio: 'ignore' });
  const call: RunningNginx['call'] = (pathname, opts = {}) =>
    new Promise((resolve, reject) => {
      const body = opts.body === undefined ? undefined : JSON.stringify(opts.body);
      const req = https.request(
        {
          host: '127.0.0.1',
          port: httpsPort,
          path: pathname,
          method: opts.method ?? 'GET',
          servername: 'radio.station.example',
          rejectUnauthorized: false,
          agent: false,
          localAddress: opts.from ?? '127.0.0.1',
          timeout: opts.timeoutMs ?? 20_000,
          headers: { Host: 'radio.station.example', ...(body ? { 'Content-Type': 'application/json' } : {}), ...opts.headers },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (d: string) => (text += d));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
        },
      );
      req.on('timeout', () => req.destroy(new Error('client timeout')));
      req.on('error', reject);
      req.end(body);
    });
  for (let i = 0; i < 100; i++) {
    if ((await call('/api/health').then((r) => r.status).catch(() => 0)) === 200) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    httpsPort,
    call,
    async stop() {
      nginx.kill('SIGQUIT');
      if (nginx.exitCode === null) await new Promise((r) => nginx.once('exit', r));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
