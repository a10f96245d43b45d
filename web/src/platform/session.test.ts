// @vitest-environment jsdom
import fs from 'node:fs';
import path from 'node:path';
import { act, createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// Spec 000 §3 (browser storage): `user_session_id` is the anonymous id used for voting; `user_session` is the
// id for requests, "session_" plus a random string, created when absent. The server accepts 8-128 of [A-Za-z0-9_-].
const SERVER_ACCEPTS = /^[A-Za-z0-9_-]{8,128}$/;

async function fresh() {
  vi.resetModules();
  return import('./session');
}

beforeEach(() => localStorage.clear());
afterEach(() => vi.restoreAllMocks());

describe('the listener session ids (web/src/platform/session.ts)', () => {
  it('makes the voting id once and keeps it in user_session_id', async () => {
    const s = await fresh();
    const id = s.listenerSessionId();
    expect(id).toMatch(SERVER_ACCEPTS);
    expect(localStorage.getItem('user_session_id')).toBe(id);
    expect(s.listenerSessionId()).toBe(id);
    // A new page load (fresh module) reads the stored id back.
    expect((await fresh()).listenerSessionId()).toBe(id);
  });

  it('keeps a valid id another version stored, and replaces one the server would refuse', async () => {
    localStorage.setItem('user_session_id', '3f2b1c4d-aaaa-bbbb-cccc-123456789abc');
    expect((await fresh()).listenerSessionId()).toBe('3f2b1c4d-aaaa-bbbb-cccc-123456789abc');
    localStorage.setItem('user_session_id', 'bad id!');
    const replaced = (await fresh()).listenerSessionId();
    expect(replaced).not.toBe('bad id!');
    expect(replaced).toMatch(SERVER_ACCEPTS);
  });

  it('creates the request id as session_ plus a random string only when a request is sent, and announces it once', async () => {
    const s = await fresh();
    const heard = vi.fn();
    s.onRequestSessionChange(heard);
    expect(s.currentRequestSessionId()).toBeNull();
    expect(localStorage.getItem('user_session')).toBeNull();
    const id = s.requestSessionId();
    expect(id).toMatch(/^session_[a-z0-9]{16}$/);
    expect(localStorage.getItem('user_session')).toBe(id);
    expect(heard).toHaveBeenCalledTimes(1);
    expect(s.requestSessionId()).toBe(id);
    expect(s.currentRequestSessionId()).toBe(id);
    expect(heard).toHaveBeenCalledTimes(1);
  });

  it('makes different ids each time (two browsers never share one)', async () => {
    const s = await fresh();
    const ids = new Set(Array.from({ length: 200 }, () => s.newSessionId('session_', 16)));
    expect(ids.size).toBe(200);
  });

  it('hears an id another tab created through the storage event', async () => {
    const s = await fresh();
    const heard = vi.fn();
    s.onRequestSessionChange(heard);
    localStorage.setItem('user_session', 'session_othertab12345');
    window.dispatchEvent(new StorageEvent('storage', { key: 'user_session', newValue: 'session_othertab12345' }));
    expect(heard).toHaveBeenCalledTimes(1);
    expect(s.currentRequestSessionId()).toBe('session_othertab12345');
    window.dispatchEvent(new StorageEvent('storage', { key: 'theme', newValue: 'dark' }));
    expect(heard).toHaveBeenCalledTimes(1);
  });

  it('keeps the ids for the page in memory when storage is blocked', async () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    const s = await fresh();
    const vote = s.listenerSessionId();
    expect(vote).toMatch(SERVER_ACCEPTS);
    expect(s.listenerSessionId()).toBe(vote);
    const request = s.requestSessionId();
    expect(s.requestSessionId()).toBe(request);
    expect(s.currentRequestSessionId()).toBe(request);
  });

  it('gives React the request id the moment the first request creates it, without a timer', async () => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    const s = await fresh();
    const { useRequestSessionId } = await import('./useRequestSessionId');
    const timers = vi.spyOn(globalThis, 'setInterval');
    const seen: (string | null)[] = [];
    function Probe() {
      seen.push(useRequestSessionId());
      return null;
    }
    const host = document.createElement('div');
    const root = createRoot(host);
    await act(async () => root.render(createElement(Probe)));
    expect(seen.at(-1)).toBeNull();
    let id = '';
    await act(async () => {
      id = s.requestSessionId();
    });
    expect(seen.at(-1)).toBe(id);
    await act(async () => root.unmount());
    expect(timers).not.toHaveBeenCalled();
  });

  it('is the only web code that touches those storage keys', () => {
    const root = path.resolve(__dirname, '..');
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !full.endsWith(path.join('platform', 'session.ts'))) {
          if (/['"`]user_session(_id)?['"`]/.test(fs.readFileSync(full, 'utf8'))) offenders.push(path.relative(root, full));
        }
      }
    };
    walk(root);
    expect(offenders).toEqual([]);
  });
});
