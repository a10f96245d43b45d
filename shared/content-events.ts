/** Realtime events of the public `content` channel. */
export const CONTENT_EVENTS = {
  stationUpdated: 'station.updated',
  sliderUpdated: 'slider.updated',
  sponsoredUpdated: 'sponsored.updated',
  pageUpdated: 'page.updated',
} as const;
