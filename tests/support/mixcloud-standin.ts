import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';

/**
 * A local stand-in for Mixcloud's upload API (https://www.mixcloud.com/developers/#uploading):
 * `POST /upload/?access_token=…` with a multipart/form-data body: `mp3` (the audio file, required),
 * `name` (required), `picture` (an image file), `description`, `tags-N-tag` (at most five),
 * `sections-N-artist` / `sections-N-song` / `sections-N-start_time` (the tracklist, start times in whole
 * seconds, each after the one before). It parses the body as a multipart parser does (the platform's
 * FormData, not the client's code) and answers as Mixcloud does:
 * - success: 200 `{ result: { success: true, key: "/<user>/<slug>/", message } }`;
 * - a missing or wrong token: 401 `{ error: { type: "OAuthException", message } }`;
 * - a malformed upload: 400 `{ error: { type: "UploadError", message } }`;
 * - `rateLimit(n, retryAfter)`: the next n uploads get 403 `{ error: { type: "RateLimitException",
 *   message, retry_after } }`.
 */
export interface MixcloudUploadSeen {
  name: string;
  description: string | null;
  tags: string[];
  sections: { artist: string; song: string; start_time: number }[];
  mp3: { bytes: number; type: string; filename: string };
  picture: { bytes: number; type: string } | null;
  /** Every field name in the body (to check nothing unexpected was sent). */
  fields: string[];
}

export interface MixcloudStandIn {
  url: string;
  token: string;
  /** Uploads accepted, in order. */
  uploads: MixcloudUploadSeen[];
  /** Every upload request (accepted, refused or rate limited). */
  requests(): number;
  /** The next `n` uploads are answered with Mixcloud's rate-limit error. */
  rateLimit(n: number, retryAfterSeconds: number): void;
  close(): Promise<void>;
}

const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

export async function startMixcloudStandIn(token = 'mc-test-token-0123456789'): Promise<MixcloudStandIn> {
  const uploads: MixcloudUploadSeen[] = [];
  let requests = 0;
  let limited = 0;
  let retryAfter = 60;
  const answer = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const server = http.createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://x');
      if (req.method !== 'POST' || url.pathname !== '/upload/') return answer(res, 404, { error: { type: 'NotFound', message: 'Not found.' } });
      requests++;
      if (url.searchParams.get('access_token') !== token) {
        req.resume();
        return answer(res, 401, { error: { type: 'OAuthException', message: 'Invalid access token.' } });
      }
      if (limited > 0) {
        limited--;
        req.resume();
        return answer(res, 403, { error: { type: 'RateLimitException', message: `You have made too many requests. Please try again in ${retryAfter} seconds.`, retry_after: retryAfter } });
      }
      const type = req.headers['content-type'] ?? '';
      if (!/^multipart\/form-data;\s*boundary=/i.test(type)) {
        req.resume();
        return answer(res, 400, { error: { type: 'UploadError', message: 'Uploads must be multipart/form-data.' } });
      }
      const form = await new Request('http://x/upload/', { method: 'POST', headers: { 'content-type': type }, body: Readable.toWeb(req) as ReadableStream, duplex: 'half' } as RequestInit).formData();
      const text = (k: string) => {
        const v = form.get(k);
        return typeof v === 'string' ? v : null;
      };
      const mp3 = form.get('mp3');
      const name = text('name');
      if (!(mp3 instanceof File) || mp3.size === 0) return answer(res, 400, { error: { type: 'UploadError', message: 'The mp3 file is missing.' } });
      if (!name) return answer(res, 400, { error: { type: 'UploadError', message: 'The name is missing.' } });
      const fields = [...new Set([...form.keys()])];
      const tags = fields.filter((k) => /^tags-\d+-tag$/.test(k)).sort((a, b) => Number(a.split('-')[1]) - Number(b.split('-')[1])).map((k) => text(k) ?? '');
      if (tags.length > 5) return answer(res, 400, { error: { type: 'UploadError', message: 'At most five tags.' } });
      const sections: MixcloudUploadSeen['sections'] = [];
      for (let i = 0; form.has(`sections-${i}-start_time`) || form.has(`sections-${i}-artist`); i++) {
        const start = Number(text(`sections-${i}-start_time`));
        const artist = text(`sections-${i}-artist`);
        const song = text(`sections-${i}-song`);
        if (!Number.isInteger(start) || start < 0 || !artist || !song) return answer(res, 400, { error: { type: 'UploadError', message: `Section ${i} needs an artist, a song and a whole start time.` } });
        if (sections.length > 0 && start <= sections[sections.length - 1]!.start_time) return answer(res, 400, { error: { type: 'UploadError', message: `Section ${i} must start after the one before.` } });
        sections.push({ artist, song, start_time: start });
      }
      const picture = form.get('picture');
      if (picture !== null && (!(picture instanceof File) || !/^image\//.test(picture.type))) return answer(res, 400, { error: { type: 'UploadError', message: 'The picture must be an image.' } });
      uploads.push({ name, description: text('description'), tags, sections, mp3: { bytes: mp3.size, type: mp3.type, filename: mp3.name }, picture: picture instanceof File ? { bytes: picture.size, type: picture.type } : null, fields });
      answer(res, 200, { result: { success: true, key: `/airdeck-station/${slug(name)}/`, message: `Uploaded ${name}` } });
    })().catch((err: unknown) => answer(res, 500, { error: { type: 'ServerError', message: String(err) } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    token,
    uploads,
    requests: () => requests,
    rateLimit(n, s) {
      limited = n;
      retryAfter = s;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
