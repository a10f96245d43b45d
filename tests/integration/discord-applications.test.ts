import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { APPLICATION_MESSAGES } from '../../shared/applications';
import type { RealtimeEvent } from '../../shared/realtime';
import { sendApplicationDecision } from '../../server/src/applications/service';
import { startFakeDiscord, type FakeDiscord } from '../support/fake-services';
import { createUser } from '../support/auth';
import { request, startTestServer, type TestServer } from '../support/server';

let t: TestServer;
let bare: TestServer;
let discord: FakeDiscord & { apiUrl: string };
let clock = Date.parse('2025-05-01T10:00:00Z');
const events: RealtimeEvent[] = [];

/** A browser's cookies for the API, kept by hand (fetch has no jar). */
class Jar {
  cookies = new Map<string, string>();
  take(res: { headers: Headers }): string[] {
    const set = res.headers.getSetCookie();
    for (const line of set) {
      const [pair] = line.split(';');
      const i = pair!.indexOf('=');
      const name = pair!.slice(0, i);
      const value = pair!.slice(i + 1);
      if (!value || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return set;
  }
  header(): Record<string, string> {
    return this.cookies.size ? { Cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {};
  }
}

const application = (over: Record<string, unknown> = {}) => ({
  name: 'Jamie Rivers',
  email: 'jamie@example.com',
  experience: 'Five years on student radio and club nights.',
  showIdea: 'A Sunday soul and funk hour with listener picks.',
  availableTimes: ['weekend-morning', 'weekday-evening'],
  termsAccepted: true,
  ...over,
});

beforeAll(async () => {
  discord = await startFakeDiscord({ clientId: '998877665544', clientSecret: 'client-secret', botToken: 'bot-secret' });
  t = await startTestServer({
    env: { PUBLIC_URL: 'https://radio.example', DISCORD_CLIENT_ID: '998877665544', DISCORD_CLIENT_SECRET: 'client-secret', DISCORD_BOT_TOKEN: 'bot-secret', DISCORD_API_URL: discord.apiUrl, EXTERNAL_TIMEOUT_MS: '1500', APPLICATION_LIMIT_PER_HOUR: '100' },
    now: () => clock,
  });
  bare = await startTestServer({ env: { APPLICATION_LIMIT_PER_HOUR: '2' } });
  t.server.ctx.bus.subscribe((e) => events.push(e));
  moderatorId = (await createUser(t, { role: 'moderator' })).id;
  await createUser(t, { role: 'presenter' });
});
let moderatorId = '';
afterAll(async () => {
  await t?.close();
  await bare?.close();
  await discord?.close();
});
beforeEach(() => {
  discord.messages.length = 0;
  discord.tokenFaults.length = 0;
  discord.messageFaults.length = 0;
});

async function start(jar: Jar): Promise<string> {
  const res = await request(t.url, '/api/discord/authorize', { headers: jar.header() });
  expect(res.status).toBe(200);
  jar.take(res);
  return new URL(res.body.url).searchParams.get('state')!;
}

const callback = (jar: Jar, body: unknown) => request(t.url, '/api/discord/callback', { method: 'POST', body, headers: jar.header() });

describe('Discord sign-in for applicants', () => {
  it('starts with a state bound to this browser by an httpOnly SameSite=Lax cookie, stored only hashed', async () => {
    const jar = new Jar();
    const res = await request(t.url, '/api/discord/authorize');
    const cookies = jar.take(res);
    const url = new URL(res.body.url);
    expect(url.origin + url.pathname).toBe(`${new URL(discord.url).origin}/oauth2/authorize`);
    expect(url.searchParams.get('client_id')).toBe('998877665544');
    expect(url.searchParams.get('scope')).toBe('identify');
    expect(url.searchParams.get('redirect_uri')).toBe('https://radio.example/discord-callback');
    const state = url.searchParams.get('state')!;
    expect(state).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const cookie = cookies.find((c) => c.startsWith('airdeck_discord_state='))!;
    expect(cookie).toMatch(/httponly/i);
    expect(cookie).toMatch(/samesite=lax/i);
    expect(cookie).toMatch(/path=\/api\/discord/i);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const rows = await t.server.ctx.knex('discord_oauth_states').select('state_hash', 'browser_hash');
    expect(JSON.stringify(rows)).not.toContain(state);
    expect(JSON.stringify(rows)).not.toContain(jar.cookies.get('airdeck_discord_state'));
  });

  it('connects the account, then stores the Discord user id and username with the application', async () => {
    const jar = new Jar();
    const state = await start(jar);
    discord.codes.set('code-ok-1', { id: '80351110224678912', username: 'jamie.rivers', global_name: 'Jamie' });
    const res = await callback(jar, { code: 'code-ok-1', state });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, user: { username: 'jamie.rivers' } });
    const link = jar.take(res).find((c) => c.startsWith('airdeck_discord_link='))!;
    expect(link).toMatch(/httponly/i);
    expect(link).toMatch(/path=\/api(;|$)/i);
    const exchange = discord.requests.filter((r) => r.path.endsWith('/oauth2/token')).at(-1)!;
    expect(new URLSearchParams(exchange.body).get('redirect_uri')).toBe('https://radio.example/discord-callback');

    // The page sends the typed username too; the linked account wins, and its id is kept.
    const app = await request(t.url, '/api/applications', { method: 'POST', body: application({ discordUsername: 'someone-else' }), headers: jar.header() });
    expect(app.status).toBe(201);
    expect(app.body.application).toMatchObject({ status: 'pending', has_discord: true, discord_linked: true });
    const row = await t.server.ctx.knex('presenter_applications').where({ id: app.body.application.id }).first();
    expect(row).toMatchObject({ discord_user_id: '80351110224678912', discord_username: 'jamie.rivers', has_discord: true, terms_accepted: true, show_idea: 'A Sunday soul and funk hour with listener picks.' });
    expect([...row.available_times].sort()).toEqual(['weekday-evening', 'weekend-morning']);
    expect(jar.take(app).some((c) => c.startsWith('airdeck_discord_link=;') || /airdeck_discord_link=.*expires=Thu, 01 Jan 1970/i.test(c))).toBe(true);

    // The link is used up: a second application from the same browser is not linked.
    jar.cookies.set('airdeck_discord_link', link.split(';')[0]!.split('=')[1]!);
    const second = await request(t.url, '/api/applications', { method: 'POST', body: application(), headers: jar.header() });
    expect(second.body.application.discord_linked).toBe(false);
  });

  it('refuses a replayed state', async () => {
    const jar = new Jar();
    const state = await start(jar);
    discord.codes.set('code-ok-2', { id: '80351110224678913', username: 'replay' });
    expect((await callback(jar, { code: 'code-ok-2', state })).status).toBe(200);
    discord.codes.set('code-ok-3', { id: '80351110224678913', username: 'replay' });
    const again = await callback(jar, { code: 'code-ok-3', state });
    expect(again.status).toBe(400);
    expect(again.body.error.message).toBe('This Discord sign-in has expired or was already used. Please connect Discord again.');
  });

  it('refuses a forged state without calling Discord', async () => {
    const jar = new Jar();
    await start(jar);
    const before = discord.requests.length;
    const res = await callback(jar, { code: 'anything', state: randomBytes(32).toString('base64url') });
    expect(res.status).toBe(400);
    expect(discord.requests.length).toBe(before);
  });

  it('refuses a state presented by another browser, and burns it', async () => {
    const victim = new Jar();
    const state = await start(victim);
    const attacker = new Jar();
    await start(attacker);
    discord.codes.set('code-x', { id: '80351110224678914', username: 'attacker' });
    const res = await callback(attacker, { code: 'code-x', state });
    expect(res.status).toBe(403);
    expect(res.body.error.message).toBe('This Discord sign-in was started in another browser. Please connect Discord again.');
    const noCookie = await callback(new Jar(), { code: 'code-x', state: await start(new Jar()) });
    expect(noCookie.status).toBe(403);
    expect((await callback(victim, { code: 'code-x', state })).status).toBe(400);
  });

  it('refuses an expired state', async () => {
    const jar = new Jar();
    const state = await start(jar);
    clock += 11 * 60_000;
    discord.codes.set('code-late', { id: '80351110224678915', username: 'late' });
    expect((await callback(jar, { code: 'code-late', state })).status).toBe(400);
  });

  it('answers a code Discord refuses with 400 and a Discord outage with 502', async () => {
    const jar = new Jar();
    const refused = await callback(jar, { code: 'unknown-code', state: await start(jar) });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe('Discord did not accept the sign-in. Please connect Discord again.');
    discord.tokenFaults.push({ kind: 'status', status: 500 });
    const down = await callback(jar, { code: 'whatever', state: await start(jar) });
    expect(down.status).toBe(502);
    discord.tokenFaults.push({ kind: 'hang', ms: 4000 });
    expect((await callback(jar, { code: 'whatever', state: await start(jar) })).status).toBe(502);
  });

  it('answers missing callback parameters with the spec message', async () => {
    for (const body of [{}, { code: 'a' }, { state: 'b' }, { code: 'has space', state: 'b' }]) {
      const res = await callback(new Jar(), body);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe('Invalid callback parameters from Discord.');
    }
  });

  it('answers not configured when the station has no Discord application', async () => {
    const res = await request(bare.url, '/api/discord/authorize');
    expect(res.status).toBe(503);
    expect(res.body.error.code).toBe('not_configured');
    expect((await request(bare.url, '/api/discord/callback', { method: 'POST', body: { code: 'a', state: 'b' } })).status).toBe(503);
  });

  it('says whether Discord sign-in is set up, so the application form offers Connect Discord only then (issue 38 item 9)', async () => {
    expect((await request(t.url, '/api/discord/status')).body).toEqual({ available: true });
    expect((await request(bare.url, '/api/discord/status')).body).toEqual({ available: false });
  });
});

describe('presenter applications', () => {
  it('checks every rule with the spec messages', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: 'J' }, APPLICATION_MESSAGES.name],
      [{ name: undefined }, APPLICATION_MESSAGES.name],
      [{ email: 'jamie' }, APPLICATION_MESSAGES.email],
      [{ experience: 'short' }, APPLICATION_MESSAGES.experience],
      [{ showIdea: 'tiny' }, APPLICATION_MESSAGES.showIdea],
      [{ availableTimes: [] }, APPLICATION_MESSAGES.availableTimes],
      [{ availableTimes: undefined }, APPLICATION_MESSAGES.availableTimes],
      [{ termsAccepted: false }, APPLICATION_MESSAGES.terms],
      [{ termsAccepted: undefined }, APPLICATION_MESSAGES.terms],
      [{ availableTimes: ['weekday-night'] }, 'Please choose availability from the listed times.'],
      [{ name: 'x'.repeat(101) }, 'Name must be at most 100 characters.'],
      [{ experience: 'x'.repeat(5001) }, 'Experience must be at most 5000 characters.'],
      [{ showIdea: 'A good idea\u0000!' }, 'Show idea contains characters that are not allowed.'],
    ];
    for (const [over, message] of cases) {
      const res = await request(t.url, '/api/applications', { method: 'POST', body: application(over) });
      expect(res.status, message).toBe(400);
      expect(res.body.error.message).toBe(message);
    }
  });

  it('saves a typed Discord username as given and notifies moderators and above', async () => {
    events.length = 0;
    const res = await request(t.url, '/api/applications', { method: 'POST', body: application({ discordUsername: 'typed.name', availableTimes: ['weekday-morning', 'weekday-morning'] }) });
    expect(res.status).toBe(201);
    expect(res.body.application).toMatchObject({ has_discord: true, discord_linked: false });
    const row = await t.server.ctx.knex('presenter_applications').where({ id: res.body.application.id }).first();
    expect(row).toMatchObject({ discord_username: 'typed.name', discord_user_id: null, status: 'pending' });
    expect([...row.available_times]).toEqual(['weekday-morning']);
    const note = await t.server.ctx.knex('admin_notifications').where({ related_id: res.body.application.id }).first();
    expect(note).toMatchObject({ type: 'application_received', title: 'New Presenter Application' });
    expect([...note.target_roles].sort()).toEqual(['admin', 'manager', 'moderator', 'owner']);
    await expect.poll(() => events.find((e) => e.channel === 'notifications')).toBeTruthy();
    const pushed = events.find((e) => e.channel === 'notifications')!;
    // Only to moderators and above: the presenter account is not among the recipients.
    expect(pushed.userIds).toEqual([moderatorId]);
    expect(pushed.data).toMatchObject({ type: 'application_received', related_id: res.body.application.id });
  });

  it('has no Discord when none is given', async () => {
    const res = await request(t.url, '/api/applications', { method: 'POST', body: application({ discordUsername: '' }) });
    expect(res.body.application.has_discord).toBe(false);
  });

  it('limits applications per address', async () => {
    const go = () => request(bare.url, '/api/applications', { method: 'POST', body: application() });
    expect((await go()).status).toBe(201);
    expect((await go()).status).toBe(201);
    expect((await go()).status).toBe(429);
  });
});

describe("the bot's decision message", () => {
  async function linkedApplication(discordId: string): Promise<string> {
    return (
      await t.server.ctx.knex('presenter_applications')
        .insert({ name: 'Robin', email: 'robin@example.com', experience: 'x'.repeat(12), show_idea: 'y'.repeat(12), available_times: ['weekday-morning'], has_discord: true, discord_username: 'robin', discord_user_id: discordId, terms_accepted: true })
        .returning<{ id: string }[]>('id')
    )[0]!.id;
  }

  it('messages the applicant on approval and on rejection', async () => {
    const id = await linkedApplication('80351110224678999');
    expect(await sendApplicationDecision(t.server.ctx, id, 'approved')).toEqual({ sent: true });
    expect(await sendApplicationDecision(t.server.ctx, id, 'rejected')).toEqual({ sent: true });
    expect(discord.messages.map((m) => m.recipientId)).toEqual(['80351110224678999', '80351110224678999']);
    expect(discord.messages[0]!.content).toContain('has been approved');
    expect(discord.messages[0]!.content).toContain('Robin');
    expect(discord.messages[1]!.content).toContain("We're not able to offer you a slot");
  });

  it('sends nothing without a linked Discord account, or without a bot', async () => {
    const typedOnly = (await t.server.ctx.knex('presenter_applications').insert({ name: 'Typed', email: 't@example.com', experience: 'x'.repeat(12), show_idea: 'y'.repeat(12), available_times: ['weekday-morning'], has_discord: true, discord_username: 'typed', terms_accepted: true }).returning<{ id: string }[]>('id'))[0]!.id;
    expect(await sendApplicationDecision(t.server.ctx, typedOnly, 'approved')).toEqual({ sent: false, reason: 'no_discord' });
    expect(await sendApplicationDecision(t.server.ctx, '00000000-0000-4000-8000-000000000000', 'approved')).toEqual({ sent: false, reason: 'not_found' });
    const onBare = (await bare.server.ctx.knex('presenter_applications').insert({ name: 'Bea', email: 'b@example.com', experience: 'x'.repeat(12), show_idea: 'y'.repeat(12), available_times: ['weekday-morning'], has_discord: true, discord_username: 'b', discord_user_id: '80351110224678000', terms_accepted: true }).returning<{ id: string }[]>('id'))[0]!.id;
    expect(await sendApplicationDecision(bare.server.ctx, onBare, 'approved')).toEqual({ sent: false, reason: 'not_configured' });
    expect(discord.messages).toHaveLength(0);
  });

  it('logs a failure (DMs closed, Discord down) and never throws', async () => {
    const id = await linkedApplication('80351110224678998');
    discord.messageFaults.push({ kind: 'status', status: 403, body: { message: 'Cannot send messages to this user', code: 50007 } });
    expect(await sendApplicationDecision(t.server.ctx, id, 'approved')).toEqual({ sent: false, reason: 'failed' });
    discord.messageFaults.push({ kind: 'status', status: 503 }, { kind: 'status', status: 503 });
    expect(await sendApplicationDecision(t.server.ctx, id, 'rejected')).toEqual({ sent: false, reason: 'failed' });
    expect(discord.messages).toHaveLength(0);
  });
});
