import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createIcecastSource,
  decodeCharRefs,
  parseIcecastJsonText,
  parseIcecastStatus,
  repairIcecastJson,
  repairMojibake,
} from './icecast';
import { applyFallbacks } from './normalise';
import { SourceError, type FetchLike } from './types';

const FIXTURES = path.resolve(__dirname, '../../../../../shared/fixtures/azuracast/');
const NOW = Date.UTC(2026, 5, 13, 17, 41, 23);

/** One `source` entry as Icecast 2.4.4's status-json.xsl writes it. */
function mount(p: string, title: string | undefined, listeners: number, extra: Record<string, unknown> = {}) {
  return {
    audio_info: 'channels=2;samplerate=44100;bitrate=128',
    bitrate: 128,
    channels: 2,
    genre: 'various',
    listener_peak: listeners + 3,
    listeners,
    listenurl: `http://stream.riversideradio.example:8000${p}`,
    samplerate: 44100,
    server_description: 'Volunteer-run radio for the Riverside estates',
    server_name: 'Riverside Community Radio',
    server_type: 'audio/mpeg',
    server_url: 'https://riversideradio.example/',
    stream_start: 'Sat, 13 Jun 2026 17:00:00 +0100',
    stream_start_iso8601: '2026-06-13T17:00:00+0100',
    ...(title === undefined ? {} : { title }),
    ...extra,
    dummy: null,
  };
}

function status(source?: unknown) {
  return {
    icestats: {
      admin: 'icemaster@localhost',
      host: 'stream.riversideradio.example',
      location: 'Riverside',
      server_id: 'Icecast 2.4.4',
      server_start: 'Mon, 01 Jun 2026 09:00:00 +0100',
      server_start_iso8601: '2026-06-01T09:00:00+0100',
      ...(source === undefined ? {} : { source }),
    },
  };
}

/** How a UTF-8 string looks after its bytes were read as Latin-1. */
const asLatin1 = (s: string) => Buffer.from(s, 'utf8').toString('latin1');

/** How it looks after its bytes were read as Windows-1252 (bytes 0x80–0x9F become “smart” characters). */
function asWindows1252(s: string): string {
  const cp1252: Record<number, string> = {
    0x80: '€', 0x82: '‚', 0x83: 'ƒ', 0x84: '„', 0x85: '…', 0x86: '†', 0x87: '‡', 0x88: 'ˆ', 0x89: '‰',
    0x8a: 'Š', 0x8b: '‹', 0x8c: 'Œ', 0x8e: 'Ž', 0x91: '‘', 0x92: '’', 0x93: '“', 0x94: '”', 0x95: '•',
    0x96: '–', 0x97: '—', 0x98: '˜', 0x99: '™', 0x9a: 'š', 0x9b: '›', 0x9c: 'œ', 0x9e: 'ž', 0x9f: 'Ÿ',
  };
  return [...Buffer.from(s, 'utf8')].map((b) => cp1252[b] ?? String.fromCharCode(b)).join('');
}

/** Every artist, title and album in the AzuraCast fixtures: real names in many scripts. */
function fixtureNames(): string[] {
  const names = new Set<string>();
  const visit = (v: unknown): void => {
    if (Array.isArray(v)) v.forEach(visit);
    else if (typeof v === 'object' && v !== null) {
      for (const [k, child] of Object.entries(v)) {
        if (['artist', 'title', 'album', 'streamer_name', 'name'].includes(k) && typeof child === 'string' && child !== '') {
          names.add(child);
        }
        visit(child);
      }
    }
  };
  for (const file of fs.readdirSync(FIXTURES).filter((f) => f.endsWith('.json'))) {
    visit(JSON.parse(fs.readFileSync(path.join(FIXTURES, file), 'utf8')));
  }
  return [...names];
}

describe('parseIcecastStatus', () => {
  it('reads a single mount (source is an object)', () => {
    const snap = parseIcecastStatus(status(mount('/radio.mp3', 'Tinariwen - Tenere Taqhim Tossam', 12)), { nowMs: NOW });
    expect(snap).toMatchObject({
      source: 'icecast',
      online: true,
      fetchedAt: NOW,
      stationName: 'Riverside Community Radio',
      streamUrl: 'http://stream.riversideradio.example:8000/radio.mp3',
      listeners: { current: 12, unique: null },
      history: [],
      playingNext: null,
    });
    expect(snap.track).toMatchObject({ artist: 'Tinariwen', title: 'Tenere Taqhim Tossam', album: '', durationSeconds: null });
    expect(snap.streamStartedAt).toBe(Date.UTC(2026, 5, 13, 16, 0, 0));
    expect(snap.live.isLive).toBe(false);
  });

  const several = status([
    mount('/mobile.aac', 'Rosalía - Malamente', 5),
    mount('/radio.mp3', 'Sigur Rós - Hoppípolla', 37),
    mount('/jingles.mp3', 'Riverside ID', 0),
  ]);

  it('picks the configured mount from an array by its listenurl path, with or without a leading slash', () => {
    for (const m of ['/radio.mp3', 'radio.mp3']) {
      const snap = parseIcecastStatus(several, { nowMs: NOW, mount: m });
      expect(snap.track).toMatchObject({ artist: 'Sigur Rós', title: 'Hoppípolla' });
      expect(snap.streamUrl).toMatch(/\/radio\.mp3$/);
    }
  });

  it('matches a mount whose name needs URL encoding', () => {
    const snap = parseIcecastStatus(status([mount('/a', 'A - 1', 1), mount('/late night.ogg', 'Brian Eno - An Ending', 2)]), {
      nowMs: NOW,
      mount: '/late night.ogg',
    });
    expect(snap.track?.artist).toBe('Brian Eno');
  });

  it('matches a mount configured with a reverse-proxy prefix', () => {
    const snap = parseIcecastStatus(several, { nowMs: NOW, mount: '/listen/riverside/radio.mp3' });
    expect(snap.track?.title).toBe('Hoppípolla');
  });

  it('uses the first source when no mount is configured', () => {
    expect(parseIcecastStatus(several, { nowMs: NOW }).track?.title).toBe('Malamente');
  });

  it('sums listeners over all mounts by default, or counts one mount on request', () => {
    expect(parseIcecastStatus(several, { nowMs: NOW, mount: '/radio.mp3' }).listeners.current).toBe(42);
    expect(parseIcecastStatus(several, { nowMs: NOW, mount: '/radio.mp3', listeners: 'mount' }).listeners.current).toBe(37);
  });

  it('is offline when there is no source, or when the configured mount is not streaming', () => {
    const none = parseIcecastStatus(status(), { nowMs: NOW });
    expect(none).toMatchObject({ online: false, track: null, streamUrl: null, listeners: { current: 0 } });
    const missing = parseIcecastStatus(several, { nowMs: NOW, mount: '/live.ogg' });
    expect(missing.online).toBe(false);
    expect(missing.track).toBeNull();
    expect(missing.listeners.current).toBe(42);
  });

  it('splits "Artist - Title" on the first " - " only', () => {
    const snap = parseIcecastStatus(status(mount('/r', 'Brian Eno - An Ending (Ascent) - 2019 Remaster', 1)), { nowMs: NOW });
    expect(snap.track).toMatchObject({ artist: 'Brian Eno', title: 'An Ending (Ascent) - 2019 Remaster' });
    const hyphen = parseIcecastStatus(status(mount('/r', 'Jay-Z - 99 Problems', 1)), { nowMs: NOW });
    expect(hyphen.track).toMatchObject({ artist: 'Jay-Z', title: '99 Problems' });
  });

  it('leaves the artist blank for a title without a separator, so the display fallback applies', () => {
    const noTitle = parseIcecastStatus(status(mount('/r', 'Riverside Community Radio - ', 1)), { nowMs: NOW });
    expect(noTitle.track).toMatchObject({ artist: 'Riverside Community Radio', title: '' });
    expect(applyFallbacks(noTitle).track?.title).toBe('Unknown Track');
    const dashOnly = parseIcecastStatus(status(mount('/r', ' - ', 1)), { nowMs: NOW });
    expect(dashOnly.track).toMatchObject({ artist: '', title: '' });
    const talk = parseIcecastStatus(status(mount('/r', 'Shout-outs & what’s on', 1)), { nowMs: NOW });
    expect(talk.track).toMatchObject({ artist: '', title: 'Shout-outs & what’s on' });
    expect(applyFallbacks(talk).track).toMatchObject({ artist: 'Unknown Artist', album: 'Unknown Album', durationSeconds: 180 });
  });

  it('prefers a separate artist field when the source sends one (Ogg streams)', () => {
    const snap = parseIcecastStatus(status(mount('/r.ogg', 'Jóga', 1, { artist: 'Björk' })), { nowMs: NOW });
    expect(snap.track).toMatchObject({ artist: 'Björk', title: 'Jóga' });
  });

  it('keeps a title that Icecast wrote as a JSON number', () => {
    const snap = parseIcecastStatus(status({ ...mount('/r', undefined, 1), title: 1999 }), { nowMs: NOW });
    expect(snap.track?.title).toBe('1999');
  });

  it('shows Unknown Track for a mount without a title', () => {
    const snap = parseIcecastStatus(status(mount('/r', undefined, 1)), { nowMs: NOW });
    expect(snap.online).toBe(true);
    expect(applyFallbacks(snap).track?.title).toBe('Unknown Track');
  });

  it('keeps non-ASCII titles intact and repairs mojibake ones', () => {
    const titles = ['Röyksopp - Eple', 'Sigur Rós - Hoppípolla', '坂本龍一 - Merry Christmas Mr. Lawrence'];
    for (const t of titles) {
      const [artist, title] = t.split(' - ');
      for (const sent of [t, asLatin1(t), asWindows1252(t)]) {
        const snap = parseIcecastStatus(status(mount('/r', sent, 1)), { nowMs: NOW });
        expect(snap.track).toMatchObject({ artist, title });
      }
    }
    const named = parseIcecastStatus(status(mount('/r', 'x', 1, { server_name: asLatin1('Radio Zürich') })), { nowMs: NOW });
    expect(named.stationName).toBe('Radio Zürich');
  });

  it('ignores sources that are not objects', () => {
    const snap = parseIcecastStatus(status(['junk', null, mount('/radio.mp3', 'A - B', 3)]), { nowMs: NOW });
    expect(snap.track).toMatchObject({ artist: 'A', title: 'B' });
    expect(snap.listeners.current).toBe(3);
  });

  it('rejects a document without icestats', () => {
    expect(() => parseIcecastStatus({ hello: 1 }, { nowMs: NOW })).toThrowError(SourceError);
    expect(() => parseIcecastStatus(null, { nowMs: NOW })).toThrowError(/icestats/);
  });
});

describe('parseIcecastJsonText (Icecast 2.4 invalid JSON)', () => {
  it('reads `"title": -` (no metadata) as a missing title', () => {
    const body = JSON.stringify(status(mount('/mpd', 'PLACEHOLDER', 0))).replace('"PLACEHOLDER"', '-');
    expect(() => JSON.parse(body)).toThrow();
    const snap = parseIcecastStatus(parseIcecastJsonText(body), { nowMs: NOW });
    expect(snap.online).toBe(true);
    expect(snap.track).toMatchObject({ title: '', artist: '' });
  });

  it('reads the pretty-printed variant with spaces around the dash', () => {
    const body = `{"icestats":{"server_id":"Icecast 2.4.4","source":{"listeners":0,
"listenurl":"http://myradio.cz:8000/test",
"server_name":"Radio Test",
"title": - ,
"dummy":null
}}}`;
    const snap = parseIcecastStatus(parseIcecastJsonText(body), { nowMs: NOW, mount: '/test' });
    expect(snap).toMatchObject({ online: true, stationName: 'Radio Test', track: { title: '' } });
  });

  it('keeps the text of other bare values that are not JSON numbers', () => {
    const body = '{"icestats":{"source":{"listenurl":"http://h/r","title": 05,"genre": .5,"listeners": 4,"dummy":null}}}';
    const json = parseIcecastJsonText(body);
    expect(parseIcecastStatus(json, { nowMs: NOW }).track?.title).toBe('05');
    expect(parseIcecastStatus(json, { nowMs: NOW }).listeners.current).toBe(4);
  });

  it('repairs the start-up document that lacks a brace after "icestats"', () => {
    const body =
      '{"icestats":"server_start":"Sat, 03 Oct 2020 15:45:30 +0200","server_start_iso8601":"2020-10-03T15:45:30+0200","dummy":null}}';
    expect(parseIcecastStatus(parseIcecastJsonText(body), { nowMs: NOW }).online).toBe(false);
  });

  it('escapes raw control characters and stray quotes in titles', () => {
    const body = '{"icestats":{"source":{"listenurl":"http://h/r","title":"Artist - Say "Hello"\tNow","listeners":1,"dummy":null}}}';
    const snap = parseIcecastStatus(parseIcecastJsonText(body), { nowMs: NOW });
    expect(snap.track).toMatchObject({ artist: 'Artist', title: 'Say "Hello"\tNow' });
  });

  it('gives a parse error for something that is not JSON at all', () => {
    const err = (() => {
      try {
        parseIcecastJsonText('<html><h1>404 - Could not parse XSLT file</h1></html>');
      } catch (error) {
        return error;
      }
      return null;
    })();
    expect(err).toBeInstanceOf(SourceError);
    expect(err).toMatchObject({ kind: 'parse' });
  });

  it('repair never changes the meaning of valid JSON, compact or pretty-printed', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.constantFrom(undefined, 2), (value, indent) => {
        const text = JSON.stringify(value, null, indent);
        expect(JSON.parse(repairIcecastJson(text))).toEqual(JSON.parse(text));
      }),
      { numRuns: 300 },
    );
  });
});

describe('repairMojibake', () => {
  const names = fixtureNames();

  it('leaves every real name in the fixtures unchanged', () => {
    expect(names).toEqual(expect.arrayContaining(['Björk', 'Sigur Rós', '坂本龍一', 'Motörhead', 'Ngozi Adébáyọ̀']));
    for (const name of names) expect(repairMojibake(name)).toBe(name);
  });

  it('restores every fixture name after a Latin-1 or Windows-1252 misreading', () => {
    for (const name of names) {
      expect(repairMojibake(asLatin1(name))).toBe(name);
      expect(repairMojibake(asWindows1252(name))).toBe(name);
    }
    expect(repairMojibake('RÃ¶yksopp')).toBe('Röyksopp');
  });

  it('undoes double encoding', () => {
    expect(repairMojibake(asLatin1(asLatin1('Sigur Rós')))).toBe('Sigur Rós');
  });

  it('round-trips any text that is not itself valid mojibake', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), (s) => {
        fc.pre(repairMojibake(s) === s);
        expect(repairMojibake(asLatin1(s))).toBe(s);
      }),
    );
  });

  it('never touches text containing characters outside Latin-1 and Windows-1252', () => {
    fc.assert(
      fc.property(fc.string(), fc.constantFrom('坂', 'ё', '🎵', 'ọ'), (s, wide) => {
        const text = `${s}${wide}Ã¶`;
        expect(repairMojibake(text)).toBe(text);
      }),
    );
  });
});

// ---------------------------------------------------------------------------

function fakeFetch(respond: () => Promise<Response> | Response) {
  const urls: string[] = [];
  const fetch: FetchLike = async (input) => {
    urls.push(input);
    return respond();
  };
  return { fetch, urls };
}

async function readError(promise: Promise<unknown>): Promise<SourceError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof SourceError) return error;
    throw error;
  }
  throw new Error('expected the read to fail');
}

describe('createIcecastSource', () => {
  const signal = () => new AbortController().signal;

  it('GETs status-json.xsl and parses it for the configured mount', async () => {
    const { fetch, urls } = fakeFetch(() => new Response(JSON.stringify(status([mount('/a', 'A - 1', 1), mount('/b', 'B - 2', 2)]))));
    const source = createIcecastSource({ baseUrl: 'http://h:8000/', mount: '/b', timeoutMs: 1000, fetch, now: () => NOW });
    expect(source.kind).toBe('icecast');
    const snap = await source.read(signal());
    expect(urls).toEqual(['http://h:8000/status-json.xsl']);
    expect(snap).toMatchObject({ fetchedAt: NOW, track: { artist: 'B', title: '2' }, listeners: { current: 3 } });
  });

  it('accepts the full status-json.xsl URL as the base', async () => {
    const { fetch, urls } = fakeFetch(() => new Response(JSON.stringify(status())));
    await createIcecastSource({ baseUrl: 'https://h/icecast/status-json.xsl', timeoutMs: 1000, fetch }).read(signal());
    expect(urls).toEqual(['https://h/icecast/status-json.xsl']);
  });

  it('decodes a Latin-1 body (invalid UTF-8) without losing accents', async () => {
    const text = JSON.stringify(status(mount('/r', 'Björk - Jóga', 1)));
    const { fetch } = fakeFetch(() => new Response(Buffer.from(text, 'latin1')));
    const snap = await createIcecastSource({ baseUrl: 'http://h', timeoutMs: 1000, fetch }).read(signal());
    expect(snap.track).toMatchObject({ artist: 'Björk', title: 'Jóga' });
  });

  it('reads the invalid JSON of an Icecast with no title', async () => {
    const body = JSON.stringify(status(mount('/r', 'X', 1))).replace('"title":"X"', '"title": -');
    const { fetch } = fakeFetch(() => new Response(body));
    const snap = await createIcecastSource({ baseUrl: 'http://h', timeoutMs: 1000, fetch }).read(signal());
    expect(snap.online).toBe(true);
    expect(applyFallbacks(snap).track?.title).toBe('Unknown Track');
  });

  it('explains a missing status-json.xsl and retries server errors', async () => {
    const missing = fakeFetch(() => new Response('404 - Could not parse XSLT file', { status: 404 }));
    const e404 = await readError(createIcecastSource({ baseUrl: 'http://h', timeoutMs: 1000, fetch: missing.fetch }).read(signal()));
    expect(e404).toMatchObject({ kind: 'http', status: 404, retryable: false });
    expect(e404.message).toContain('status-json.xsl');
    const down = fakeFetch(() => new Response('', { status: 503 }));
    const e503 = await readError(createIcecastSource({ baseUrl: 'http://h', timeoutMs: 1000, fetch: down.fetch }).read(signal()));
    expect(e503).toMatchObject({ kind: 'http', status: 503, retryable: true });
  });

  it('times out and reports unreachable servers', async () => {
    const hang = fakeFetch(() => new Promise<Response>(() => {}));
    const slow = await readError(createIcecastSource({ baseUrl: 'http://h', timeoutMs: 20, fetch: hang.fetch }).read(signal()));
    expect(slow.kind).toBe('timeout');
    const refused = fakeFetch(() => Promise.reject(new TypeError('fetch failed', { cause: new Error('connect ECONNREFUSED') })));
    const down = await readError(createIcecastSource({ baseUrl: 'http://h', timeoutMs: 1000, fetch: refused.fetch }).read(signal()));
    expect(down).toMatchObject({ kind: 'network', retryable: true });
    expect(down.message).toContain('ECONNREFUSED');
  });
});

describe('decodeCharRefs (what a real Icecast 2.4 writes for CJK titles)', () => {
  it('decodes decimal and hex references and leaves other text and invalid references alone', () => {
    expect(decodeCharRefs('&#22338;&#26412;&#40845;&#19968; - Merry Christmas')).toBe('坂本龍一 - Merry Christmas');
    expect(decodeCharRefs('&#x5742;&#x672C;')).toBe('坂本');
    expect(decodeCharRefs('Tom & Jerry &amp; &#0; &#xD800; &#99999999;')).toBe('Tom & Jerry &amp; &#0; &#xD800; &#99999999;');
  });

  it('is applied to titles read from status-json', () => {
    const snap = parseIcecastStatus({ icestats: { source: { listenurl: 'http://h/live', title: '&#22338;&#26412;&#40845;&#19968; - Merry Christmas Mr. Lawrence', listeners: 1 } } }, { nowMs: 0 });
    expect(snap.track).toMatchObject({ artist: '坂本龍一', title: 'Merry Christmas Mr. Lawrence' });
  });
});
