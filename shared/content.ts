import { z } from 'zod';
import { DateOnlySchema, isWebUrl, optionalWebUrl, requiredText, safeText } from './fields';
import { PageTranslationsSchema, SlideTranslationsSchema, type PageTranslations, type SlideTranslations } from './content-languages';
import { DEFAULT_SLIDER_SETTINGS, SESSION_ID_PATTERN, SLIDE_TRANSITION_MS, SLIDER_FALLBACK_COLOR, SPONSORED_REFRESH_MS } from './content-public';

/**
 * Schemas and rules of the content domain (spec 001 §3, §5): custom pages,
 * the home slider, sponsored content and their counters. The server parses
 * requests with them and the staff forms validate with them, so a limit or a
 * message is written once.
 */

const INT_LIMIT = 1_000_000;

/** A display order: a non-numeric value becomes 0 (spec 001 §5); integers within ±1,000,000. */
export const DisplayOrderSchema = z.preprocess((v) => {
  if (typeof v === 'number') return Number.isFinite(v) ? Math.trunc(v) : 0;
  if (typeof v === 'string' && /^\s*-?\d+\s*$/.test(v)) return Number.parseInt(v, 10);
  return 0;
}, z.number().int().min(-INT_LIMIT, 'Display order is too small').max(INT_LIMIT, 'Display order is too large'));

// ---------------------------------------------------------------- pages

/**
 * The slug rule of spec 001 §5: lower-cased, every character other than a-z,
 * 0-9 and hyphen replaced by a hyphen, repeated hyphens collapsed.
 */
export function slugify(input: string): string {
  return input.toLowerCase().replace(/[^a-z0-9-]/g, '-').replace(/-{2,}/g, '-');
}

/** Longest page content accepted (characters of HTML, before sanitising). */
export const PAGE_CONTENT_MAX = 200_000;

/** The page form (spec 001 §5). New pages are published by default. */
export const PageInputSchema = z.object({
  title: requiredText(200, 'Title is required'),
  slug: requiredText(200, 'Slug is required').transform(slugify),
  content: requiredText(PAGE_CONTENT_MAX, 'Content is required'),
  meta_description: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v ?? null), safeText(500).nullable()),
  is_published: z.boolean().default(true),
  is_featured: z.boolean().default(false),
  display_order: DisplayOrderSchema.default(0),
  /** Title, content (sanitised as the page's own) and meta description per content language (issue 35); left out: kept. */
  translations: PageTranslationsSchema.optional(),
});
export type PageInput = z.input<typeof PageInputSchema>;

/** A page as the staff list shows it. */
export interface Page {
  id: string;
  title: string;
  slug: string;
  content: string;
  /** The first 100 characters of the page's text (spec: content preview). */
  excerpt: string;
  meta_description: string | null;
  is_published: boolean;
  is_featured: boolean;
  display_order: number;
  /** The page in the station's other content languages (issue 35); content sanitised. */
  translations: PageTranslations;
  created_at: string;
  updated_at: string;
}

/** A published page as visitors get it: title, content and meta description in the reader's language when translated. */
export type PublicPage = Omit<Page, 'excerpt' | 'is_published' | 'display_order' | 'updated_at' | 'translations'> & {
  /** The language of the title and content (issue 35). */
  language?: string;
};

/** Page analytics result (spec 001 §3). */
export interface PageAnalytics {
  page_id: string;
  page_title: string;
  page_slug: string;
  is_published: boolean;
  total_views: number;
  views_today: number;
  views_this_week: number;
  views_this_month: number;
}

/** The preview length of a page's text in the staff list. */
export const PAGE_PREVIEW_CHARS = 100;

/** An anonymous browser session id (page views, counters): 8-128 URL-safe characters. */
export const SessionIdSchema = z.string().regex(SESSION_ID_PATTERN, 'Invalid session id');

/** Body of a page-view ping. */
export const PageViewSchema = z.object({ session_id: SessionIdSchema });

// ---------------------------------------------------------------- slider

// The zod-free constants, re-exported for the server and the staff panel.
export { DEFAULT_SLIDER_SETTINGS, SLIDE_TRANSITION_MS, SLIDER_FALLBACK_COLOR, SPONSORED_REFRESH_MS };
/** Slider background types. */
export const BACKGROUND_TYPES = ['color', 'image', 'gradient'] as const;

/** Global slider settings (spec 001 §3, §5). */
export const SliderSettingsSchema = z.object({
  background_type: z.enum(BACKGROUND_TYPES, { error: 'Background type must be color, image or gradient' }).default('color'),
  background_image_url: optionalWebUrl('Background image URL must be a valid URL').default(null),
  background_color: z
    .preprocess((v) => (v === '' || v === null || v === undefined ? SLIDER_FALLBACK_COLOR : v), z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Background colour must be a hex colour like #24213a'))
    .default(SLIDER_FALLBACK_COLOR),
  background_overlay_opacity: z
    .number({ error: 'Overlay opacity must be a number' })
    .int('Overlay opacity must be between 0 and 100 in steps of 5')
    .min(0, 'Overlay opacity must be between 0 and 100 in steps of 5')
    .max(100, 'Overlay opacity must be between 0 and 100 in steps of 5')
    .refine((n) => n % 5 === 0, 'Overlay opacity must be between 0 and 100 in steps of 5')
    .default(50),
  auto_advance_interval: z
    .number({ error: 'Auto-advance interval must be a number' })
    .int('Auto-advance interval must be at least 1000 ms, in steps of 1000')
    .min(1000, 'Auto-advance interval must be at least 1000 ms, in steps of 1000')
    .max(600_000, 'Auto-advance interval must be at most 600000 ms')
    .refine((n) => n % 1000 === 0, 'Auto-advance interval must be at least 1000 ms, in steps of 1000')
    .default(8000),
  show_dots: z.boolean().default(true),
  show_arrows: z.boolean().default(true),
});
export type SliderSettings = z.output<typeof SliderSettingsSchema>;


/** A slide (spec 001 §5): title and description required, display order default 0. */
export const SlideInputSchema = z.object({
  title: requiredText(200, 'Title is required'),
  description: requiredText(2000, 'Description is required'),
  image_url: optionalWebUrl('Image URL must be a valid URL').default(null),
  link_url: optionalWebUrl('Link URL must be a valid URL').default(null),
  is_active: z.boolean().default(true),
  display_order: DisplayOrderSchema.default(0),
  /** Title and description per content language (issue 35); left out: kept. */
  translations: SlideTranslationsSchema.optional(),
});
export type SlideInput = z.input<typeof SlideInputSchema>;

/** A slide as visitors get it. */
export interface PublicSlide {
  id: string;
  title: string;
  description: string;
  image_url: string | null;
  link_url: string | null;
}

/** A slide as staff see it, with its counters. */
export interface Slide extends PublicSlide {
  /** Title and description per content language (issue 35). */
  translations: SlideTranslations;
  is_active: boolean;
  display_order: number;
  view_count: number;
  click_count: number;
  created_at: string;
}

/** What the listener slider loads in one call. */
export interface SliderData {
  settings: SliderSettings;
  slides: PublicSlide[];
}

// ---------------------------------------------------------------- sponsored

/** Sponsored content (spec 001 §5): all four texts required, priority 1-10 default 1, dates optional. */
export const SponsoredInputSchema = z
  .object({
    title: requiredText(200, 'Title is required'),
    description: requiredText(2000, 'Description is required'),
    image_url: requiredText(2000, 'Image URL is required').refine(isWebUrl, 'Image URL must be a valid URL'),
    learn_more_url: requiredText(2000, 'Learn more URL is required').refine(isWebUrl, 'Learn more URL must be a valid URL'),
    is_active: z.boolean().default(true),
    priority: z
      .number({ error: 'Priority must be a whole number from 1 to 10' })
      .int('Priority must be a whole number from 1 to 10')
      .min(1, 'Priority must be a whole number from 1 to 10')
      .max(10, 'Priority must be a whole number from 1 to 10')
      .default(1),
    start_date: z.preprocess((v) => (v === '' || v === undefined ? null : v), DateOnlySchema.nullable()).default(null),
    end_date: z.preprocess((v) => (v === '' || v === undefined ? null : v), DateOnlySchema.nullable()).default(null),
  })
  .refine((v) => !v.start_date || !v.end_date || v.end_date >= v.start_date, { message: 'End date must be on or after the start date', path: ['end_date'] });
export type SponsoredInput = z.input<typeof SponsoredInputSchema>;

/** Sponsored content as visitors get it. */
export interface PublicSponsored {
  id: string;
  title: string;
  description: string;
  image_url: string;
  learn_more_url: string;
}

/** Sponsored content as staff see it. */
export interface Sponsored extends PublicSponsored {
  is_active: boolean;
  priority: number;
  start_date: string | null;
  end_date: string | null;
  view_count: number;
  click_count: number;
  created_at: string;
}


/**
 * Picks one item at random, weighted by priority: an item's chance is its
 * priority divided by the sum of the priorities (priority 10 shows ten times
 * as often as priority 1). `rand` is in [0, 1).
 */
export function pickWeighted<T extends { priority: number }>(items: readonly T[], rand: number): T | null {
  const total = items.reduce((s, i) => s + Math.max(1, i.priority), 0);
  if (total === 0) return null;
  let point = rand * total;
  for (const item of items) {
    point -= Math.max(1, item.priority);
    if (point < 0) return item;
  }
  return items[items.length - 1] ?? null;
}

// ---------------------------------------------------------------- discord

/** Discord bot configuration (spec 001 §5); each value required with the spec's message. */
export const DiscordConfigInputSchema = z.object({
  bot_token: requiredText(500, 'Bot token is required'),
  client_id: requiredText(100, 'Client ID is required'),
  client_secret: requiredText(500, 'Client secret is required'),
});
export type DiscordConfigInput = z.input<typeof DiscordConfigInputSchema>;

/** A partial update: a blank or missing secret keeps the stored one. */
export const DiscordConfigUpdateSchema = z.object({
  bot_token: z.preprocess((v) => (v === '' || v === null ? undefined : v), requiredText(500, 'Bot token is required').optional()),
  client_id: z.preprocess((v) => (v === '' || v === null ? undefined : v), requiredText(100, 'Client ID is required').optional()),
  client_secret: z.preprocess((v) => (v === '' || v === null ? undefined : v), requiredText(500, 'Client secret is required').optional()),
});

/** The Discord configuration as the owner sees it: never a whole secret. */
export type DiscordConfigView =
  | { configured: false }
  | { configured: true; bot_token: string; client_id: string; client_secret: string; updated_at: string; readable: boolean };

/**
 * Masks a stored secret for display (spec 001 §5): the first 4 and last 4
 * characters with a fixed run of dots between, fully hidden at 8 or fewer.
 * The fixed run does not reveal the length.
 */
export function maskSecret(secret: string): string {
  if (secret.length <= 8) return '••••••••';
  return `${secret.slice(0, 4)}••••••••${secret.slice(-4)}`;
}

export { CONTENT_EVENTS, type ContentChannelEvents } from './content-events';

const empty = z.object({}).strict() as unknown as z.ZodType<Record<string, never>>;

/** The schemas of the `content` channel's events. */
export const CONTENT_EVENT_SCHEMAS = {
  content: {
    'station.updated': empty,
    'slider.updated': empty,
    'sponsored.updated': empty,
    'page.updated': z.object({ slug: z.string().optional() }),
  },
} as const;

