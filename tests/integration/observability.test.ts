import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJobs } from '../../server/src/jobs';
import { startAzuraCastStandIn, type AzuraCastStandIn } from '../support/azuracast-standin';
import { parsePrometheusText, type PromFamily } from '../support/prom-text';
import { connectRealtime } from '../support/radio';
import { request, startTestServer, type TestServer } from '../support/server';

/**
 * /api/health reports the database and the station source; /metrics is off
 * without METRICS_TOKEN and token-only with it, and its scrape is valid
 * Prometheus text with the process, HTTP, realtime, station and request
 * figures, counted from real requests, a real WebSocket client and a real
 * poller reading the AzuraCast stand-in.
 */
const TOKEN = 'metrics-token-for-tests-0123456789';
let standin: AzuraCastStandIn;
let t: TestServer;

beforeAll(async () => {
  standin = await startAzuraCastStandIn('autodj');
  t = await startTestServer({
    env: { STATION_SOURCE: 'azuracast', STATION_URL: standin.url, POLL_INTERVAL_MS: '1000', STATION_TIMEOUT_MS: '2000', METRICS_TOKEN: TOKEN },
    jobs: startJobs,
  });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await standin?.close();
});

const scrape = async (): Promise<Map<string, PromFamily>> => {
  const res = await fetch(`${t.url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return parsePrometheusText(await res.text());
};
const value = (f: Map<string, PromFamily>, name: string, labels: Record<string, string> = {}) =>
  (f.get(name) ?? f.get(name.replace(/_(count|sum|bucket)$/, '')))?.samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v)).reduce((sum, s) => sum + s.value, 0) ?? 0;

describe('/api/health', () => {
  it('reports the database and the station source: ok while readings arrive, degraded with the age of the last good one when they stop', async () => {
    standin.serve('autodj');
    await expect.poll(async () => (await request(t.url, '/api/health')).body.station?.status, { timeout: 8000 }).toBe('ok');
    const ok = await request(t.url, '/api/health');
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ status: 'ok', database: { ok: true }, station: { source: 'azuracast', status: 'ok', state: 'on_air', error: null } });
    expect(ok.body.station.ageSeconds).toBeLessThanOrEqual(5);

    standin.fail(500);
    // Its stream is down too (a stream that plays on is "metadata unavailable": station-states.test.ts).
    standin.streamDown(true);
    // Three intervals (1 s) plus the read timeout (2 s) without a good reading: degraded.
    await expect.poll(async () => (await request(t.url, '/api/health')).body.status, { timeout: 15_000, interval: 250 }).toBe('degraded');
    await expect.poll(async () => (await request(t.url, '/api/health')).body.station.state, { timeout: 5000, interval: 250 }).toBe('stopped');
    const bad = await request(t.url, '/api/health');
    // The instance still serves: a load balancer keeps it (the source is shared by every instance).
    expect(bad.status).toBe(200);
    expect(bad.body.station).toMatchObject({ status: 'degraded', state: 'stopped' });
    expect(bad.body.station.ageSeconds).toBeGreaterThanOrEqual(5);
    expect(Date.parse(bad.body.station.lastGoodReadingAt)).toBeLessThan(Date.now() - 5000);
    expect(bad.body.station.error).toMatch(/500/);
    standin.streamDown(false);
    standin.serve('autodj');
    await expect.poll(async () => (await request(t.url, '/api/health')).body.status, { timeout: 8000 }).toBe('ok');
  });
});

describe('/metrics', () => {
  it('is off without METRICS_TOKEN and refuses a missing or wrong token', async () => {
    const off = await startTestServer({ jobs: () => [] });
    try {
      expect((await fetch(`${off.url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } })).status).toBe(404);
    } finally {
      await off.close();
    }
    expect((await fetch(`${t.url}/metrics`)).status).toBe(401);
    const wrong = await fetch(`${t.url}/metrics`, { headers: { Authorization: 'Bearer not-the-token-at-all-000000' } });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
  });

  it('scrapes as Prometheus text: process, HTTP durations by route, realtime, station polls and failures, request submissions', async () => {
    standin.serve('autodj');
    const before = await scrape();
    for (let i = 0; i < 3; i++) await request(t.url, '/api/now-playing');
    await request(t.url, '/api/tracks/00000000-0000-4000-8000-000000000000/votes');
    const song = await request(t.url, '/api/requests/song', { method: 'POST', body: { title: 'Teardrop', artist: 'Massive Attack', requester: 'Ada', user_session: 'session_metrics_1', request_type: 'custom' } });
    expect(song.status).toBe(201);
    const refused = await request(t.url, '/api/requests/song', { method: 'POST', body: { title: '', artist: '', requester: 'Ada', user_session: 'session_metrics_1' } });
    expect(refused.status).toBe(400);
    const ws = await connectRealtime(t.url);
    ws.send({ type: 'subscribe', channel: 'now-playing' });
    await expect.poll(() => ws.events('now-playing').length).toBeGreaterThan(0);
    standin.fail(503);
    await expect.poll(async () => value(await scrape(), 'airdeck_station_polls_total', { result: 'failed' }), { timeout: 8000 }).toBeGreaterThan(value(before, 'airdeck_station_polls_total', { result: 'failed' }));
    standin.serve('autodj');

    const after = await scrape();
    // Process metrics (prom-client's defaults).
    expect(after.get('airdeck_process_resident_memory_bytes')?.type).toBe('gauge');
    expect(value(after, 'airdeck_process_resident_memory_bytes')).toBeGreaterThan(10_000_000);
    expect(after.get('airdeck_nodejs_eventloop_lag_seconds')).toBeDefined();
    // HTTP durations by route template (never the raw path).
    const http = after.get('airdeck_http_request_duration_seconds')!;
    expect(http.type).toBe('histogram');
    expect(value(after, 'airdeck_http_request_duration_seconds_count', { method: 'GET', route: '/api/now-playing', status: '200' }) - value(before, 'airdeck_http_request_duration_seconds_count', { method: 'GET', route: '/api/now-playing', status: '200' })).toBe(3);
    expect(value(after, 'airdeck_http_request_duration_seconds_count', { route: '/api/tracks/:id/votes', status: '404' })).toBe(1);
    expect(http.samples.some((s) => s.labels.route?.includes('00000000'))).toBe(false);
    // Realtime: the open connection, frames both ways.
    expect(value(after, 'airdeck_realtime_connections')).toBe(1);
    expect(value(after, 'airdeck_realtime_messages_total', { direction: 'in' })).toBeGreaterThanOrEqual(1);
    expect(value(after, 'airdeck_realtime_messages_total', { direction: 'out' })).toBeGreaterThanOrEqual(2);
    // Station polls, good and failed.
    expect(value(after, 'airdeck_station_polls_total', { result: 'ok' })).toBeGreaterThan(0);
    // Accepted submissions only (the refused one is not counted).
    expect(value(after, 'airdeck_request_submissions_total', { kind: 'song' }) - value(before, 'airdeck_request_submissions_total', { kind: 'song' })).toBe(1);
    ws.close();
    await expect.poll(async () => value(await scrape(), 'airdeck_realtime_connections')).toBe(0);
  });
});
