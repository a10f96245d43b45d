/**
 * The content domain's calls (pages, slider, sponsored content and their counters), typed once here with the
 * shapes in shared/content. Components use the hooks and the collections; nothing else calls these routes.
 */
import { useQuery, type QueryKey } from '@tanstack/react-query';
import { CONTENT_EVENTS } from '../../../shared/content-events';
import { DEFAULT_SLIDER_SETTINGS } from '../../../shared/content-public';
import type { Page, PageAnalytics, PageInput, PublicPage, PublicSponsored, Slide, SlideInput, SliderData, SliderSettings, Sponsored, SponsoredInput } from '../../../shared/content';
import { endpoint, PUBLIC } from '../app/api';
import { getApiBase } from '../platform';
import { useRefetchOn } from '../realtime/hooks';

type ContentEvent = (typeof CONTENT_EVENTS)[keyof typeof CONTENT_EVENTS];

/** The content domain's realtime hook: refetches `queryKey` when the `content` channel sends `event` (or after a reconnect). */
export function useContentLive(queryKey: QueryKey, event: ContentEvent): void {
  useRefetchOn('content', queryKey, [event]);
}

/**
 * Sends a counter ping (a view or a click) without waiting for it and without
 * blocking navigation: `keepalive` lets it finish when the click leaves the page.
 */
function ping(path: string, body?: unknown): void {
  try {
    void fetch(`${getApiBase()}${path}`, {
      method: 'POST',
      keepalive: true,
      credentials: 'same-origin',
      ...(body === undefined ? {} : { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }),
    }).catch(() => undefined);
  } catch {
    // Counting is best effort.
  }
}

/** Counts a page view (once per browser session id and day, on the server). */
export const countPageView = (slug: string, sessionId: string) => ping(`/api/content/pages/${encodeURIComponent(slug)}/views`, { session_id: sessionId });
/** Counts a sponsored item shown, or its 'Learn more' clicked. */
export const countSponsored = (id: string, what: 'views' | 'clicks') => ping(`/api/content/sponsored/${id}/${what}`);
/** Counts a slide shown, or clicked. */
export const countSlide = (id: string, what: 'views' | 'clicks') => ping(`/api/content/slides/${id}/${what}`);

const publicPage = endpoint<PublicPage, [slug: string, signal?: AbortSignal]>('GET', (slug, signal) => ({ path: `/api/content/pages/${encodeURIComponent(slug)}`, signal }), PUBLIC);
const slider = endpoint<SliderData, [signal?: AbortSignal]>('GET', (signal) => ({ path: '/api/content/slider', signal }), PUBLIC);
const sponsored = endpoint<{ item: PublicSponsored | null }, [signal?: AbortSignal]>('GET', (signal) => ({ path: '/api/content/sponsored', signal }), PUBLIC);

/** A published page by its slug, following staff edits live. */
export function usePublicPage(slug: string, enabled = true) {
  const query = useQuery({ queryKey: ['page', slug], queryFn: ({ signal }) => publicPage(slug, signal), retry: false, staleTime: 30_000, enabled });
  useContentLive(['page', slug], CONTENT_EVENTS.pageUpdated);
  return query;
}

/** Loads the slider settings and active slides, following staff changes live. */
export function useSliderData(): { settings: SliderSettings; slides: SliderData['slides']; loaded: boolean } {
  const { data } = useQuery({ queryKey: ['slider'], queryFn: ({ signal }) => slider(signal), staleTime: 60_000, retry: 1 });
  useContentLive(['slider'], CONTENT_EVENTS.sliderUpdated);
  return { settings: data?.settings ?? DEFAULT_SLIDER_SETTINGS, slides: data?.slides ?? [], loaded: Boolean(data) };
}

/** The sponsored item to show now (the query; callers set how often it refreshes), following staff changes live. */
export function useSponsoredQuery(refreshMs: number) {
  const query = useQuery({ queryKey: ['sponsored'], queryFn: ({ signal }) => sponsored(signal), refetchInterval: refreshMs, staleTime: refreshMs, retry: false });
  useContentLive(['sponsored'], CONTENT_EVENTS.sponsoredUpdated);
  return query;
}

/** A staff collection of the content domain: list, create, update and delete, typed by its item and its input. */
export interface Collection<T, In> {
  key: QueryKey;
  list: (signal?: AbortSignal) => Promise<T[]>;
  create: (body: In) => Promise<T>;
  update: (id: string, body: In) => Promise<T>;
  remove: (id: string) => Promise<null>;
}

function collection<T, In>(path: string, key: QueryKey): Collection<T, In> {
  return {
    key,
    list: endpoint<T[], [signal?: AbortSignal]>('GET', (signal) => ({ path, signal })),
    create: endpoint<T, [body: In]>('POST', (body) => ({ path, body })),
    update: endpoint<T, [id: string, body: In]>('PUT', (id, body) => ({ path: `${path}/${id}`, body })),
    remove: endpoint<null, [id: string]>('DELETE', (id) => `${path}/${id}`),
  };
}

/** Pages (Pages admin). */
export const pagesAdmin = collection<Page, PageInput>('/api/pages', ['admin', 'pages']);
/** The home slider's slides (Settings → Slider). */
export const slidesAdmin = collection<Slide, SlideInput>('/api/slider/slides', ['admin', 'slider', 'slides']);
/** Sponsored content (Settings → Sponsored). */
export const sponsoredAdmin = collection<Sponsored, SponsoredInput>('/api/sponsored', ['admin', 'sponsored']);

/** Views per page (Pages admin → Analytics). */
export const fetchPageAnalytics = endpoint<PageAnalytics[], [signal?: AbortSignal]>('GET', (signal) => ({ path: '/api/pages/analytics', signal }));
/** The slider's look and timing (Settings → Slider). */
export const fetchSliderSettings = endpoint<SliderSettings, [signal?: AbortSignal]>('GET', (signal) => ({ path: '/api/slider/settings', signal }));
export const saveSliderSettings = endpoint<SliderSettings, [body: SliderSettings]>('PUT', (body) => ({ path: '/api/slider/settings', body }));
