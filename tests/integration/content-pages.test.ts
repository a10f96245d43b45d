import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DENIED, type Role } from '../../shared/permissions';
import { createUser, type TestUser } from '../support/auth';
import { request, startTestServer, type TestServer } from '../support/server';

let t: TestServer;
const users = {} as Record<Role, TestUser>;

beforeAll(async () => {
  t = await startTestServer();
  for (const role of ['owner', 'manager', 'admin', 'moderator', 'presenter'] as const) users[role] = await createUser(t, { role });
});
afterAll(async () => t?.close());

const page = (over: Record<string, unknown> = {}) => ({ title: 'About us', slug: 'about-us', content: '<p>Hello <strong>listeners</strong></p>', ...over });
const create = (body: unknown, role: Role = 'manager') => request(t.url, '/api/pages', { method: 'POST', body, token: users[role].token });
const lastLog = async () => t.server.ctx.knex('user_action_logs').orderBy('id', 'desc').first();

describe('staff pages API: refusals', () => {
  it('asks for sign-in (401) without a token', async () => {
    const res = await request(t.url, '/api/pages');
    expect(res.status).toBe(401);
    const post = await request(t.url, '/api/pages', { method: 'POST', body: page() });
    expect(post.status).toBe(401);
  });

  it('answers 400 with the spec messages for missing title, slug and content', async () => {
    expect((await create(page({ title: '' }))).body.error.message).toBe('Title is required');
    expect((await create(page({ slug: '   ' }))).body.error.message).toBe('Slug is required');
    const noContent = await create(page({ content: '' }));
    expect(noContent.status).toBe(400);
    expect(noContent.body.error.message).toBe('Content is required');
    const onlyScript = await create(page({ slug: 'only-script', content: '<script>alert(1)</script>' }));
    expect(onlyScript.status).toBe(400);
    expect(onlyScript.body.error.message).toBe('Content is required');
    const nul = await create(page({ slug: 'nul', title: 'a\u0000b' }));
    expect(nul.status).toBe(400);
  });

  it('refuses moderators and presenters (403) and lets owner, manager and admin in', async () => {
    for (const role of ['moderator', 'presenter'] as const) {
      const res = await request(t.url, '/api/pages', { token: users[role].token });
      expect(res.status).toBe(403);
      expect(res.body.error.message).toBe(DENIED.role);
      expect((await create(page({ slug: `by-${role}` }), role)).status).toBe(403);
      expect((await request(t.url, '/api/pages/analytics', { token: users[role].token })).status).toBe(403);
    }
    for (const role of ['owner', 'manager', 'admin'] as const) {
      expect((await request(t.url, '/api/pages', { token: users[role].token })).status).toBe(200);
    }
  });
});

describe('staff pages API: create, edit, delete', () => {
  let id: string;

  it('creates a page with the spec rules: slug rule, null meta, order 0, published by default, sanitised content', async () => {
    const res = await create({
      title: 'Our Story',
      slug: 'Our  Story & Mission!',
      content: '<h2 style="color:red" id="x">Story</h2><p onclick="alert(1)">Text <a href="javascript:alert(1)">bad</a> <a href="https://example.org" target="_blank">good</a></p><script>alert(1)</script>',
      meta_description: '   ',
      display_order: 'first',
    });
    expect(res.status).toBe(201);
    id = res.body.id;
    expect(res.body).toMatchObject({ title: 'Our Story', slug: 'our-story-mission-', meta_description: null, display_order: 0, is_published: true, is_featured: false });
    expect(res.body.content).toBe('<h2>Story</h2><p>Text <a>bad</a> <a href="https://example.org" target="_blank" rel="noopener noreferrer">good</a></p>');
    const stored = await t.server.ctx.knex('custom_pages').where({ id }).first();
    expect(stored.content).not.toMatch(/script|onclick|javascript|style|id=/);
    const log = await lastLog();
    expect(log).toMatchObject({ action_type: 'create', resource_type: 'custom_page', resource_id: id, resource_name: 'Our Story', user_email: users.manager.email });
  });

  it('refuses a duplicate slug with a clear message, also after normalising', async () => {
    const res = await create(page({ title: 'Copy', slug: 'OUR story & mission!' }));
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe('A page with the slug "/our-story-mission-" already exists. Choose a different slug.');
  });

  it('lists pages by display order with a 100-character preview of the text', async () => {
    const long = 'x'.repeat(150);
    await create(page({ title: 'Later', slug: 'later', display_order: 5, content: `<p>${long}</p>` }));
    await create(page({ title: 'Earlier', slug: 'earlier', display_order: -1, is_published: false }));
    const res = await request(t.url, '/api/pages', { token: users.admin.token });
    expect(res.body.map((p: { slug: string }) => p.slug)).toEqual(['earlier', 'our-story-mission-', 'later']);
    const later = res.body.find((p: { slug: string }) => p.slug === 'later');
    expect(later.excerpt).toBe('x'.repeat(100));
    expect(res.body[1].excerpt).toBe('Story Text bad good');
  });

  it('edits a page; a slug taken by another page is refused; unknown ids are 404', async () => {
    const res = await request(t.url, `/api/pages/${id}`, { method: 'PUT', token: users.owner.token, body: page({ title: 'Our Story v2', slug: 'story', is_featured: true, display_order: '3' }) });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ title: 'Our Story v2', slug: 'story', is_featured: true, display_order: 3 });
    expect((await lastLog())).toMatchObject({ action_type: 'update', resource_id: id });
    const clash = await request(t.url, `/api/pages/${id}`, { method: 'PUT', token: users.owner.token, body: page({ slug: 'later' }) });
    expect(clash.status).toBe(409);
    expect(clash.body.error.message).toBe('A page with the slug "/later" already exists. Choose a different slug.');
    const same = await request(t.url, `/api/pages/${id}`, { method: 'PUT', token: users.owner.token, body: page({ title: 'Same slug', slug: 'story' }) });
    expect(same.status).toBe(200);
    const missing = await request(t.url, '/api/pages/00000000-0000-4000-8000-000000000000', { method: 'PUT', token: users.owner.token, body: page({ slug: 'zzz' }) });
    expect(missing.status).toBe(404);
    expect((await request(t.url, '/api/pages/not-a-uuid', { method: 'DELETE', token: users.owner.token })).status).toBe(404);
    const denied = await request(t.url, `/api/pages/${id}`, { method: 'PUT', token: users.moderator.token, body: page() });
    expect(denied.status).toBe(403);
  });

  it('deletes a page (204, then 404) and records it', async () => {
    const denied = await request(t.url, `/api/pages/${id}`, { method: 'DELETE', token: users.presenter.token });
    expect(denied.status).toBe(403);
    const res = await request(t.url, `/api/pages/${id}`, { method: 'DELETE', token: users.admin.token });
    expect(res.status).toBe(204);
    expect((await lastLog())).toMatchObject({ action_type: 'delete', resource_type: 'custom_page', resource_id: id });
    expect((await request(t.url, `/api/pages/${id}`, { method: 'DELETE', token: users.admin.token })).status).toBe(404);
  });
});

describe('the public page view', () => {
  it('serves published pages only, sanitised again on display', async () => {
    const pub = await request(t.url, '/api/content/pages/later');
    expect(pub.status).toBe(200);
    expect(pub.body).toMatchObject({ title: 'Later', slug: 'later', is_featured: false });
    expect(pub.body).not.toHaveProperty('is_published');
    const draft = await request(t.url, '/api/content/pages/earlier');
    expect(draft.status).toBe(404);
    expect((await request(t.url, '/api/content/pages/nope')).status).toBe(404);
    expect((await request(t.url, '/api/content/pages/BAD%20SLUG')).status).toBe(404);
    // A row written past the API (an old import, a manual fix) is still cleaned on the way out.
    await t.server.ctx.knex('custom_pages').insert({ title: 'Raw', slug: 'raw', content: '<p>ok</p><img src=x onerror="alert(1)"><a href="javascript:alert(2)">x</a><iframe src="https://evil.example"></iframe>' });
    const raw = await request(t.url, '/api/content/pages/raw');
    expect(raw.body.content).toBe('<p>ok</p><img src="x"><a>x</a>');
  });
});

describe('page analytics', () => {
  const viewCount = async (slug: string) => {
    const res = await request(t.url, '/api/pages/analytics', { token: users.manager.token });
    return res.body.find((r: { page_slug: string }) => r.page_slug === slug);
  };

  it('counts each browser session once per day, after answering', async () => {
    const a = await request(t.url, '/api/content/pages/later/views', { method: 'POST', body: { session_id: 'session_aaaaaaaa' } });
    expect(a.status).toBe(202);
    await request(t.url, '/api/content/pages/later/views', { method: 'POST', body: { session_id: 'session_aaaaaaaa' } });
    await request(t.url, '/api/content/pages/later/views', { method: 'POST', body: { session_id: 'session_bbbbbbbb' } });
    await expect.poll(async () => (await viewCount('later'))?.total_views).toBe(2);
    expect(await viewCount('later')).toMatchObject({ views_today: 2, views_this_week: 2, views_this_month: 2, page_title: 'Later' });
    // Unpublished pages count nothing and are not listed.
    await request(t.url, '/api/content/pages/earlier/views', { method: 'POST', body: { session_id: 'session_aaaaaaaa' } });
    const bad = await request(t.url, '/api/content/pages/later/views', { method: 'POST', body: { session_id: 'x' } });
    expect(bad.status).toBe(400);
    await expect.poll(async () => (await t.server.ctx.knex('page_views').count<{ count: string }[]>('* as count'))[0]!.count).toBe(2);
    expect(await viewCount('earlier')).toBeUndefined();
  });

  it('splits views into today, this week (from Monday) and this month', async () => {
    const pageRow = await t.server.ctx.knex('custom_pages').where({ slug: 'later' }).first('id');
    const today = DateTime.now().setZone('Europe/London').startOf('day');
    const monday = today.minus({ days: today.weekday - 1 });
    const rows = [
      { date: today.minus({ years: 1 }), session: 'old-session-1' },
      { date: today.startOf('month').minus({ days: 1 }), session: 'last-month-1' },
    ];
    if (monday.toISODate() !== today.toISODate()) rows.push({ date: monday, session: 'this-monday-1' });
    if (today.day > 1 && today.startOf('month') < monday) rows.push({ date: today.startOf('month'), session: 'month-start-1' });
    await t.server.ctx.knex('page_views').insert(rows.map((r) => ({ page_id: pageRow.id, session_id: r.session, view_date: r.date.toISODate() })));
    const stats = await viewCount('later');
    const week = 2 + rows.filter((r) => r.date >= monday).length;
    expect(stats).toMatchObject({ total_views: 2 + rows.length, views_today: 2, views_this_week: week });
    expect(stats.views_this_month).toBe(2 + rows.filter((r) => r.date >= today.startOf('month')).length);
  });
});
