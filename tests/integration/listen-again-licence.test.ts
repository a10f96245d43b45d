import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertEpisode } from '../../server/src/listen-again/repo';
import { createUser, type TestUser } from '../support/auth';
import { request, startTestServer, type TestServer } from '../support/server';

/**
 * Listen again under the station's music licence (issue 34 item 4: "the listen-again archive window and download
 * rules that the licence allows"), the compliance mode set through General Settings as the owner sets it:
 *  - none: the station's own rules (the demo station offers downloads and feeds, a 30-day window);
 *  - UK (PPL/PRS webcasting): streaming only, no downloads and no podcast feeds;
 *  - US (the DMCA statutory licence, 17 U.S.C. §114(d)(2)(C)(iii)): an archived program must be 5 hours or longer
 *    and is available for 2 weeks at most; no downloads or feeds either.
 * Episodes are stored as the episode job leaves them (each with its audio on disk).
 */

let t: TestServer;
let owner: TestUser;
let dir: string;
const AUDIO = Buffer.concat(Array.from({ length: 40 }, () => Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.alloc(413)])));

async function episode(title: string, hours: number, agoDays: number): Promise<string> {
  const id = randomUUID();
  const to = Date.now() - agoDays * 86_400_000;
  const from = to - hours * 3_600_000;
  fs.mkdirSync(path.join(dir, 'episode-audio'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'episode-audio', `${id}.mp3`), AUDIO);
  await insertEpisode(t.server.ctx.knex, {
    id,
    show_id: randomUUID(),
    show_key: randomUUID(),
    presenter_id: null,
    title,
    description: null,
    aired_from: new Date(from),
    aired_to: new Date(to),
    trim_start_seconds: 0,
    trim_end_seconds: 0,
    status: 'published',
    hidden: false,
    file: `episode-audio/${id}.mp3`,
    content_type: 'audio/mpeg',
    bytes: AUDIO.length,
    duration_seconds: hours * 3600,
    gaps: [],
    tracks: [],
    cut_at: new Date(),
  });
  return id;
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'airdeck-licence-'));
  t = await startTestServer({ env: { RECORDINGS_DIR: dir } });
  owner = await createUser(t, { role: 'owner' });
}, 60_000);

afterAll(async () => {
  await t?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('listen again under the station licence (compliance mode)', () => {
  it('none: the station\'s own rules; UK: streaming only; US: only archived programs of 5 hours or more, for 2 weeks; none again restores them', async () => {
    const ids = {
      twoHours: await episode('Breakfast (2 h, yesterday)', 2, 1),
      sixHours: await episode('All-nighter (6 h, 3 days ago)', 6, 3),
      oldSixHours: await episode('Marathon (6 h, 20 days ago)', 6, 20),
    };
    const setMode = async (mode: 'none' | 'uk' | 'us') => {
      const current = (await request(t.url, '/api/settings/station', { token: owner.token })).body;
      expect((await request(t.url, '/api/settings/station', { method: 'PUT', token: owner.token, body: { ...current, compliance_mode: mode } })).status).toBe(200);
    };
    const listed = async () => {
      const body = (await request(t.url, '/api/episodes')).body as { episodes: { id: string; download_url: string | null }[]; feed_url: string | null };
      return { ids: body.episodes.map((e) => e.id).sort(), downloads: body.episodes.filter((e) => e.download_url !== null).length, feed: body.feed_url };
    };
    const status = async (p: string) => (await fetch(t.url + p)).status;

    // none (the demo station offers downloads and feeds): all three, downloadable, with the feed.
    let now = await listed();
    expect(now.ids).toEqual(Object.values(ids).sort());
    expect(now.downloads).toBe(3);
    expect(now.feed).toMatch(/\/podcasts\/station\.xml$/);
    expect(await status('/podcasts/station.xml')).toBe(200);
    expect(await status(`/api/episodes/${ids.twoHours}/audio.mp3?download=1`)).toBe(200);

    // UK: the same episodes to stream, no download, no feed.
    await setMode('uk');
    now = await listed();
    expect(now.ids).toEqual(Object.values(ids).sort());
    expect(now.downloads).toBe(0);
    expect(now.feed).toBeNull();
    expect(await status('/podcasts/station.xml')).toBe(404);
    expect(await status(`/api/episodes/${ids.twoHours}/audio.mp3?download=1`)).toBe(403);
    expect(await status(`/api/episodes/${ids.twoHours}/audio.mp3`)).toBe(200);

    // US: only the 6-hour program inside 2 weeks; the 2-hour one and the 20-day-old one are not offered at all.
    await setMode('us');
    now = await listed();
    expect(now.ids).toEqual([ids.sixHours]);
    expect(now.downloads).toBe(0);
    expect(now.feed).toBeNull();
    expect(await status(`/api/episodes/${ids.sixHours}/audio.mp3`)).toBe(200);
    expect(await status(`/api/episodes/${ids.twoHours}/audio.mp3`)).toBe(404);
    expect(await status(`/api/episodes/${ids.oldSixHours}/audio.mp3`)).toBe(404);
    expect(await status('/podcasts/station.xml')).toBe(404);

    // none again: as at first.
    await setMode('none');
    now = await listed();
    expect(now.ids).toEqual(Object.values(ids).sort());
    expect(now.downloads).toBe(3);
    expect(await status('/podcasts/station.xml')).toBe(200);
  });
});
