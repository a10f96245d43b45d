import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { openDatabase } from '../../server/src/db/knex';
import { migrateLatest } from '../../server/src/db/migrate';
import { pgUrlFor } from '../support/global-db';
import { printFigures } from '../support/stress';

/**
 * Graceful shutdown of the real `npm start` entry point (server/src/main.ts as
 * its own process) on SIGTERM: a slow request already in flight completes,
 * WebSocket clients get 1001, new connections are refused, the process exits 0
 * within 15 s, and (on PostgreSQL) no database connection is left behind.
 */
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'airdeck-shutdown-'));
const baseUrl = process.env.TEST_DATABASE_URL ?? null;
const dbName = `airdeck_shutdown_${process.pid}_${randomBytes(3).toString('hex')}`;
afterAll(async () => {
  fs.rmSync(tmp, { recursive: true, force: true });
  if (baseUrl) {
    const admin = await openDatabase({ kind: 'postgres', url: baseUrl, poolMax: 1 });
    await admin.knex.raw(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`).catch(() => undefined);
    await admin.close();
  }
});

async function boot(env: Record<string, string>): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', WEB_DIST_DIR: tmp, SEED_DEMO: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 90_000);
    child.stdout!.on('data', () => {
      const m = /running at (http:\/\/\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${out}`)));
  });
  return { child, url, output: () => out };
}

/** A new TCP connection (no keep-alive pool): resolves with the status or rejects with the socket error code. */
function freshGet(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent: false, timeout: 3_000 }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', (err: NodeJS.ErrnoException) => reject(new Error(err.code ?? err.message)));
    req.on('timeout', () => req.destroy(new Error('ETIMEDOUT')));
  });
}

describe('graceful shutdown on SIGTERM', () => {
  it('finishes the slow request in flight, closes sockets with 1001, refuses new connections, exits 0 within 15 s and leaves no database connection', async () => {
    let env: Record<string, string>;
    let engine: string;
    if (baseUrl) {
      engine = 'PostgreSQL';
      const admin = await openDatabase({ kind: 'postgres', url: baseUrl, poolMax: 1 });
      await admin.knex.raw(`CREATE DATABASE "${dbName}"`);
      await admin.close();
      const db = await openDatabase({ kind: 'postgres', url: pgUrlFor(baseUrl, dbName), poolMax: 1 });
      await migrateLatest(db.knex);
      await db.close();
      env = { DATABASE_URL: pgUrlFor(baseUrl, dbName) };
    } else {
      engine = 'PGlite';
      env = { DATA_DIR: path.join(tmp, 'data') };
    }
    const server = await boot(env);
    const connections = async (): Promise<number> => {
      if (!baseUrl) return 0;
      const admin = await openDatabase({ kind: 'postgres', url: baseUrl, poolMax: 1 });
      try {
        const r = await admin.knex.raw<{ rows: { n: number }[] }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = ? AND pid <> pg_backend_pid()', [dbName]);
        return r.rows[0]!.n;
      } finally {
        await admin.close();
      }
    };
    // Warm the pool so there are connections to give back.
    await Promise.all(Array.from({ length: 5 }, () => fetch(`${server.url}/api/schedule/week`).then((r) => r.arrayBuffer())));
    const connectionsBefore = await connections();

    // WebSocket clients.
    const sockets = await Promise.all(
      Array.from({ length: 5 }, async () => {
        const ws = new WebSocket(`${server.url.replace('http', 'ws')}/api/realtime`);
        await new Promise((r, j) => {
          ws.once('open', r);
          ws.once('error', j);
        });
        return ws;
      }),
    );
    const closeCodes = Promise.all(sockets.map((ws) => new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)))));

    // A slow request: the body arrives in two halves, with SIGTERM in between.
    const body = JSON.stringify({ artist: 'Slow Uploader', title: 'In Flight During Shutdown', requester: 'shutdown test' });
    let sendRest!: () => void;
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(body.slice(0, 20)));
        sendRest = () => {
          controller.enqueue(new TextEncoder().encode(body.slice(20)));
          controller.close();
        };
      },
    });
    const slow = fetch(`${server.url}/song-request-api`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(body)) },
      body: stream,
      duplex: 'half',
    } as RequestInit & { duplex: 'half' });
    await new Promise((r) => setTimeout(r, 300));

    const exited = new Promise<number | null>((resolve) => server.child.once('exit', (code) => resolve(code)));
    const t0 = Date.now();
    server.child.kill('SIGTERM');
    const codes = await closeCodes;
    const closedMs = Date.now() - t0;
    // The listener is closed while the slow request is still running.
    let refused = 'accepted';
    try {
      await freshGet(`${server.url}/api/health`);
    } catch (err) {
      refused = (err as Error).message;
    }
    await new Promise((r) => setTimeout(r, 1_500));
    sendRest();
    const slowRes = await slow;
    const slowBody = (await slowRes.json()) as { success?: boolean };
    const exitCode = await exited;
    const exitMs = Date.now() - t0;
    const connectionsAfter = await connections();

    printFigures(`graceful shutdown (${engine})`, {
      'slow in-flight request': `${slowRes.status} (its body finished 1.8 s after SIGTERM)`,
      'WebSocket close codes': codes.join(', '),
      'sockets closed after': `${closedMs} ms`,
      'new connection during shutdown': refused,
      'exit code': String(exitCode),
      'exited after SIGTERM': `${exitMs} ms`,
      'database connections before / after': baseUrl ? `${connectionsBefore} / ${connectionsAfter}` : 'n/a (embedded database)',
    });

    expect(slowRes.status).toBe(201);
    expect(slowBody.success).toBe(true);
    expect(codes.every((c) => c === 1001)).toBe(true);
    expect(refused).toBe('ECONNREFUSED');
    expect(exitCode).toBe(0);
    expect(exitMs).toBeLessThan(15_000);
    if (baseUrl) {
      expect(connectionsBefore).toBeGreaterThan(0);
      expect(connectionsAfter).toBe(0);
      // The request that was in flight was committed.
      const db = await openDatabase({ kind: 'postgres', url: pgUrlFor(baseUrl, dbName), poolMax: 1 });
      try {
        expect(await db.knex('song_requests').where({ title: 'In Flight During Shutdown' }).count<{ n: number }[]>('* as n')).toEqual([{ n: 1 }]);
      } finally {
        await db.close();
      }
    }
  }, 120_000);
});
