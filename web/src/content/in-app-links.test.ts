// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { inAppTarget } from './in-app-links';

const ORIGIN = 'https://radio.example';
function click(html: string, over: Partial<MouseEvent> = {}) {
  const host = document.createElement('div');
  host.innerHTML = html;
  const target = host.querySelector('a')!.firstChild ?? host.querySelector('a')!;
  return inAppTarget({ button: 0, metaKey: false, ctrlKey: false, shiftKey: false, altKey: false, defaultPrevented: false, target: target.nodeType === 1 ? (target as Element) : (target.parentElement as Element), ...over } as MouseEvent, ORIGIN);
}

describe('links inside custom pages open in the app (issue #38 item 4)', () => {
  it('opens this site\'s pages in the app: "Apply to become a DJ" on /page/about', () => {
    expect(click('<a href="/become-a-dj">Apply to become a DJ</a>')).toBe('/become-a-dj');
    expect(click(`<a href="${ORIGIN}/shows?week=2#mon"><strong>Shows</strong></a>`)).toBe('/shows?week=2#mon');
    expect(click('<a href="djs">DJs</a>')).toBe('/djs');
  });
  it('leaves other sites, new tabs, downloads, modified clicks, the API, media and the panel to the browser', () => {
    expect(click('<a href="https://other.example/x">x</a>')).toBeNull();
    expect(click('<a href="/shows" target="_blank">x</a>')).toBeNull();
    expect(click('<a href="/media/a.mp3" download>x</a>')).toBeNull();
    expect(click('<a href="/api/schedule">x</a>')).toBeNull();
    expect(click('<a href="/admin">x</a>')).toBeNull();
    expect(click('<a href="/shows">x</a>', { ctrlKey: true })).toBeNull();
    expect(click('<a href="mailto:hi@radio.example">x</a>')).toBeNull();
  });
});
