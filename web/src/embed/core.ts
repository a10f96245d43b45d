import { isEmbedWidget, parseEmbedOptions, type EmbedOptions, type EmbedResizeMessage, type EmbedWidget } from '../../../shared/embed-options';
import { asChannelEvent, type ChannelEvent, type PublicChannel, type ServerFrame } from '../../../shared/realtime';
import { contrastRatio, THEMES } from '../../../shared/themes';
import { listenerSessionId, requestSessionId } from '../platform/session';
import { lang, t } from './i18n';
import './embed.css';

export { t } from './i18n';

/**
 * What every station widget (`/embed/<widget>`) shares: its options from the
 * URL, the theme's colours, a tiny DOM helper, JSON reads of the public API,
 * one realtime connection that reconnects by itself, and the auto-height
 * messages to the embedding page. Plain DOM code (no React, no MUI, nothing
 * of the staff panel): each widget's whole JavaScript stays far under
 * 40 KB gzip (`npm run bench -- embeds`). Widgets never read or send a staff
 * token and never set a cookie.
 */

/** Reads the widget's options from its address and applies its colours. */
export function boot(widget: EmbedWidget): EmbedOptions {
  const fromPath = location.pathname.split('/')[2];
  const opts = parseEmbedOptions(isEmbedWidget(fromPath) ? fromPath : widget, new URLSearchParams(location.search));
  applyColours(opts);
  document.documentElement.dataset.layout = opts.layout;
  reportHeight(opts);
  return opts;
}

const LIGHT = { bg: '#ffffff', paper: '#f2f1f6', text: '#17151d', muted: '#54506a' };
const DARK = { bg: '#121017', paper: '#1f1b27', text: '#f5f3f9', muted: '#bbb6cb' };

/** The theme's page colours (or plain light/dark ones when the mode differs from the theme's), with a readable accent. */
export function widgetColours(opts: Pick<EmbedOptions, 'theme' | 'mode' | 'accent'>): Record<string, string> {
  const t = THEMES[opts.theme];
  const own = opts.mode === t.mode;
  const base = own ? { bg: t.background, paper: t.backgroundSecondary, text: t.text, muted: t.textMuted } : opts.mode === 'light' ? LIGHT : DARK;
  const accent = opts.accent ?? t.accent;
  const onAccent = opts.accent || !own ? (contrastRatio(accent, '#000000') >= contrastRatio(accent, '#ffffff') ? '#000000' : '#ffffff') : t.onAccent;
  const wanted = opts.accent ?? (own ? t.accentText : t.accent);
  const accentText = contrastRatio(wanted, base.bg) >= 4.5 && contrastRatio(wanted, base.paper) >= 4.5 ? wanted : base.text;
  return { 'color-scheme': opts.mode, '--w-bg': base.bg, '--w-paper': base.paper, '--w-text': base.text, '--w-muted': base.muted, '--w-accent': accent, '--w-on-accent': onAccent, '--w-accent-text': accentText };
}

function applyColours(opts: EmbedOptions): void {
  const style = document.documentElement.style;
  for (const [k, v] of Object.entries(widgetColours(opts))) style.setProperty(k, v);
}

/** Children a node may take. */
type Child = Node | string | number | null | undefined | false;

/** Creates an element: `h('p', { class: 'x' }, 'text', otherNode)`. Attributes set to null/false are left out; `on*` functions are listeners. */
export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, unknown> | null = null, ...children: Child[]): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs ?? {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith('on') && typeof v === 'function') node.addEventListener(k.slice(2), v as EventListener);
    else node.setAttribute(k, v === true ? '' : String(v));
  }
  append(node, children);
  return node;
}

function append(node: Node, children: Child[]): void {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    node.appendChild(typeof c === 'string' || typeof c === 'number' ? document.createTextNode(String(c)) : c);
  }
}

/** Replaces a node's children. */
export function fill(node: Element, ...children: Child[]): void {
  node.replaceChildren();
  append(node, children);
}

/** The widget's root element. */
export function root(): HTMLElement {
  return document.getElementById('w') ?? document.body;
}

/** A JSON read of this station's public API (same origin, no credentials). */
export async function getJson<T>(path: string): Promise<T> {
  const res = await fetch(path, { credentials: 'omit', headers: { Accept: 'application/json', 'Accept-Language': lang() } });
  if (!res.ok) throw new Error(`${res.status} ${path}`);
  return (await res.json()) as T;
}

/** A JSON write to a public route: the error's message (the server's words) is thrown as is. */
export async function sendJson<T>(path: string, body: unknown, headers: Record<string, string> = {}): Promise<T> {
  const res = await fetch(path, { method: 'POST', credentials: 'omit', headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'Accept-Language': lang(), ...headers }, body: JSON.stringify(body) });
  const json = (await res.json().catch(() => null)) as { error?: { message?: string }; message?: string } | null;
  if (!res.ok) throw new ApiFailure(res.status, json?.error?.message ?? json?.message ?? '');
  return json as T;
}

/** A refused write, with the server's message. */
export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Backoff between reconnects: full jitter over an exponential ceiling (0.5 s doubling to 30 s), like the site's client. */
export function backoff(attempt: number, random: () => number = Math.random): number {
  return Math.round(250 + random() * Math.min(30_000, 500 * 2 ** Math.min(attempt, 16)));
}

/** A realtime event of one of the followed channels, typed by its channel and name (shared/realtime.ts `ChannelEvents`). */
export type LiveEvent<C extends PublicChannel> = ChannelEvent<C> & { snapshot: boolean };

/**
 * Follows public channels over `/api/realtime` (never with a token). On every
 * (re)connect it subscribes again and calls `onOpen`, so the widget refetches
 * what it may have missed; `bus.resync` and `*.too-big` events mean the same.
 */
export function follow<C extends PublicChannel>(channels: readonly C[], onEvent: (e: LiveEvent<C>) => void, onOpen: (reconnected: boolean) => void): void {
  let attempt = 0;
  let opened = false;
  // Polling fallback, as the site's client (web/src/realtime/client.ts): after three connections in a row that
  // failed or closed before the welcome, refetch at once and every 10 s until one gets through.
  let failures = 0;
  let poll: ReturnType<typeof setInterval> | null = null;
  const connect = () => {
    const ws = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/realtime`);
    ws.onopen = () => {
      document.documentElement.dataset.live = 'open';
      for (const channel of channels) ws.send(JSON.stringify({ type: 'subscribe', channel }));
      onOpen(opened);
      opened = true;
    };
    ws.onmessage = (m) => {
      let f: ServerFrame;
      try {
        f = JSON.parse(String(m.data)) as ServerFrame;
      } catch {
        return;
      }
      if (f.type === 'welcome') {
        attempt = 0;
        failures = 0;
        if (poll) clearInterval(poll);
        poll = null;
      }
      if (f.type !== 'event' || !(channels as readonly string[]).includes(f.channel)) return;
      const e = asChannelEvent(f as typeof f & { channel: C });
      if (e.name === 'bus.resync' || e.name.endsWith('.too-big')) return onOpen(true);
      onEvent({ ...(e as ChannelEvent<C>), snapshot: !!e.snapshot });
    };
    ws.onclose = () => {
      document.documentElement.dataset.live = 'reconnecting';
      failures += 1;
      if (failures >= 3 && !poll) {
        poll = setInterval(() => onOpen(true), 10_000);
        onOpen(true);
      }
      setTimeout(connect, backoff(attempt++));
    };
  };
  connect();
}

/**
 * Auto-height: tells the embedding page (the origin the loader named, and
 * only when the browser confirms that origin is really the parent) how tall
 * the widget is, whenever that changes.
 */
function reportHeight(opts: EmbedOptions): void {
  if (!opts.parent || window.parent === window) return;
  const ancestors = (location as Location & { ancestorOrigins?: DOMStringList }).ancestorOrigins;
  if (ancestors && ancestors.length > 0 && ancestors[0] !== opts.parent) return;
  const parent = opts.parent;
  let last = -1;
  const send = () => {
    const height = Math.ceil(document.body.getBoundingClientRect().height);
    if (height === last) return;
    last = height;
    const msg: EmbedResizeMessage = { type: 'airdeck:resize', widget: opts.widget, height, title: document.title };
    window.parent.postMessage(msg, parent);
  };
  new ResizeObserver(send).observe(document.body);
  send();
}

/** Minutes and seconds: 3:07, or 1:02:07 past an hour. */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const hh = Math.floor(s / 3600);
  const mm = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return hh ? `${hh}:${String(mm).padStart(2, '0')}:${ss}` : `${mm}:${ss}`;
}

/**
 * The browser's anonymous ids, made by the site's one generator (web/src/platform/session.ts): user_session
 * (`session_` + 16) for requests, user_session_id for votes. In another site's iframe the browser keeps them
 * apart from the station's own pages.
 */
export function sessionId(kind: 'request' | 'vote' = 'request'): string {
  return kind === 'request' ? requestSessionId() : listenerSessionId();
}

/** Shows a fatal error in place of the widget. */
export function failed(message = t('embed.unreachable')): HTMLElement {
  return h('p', { class: 'muted', role: 'status' }, message);
}
