// @vitest-environment jsdom
import { createElement } from 'react';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getDefaultStore } from 'jotai';
import { AdminErrorBoundary } from './AdminErrorBoundary';
import { i18nAtom, makeI18n } from '../i18n/state';
import { compileCatalogue } from '../../../shared/i18n/compile';
import en from '../../../shared/i18n/messages/en.json';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
// The page in English, with its catalogue (as the app starts).
getDefaultStore().set(i18nAtom, makeI18n('en', compileCatalogue(en)));

let broken = true;
function Screen() {
  if (broken) throw new Error('The show list could not be read.');
  return createElement('p', null, 'Screen content');
}

afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

describe('the staff panel error boundary (001 §2)', () => {
  it("shows 'Something went wrong' with the message, and Try Again renders the screen again", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const host = document.createElement('div');
    document.body.appendChild(host);
    const root = createRoot(host);
    await act(async () => root.render(createElement(AdminErrorBoundary, null, createElement(Screen))));
    expect(host.textContent).toContain('Something went wrong');
    expect(host.textContent).toContain('The show list could not be read.');
    const buttons = Array.from(host.querySelectorAll('button')).map((b) => b.textContent);
    expect(buttons).toEqual(['Try Again', 'Refresh Page']);
    broken = false;
    await act(async () => host.querySelector('button')!.click());
    expect(host.textContent).toContain('Screen content');
    expect(host.textContent).not.toContain('Something went wrong');
    await act(async () => root.unmount());
  });
});
