import { isThemeKey, THEMES, type ThemeKey, type ThemeMode } from './themes.ts';

/**
 * Station widgets for other websites (`/embed/<widget>`): the widgets, their
 * URL options and the rules for reading and writing them, written once for
 * the widgets themselves, the `/embed.js` loader, the staff builder
 * (Settings → Widgets) and the server. Zod-free and DOM-free: the widgets'
 * bundles import it, and each must stay small.
 */

/** Every widget, in the builder's order. */
export const EMBED_WIDGETS = ['player', 'now-playing', 'schedule', 'recent', 'request'] as const;
export type EmbedWidget = (typeof EMBED_WIDGETS)[number];

/** The widget's name for people, in English (the builder's snippet; the loader's iframe title until the widget tells its own, in its language). */
export const EMBED_WIDGET_LABELS: Record<EmbedWidget, string> = {
  player: 'Player',
  'now-playing': 'Now playing',
  schedule: 'Schedule',
  recent: 'Recently played',
  request: 'Song request',
};

/** The parts a widget can show or hide (`show=` in the URL, comma-separated), each widget's default first. */
export const EMBED_PARTS = {
  player: ['track', 'presenter', 'volume', 'art'],
  'now-playing': ['art', 'presenter', 'elapsed', 'request'],
  schedule: ['presenter', 'live'],
  recent: ['art', 'time', 'votes'],
  request: ['search', 'custom', 'message'],
} as const satisfies Record<EmbedWidget, readonly string[]>;
export type EmbedPart<W extends EmbedWidget = EmbedWidget> = (typeof EMBED_PARTS)[W][number];

/** Parts shown when the URL does not say (voting and the request link are opt-in). */
export const EMBED_DEFAULT_PARTS: { [W in EmbedWidget]: readonly EmbedPart<W>[] } = {
  player: ['track', 'presenter', 'volume', 'art'],
  'now-playing': ['art', 'presenter', 'elapsed'],
  schedule: ['presenter', 'live'],
  recent: ['art', 'time'],
  request: ['search', 'custom', 'message'],
};

/** The recently played list's length: 1 to 15 (the site's full history length), 5 by default. */
export const EMBED_RECENT = { min: 1, max: 15, default: 5 } as const;

/** A widget's options, as read from its URL. */
export interface EmbedOptions {
  widget: EmbedWidget;
  /** One of the 15 themes (the site's default, neon, when absent or unknown). */
  theme: ThemeKey;
  /** Light or dark; the theme's own mode when absent. */
  mode: ThemeMode;
  /** An accent colour `#rrggbb` overriding the theme's, or null. */
  accent: string | null;
  /** Compact (one line where it can) or full. The player is compact by default, the rest full. */
  layout: 'compact' | 'full';
  /** What to show. */
  show: string[];
  /** Schedule: today only, or the whole week. */
  range: 'today' | 'week';
  /** Schedule: times in the visitor's time zone or the station's. */
  tz: 'visitor' | 'station';
  /** Recently played: how many songs. */
  count: number;
  /** Player: start playing at once (off by default; browsers may still block it). */
  autoplay: boolean;
  /** The origin of the page embedding the widget (set by the loader), for auto-height messages; null when unknown. */
  parent: string | null;
}

const HEX = /^#?([0-9a-fA-F]{6})$/;
const ORIGIN = /^https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?$/;

/** True for a widget name. */
export function isEmbedWidget(x: unknown): x is EmbedWidget {
  return typeof x === 'string' && (EMBED_WIDGETS as readonly string[]).includes(x);
}

/** `#rrggbb` (lower case) from `rrggbb` or `#rrggbb`, else null. */
export function normaliseAccent(value: string | null | undefined): string | null {
  const m = value ? HEX.exec(value.trim()) : null;
  return m ? `#${m[1]!.toLowerCase()}` : null;
}

/** A page origin (`https://host[:port]`), else null. */
export function normaliseOrigin(value: string | null | undefined): string | null {
  if (!value || !ORIGIN.test(value)) return null;
  return value.toLowerCase();
}

/** The options of a widget from its URL's query (unknown or malformed values fall back to the defaults). */
export function parseEmbedOptions(widget: EmbedWidget, query: URLSearchParams): EmbedOptions {
  const themeParam = query.get('theme');
  const theme: ThemeKey = isThemeKey(themeParam) ? themeParam : 'neon';
  const modeParam = query.get('mode');
  const mode: ThemeMode = modeParam === 'light' || modeParam === 'dark' ? modeParam : THEMES[theme].mode;
  const layoutParam = query.get('layout');
  const layout = layoutParam === 'compact' || layoutParam === 'full' ? layoutParam : widget === 'player' ? 'compact' : 'full';
  const allowed = EMBED_PARTS[widget] as readonly string[];
  const showParam = query.get('show');
  const show = showParam === null ? [...EMBED_DEFAULT_PARTS[widget]] : showParam.split(',').map((s) => s.trim()).filter((s, i, all) => allowed.includes(s) && all.indexOf(s) === i);
  const countParam = Number.parseInt(query.get('count') ?? '', 10);
  const count = Number.isFinite(countParam) ? Math.min(EMBED_RECENT.max, Math.max(EMBED_RECENT.min, countParam)) : EMBED_RECENT.default;
  return {
    widget,
    theme,
    mode,
    accent: normaliseAccent(query.get('accent')),
    layout,
    show,
    range: query.get('range') === 'week' ? 'week' : 'today',
    tz: query.get('tz') === 'station' ? 'station' : 'visitor',
    count,
    autoplay: query.get('autoplay') === '1' || query.get('autoplay') === 'true',
    parent: normaliseOrigin(query.get('parent')),
  };
}

/**
 * The query string of a widget's address: only what differs from the
 * defaults, in a fixed order, so snippets stay short and stable. `parent`
 * is never written (the loader adds it for the page it runs in).
 */
export function embedQuery(o: Omit<EmbedOptions, 'parent'>): string {
  const q = new URLSearchParams();
  const w = o.widget;
  if (o.theme !== 'neon') q.set('theme', o.theme);
  if (o.mode !== THEMES[o.theme].mode) q.set('mode', o.mode);
  if (o.accent) q.set('accent', o.accent.replace('#', ''));
  if (o.layout !== (w === 'player' ? 'compact' : 'full')) q.set('layout', o.layout);
  const defaults = EMBED_DEFAULT_PARTS[w] as readonly string[];
  const sameParts = o.show.length === defaults.length && o.show.every((s) => defaults.includes(s));
  if (!sameParts) q.set('show', o.show.join(','));
  if (w === 'schedule' && o.range !== 'today') q.set('range', o.range);
  if (w === 'schedule' && o.tz !== 'visitor') q.set('tz', o.tz);
  if (w === 'recent' && o.count !== EMBED_RECENT.default) q.set('count', String(o.count));
  if (w === 'player' && o.autoplay) q.set('autoplay', '1');
  const s = q.toString();
  return s ? `?${s}` : '';
}

/** The message a widget sends its parent page when its height changes (checked by origin on both sides). */
export interface EmbedResizeMessage {
  type: 'airdeck:resize';
  widget: EmbedWidget;
  height: number;
  /** The widget's name in its page's language, for the iframe's title (issue 35). */
  title?: string;
}

/** True for a well-formed resize message. */
export function isEmbedResizeMessage(x: unknown): x is EmbedResizeMessage {
  const m = x as EmbedResizeMessage | null;
  return !!m && typeof m === 'object' && m.type === 'airdeck:resize' && isEmbedWidget(m.widget) && typeof m.height === 'number' && Number.isFinite(m.height) && m.height >= 0 && m.height < 100_000 && (m.title === undefined || (typeof m.title === 'string' && m.title.length <= 200));
}

/** The snippets the builder offers: a plain iframe, or the loader's `<div>` plus its one script line. */
export function embedSnippets(base: string, o: Omit<EmbedOptions, 'parent'>, height = 180): { iframe: string; loader: string } {
  const src = `${base}/embed/${o.widget}${embedQuery(o)}`;
  const q = new URLSearchParams(embedQuery(o).slice(1));
  const attrs = [`data-airdeck-widget="${o.widget}"`, ...[...q.entries()].map(([k, v]) => `data-${k}="${escapeAttr(v)}"`)].join(' ');
  return {
    iframe: `<iframe src="${escapeAttr(src)}" title="${EMBED_WIDGET_LABELS[o.widget]}" width="100%" height="${height}" style="border:0;max-width:100%" loading="lazy" allow="autoplay"></iframe>`,
    loader: `<div ${attrs}></div><script src="${escapeAttr(base)}/embed.js" async></script>`,
  };
}

function escapeAttr(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}
