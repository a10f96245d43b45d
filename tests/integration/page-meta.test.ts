import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STATION, demoStationSettings } from '../../server/src/db/seed/demo-station';
import { createUser } from '../support/auth';
import { request, startTestServer, type TestServer } from '../support/server';

/**
 * Crawlers and link previews do not run JavaScript: the server writes each
 * listener page's title, description and Open Graph tags into index.html.
 * (A stand-in build folder: what matters is what the server puts in it.)
 */
let t: TestServer;
let dist: string;
let presenterId: string;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'airdeck-meta-'));
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><meta charset="UTF-8" /><title>Airdeck Radio</title><meta name="description" content="build default" /></head><body><div id="root"></div></body></html>',
  );
  t = await startTestServer({ env: { WEB_DIST_DIR: dist, PUBLIC_URL: 'https://radio.example' } });
  const knex = t.server.ctx.knex;
  // The demo station's details, as the demo seed stores them (a clean install has none: first-run.test.ts).
  await knex('station_settings').where({ id: 1 }).update({ settings: JSON.stringify(demoStationSettings()) });
  // Written behind the server's back, so its cached copy is dropped as a save drops it (the radio runtime reads the
  // settings at start, for the compliance mode, so the copy is already there).
  t.server.ctx.settings.invalidate();
  const [p] = await knex('presenters').insert({ name: 'DJ <Nova>', bio: 'Late-night "deep" house & soul from the harbour.', image_url: '/media/nova.jpg' }).returning<{ id: string }[]>('id');
  presenterId = p!.id;
  await knex('custom_pages').insert([
    { title: 'Our History', slug: 'our-history', content: '<p>Founded in 1999 by volunteers.</p>', meta_description: 'How the station began.' },
    { title: 'Secret Draft', slug: 'secret-draft', content: '<p>Not yet.</p>', is_published: false },
  ]);
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const html = async (p: string) => {
  const res = await fetch(t.url + p);
  return { status: res.status, text: await res.text() };
};
const meta = (text: string, key: string) => new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`).exec(text)?.[1];
const title = (text: string) => /<title>([^<]*)<\/title>/.exec(text)?.[1];

describe('server-rendered page meta', () => {
  it('gives each fixed page its own title and description, once', async () => {
    const home = await html('/');
    expect(title(home.text)).toBe('Airdeck Radio');
    expect(meta(home.text, 'description')).toBe(DEMO_STATION.tagline);
    expect(home.text.match(/<title>/g)).toHaveLength(1);
    expect(home.text).not.toContain('build default');
    const shows = await html('/shows');
    expect(title(shows.text)).toBe('Shows · Airdeck Radio');
    expect(meta(shows.text, 'og:title')).toBe('Shows');
    expect(meta(shows.text, 'og:url')).toBe('https://radio.example/shows');
    expect(meta(shows.text, 'og:image')).toBe('https://radio.example/favicon.svg');
    expect(title((await html('/song-request')).text)).toBe('Song Request · Airdeck Radio');
  });

  it("describes a presenter's profile with their name, bio and photo, escaped", async () => {
    const res = await html(`/djs/${presenterId}`);
    expect(res.status).toBe(200);
    expect(title(res.text)).toBe('DJ &lt;Nova&gt; · Airdeck Radio');
    expect(meta(res.text, 'og:type')).toBe('profile');
    expect(meta(res.text, 'og:description')).toBe('Late-night &quot;deep&quot; house &amp; soul from the harbour.');
    expect(meta(res.text, 'og:image')).toBe('https://radio.example/media/nova.jpg');
    expect(res.text).not.toContain('<Nova>');
    expect((await html('/djs/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });

  it('describes a published custom page; drafts and unknown pages are 404 with nothing of them shown', async () => {
    const page = await html('/page/our-history');
    expect(title(page.text)).toBe('Our History · Airdeck Radio');
    expect(meta(page.text, 'description')).toBe('How the station began.');
    expect(meta(page.text, 'og:type')).toBe('article');
    const draft = await html('/page/secret-draft');
    expect(draft.status).toBe(404);
    expect(draft.text).not.toContain('Secret Draft');
    expect(title(draft.text)).toBe('Page not found · Airdeck Radio');
    expect((await html('/no-such-thing')).status).toBe(404);
  });

  it('follows General Settings without a restart, in the page meta and the web app manifest', async () => {
    const manifest = await request(t.url, '/manifest.webmanifest');
    expect(manifest.headers.get('content-type')).toContain('application/manifest+json');
    expect(manifest.body).toMatchObject({ name: 'Airdeck Radio', start_url: '/', display: 'standalone' });
    const owner = await createUser(t, { role: 'owner' });
    const saved = await request(t.url, '/api/settings/station', { method: 'PUT', token: owner.token, body: { ...DEMO_STATION, name: 'Harbour FM', tagline: 'Waves from the quay' } });
    expect(saved.status).toBe(200);
    const home = await html('/');
    expect(title(home.text)).toBe('Harbour FM');
    expect(meta(home.text, 'description')).toBe('Waves from the quay');
    expect(meta(home.text, 'og:site_name')).toBe('Harbour FM');
    expect((await request(t.url, '/manifest.webmanifest')).body).toMatchObject({ name: 'Harbour FM', description: 'Waves from the quay' });
  });
});

describe('the first screen in the HTML', () => {
  const bootData = (text: string) => {
    const json = /<script type="application\/json" id="airdeck-boot">([^<]*)<\/script>/.exec(text)?.[1];
    return json ? (JSON.parse(json) as Record<string, unknown> & { station: { name: string }; slider?: { slides: { title: string }[] } }) : null;
  };

  it('draws the navigation bar, hero, first slide and player from the database, before any script', async () => {
    const knex = t.server.ctx.knex;
    await knex('slider_content').insert({ title: 'Summer <Live> Weekend', description: 'Two days of "live" sets & more.', link_url: '/shows', is_active: true, display_order: 0 });
    const home = await html('/');
    const root = /<div id="root">([\s\S]*?)<\/div><script type="application\/json"/.exec(home.text)?.[1] ?? '';
    expect(root).toContain('<header class="boot-bar">');
    expect(root).toMatch(/<h1>[^<]+<\/h1>/);
    expect(root).toContain('class="boot-player"');
    const data = bootData(home.text)!;
    if ((data.nowPlaying as { live: { is_live: boolean } } | undefined)?.live.is_live) {
      // A presenter is on air in the demo schedule right now: the live slide comes first (boot-shell.unit.test.ts).
      expect(root).toContain('<span class="boot-kicker">Live now</span>');
    } else {
      // The slide from the database, escaped: its markup is text, never HTML.
      expect(root).toContain('<h2>Summer &lt;Live&gt; Weekend</h2>');
      expect(root).toContain('Two days of &quot;live&quot; sets &amp; more.');
    }
    expect(data.slider!.slides[0]!.title).toBe('Summer <Live> Weekend');
    expect(typeof data.serverTime).toBe('number');
    // The Request link as the app shows it: while a presenter is live, or while that is unknown.
    const np = data.nowPlaying as { live: { is_live: boolean } } | undefined;
    expect(root.includes('<a href="/request">Request</a>')).toBe(!np || np.live.is_live);
    expect(Math.abs((data.serverTime as number) - Date.now())).toBeLessThan(60_000);
    // Other pages get the bar and the player, not the home hero.
    const shows = await html('/shows');
    expect(shows.text).toContain('<header class="boot-bar">');
    expect(shows.text).not.toContain('boot-hero');
    expect(bootData(shows.text)!.slider).toBeUndefined();
  });

  it('keeps data that looks like markup inert inside the page', async () => {
    const owner = await createUser(t, { role: 'owner' });
    const evil = 'Evil</script><script>alert(1)</script>';
    const saved = await request(t.url, '/api/settings/station', { method: 'PUT', token: owner.token, body: { ...DEMO_STATION, name: evil } });
    expect(saved.status).toBe(200);
    const home = await html('/');
    // Only the one data element: the name can neither close it nor open a script.
    expect(home.text.match(/<script/g)?.length).toBe(home.text.match(/<script (src|type="application\/json")/g)?.length);
    expect(home.text).not.toContain('<script>alert(1)');
    expect(bootData(home.text)!.station.name).toBe(evil);
    expect(home.text).toContain('<span>Evil&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;</span>');
    await request(t.url, '/api/settings/station', { method: 'PUT', token: owner.token, body: DEMO_STATION });
  });

  it('leaves the staff panel alone', async () => {
    const admin = await html('/admin');
    expect(admin.text).not.toContain('boot-bar');
    expect(admin.text).not.toContain('airdeck-boot');
  });
});
