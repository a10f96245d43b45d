import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeDiscord, type FakeDiscord } from '../../../tests/support/fake-services';
import { createDiscordClient } from './discord';
import { DEFAULT_RETRY, UpstreamError } from './http';

let fake: FakeDiscord & { apiUrl: string };
const sleeps: number[] = [];

beforeAll(async () => {
  fake = await startFakeDiscord({ clientId: '1234567890', clientSecret: 'shh', botToken: 'bot-token' });
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.requests.length = 0;
  fake.messages.length = 0;
  fake.messageFaults.length = 0;
  fake.tokenFaults.length = 0;
  fake.webhookFaults.length = 0;
  sleeps.length = 0;
});

const client = (timeoutMs = 3000) => createDiscordClient({ apiUrl: fake.apiUrl, timeoutMs, retry: { ...DEFAULT_RETRY, serverErrorDelayMs: 1, sleep: async (ms) => void sleeps.push(ms) } });

async function failure(p: Promise<unknown>): Promise<UpstreamError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(UpstreamError);
  return err as UpstreamError;
}

describe('Discord client', () => {
  it('builds the authorize URL on the web origin with identify scope, state and redirect URI', () => {
    const url = new URL(client().authorizeUrl({ clientId: '1234567890', redirectUri: 'https://radio.example/discord-callback', state: 'abc' }));
    expect(url.origin + url.pathname).toBe(`${fake.url}/oauth2/authorize`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ response_type: 'code', client_id: '1234567890', scope: 'identify', state: 'abc', redirect_uri: 'https://radio.example/discord-callback' });
  });

  it('exchanges a code (form body with client id and secret) and reads the user', async () => {
    fake.codes.set('good-code', { id: '80351110224678912', username: 'nelly', global_name: 'Nelly' });
    const d = client();
    const { accessToken } = await d.exchangeCode({ clientId: '1234567890', clientSecret: 'shh', code: 'good-code', redirectUri: 'https://radio.example/discord-callback' });
    const form = new URLSearchParams(fake.requests[0]!.body);
    expect(fake.requests[0]!.headers['content-type']).toContain('application/x-www-form-urlencoded');
    expect(Object.fromEntries(form)).toEqual({ grant_type: 'authorization_code', code: 'good-code', redirect_uri: 'https://radio.example/discord-callback', client_id: '1234567890', client_secret: 'shh' });
    expect(await d.currentUser(accessToken)).toEqual({ id: '80351110224678912', username: 'nelly', globalName: 'Nelly' });
  });

  it('reports a refused code (400 invalid_grant) without retrying it', async () => {
    const err = await failure(client().exchangeCode({ clientId: '1234567890', clientSecret: 'shh', code: 'nope', redirectUri: 'x' }));
    expect(err.kind).toBe('http');
    expect(err.status).toBe(400);
    expect(err.message).toContain('invalid_grant');
    expect(fake.requests).toHaveLength(1);
  });

  it('reports a token exchange that never answers as a timeout', async () => {
    fake.tokenFaults.push({ kind: 'hang', ms: 2500 });
    expect((await failure(client(300).exchangeCode({ clientId: '1234567890', clientSecret: 'shh', code: 'x', redirectUri: 'x' }))).kind).toBe('timeout');
  });

  it('sends a direct message: opens the DM channel, then posts with bot auth and no mentions', async () => {
    const res = await client().sendDirectMessage('bot-token', '80351110224678912', 'Hello @everyone');
    expect(res.messageId).toMatch(/^\d+$/);
    expect(fake.messages).toEqual([{ recipientId: '80351110224678912', content: 'Hello @everyone' }]);
    const post = fake.requests.find((r) => r.path.endsWith('/messages'))!;
    expect(post.headers.authorization).toBe('Bot bot-token');
    expect(JSON.parse(post.body)).toEqual({ content: 'Hello @everyone', allowed_mentions: { parse: [] } });
  });

  it('honours a short 429 (retry_after in the body and Retry-After) and then delivers', async () => {
    fake.messageFaults.push({ kind: 'rate-limit', retryAfterSeconds: 1, discordBody: true });
    await client().sendDirectMessage('bot-token', '80351110224678912', 'hi');
    expect(sleeps).toEqual([1000]);
    expect(fake.messages).toHaveLength(1);
  });

  it('reports a wrong bot token as unauthorized and a 5xx twice as an http failure', async () => {
    expect((await failure(client().sendDirectMessage('wrong', '80351110224678912', 'hi'))).kind).toBe('unauthorized');
    fake.messageFaults.push({ kind: 'status', status: 502 }, { kind: 'status', status: 502 });
    const err = await failure(client().sendDirectMessage('bot-token', '80351110224678912', 'hi'));
    expect(err.status).toBe(502);
  });

  it('reports a DM refused by the user (403, code 50007) as unauthorized', async () => {
    fake.messageFaults.push({ kind: 'status', status: 403, body: { message: 'Cannot send messages to this user', code: 50007 } });
    const err = await failure(client().sendDirectMessage('bot-token', '80351110224678912', 'hi'));
    expect(err.kind).toBe('unauthorized');
    expect(err.message).toContain('Cannot send messages to this user');
  });

  it('reports a malformed channel answer', async () => {
    fake.messageFaults.push({ kind: 'malformed' });
    expect((await failure(client().sendDirectMessage('bot-token', '80351110224678912', 'hi'))).kind).toBe('malformed');
  });

  it('executes a webhook with wait=true; an unknown webhook is a 404 and a 429 is not retried here', async () => {
    fake.webhooks.set('111111111111111111', 'tok_abcdefghijklmnopqrstuvwxyz');
    expect(await client().executeWebhook('111111111111111111', 'tok_abcdefghijklmnopqrstuvwxyz', { content: 'On air' })).toEqual({ status: 200 });
    expect(fake.webhookCalls[0]!.body).toEqual({ content: 'On air', allowed_mentions: { parse: [] } });
    expect((await failure(client().executeWebhook('222222222222222222', 'nope', { content: 'x' }))).status).toBe(404);
    fake.webhookFaults.push({ kind: 'rate-limit', retryAfterSeconds: 3, discordBody: true });
    const err = await failure(client().executeWebhook('111111111111111111', 'tok_abcdefghijklmnopqrstuvwxyz', { content: 'x' }));
    expect(err.kind).toBe('rate_limited');
    expect(err.retryAfterMs).toBe(3000);
  });
});
