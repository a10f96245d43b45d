import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DENIED, type Role } from '../../shared/permissions';
import { DEMO_STATION } from '../../server/src/db/seed/demo-station';
import { DISCORD_DENIED } from '../../server/src/settings/routes';
import { createUser, type TestUser } from '../support/auth';
import { request, startTestServer, type TestServer } from '../support/server';

let t: TestServer;
const users = {} as Record<Role, TestUser>;

beforeAll(async () => {
  t = await startTestServer();
  for (const role of ['owner', 'manager', 'admin', 'moderator', 'presenter', 'guest'] as const) users[role] = await createUser(t, { role });
});
afterAll(async () => t?.close());

const lastLog = async () => t.server.ctx.knex('user_action_logs').orderBy('id', 'desc').first();

describe('General Settings', () => {
  it('is refused without sign-in and below manager, with the spec text', async () => {
    expect((await request(t.url, '/api/settings/station')).status).toBe(401);
    for (const role of ['admin', 'moderator', 'presenter', 'guest'] as const) {
      const res = await request(t.url, '/api/settings/station', { method: 'PUT', token: users[role].token, body: DEMO_STATION });
      expect(res.status).toBe(403);
      expect(res.body.error.message).toBe(DENIED.settings);
      expect((await request(t.url, '/api/settings/access', { token: users[role].token })).status).toBe(403);
    }
  });

  it('tells the settings screen which tabs the role gets', async () => {
    expect((await request(t.url, '/api/settings/access', { token: users.owner.token })).body).toEqual({ settings: true, discord: true });
    expect((await request(t.url, '/api/settings/access', { token: users.manager.token })).body).toEqual({ settings: true, discord: false });
  });

  it('validates each field with a clear message', async () => {
    const put = (over: Record<string, unknown>) => request(t.url, '/api/settings/station', { method: 'PUT', token: users.manager.token, body: { ...DEMO_STATION, ...over } });
    expect((await put({ name: '  ' })).body.error.message).toBe('Station name is required');
    expect((await put({ contactEmail: 'not-an-email' })).body.error.message).toBe('Please enter a valid email address');
    expect((await put({ streamUrl: 'javascript:alert(1)' })).body.error.message).toBe('Stream URL must be a valid URL (https://… or /path)');
    expect((await put({ timezone: 'Mars/Olympus' })).body.error.message).toBe('Time zone must be an IANA name such as Europe/London');
    expect((await put({ social: { ...DEMO_STATION.social, instagram: 'data:text/html,hi' } })).body.error.message).toBe('Instagram link must be a valid URL');
    expect((await put({ name: 'a\u0000b' })).status).toBe(400);
  });

  it('saves, applies at once to the public station info, and records the change', async () => {
    const body = { ...DEMO_STATION, name: 'Harbour FM', contactEmail: 'studio@harbour.example', timezone: 'America/New_York', googlePlayUrl: '', social: { ...DEMO_STATION.social, x: null } };
    const res = await request(t.url, '/api/settings/station', { method: 'PUT', token: users.manager.token, body });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Harbour FM', contactEmail: 'studio@harbour.example', timezone: 'America/New_York', googlePlayUrl: null });
    const pub = await request(t.url, '/api/station');
    expect(pub.body.name).toBe('Harbour FM');
    expect(pub.body.social.x).toBeNull();
    expect(pub.headers.get('cache-control')).toBe('no-cache');
    const log = await lastLog();
    expect(log).toMatchObject({ action_type: 'update', resource_type: 'station_settings', resource_name: 'Harbour FM', user_email: users.manager.email });
    expect(log.details.changed).toEqual(expect.arrayContaining(['name', 'contactEmail', 'timezone', 'chatInviteUrl', 'social']));
  });
});

describe('Discord integration', () => {
  const TOKEN = 'MTA4NzY1NDMyMTA5ODc2NTQzMg.GhIjKl.very-secret-bot-token-value-123';
  const SECRET = 'client-secret-abcdefghijklmnop';

  it('is owner only (403 for a manager, with a clear text)', async () => {
    for (const method of ['GET', 'PUT', 'PATCH'] as const) {
      const res = await request(t.url, '/api/settings/discord', { method, token: users.manager.token, ...(method === 'GET' ? {} : { body: { bot_token: 'x', client_id: 'y', client_secret: 'z' } }) });
      expect(res.status).toBe(403);
      expect(res.body.error.message).toBe(DISCORD_DENIED);
    }
    expect((await request(t.url, '/api/settings/discord')).status).toBe(401);
  });

  it('treats no row as not configured', async () => {
    const res = await request(t.url, '/api/settings/discord', { token: users.owner.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ configured: false });
    const patch = await request(t.url, '/api/settings/discord', { method: 'PATCH', token: users.owner.token, body: { client_id: '123' } });
    expect(patch.status).toBe(404);
  });

  it('requires all three values with the spec messages', async () => {
    const put = (body: unknown) => request(t.url, '/api/settings/discord', { method: 'PUT', token: users.owner.token, body });
    expect((await put({ client_id: '1', client_secret: 's' })).body.error.message).toBe('Bot token is required');
    expect((await put({ bot_token: 't', client_id: '', client_secret: 's' })).body.error.message).toBe('Client ID is required');
    expect((await put({ bot_token: 't', client_id: '1', client_secret: '   ' })).body.error.message).toBe('Client secret is required');
  });

  it('stores the secrets encrypted and never returns them unmasked', async () => {
    const res = await request(t.url, '/api/settings/discord', { method: 'PUT', token: users.owner.token, body: { bot_token: TOKEN, client_id: '1087654321098765432', client_secret: SECRET } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ configured: true, readable: true, client_id: '1087654321098765432', bot_token: 'MTA4••••••••-123', client_secret: 'clie••••••••mnop' });
    // The raw values appear nowhere in the database: every row of every table, as text.
    const knex = t.server.ctx.knex;
    const tables = (await knex.raw("SELECT tablename FROM pg_tables WHERE schemaname = 'public'")).rows.map((r: { tablename: string }) => r.tablename);
    expect(tables).toEqual(expect.arrayContaining(['discord_config', 'user_action_logs', 'server_secrets']));
    let dump = '';
    for (const table of tables) dump += JSON.stringify((await knex.raw(`SELECT row_to_json(x)::text AS j FROM "${table}" x`)).rows);
    for (const raw of [TOKEN, SECRET, TOKEN.slice(10, 30), SECRET.slice(5, 20)]) expect(dump).not.toContain(raw);
    const row = await t.server.ctx.knex('discord_config').first();
    expect(row.bot_token_enc).toMatch(/^v1\.[A-Za-z0-9_-]{8}\./);
    expect(await lastLog()).toMatchObject({ action_type: 'create', resource_type: 'discord_config' });
    // Every route that could carry them answers masked or not at all.
    for (const path of ['/api/settings/discord', '/api/settings/station', '/api/station', '/api/settings/access', '/api/openapi.json']) {
      const r = await request(t.url, path, { token: users.owner.token });
      expect(JSON.stringify(r.body)).not.toContain(TOKEN);
      expect(JSON.stringify(r.body)).not.toContain(SECRET);
    }
  });

  it('updates: blank secrets keep the stored ones; short secrets are fully hidden', async () => {
    const patch = await request(t.url, '/api/settings/discord', { method: 'PATCH', token: users.owner.token, body: { bot_token: '', client_id: '42', client_secret: 'shortone' } });
    expect(patch.status).toBe(200);
    expect(patch.body).toMatchObject({ client_id: '42', bot_token: 'MTA4••••••••-123', client_secret: '••••••••' });
    expect(await lastLog()).toMatchObject({ action_type: 'update', resource_type: 'discord_config' });
    expect((await lastLog()).details).toEqual({ fields: ['client_id', 'client_secret'] });
    const replaced = await request(t.url, '/api/settings/discord', { method: 'PUT', token: users.owner.token, body: { bot_token: TOKEN, client_id: '43', client_secret: SECRET } });
    expect(replaced.status).toBe(200);
  });
});
