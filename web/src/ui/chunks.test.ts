// @vitest-environment jsdom
import { act, createElement, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkBoundary, lazyChunk } from './ChunkBoundary';
import { isChunkLoadError, retryImport } from './chunks';
import { getDefaultStore } from 'jotai';
import { i18nAtom, makeI18n } from '../i18n/state';
import { compileCatalogue } from '../../../shared/i18n/compile';
import en from '../../../shared/i18n/messages/en.json';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
// The page in English, with its catalogue (as the app starts).
getDefaultStore().set(i18nAtom, makeI18n('en', compileCatalogue(en)));

/** What Chromium throws when a chunk cannot be fetched. */
const chunkError = () => new TypeError('Failed to fetch dynamically imported module: http://127.0.0.1:1/assets/ThemeMenu-abc.js');

afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('lazy chunks that fail to load (issue #38 item 1)', () => {
  it('knows a failed chunk load from other errors', () => {
    expect(isChunkLoadError(chunkError())).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('x is not a function'))).toBe(false);
  });

  it('tries a failed import again with growing pauses before giving up', async () => {
    let calls = 0;
    const load = retryImport(async () => {
      calls += 1;
      if (calls < 3) throw chunkError();
      return 'module';
    }, [10, 20, 40]);
    await expect(load()).resolves.toBe('module');
    expect(calls).toBe(3);
    calls = -10;
    const never = retryImport(async () => {
      calls += 1;
      throw chunkError();
    }, [1, 1, 1]);
    await expect(never()).rejects.toThrow(/dynamically imported module/);
    // The first try and three more.
    expect(calls).toBe(-6);
  });

  it('does not retry an error that is not a failed load', async () => {
    let calls = 0;
    const load = retryImport(async () => {
      calls += 1;
      throw new Error('boom');
    }, [1, 1, 1]);
    await expect(load()).rejects.toThrow('boom');
    expect(calls).toBe(1);
  });

  it('shows a calm error with Retry in place of the part alone; Retry loads it, the rest of the page stays', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    let online = false;
    const Menu = lazyChunk(async () => {
      if (!online) throw chunkError();
      return { default: () => createElement('p', null, 'The menu') };
    });
    // (No pauses between attempts in this test.)
    const host = document.createElement('div');
    document.body.appendChild(host);
    const root = createRoot(host, { onCaughtError: () => undefined });
    const tree = createElement('div', null, createElement('span', null, 'The player'), createElement(ChunkBoundary, { what: 'menu', children: createElement(Suspense, { fallback: null }, createElement(Menu)) }));
    await act(async () => root.render(tree));
    await vi.waitFor(() => expect(host.textContent).toContain("We couldn't load the menu"), { timeout: 8000 });
    expect(host.textContent).toContain('The player');
    online = true;
    const retry = Array.from(host.querySelectorAll('button')).find((b) => b.textContent?.includes('Retry'))!;
    await act(async () => retry.click());
    await vi.waitFor(() => expect(host.textContent).toContain('The menu'));
    expect(host.textContent).not.toContain("couldn't load");
    expect(host.textContent).toContain('The player');
    await act(async () => root.unmount());
  }, 15_000);
});
