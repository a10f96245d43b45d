import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../server/src/server';
import { request, startTestServer, type TestServer } from '../support/server';

/**
 * Expected conditions are not errors (issue 29 item 9, the README's logging rule): anonymous requests for
 * features the station has not configured (Spotify search, Discord sign-in) are answered 503 "not configured"
 * and logged quietly, with no error line and no stack, so nobody can fill the error log or trip an operator's
 * error alerting by asking.
 */
let t: TestServer;
let quiet: RunningServer;
const lines: Array<{ level: number; msg: string; err?: { stack?: string } }> = [];

beforeAll(async () => {
  t = await startTestServer();
  // A second instance on the same database whose log lines the test reads.
  const log = pino({ level: 'info', base: { service: 'airdeck' } }, { write: (s: string) => void lines.push(JSON.parse(s)) });
  quiet = await startServer({ config: t.config, db: t.database.db, log, closeDatabase: false });
});
afterAll(async () => {
  await quiet?.close();
  await t?.close();
});

describe('logs of expected conditions', () => {
  it('answers "not configured" without an error line or a stack', async () => {
    const spotify = await request(quiet.url, '/api/spotify/search?q=hello');
    expect(spotify.status).toBe(503);
    const discord = await request(quiet.url, '/api/discord/authorize');
    expect(discord.status).toBe(503);
    await expect.poll(() => lines.filter((l) => l.msg === 'request').length).toBeGreaterThanOrEqual(2);
    expect(lines.filter((l) => l.level >= 50).map((l) => l.msg)).toEqual([]);
    expect(lines.filter((l) => l.err?.stack).map((l) => l.msg)).toEqual([]);
  });
});
