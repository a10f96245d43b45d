import { describe, expect, it } from 'vitest';
import { isCacheableApi, isListenerPage, isNeverCached } from './rules';
import { precacheFiles } from '../../pwa-plugin';

/** The service worker's rules (issue 36 item 1): what it may keep for offline, and what it must never touch. */
const get = (headers: Record<string, string> = {}, destination = '') => ({ destination, headers: new Headers(headers) });

describe('what the service worker keeps', () => {
  it('never the stream, episode audio, media, playlists or ranged and audio requests', () => {
    for (const p of ['/api/stream', '/api/stream/backup', '/api/episodes/abc/audio.mp3', '/media/episode-audio/x.mp3', '/media/uploads/a.png', '/listen.m3u', '/listen.pls', '/radio/live.aac'])
      expect(isNeverCached(p, get()), p).toBe(true);
    expect(isNeverCached('/api/schedule/week', get({ Range: 'bytes=0-' }))).toBe(true);
    expect(isNeverCached('/anything', get({}, 'audio'))).toBe(true);
    expect(isNeverCached('/api/schedule/week', get())).toBe(false);
  });

  it('the public data of the listener pages, nothing personal or staff-only', () => {
    for (const p of ['/api/station', '/api/now-playing', '/api/radio/history', '/api/schedule/week', '/api/schedule/today', '/api/presenters', '/api/presenters/p1', '/api/presenters/p1/shows', '/api/radio/dj-stats/p1'])
      expect(isCacheableApi(p), p).toBe(true);
    for (const p of ['/api/schedule/me', '/api/schedule/bookings', '/api/me', '/api/my-data', '/api/follows/counts', '/api/push/key', '/api/stream', '/api/djs', '/api/auth/refresh'])
      expect(isCacheableApi(p), p).toBe(false);
  });

  it('listener pages, not the panel, sign-in, a listener’s own data or files', () => {
    for (const p of ['/', '/shows', '/djs', '/djs/abc', '/mobile-app', '/page/about', '/terms-of-service']) expect(isListenerPage(p), p).toBe(true);
    for (const p of ['/admin', '/admin/shows', '/auth', '/auth/reset', '/profile', '/your-data', '/api/station', '/embed/player', '/robots.txt', '/listen.m3u', '/media/x.png'])
      expect(isListenerPage(p), p).toBe(false);
  });

  it('precaches what the entry reaches, not the panel’s own chunks', () => {
    const files = precacheFiles({
      'index.html': { file: 'assets/index-a.js', isEntry: true, imports: ['_react'], dynamicImports: ['src/listener/pages.tsx', 'src/admin/AdminApp.tsx'], css: ['assets/index-a.css'] },
      _react: { file: 'assets/react-b.js' },
      'src/listener/pages.tsx': { file: 'assets/pages-c.js', src: 'src/listener/pages.tsx', imports: ['_react'] },
      'src/admin/AdminApp.tsx': { file: 'assets/AdminApp-d.js', src: 'src/admin/AdminApp.tsx', dynamicImports: ['src/admin/Big.tsx'] },
      'src/admin/Big.tsx': { file: 'assets/Big-e.js', src: 'src/admin/Big.tsx' },
    });
    expect(files.sort()).toEqual(['assets/index-a.css', 'assets/index-a.js', 'assets/pages-c.js', 'assets/react-b.js']);
  });
});
