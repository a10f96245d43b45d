import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../support/auth';
import { approveImageHosts } from '../support/image-hosts';
import { buildShow, createPresenter, FIXED_NOW, type TestPresenter } from '../support/schedule';
import { request, startTestServer, type TestServer } from '../support/server';

/**
 * Image addresses are refused on write unless listeners' browsers may load them (issue 29): a path on this site,
 * or an https address on a host approved in General Settings → Approved image hosts. The refusal is a 400 in the
 * one error shape naming the field and what to do; a value saved before the rule stays readable (filtered from
 * public answers) and may be sent back unchanged.
 */
let t: TestServer;
let presenter: TestPresenter;
let manager: TestUser;

const NOT_HTTPS = (label: string) => `${label} must be an https address or an image uploaded here: plain http images are not loaded on this site.`;
const NOT_APPROVED = (label: string, origin: string) =>
  `${label}: images from ${origin} are not approved. Upload the image here, or ask an owner or manager to add ${origin} under General Settings → Approved image hosts.`;

beforeAll(async () => {
  t = await startTestServer({ now: () => FIXED_NOW });
  presenter = await createPresenter(t, 'presenter');
  manager = await createUser(t, { role: 'manager' });
  await approveImageHosts(t, ['https://images.approved.example']);
});
afterAll(async () => t?.close());

const booking = (i: number, image_url: string | null) => ({ mode: 'daily', title: `Images ${i}`, event_date: '2026-04-02', start_time: `${String(8 + i).padStart(2, '0')}:00`, end_time: `${String(8 + i).padStart(2, '0')}:30`, image_url });

describe('show and presenter images', () => {
  it('refuses a plain-http or unapproved image on a booking, naming the field and what to do', async () => {
    const plain = await request(t.url, '/api/schedule/bookings', { method: 'POST', token: presenter.token, body: booking(0, 'http://cdn.example/show.png') });
    expect(plain.status).toBe(400);
    const notHttps = { key: 'error.imageNotHttps', values: { field: 'Image URL' } };
    expect(plain.body.error).toEqual({ code: 'validation_failed', message: NOT_HTTPS('Image URL'), ...notHttps, details: { fields: [{ path: 'image_url', message: NOT_HTTPS('Image URL'), ...notHttps }] } });
    const other = await request(t.url, '/api/schedule/bookings', { method: 'POST', token: presenter.token, body: booking(1, 'https://Tracker.Example/pixel.gif?u=1') });
    expect(other.status).toBe(400);
    expect(other.body.error.message).toBe(NOT_APPROVED('Image URL', 'https://tracker.example'));
    // Nothing was booked.
    const [booked] = await t.server.ctx.knex('schedule_events').whereIn('title', ['Images 0', 'Images 1']).count<{ count: string | number }[]>('* as count');
    expect(Number(booked!.count)).toBe(0);
  });

  it('accepts an upload of this site, an approved https host, or no image', async () => {
    for (const [i, url] of [[2, '/media/show-images/x/image_1.png'], [3, 'https://images.approved.example/show.png'], [4, null]] as const) {
      const res = await request(t.url, '/api/schedule/bookings', { method: 'POST', token: presenter.token, body: booking(i, url) });
      expect(res.status, String(url)).toBe(201);
    }
  });

  it('refuses an unapproved show or presenter image on an edit, and keeps one saved before the rule when sent back unchanged', async () => {
    const legacy = 'https://old-cdn.example/show.png';
    const id = await buildShow(t, { event_date: '2026-04-03', start_time: '10:00', end_time: '11:00', created_by: presenter.id, image_url: legacy, presenter_image_url: 'http://old-cdn.example/me.png' });
    const edit = (body: Record<string, unknown>) => request(t.url, `/api/schedule/events/${id}`, { method: 'PATCH', token: presenter.token, body });
    const pixel = await edit({ presenter_image_url: 'http://tracker.example/p.gif' });
    expect(pixel.status).toBe(400);
    expect(pixel.body.error.details.fields).toEqual([{ path: 'presenter_image_url', message: NOT_HTTPS('Presenter image URL'), key: 'error.imageNotHttps', values: { field: 'Presenter image URL' } }]);
    const host = await edit({ image_url: 'https://elsewhere.example/x.png' });
    expect(host.body.error.message).toBe(NOT_APPROVED('Image URL', 'https://elsewhere.example'));
    // The edit form sends every field back: the stored addresses stay as they were, the title changes.
    const kept = await edit({ title: 'Renamed', image_url: legacy, presenter_image_url: 'http://old-cdn.example/me.png' });
    expect(kept.status).toBe(200);
    expect(kept.body.event).toMatchObject({ title: 'Renamed', image_url: legacy });
    // Listeners still get none of it.
    const week = await request(t.url, '/api/schedule/week?start=2026-03-30');
    expect(JSON.stringify(week.body)).toContain('Renamed');
    expect(JSON.stringify(week.body)).not.toContain('old-cdn.example');
    // Replacing it with an approved image is accepted.
    expect((await edit({ image_url: 'https://images.approved.example/new.png' })).status).toBe(200);
  });
});

describe('slides, sponsored content, the slider background and the logo', () => {
  const write = (method: string, path: string, body: unknown) => request(t.url, path, { method, token: manager.token, body });

  it('refuses unapproved images with the field named; approved hosts and this site are saved', async () => {
    const slide = (image_url: string) => ({ title: 'Festival', description: 'Summer', image_url, link_url: '/schedule' });
    expect((await write('POST', '/api/slider/slides', slide('https://festival.example/s.jpg'))).body.error.message).toBe(NOT_APPROVED('Image URL', 'https://festival.example'));
    const created = await write('POST', '/api/slider/slides', slide('/demo/slide-dj.svg'));
    expect(created.status).toBe(201);
    expect((await write('PUT', `/api/slider/slides/${created.body.id}`, slide('http://images.approved.example/s.jpg'))).body.error.message).toBe(NOT_HTTPS('Image URL'));
    expect((await write('PUT', `/api/slider/slides/${created.body.id}`, slide('https://images.approved.example/s.jpg'))).status).toBe(200);

    const ad = (image_url: string) => ({ title: 'Bakery', description: 'Bread', image_url, learn_more_url: 'https://bakery.example' });
    const refusedAd = await write('POST', '/api/sponsored', ad('https://cdn.bakery.example/ad.png'));
    expect(refusedAd.status).toBe(400);
    expect(refusedAd.body.error.details.fields).toEqual([{ path: 'image_url', message: NOT_APPROVED('Image URL', 'https://cdn.bakery.example'), key: 'error.imageHostNotApproved', values: { field: 'Image URL', origin: 'https://cdn.bakery.example' } }]);
    expect((await write('POST', '/api/sponsored', ad('https://images.approved.example/ad.png'))).status).toBe(201);

    const background = (url: string) => ({ background_type: 'image', background_image_url: url, background_color: '', background_overlay_opacity: 50, auto_advance_interval: 8000, show_dots: true, show_arrows: true });
    expect((await write('PUT', '/api/slider/settings', background('https://walls.example/bg.jpg'))).body.error.details.fields).toEqual([{ path: 'background_image_url', message: NOT_APPROVED('Background image URL', 'https://walls.example'), key: 'error.imageHostNotApproved', values: { field: 'Background image URL', origin: 'https://walls.example' } }]);
    expect((await write('PUT', '/api/slider/settings', background('https://images.approved.example/bg.jpg'))).status).toBe(200);
  });

  it('refuses a logo from an unapproved host unless the same save approves it', async () => {
    const station = (await request(t.url, '/api/settings/station', { token: manager.token })).body;
    const refused = await write('PUT', '/api/settings/station', { ...station, logoUrl: 'https://brand.example/logo.png' });
    expect(refused.status).toBe(400);
    expect(refused.body.error.details.fields).toEqual([{ path: 'logoUrl', message: NOT_APPROVED('Logo URL', 'https://brand.example'), key: 'error.imageHostNotApproved', values: { field: 'Logo URL', origin: 'https://brand.example' } }]);
    const both = await write('PUT', '/api/settings/station', { ...station, logoUrl: 'https://brand.example/logo.png', approvedImageHosts: [...station.approvedImageHosts, 'https://brand.example'] });
    expect(both.status).toBe(200);
    expect(both.body.logoUrl).toBe('https://brand.example/logo.png');
  });
});

describe('images inside custom pages', () => {
  const page = (slug: string, content: string) => ({ title: `Page ${slug}`, slug, content, is_published: true });
  const save = (method: string, path: string, body: unknown) => request(t.url, path, { method, token: manager.token, body });

  it('refuses a page whose images come from an unapproved host or plain http, saying which', async () => {
    const other = await save('POST', '/api/pages', page('gallery', '<p>Photos</p><img src="/demo/slide-dj.svg" alt="ok"><img src="https://photos.gallery.example/a.jpg" alt="a">'));
    expect(other.status).toBe(400);
    expect(other.body.error).toMatchObject({ code: 'validation_failed', message: NOT_APPROVED('An image in the content', 'https://photos.gallery.example') });
    expect(other.body.error.details.fields).toEqual([{ path: 'content', message: NOT_APPROVED('An image in the content', 'https://photos.gallery.example'), key: 'error.imageHostNotApproved', values: { field: 'An image in the content', origin: 'https://photos.gallery.example' } }]);
    const plain = await save('POST', '/api/pages', page('gallery', '<p>Photos</p><img src="http://photos.gallery.example/a.jpg">'));
    expect(plain.body.error.message).toBe(NOT_HTTPS('An image in the content'));
    // Judged as a browser reads the address: a tab inside the scheme, a backslash for a slash.
    const hidden = await save('POST', '/api/pages', page('gallery', '<p>Photos</p><img src="ht&#9;tps://photos.gallery.example/a.jpg"><img src="\\\\evil.example/b.jpg">'));
    expect(hidden.body.error.details.fields.map((f: { message: string }) => f.message)).toEqual([NOT_APPROVED('An image in the content', 'https://photos.gallery.example'), 'An image in the content must be an image uploaded here or an https address on an approved image host.']);
    // A script in an image is not a host: the sanitiser drops it, as before, and the page is saved.
    const scripted = await save('POST', '/api/pages', page('scripted', '<p>Hi</p><img src="javascript:alert(1)">'));
    expect(scripted.status).toBe(201);
    expect(scripted.body.content).toBe('<p>Hi</p><img>');
    const ok = await save('POST', '/api/pages', page('gallery', '<p>Photos</p><img src="/demo/slide-dj.svg" alt="ok"><img src="https://images.approved.example/a.jpg" alt="a">'));
    expect(ok.status).toBe(201);
    expect((await request(t.url, '/api/content/pages/gallery')).body.content).toBe('<p>Photos</p><img src="/demo/slide-dj.svg" alt="ok"><img src="https://images.approved.example/a.jpg" alt="a">');
  });

  it('shows listeners no unapproved image of a page saved before the rule, and lets staff edit it with the image kept', async () => {
    const content = '<p>Old</p><img src="https://legacy.example/a.jpg" alt="legacy"><img src="https://images.approved.example/b.jpg" alt="b">';
    const [row] = await t.server.ctx.knex('custom_pages').insert({ title: 'Old', slug: 'old', content, is_published: true }).returning<{ id: string }[]>('id');
    const shown = await request(t.url, '/api/content/pages/old');
    expect(shown.body.content).toBe('<p>Old</p><img src="https://images.approved.example/b.jpg" alt="b">');
    const edited = await save('PUT', `/api/pages/${row!.id}`, page('old', content.replace('Old', 'Older')));
    expect(edited.status).toBe(200);
    const added = await save('PUT', `/api/pages/${row!.id}`, page('old', `${content}<img src="https://legacy2.example/c.jpg">`));
    expect(added.body.error.message).toBe(NOT_APPROVED('An image in the content', 'https://legacy2.example'));
  });
});
