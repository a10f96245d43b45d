/** Realtime events of the public `content` channel. */
export const CONTENT_EVENTS = {
  stationUpdated: 'station.updated',
  sliderUpdated: 'slider.updated',
  sponsoredUpdated: 'sponsored.updated',
  pageUpdated: 'page.updated',
} as const;

/** Events of the public `content` channel: what changed (pages say which slug); readers refetch. */
export interface ContentChannelEvents {
  'station.updated': Record<string, never>;
  'slider.updated': Record<string, never>;
  'sponsored.updated': Record<string, never>;
  'page.updated': { slug?: string };
}
