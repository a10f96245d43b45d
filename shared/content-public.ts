/**
 * What the listener's home page needs of the content rules, without zod (the
 * schemas live in content.ts): the slider's defaults and colours, shared by
 * the browser's slider and the server's first screen.
 */

/** The slider's background when its colour setting is not a valid hex colour (spec 001 §5). */
export const SLIDER_FALLBACK_COLOR = '#24213a';

/** Black or white text, whichever reads better on a background colour (`#rrggbb`). */
export function readableTextOn(hex: string): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.35 ? '#111111' : '#ffffff';
}

/** Slide transition duration (spec 000 §9). */
export const SLIDE_TRANSITION_MS = 700;

/** Sponsored content rotates every 5 minutes (spec 000 §4). */
export const SPONSORED_REFRESH_MS = 5 * 60_000;

/** The slider settings a fresh install starts with (the defaults of SliderSettingsSchema; a test keeps them equal). */
export const DEFAULT_SLIDER_SETTINGS = Object.freeze({
  background_type: 'color' as const,
  background_image_url: null as string | null,
  background_color: SLIDER_FALLBACK_COLOR,
  background_overlay_opacity: 50,
  auto_advance_interval: 8000,
  show_dots: true,
  show_arrows: true,
});

/** A listener's anonymous session id: 8–128 letters, digits, _ or - (the rule of SessionIdSchema). */
export const SESSION_ID_PATTERN = /^[A-Za-z0-9_-]{8,128}$/;

/** What the slider's look reads of its settings (a `SliderSettings` of shared/content.ts: this module stays zod-free). */
export interface SliderLookSettings {
  background_type: string;
  background_image_url: string | null;
  background_color: string;
  background_overlay_opacity: number;
}

/** How the slider looks with these settings: its background (CSS), text colour and darkening overlay (0–1). */
export interface SliderLook {
  background: string;
  foreground: string;
  overlay: number;
}

/**
 * The slider's look from Slider Options (spec 001 §5): a colour, an image over
 * that colour, or the theme's gradient (`gradient`, CSS); images and the
 * gradient take the overlay; text is white on a dark enough overlay, else
 * black or white for the colour.
 */
export function sliderLook(settings: SliderLookSettings, gradient: string): SliderLook {
  const color = /^#[0-9a-fA-F]{6}$/.test(settings.background_color) ? settings.background_color : SLIDER_FALLBACK_COLOR;
  const image = settings.background_type === 'image' && settings.background_image_url ? settings.background_image_url : null;
  const overlay = image || settings.background_type === 'gradient' ? settings.background_overlay_opacity / 100 : 0;
  const foreground = overlay >= 0.3 ? '#ffffff' : settings.background_type === 'color' || image ? readableTextOn(color) : '#ffffff';
  const background = image ? `url(${JSON.stringify(image)}) center / cover no-repeat, ${color}` : settings.background_type === 'gradient' ? gradient : color;
  return { background, foreground, overlay };
}

/** What a slide shows, wherever it comes from (the staff's slides, the radio's, the welcome slide). */
export interface SlideContent {
  title: string;
  description: string;
  image_url?: string | null;
  link_url?: string | null;
  /** The link's text ("Learn more" when not given). */
  link_label?: string | null;
  /** A short label above the title ("Live now"). */
  kicker?: string | null;
}

/** The slide that stands in for the staff's when they have none (spec 000 §4). */
export function welcomeSlide(station: { name: string; tagline: string }): SlideContent & { link_url: string } {
  return { title: `Welcome to ${station.name}`, description: station.tagline || 'Tune in, request a song and meet the presenters.', image_url: null, link_url: '/shows' };
}

/**
 * The slide the slider opens on: an extra slide placed first (the radio's live
 * slide), else the staff's first, else the welcome slide. The server's first
 * screen, its placeholder in the app and the slider itself agree on it.
 */
export function openingSlide(extra: readonly (SlideContent & { placement?: 'first' | 'last' })[], staff: readonly SlideContent[], station: { name: string; tagline: string }): SlideContent {
  return extra.find((s) => s.placement === 'first') ?? staff[0] ?? welcomeSlide(station);
}

/** The text colour of a slide's link button, whose background is the slide's text colour `fg`. */
export function slideLinkText(fg: string): string {
  return fg === '#ffffff' ? '#111111' : '#ffffff';
}
