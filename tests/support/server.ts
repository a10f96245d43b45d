import { loadConfig, type Config } from '../../server/src/config';
import { prepareDatabase } from '../../server/src/bootstrap';
import { createLogger } from '../../server/src/log';
import { startServer, type RunningServer, type StartOptions } from '../../server/src/server';
import { checkAgainstDocument } from './contract';
import { createTestDatabase, type TestDatabase } from './db';

/** A real Airdeck server on a random port with its own fresh database. */
export interface TestServer {
  url: string;
  server: RunningServer;
  database: TestDatabase;
  config: Config;
  close(): Promise<void>;
}

/** Options: demo data (off by default in API tests), environment overrides, background jobs. */
export interface TestServerOptions {
  seed?: boolean;
  env?: Record<string, string>;
  jobs?: StartOptions['jobs'];
  now?: () => number;
}

/** Starts the real server against a fresh database; close() stops it and drops the database. */
export async function startTestServer(opts: TestServerOptions = {}): Promise<TestServer> {
  const database = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    SEED_DEMO: opts.seed ? 'true' : 'false',
    DATA_DIR: '.test-data',
    // The station's ears read the stream and decode it: only the tests about them turn them on.
    STATION_EARS: 'off',
    // Test files write far more per account than a person does (many under a fixed clock, whose window never
    // ends): the per-account write limits are checked by write-limits.test.ts, which sets its own.
    STAFF_WRITE_LIMIT: '1000000',
    BOOKING_LIMIT: '1000000',
    ...opts.env,
  });
  const log = createLogger({ level: config.LOG_LEVEL, pretty: false });
  await prepareDatabase(database.db, config, log);
  const server = await startServer({ config, db: database.db, log, closeDatabase: false, ...(opts.jobs ? { jobs: opts.jobs } : {}), ...(opts.now ? { now: opts.now } : {}) });
  return {
    url: server.url,
    server,
    database,
    config,
    close: async () => {
      await server.close();
      await database.drop();
    },
  };
}

/** JSON request helper for API tests: returns status, headers and parsed body. */
export async function request(
  base: string,
  path: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string>; token?: string } = {},
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON shapes
): Promise<{ status: number; headers: Headers; body: any }> {
  const headers: Record<string, string> = { ...init.headers };
  if (init.body !== undefined && !headers['Content-Type']) headers['Content-Type'] = 'application/json';
  if (init.token) headers.Authorization = `Bearer ${init.token}`;
  const res = await fetch(base + path, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? null : typeof init.body === 'string' ? init.body : JSON.stringify(init.body),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: keep the text
  }
  checkAgainstDocument(init.method ?? 'GET', base + path, res.status, body);
  return { status: res.status, headers: res.headers, body };
}
