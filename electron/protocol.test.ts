import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveAppPath } from './protocol';

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
