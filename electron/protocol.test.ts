import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { appResponse, isAppUrl, resolveAppPath } from './protocol';

const build = path.resolve('/opt/airdeck/web/dist-studio');
const files = new Set([path.join(build, 'index.html'), path.join(build, 'assets', 'app-1.js')]);
const exists = (f: string) => files.has(f);

describe('the app:// protocol handler', () => {
  it('serves files of the build', () => {
    expect(resolveAppPath('app://airdeck/assets/app-1.js', build, exists)).toBe(path.join(build, 'assets', 'app-1.js'));
  });
  it('falls back to index.html for deep links', () => {
    expect(resolveAppPath('app://airdeck/admin/on-air', build, exists)).toBe(path.join(build, 'index.html'));
  });
  it('refuses path traversal, encoded or not, and foreign hosts', () => {
    for (const url of ['app://airdeck/../../etc/passwd', 'app://airdeck/%2e%2e/%2e%2e/etc/passwd', 'app://airdeck/assets/..%2F..%2F..%2Fetc%2Fpasswd.txt', 'app://evil/index.html', 'file:///etc/passwd', 'app://airdeck/a%00b.js', 'app://airdeck/..%5c..%5cwin.ini']) {
      const r = resolveAppPath(url, build, exists);
      expect(r === null || r === path.join(build, 'index.html'), url).toBe(true);
    }
  });
  it('answers missing files with an extension as not found', () => {
    expect(resolveAppPath('app://airdeck/assets/missing.js', build, exists)).toBeNull();
  });
});

describe('the app:// responses', () => {
  const csp = "default-src 'self'";
  it('sends pages with the CSP and refuses traversal with 404', () => {
    const page = appResponse('app://airdeck/admin/shows', build, exists, csp);
    expect(page).toMatchObject({ status: 200, file: path.join(build, 'index.html') });
    expect(page.headers['Content-Security-Policy']).toBe(csp);
    expect(page.headers['X-Content-Type-Options']).toBe('nosniff');
    const script = appResponse('app://airdeck/assets/app-1.js', build, exists, csp);
    expect(script.headers['Content-Type']).toBe('text/javascript; charset=utf-8');
    for (const url of ['app://airdeck/..%2f..%2fetc%2fpasswd.txt', 'app://airdeck/assets/%2e%2e/%2e%2e/%2e%2e/etc/shadow.js', 'app://other/index.html', 'app://airdeck/a%00.js']) {
      const r = appResponse(url, build, exists, csp);
      expect(r.status, url).toBe(404);
    }
  });
  it('never resolves a traversal to a file outside the build, even when that file exists', () => {
    const outside = new Set([...files, path.resolve(build, '..', 'secret.json'), '/etc/passwd']);
    for (const url of ['app://airdeck/../secret.json', 'app://airdeck/%2e%2e/secret.json', 'app://airdeck/assets/..%2f..%2fsecret.json', 'app://airdeck/%2e%2e%2f%2e%2e%2f%2e%2e%2f%2e%2e%2fetc%2fpasswd']) {
      const r = resolveAppPath(url, build, (f) => outside.has(f));
      expect(r === null || r.startsWith(build + path.sep), `${url} → ${r}`).toBe(true);
    }
  });
  it('knows the app origin by scheme and host (Node gives custom schemes a null origin)', () => {
    expect(isAppUrl('app://airdeck/admin')).toBe(true);
    expect(isAppUrl('app://evil/admin')).toBe(false);
    expect(isAppUrl('app://user@airdeck/')).toBe(false);
    expect(isAppUrl('https://airdeck/')).toBe(false);
    expect(isAppUrl('not a url')).toBe(false);
  });
});
