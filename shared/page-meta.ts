/**
 * Titles and descriptions of the listener pages, written once: the server
 * renders them into index.html for crawlers and link previews (Open Graph),
 * and the pages set the same words in the browser (web/src/app/meta.ts).
 */

/** A page's meta: title (empty for the home page: the station name alone), description, Open Graph type. */
export interface PageMeta {
  title: string;
  description: string;
  type?: 'website' | 'article' | 'profile';
  image?: string | null;
}

/** The document title: "Page · Station", or the station name alone. */
export function documentTitle(title: string, stationName: string): string {
  return title ? `${title} · ${stationName}` : stationName;
}

/** Meta of the fixed listener pages, by path. */
export function staticPageMeta(pathname: string, station: { name: string; tagline: string | null; googlePlayUrl?: string | null }): PageMeta | null {
  const name = station.name;
  const table: Record<string, PageMeta> = {
    '/': { title: '', description: station.tagline || `Listen to ${name} live.` },
    '/shows': { title: 'Shows', description: `This week's shows on ${name}, Monday to Sunday.` },
    '/djs': { title: 'DJs', description: `Meet the presenters of ${name}.` },
    '/request': { title: 'Requests', description: 'Send a song request, a shoutout or a message to the studio.' },
    '/song-request': { title: 'Song Request', description: 'Request a song on air: search our library or Spotify, or ask for something we have not got.' },
    '/shoutout-request': { title: 'Shoutout Request', description: 'Send a shoutout to someone special, read out live on air.' },
    '/general-request': { title: 'Contact Us', description: 'Questions, feedback or general inquiries: send the station a message.' },
    '/become-a-dj': { title: 'Become a DJ', description: `Apply to present your own show on ${name}.` },
    '/presenter-application': { title: 'Become a DJ', description: `Apply to present your own show on ${name}.` },
    '/mobile-app': { title: 'Mobile App', description: station.googlePlayUrl === null ? `Listen to ${name} on your phone, right in the browser.` : `Listen to ${name} on the go with our Android app.` },
    '/donate': { title: 'Donate', description: `Support ${name}: donations keep community radio on air.` },
    '/terms-of-service': { title: 'Terms of Service', description: `The terms for using ${name}'s website, player and apps.` },
    '/privacy-policy': { title: 'Privacy Policy', description: `What ${name} collects about you, why, and your rights.` },
    '/listen-again': { title: 'Listen again', description: `Missed a show? Listen again to ${name}'s recent shows, with their tracklists.` },
    '/your-data': { title: 'Your data', description: `See and delete what ${name} holds for this browser.` },
    '/api-docs': { title: 'API Documentation', description: 'Public schedule and song-request APIs: parameters, responses and code samples.' },
    '/auth': { title: 'Sign In', description: 'Presenter and staff sign-in.' },
    '/profile': { title: 'My Profile', description: `Your ${name} profile.` },
    '/discord-callback': { title: 'Discord', description: `Signing in with Discord to apply to ${name}.` },
  };
  const key = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return table[key] ?? null;
}

/** The meta of the not-found page. */
export const NOT_FOUND_META: PageMeta = { title: 'Page not found', description: 'This page does not exist.' };
