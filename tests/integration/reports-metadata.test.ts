import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPoller, type Poller } from '../../server/src/radio/poller';
import { createAzuraCastSource } from '../../server/src/radio/sources/azuracast';
import { createUser, type TestUser } from '../support/auth';
import { startAzuraCastStandIn, type AzuraCastStandIn } from '../support/azuracast-standin';
import { send, startFake, type FakeServer } from '../support/fake-services';
import { request, startTestServer, type TestServer } from '../support/server';

/**
 * The play log's album, label, catalogue number and ISRC (issue 34 item 1):
 * taken from the station's metadata where it carries them (the AzuraCast
 * stand-in serves AzuraCast's own documents: "Canal Path Blues" has the ISRC
 * GBRCR2500017 and no album, "Tenere Taqhim Tossam" the album "Tassili"),
 * else corrected by staff (PATCH /api/reports/plays/:id), with an optional
 * MusicBrainz lookup answered by a local stand-in that speaks MusicBrainz's
 * web service v2 JSON (recording search with isrcs and releases, then the
 * release with its label-info).
 */

const today = () => new Date().toISOString().slice(0, 10);
const yesterday = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

/** A recording search answer as MusicBrainz writes it (ws/2, fmt=json), trimmed to one recording. */
const recordingSearch = (rec: { id: string; title: string; artist: string; isrcs: string[]; releases: { id: string; title: string; status: string }[] }) => ({
  created: '2026-11-27T12:00:00.000Z',
  count: 1,
  offset: 0,
  recordings: [
    {
      id: rec.id,
      score: 100,
      title: rec.title,
      length: 217000,
      video: null,
      'artist-credit': [{ name: rec.artist, artist: { id: 'a0b1c2d3-0000-4000-8000-000000000001', name: rec.artist, 'sort-name': rec.artist } }],
      'first-release-date': '2025-03-01',
      releases: rec.releases.map((r) => ({
        id: r.id,
        'status-id': '4e304316-386d-3409-af2e-78857eec5cfe',
        count: 1,
        title: r.title,
        status: r.status,
        'release-group': { id: 'b0b1c2d3-0000-4000-8000-000000000002', 'primary-type': 'Album', title: r.title },
        date: '2025-03-01',
        country: 'GB',
        'track-count': 10,
        media: [{ position: 1, format: 'Digital Media', track: [{ id: 'c0b1c2d3-0000-4000-8000-000000000003', number: '3', title: rec.title, length: 217000 }], 'track-count': 10, 'track-offset': 2 }],
      })),
      isrcs: rec.isrcs,
    },
  ],
});

describe('the play log’s rights data: from the station, by staff, from MusicBrainz', () => {
  let t: TestServer;
  let standin: AzuraCastStandIn;
  let mb: FakeServer;
  let poller: Poller;
  let owner: TestUser;
  let mbDown = false;

  beforeAll(async () => {
    standin = await startAzuraCastStandIn('autodj');
    mb = await startFake((req, res) => {
      if (mbDown) return send(res, 503, { error: 'Your requests are exceeding the allowable rate limit.' });
      if (req.path === '/ws/2/recording' && req.query.get('fmt') === 'json') {
        const query = req.query.get('query') ?? '';
        if (query === 'isrc:GBRCR2500017') {
          return send(res, 200, recordingSearch({ id: 'd0b1c2d3-0000-4000-8000-000000000004', title: 'Canal Path Blues', artist: 'The Riverside Ukulele Collective', isrcs: ['GBRCR2500017'], releases: [{ id: 'e0b1c2d3-0000-4000-8000-000000000005', title: 'Towpath Songs', status: 'Official' }] }));
        }
        if (query === 'recording:"Malamente" AND artist:"Rosalía"') {
          return send(res, 200, recordingSearch({ id: 'd0b1c2d3-0000-4000-8000-000000000006', title: 'Malamente', artist: 'Rosalía', isrcs: ['ES5151800204'], releases: [{ id: 'e0b1c2d3-0000-4000-8000-000000000007', title: 'El mal querer', status: 'Official' }] }));
        }
        return send(res, 200, { created: '2026-11-27T12:00:00.000Z', count: 0, offset: 0, recordings: [] });
      }
      const release = /^\/ws\/2\/release\/([0-9a-f-]+)$/.exec(req.path);
      if (release && req.query.get('inc') === 'labels') {
        const labels: Record<string, { title: string; catalogue: string; label: string }> = {
          'e0b1c2d3-0000-4000-8000-000000000005': { title: 'Towpath Songs', catalogue: 'RCR017', label: 'Riverside Community Records' },
          'e0b1c2d3-0000-4000-8000-000000000007': { title: 'El mal querer', catalogue: '19075890972', label: 'Columbia' },
        };
        const r = labels[release[1]!];
        if (!r) return send(res, 404, { error: 'Not Found', help: 'For usage, please see: https://musicbrainz.org/development/mmd' });
        return send(res, 200, {
          id: release[1],
          title: r.title,
          status: 'Official',
          quality: 'normal',
          'text-representation': { language: 'eng', script: 'Latn' },
          date: '2025-03-01',
          country: 'GB',
          barcode: '5060000000017',
          'label-info': [{ 'catalog-number': r.catalogue, label: { id: 'f0b1c2d3-0000-4000-8000-000000000008', name: r.label, 'sort-name': r.label, disambiguation: '', 'label-code': null } }],
        });
      }
      return send(res, 400, { error: 'Invalid request' });
    });
    t = await startTestServer({
      env: { STATION_TIMEZONE: 'UTC', MUSICBRAINZ_URL: `${mb.url}/` },
      jobs: (ctx) => {
        poller = startPoller(ctx, ctx.radio, { source: createAzuraCastSource({ baseUrl: standin.url, stationId: 'riverside', timeoutMs: 3000 }), intervalMs: 3_600_000 });
        return [poller];
      },
    });
    owner = await createUser(t, { role: 'owner' });
    await poller.pollNow();
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await standin?.close();
    await mb?.close();
  });

  const q = () => `from=${yesterday()}&to=${today()}`;
  interface Play { id: number; title: string; artist: string; album: string; label: string; catalogueNumber: string; isrc: string }
  const plays = async (): Promise<Play[]> => (await request(t.url, `/api/reports/plays/preview?${q()}`, { token: owner.token })).body.plays;
  const play = async (title: string) => {
    const p = (await plays()).find((x) => x.title === title);
    expect(p, title).toBeDefined();
    return p!;
  };

  it('takes the ISRC and album from the station’s metadata', async () => {
    expect(await play('Canal Path Blues')).toMatchObject({ artist: 'The Riverside Ukulele Collective', album: '', isrc: 'GBRCR2500017', label: '' });
    expect(await play('Tenere Taqhim Tossam')).toMatchObject({ album: 'Tassili', isrc: '' });
    const se = await fetch(`${t.url}/api/reports/soundexchange?${q()}`, { headers: { Authorization: `Bearer ${owner.token}` } }).then((r) => r.text());
    expect(se.split('\r\n').find((l) => l.includes('"Canal Path Blues"'))!.split('^')[4]).toBe('"GBRCR2500017"');
  });

  it('staff correct the rest, and the next readings of the station do not undo it', async () => {
    const canal = await play('Canal Path Blues');
    const saved = await request(t.url, `/api/reports/plays/${canal.id}`, { method: 'PATCH', token: owner.token, body: { album: 'Towpath Songs', label: 'Riverside Community Records', catalogue_number: 'RCR017' } });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ album: 'Towpath Songs', label: 'Riverside Community Records', catalogue_number: 'RCR017', isrc: 'GBRCR2500017', composer: '' });
    // An ISRC typed with dashes and lower case is kept in its 12-character form; a wrong one is refused.
    const tenere = await play('Tenere Taqhim Tossam');
    expect((await request(t.url, `/api/reports/plays/${tenere.id}`, { method: 'PATCH', token: owner.token, body: { isrc: 'fr-6v8-17-00123' } })).body.isrc).toBe('FR6V81700123');
    expect((await request(t.url, `/api/reports/plays/${tenere.id}`, { method: 'PATCH', token: owner.token, body: { isrc: 'GB123' } })).status).toBe(400);
    expect((await request(t.url, `/api/reports/plays/${tenere.id}`, { method: 'PATCH', token: owner.token, body: { title: 'Other' } })).status).toBe(400);
    expect((await request(t.url, '/api/reports/plays/999999', { method: 'PATCH', token: owner.token, body: { label: 'X' } })).status).toBe(404);
    const manager = await createUser(t, { role: 'manager' });
    const admin = await createUser(t, { role: 'admin' });
    expect((await request(t.url, `/api/reports/plays/${tenere.id}`, { method: 'PATCH', token: manager.token, body: { composer: 'Ibrahim Ag Alhabib' } })).status).toBe(200);
    expect((await request(t.url, `/api/reports/plays/${tenere.id}`, { method: 'PATCH', token: admin.token, body: { composer: 'X' } })).status).toBe(403);

    standin.serve('live');
    await poller.pollNow();
    standin.serve('autodj');
    await poller.pollNow();
    expect(await play('Canal Path Blues')).toMatchObject({ album: 'Towpath Songs', label: 'Riverside Community Records', catalogueNumber: 'RCR017', isrc: 'GBRCR2500017' });
    const usage = await fetch(`${t.url}/api/reports/ppl-usage?${q()}`, { headers: { Authorization: `Bearer ${owner.token}` } }).then((r) => r.text());
    const line = usage.split('\r\n').find((l) => l.includes('"Tenere Taqhim Tossam"'))!;
    expect(line).toContain('"Tinariwen","Tenere Taqhim Tossam","","","FR6V81700123"');
  });

  it('MusicBrainz suggests album, label, catalogue number and ISRC: by ISRC when known, else by artist and title', async () => {
    const canal = await play('Canal Path Blues');
    const byIsrc = await request(t.url, `/api/reports/plays/${canal.id}/musicbrainz`, { method: 'POST', token: owner.token });
    expect(byIsrc.status).toBe(200);
    expect(byIsrc.body).toEqual({
      found: true,
      suggestion: { recording_id: 'd0b1c2d3-0000-4000-8000-000000000004', release_id: 'e0b1c2d3-0000-4000-8000-000000000005', title: 'Canal Path Blues', artist: 'The Riverside Ukulele Collective', isrc: 'GBRCR2500017', album: 'Towpath Songs', label: 'Riverside Community Records', catalogue_number: 'RCR017' },
    });
    const searches = mb.requests.filter((r) => r.path === '/ws/2/recording');
    expect(searches.at(-1)!.query.get('query')).toBe('isrc:GBRCR2500017');
    expect(searches.at(-1)!.headers['user-agent']).toMatch(/Airdeck/);

    const mala = await play('Malamente');
    const byName = await request(t.url, `/api/reports/plays/${mala.id}/musicbrainz`, { method: 'POST', token: owner.token });
    expect(byName.body.suggestion).toMatchObject({ isrc: 'ES5151800204', album: 'El mal querer', label: 'Columbia', catalogue_number: '19075890972' });
    // A suggestion is not saved until staff save it.
    expect(await play('Malamente')).toMatchObject({ isrc: '', label: '' });

    const unknown = await play('Tenere Taqhim Tossam');
    expect((await request(t.url, `/api/reports/plays/${unknown.id}/musicbrainz`, { method: 'POST', token: owner.token })).body).toEqual({ found: false, suggestion: null });
    mbDown = true;
    expect((await request(t.url, `/api/reports/plays/${unknown.id}/musicbrainz`, { method: 'POST', token: owner.token })).status).toBe(502);
    mbDown = false;
  });
});
