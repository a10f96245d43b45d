import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { DENIED, type Role } from '../../shared/permissions';
import { createUser, type TestUser } from '../support/auth';
import { approveImageHosts } from '../support/image-hosts';
import { request, startTestServer, type TestServer } from '../support/server';

let t: TestServer;
const users = {} as Record<Role, TestUser>;

beforeAll(async () => {
  t = await startTestServer();
  for (const role of ['owner', 'manager', 'admin', 'moderator', 'presenter'] as const) users[role] = await createUser(t, { role });
  // The images these tests name come from a host staff approved (issue 29: others are refused on save).
  await approveImageHosts(t, ['https://images.example']);
});
afterAll(async () => t?.close());

const lastLog = async () => t.server.ctx.knex('user_action_logs').orderBy('id', 'desc').first();

/** Collects the events of the public content channel, as an open listener page would. */
async function listenContent(): Promise<{ names: string[]; close(): void }> {
  const ws = new WebSocket(t.url.replace('http', 'ws') + '/api/realtime');
  const names: string[] = [];
  await new Promise((r) => ws.once('open', r));
  ws.on('message', (raw) => {
    const f = JSON.parse(String(raw));
    if (f.type === 'event' && f.channel === 'content') names.push(f.name);
  });
  ws.send(JSON.stringify({ type: 'subscribe', channel: 'content' }));
  await new Promise<void>((resolve) => ws.on('message', (raw) => JSON.parse(String(raw)).type === 'subscribed' && resolve()));
  return { names, close: () => ws.close() };
}

describe('slider settings', () => {
  it('starts with the spec defaults and is public for the listener slider', async () => {
    const res = await request(t.url, '/api/content/slider');
    expect(res.status).toBe(200);
    expect(res.body.settings).toEqual({
      background_type: 'color',
      background_image_url: null,
      background_color: '#24213a',
      background_overlay_opacity: 50,
      auto_advance_interval: 8000,
      show_dots: true,
      show_arrows: true,
    });
    expect(res.body.slides).toEqual([]);
  });

  it('refuses without sign-in (401) and below manager (403, the settings text)', async () => {
    expect((await request(t.url, '/api/slider/settings')).status).toBe(401);
    for (const role of ['admin', 'moderator', 'presenter'] as const) {
      const res = await request(t.url, '/api/slider/settings', { method: 'PUT', token: users[role].token, body: { auto_advance_interval: 3000 } });
      expect(res.status).toBe(403);
      expect(res.body.error.message).toBe(DENIED.settings);
    }
  });

  it('validates opacity steps of 5 (0-100), intervals of 1000 from 1000, and the image URL', async () => {
    const put = (body: unknown) => request(t.url, '/api/slider/settings', { method: 'PUT', token: users.manager.token, body });
    expect((await put({ background_overlay_opacity: 33 })).body.error.message).toBe('Overlay opacity must be between 0 and 100 in steps of 5');
    expect((await put({ background_overlay_opacity: 105 })).body.error.message).toBe('Overlay opacity must be between 0 and 100 in steps of 5');
    expect((await put({ auto_advance_interval: 500 })).body.error.message).toBe('Auto-advance interval must be at least 1000 ms, in steps of 1000');
    expect((await put({ auto_advance_interval: 2500 })).body.error.message).toBe('Auto-advance interval must be at least 1000 ms, in steps of 1000');
    expect((await put({ background_type: 'image', background_image_url: 'javascript:alert(1)' })).body.error.message).toBe('Background image URL must be a valid URL');
    expect((await put({ background_color: 'red' })).status).toBe(400);
  });

  it('saves, tells open pages at once, and records who changed it', async () => {
    const live = await listenContent();
    const res = await request(t.url, '/api/slider/settings', {
      method: 'PUT',
      token: users.manager.token,
      body: { background_type: 'image', background_image_url: 'https://images.example/bg.jpg', background_color: '', background_overlay_opacity: 35, auto_advance_interval: 3000, show_dots: false, show_arrows: true },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ background_type: 'image', background_color: '#24213a', background_overlay_opacity: 35, auto_advance_interval: 3000, show_dots: false });
    await expect.poll(() => live.names).toContain('slider.updated');
    live.close();
    expect((await request(t.url, '/api/content/slider')).body.settings.auto_advance_interval).toBe(3000);
    expect(await lastLog()).toMatchObject({ action_type: 'update', resource_type: 'slider_settings', user_email: users.manager.email });
  });
});

describe('slides', () => {
  let id: string;
  const slide = (over: Record<string, unknown> = {}) => ({ title: 'Become a DJ', description: 'We train new presenters.', image_url: '/demo/slide-dj.svg', link_url: '/become-a-dj', ...over });

  it('requires a title and a description; URLs must be web addresses', async () => {
    const post = (body: unknown) => request(t.url, '/api/slider/slides', { method: 'POST', token: users.owner.token, body });
    expect((await post(slide({ title: '' }))).body.error.message).toBe('Title is required');
    expect((await post(slide({ description: ' ' }))).body.error.message).toBe('Description is required');
    expect((await post(slide({ link_url: 'javascript:alert(1)' }))).body.error.message).toBe('Link URL must be a valid URL');
    expect((await post(slide({ image_url: '//evil.example/x.png' }))).body.error.message).toBe('Image URL must be a valid URL');
    const denied = await request(t.url, '/api/slider/slides', { method: 'POST', token: users.admin.token, body: slide() });
    expect(denied.status).toBe(403);
  });

  it('creates (active, order 0 by default), edits, and lists by display order', async () => {
    const a = await request(t.url, '/api/slider/slides', { method: 'POST', token: users.owner.token, body: slide({ image_url: '', link_url: null }) });
    expect(a.status).toBe(201);
    expect(a.body).toMatchObject({ is_active: true, display_order: 0, image_url: null, link_url: null, view_count: 0, click_count: 0 });
    id = a.body.id;
    const b = await request(t.url, '/api/slider/slides', { method: 'POST', token: users.owner.token, body: slide({ title: 'First', display_order: -5 }) });
    const c = await request(t.url, '/api/slider/slides', { method: 'POST', token: users.owner.token, body: slide({ title: 'Hidden', is_active: false }) });
    const list = await request(t.url, '/api/slider/slides', { token: users.manager.token });
    expect(list.body.map((s: { title: string }) => s.title)).toEqual(['First', 'Become a DJ', 'Hidden']);
    const pub = await request(t.url, '/api/content/slider');
    expect(pub.body.slides.map((s: { title: string }) => s.title)).toEqual(['First', 'Become a DJ']);
    expect(pub.body.slides[0]).not.toHaveProperty('view_count');
    const edit = await request(t.url, `/api/slider/slides/${id}`, { method: 'PUT', token: users.manager.token, body: slide({ title: 'Join us', display_order: 9 }) });
    expect(edit.status).toBe(200);
    expect(edit.body).toMatchObject({ title: 'Join us', display_order: 9 });
    expect(await lastLog()).toMatchObject({ action_type: 'update', resource_type: 'slider_content', resource_id: id });
    void b;
    void c;
  });

  it('counts views and clicks of active slides', async () => {
    for (let i = 0; i < 3; i++) expect((await request(t.url, `/api/content/slides/${id}/views`, { method: 'POST' })).status).toBe(202);
    await request(t.url, `/api/content/slides/${id}/clicks`, { method: 'POST' });
    await expect.poll(async () => (await request(t.url, '/api/slider/slides', { token: users.manager.token })).body.find((s: { id: string }) => s.id === id)).toMatchObject({ view_count: 3, click_count: 1 });
    expect((await request(t.url, '/api/content/slides/not-a-uuid/views', { method: 'POST' })).status).toBe(404);
  });

  it('deletes a slide (204, then 404)', async () => {
    expect((await request(t.url, `/api/slider/slides/${id}`, { method: 'DELETE', token: users.moderator.token })).status).toBe(403);
    expect((await request(t.url, `/api/slider/slides/${id}`, { method: 'DELETE', token: users.manager.token })).status).toBe(204);
    expect(await lastLog()).toMatchObject({ action_type: 'delete', resource_type: 'slider_content', resource_id: id });
    expect((await request(t.url, `/api/slider/slides/${id}`, { method: 'DELETE', token: users.manager.token })).status).toBe(404);
  });
});

describe('sponsored content', () => {
  const item = (over: Record<string, unknown> = {}) => ({
    title: 'Riverside Records',
    description: 'Vinyl and coffee.',
    image_url: 'https://images.example/records.png',
    learn_more_url: 'https://example.org/records',
    ...over,
  });
  const post = (body: unknown, role: Role = 'manager') => request(t.url, '/api/sponsored', { method: 'POST', token: users[role].token, body });
  const today = DateTime.now().setZone('Europe/London').toISODate()!;
  const shift = (days: number) => DateTime.fromISO(today).plus({ days }).toISODate()!;
  let id: string;

  it('requires title, description, image URL and learn-more URL; priority 1-10; end not before start', async () => {
    const empty = await post({});
    expect(empty.status).toBe(400);
    expect(empty.body.error.details.fields.map((f: { message: string }) => f.message)).toEqual(['Title is required', 'Description is required', 'Image URL is required', 'Learn more URL is required']);
    expect((await post(item({ learn_more_url: 'javascript:alert(1)' }))).body.error.message).toBe('Learn more URL must be a valid URL');
    expect((await post(item({ priority: 11 }))).body.error.message).toBe('Priority must be a whole number from 1 to 10');
    expect((await post(item({ priority: 0 }))).body.error.message).toBe('Priority must be a whole number from 1 to 10');
    expect((await post(item({ start_date: shift(3), end_date: shift(1) }))).body.error.message).toBe('End date must be on or after the start date');
    expect((await post(item(), 'admin')).status).toBe(403);
    expect((await request(t.url, '/api/sponsored')).status).toBe(401);
  });

  it('creates with priority 1 and active by default, lists newest first, edits and toggles', async () => {
    const a = await post(item());
    expect(a.status).toBe(201);
    expect(a.body).toMatchObject({ priority: 1, is_active: true, start_date: null, end_date: null, view_count: 0, click_count: 0 });
    id = a.body.id;
    await new Promise((r) => setTimeout(r, 5));
    const b = await post(item({ title: 'Night Bus Studios', priority: 7, start_date: shift(-1), end_date: shift(30) }));
    expect(b.body).toMatchObject({ priority: 7, start_date: shift(-1), end_date: shift(30) });
    const list = await request(t.url, '/api/sponsored', { token: users.owner.token });
    expect(list.body.map((s: { title: string }) => s.title)).toEqual(['Night Bus Studios', 'Riverside Records']);
    const off = await request(t.url, `/api/sponsored/${id}`, { method: 'PUT', token: users.manager.token, body: item({ is_active: false, priority: 3 }) });
    expect(off.body).toMatchObject({ is_active: false, priority: 3 });
    expect(await lastLog()).toMatchObject({ action_type: 'update', resource_type: 'sponsored_content', resource_id: id });
    // Only active items within their dates are shown to listeners.
    for (let i = 0; i < 10; i++) expect((await request(t.url, '/api/content/sponsored')).body.item.title).toBe('Night Bus Studios');
    const back = await request(t.url, `/api/sponsored/${id}`, { method: 'PUT', token: users.manager.token, body: item({ is_active: true }) });
    expect(back.body.is_active).toBe(true);
  });

  it('shows nothing outside the dates, and nothing when no item is eligible', async () => {
    const future = await post(item({ title: 'Future', start_date: shift(2) }));
    const past = await post(item({ title: 'Past', end_date: shift(-1) }));
    const seen = new Set<string>();
    for (let i = 0; i < 40; i++) seen.add((await request(t.url, '/api/content/sponsored')).body.item.title);
    expect(seen.has('Future')).toBe(false);
    expect(seen.has('Past')).toBe(false);
    await t.server.ctx.knex('sponsored_content').update({ is_active: false });
    expect((await request(t.url, '/api/content/sponsored')).body).toEqual({ item: null });
    await t.server.ctx.knex('sponsored_content').whereNotIn('id', [future.body.id, past.body.id]).update({ is_active: true });
  });

  it('counts views and clicks, and deletes', async () => {
    await request(t.url, `/api/content/sponsored/${id}/views`, { method: 'POST' });
    await request(t.url, `/api/content/sponsored/${id}/clicks`, { method: 'POST' });
    await request(t.url, `/api/content/sponsored/${id}/clicks`, { method: 'POST' });
    await expect.poll(async () => (await request(t.url, '/api/sponsored', { token: users.owner.token })).body.find((s: { id: string }) => s.id === id)).toMatchObject({ view_count: 1, click_count: 2 });
    expect((await request(t.url, `/api/sponsored/${id}`, { method: 'DELETE', token: users.moderator.token })).status).toBe(403);
    expect((await request(t.url, `/api/sponsored/${id}`, { method: 'DELETE', token: users.owner.token })).status).toBe(204);
    expect(await lastLog()).toMatchObject({ action_type: 'delete', resource_type: 'sponsored_content', resource_id: id });
    expect((await request(t.url, `/api/sponsored/${id}`, { method: 'PUT', token: users.owner.token, body: item() })).status).toBe(404);
  });
});
