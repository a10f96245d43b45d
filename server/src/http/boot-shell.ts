import { BOOT_DATA_ID, type BootData } from '../../../shared/boot-data';
import type { SliderData } from '../../../shared/content';
import { openingSlide, slideLinkText, sliderLook } from '../../../shared/content-public';
import { RADIO_FALLBACKS } from '../../../shared/radio-constants';
import type { NowPlaying } from '../../../shared/radio';
import { isBroadcasting, metadataUnavailable, offAirText, stationStateOf } from '../../../shared/radio-display';
import { radioSlides } from '../../../shared/radio-slides';
import { listenerNavLinks } from '../../../shared/routes';
import type { StationInfo } from '../../../shared/station';
import { escapeHtml } from './escape';
import type { Translate } from '../../../shared/i18n/format';

/** English's texts, for a caller that passes no translator (the catalogue is the source: shared/i18n/messages/en.json). */
const ENGLISH: Record<string, string> = {
  'nav.main': 'Main', 'nav.home': 'Home', 'nav.shows': 'Shows', 'nav.djs': 'DJs', 'nav.mobileApp': 'Mobile App', 'nav.request': 'Request', 'nav.donate': 'Donate',
  'shell.becomeDj': 'Become a DJ', 'shell.login': 'Login', 'shell.openMenu': 'Open menu', 'shell.mobileNav': 'Mobile', 'radio.offAir': 'Off air', 'radio.streamStopped': "The station's stream has stopped. We're on it.", 'radio.notBroadcasting': 'The station is not broadcasting right now.', 'home.joinCommunity': 'Join Community', 'home.featured': 'Featured', 'home.learnMore': 'Learn more', 'player.play': 'Play',
};
const english: Translate = (key) => ENGLISH[key] ?? key;

/**
 * The first screen, painted from the HTML before any script runs: the
 * navigation bar, and on the home page the hero and the first slide of the
 * featured slider, plus a placeholder of the player bar. The app's first
 * render replaces it with the same layout (web/src/app/global.css draws it
 * with the listener's theme colours, which the boot script of
 * web/boot-plugin.ts sets from browser storage before the first paint).
 *
 * Also the data that first render needs (General Settings, what is on air,
 * and on the home page the slider), so the app starts with it instead of
 * asking again.
 */
export interface BootShell {
  html: string;
  data: BootData;
  /** What the page needs in its head (a server-drawn page's styles). */
  head?: string;
}

const isLocal = (href: string) => href.startsWith('/') && !href.startsWith('//');

function header(station: StationInfo, pathname: string, nowPlaying: NowPlaying | null, t: Translate): string {
  // /request while a presenter is live, or while that is unknown (no now-playing read yet), as in the app.
  const links = listenerNavLinks(nowPlaying === null || nowPlaying.live.is_live)
    .map(({ to, key }) => `<a href="${to}"${to === pathname ? ' class="active"' : ''}>${escapeHtml(t(key))}</a>`)
    .join('');
  return (
    `<header class="boot-bar"><a class="boot-brand" href="/"><img src="${escapeHtml(station.logoUrl)}" alt="" width="32" height="32" /><span>${escapeHtml(station.name)}</span></a>` +
    `<nav class="boot-links" aria-label="${escapeHtml(t('nav.main'))}">${links}</nav><span class="boot-grow"></span>` +
    // The two icons: the language menu and the theme picker.
    `<a class="boot-cta" href="/presenter-application">${escapeHtml(t('shell.becomeDj'))}</a><span class="boot-icon boot-lang" aria-hidden="true"></span><span class="boot-icon" aria-hidden="true"></span><a class="boot-login" href="/auth">${escapeHtml(t('shell.login'))}</a><span class="boot-avatar" aria-hidden="true"></span>` +
    // The phone's menu, usable before the app (issue 38 item 8): the browser opens it by itself (web/src/app/NavBar.tsx NavPlaceholder).
    `<details class="boot-menu"><summary class="boot-icon" aria-label="${escapeHtml(t('shell.openMenu'))}"></summary><nav class="boot-menu-panel" aria-label="${escapeHtml(t('shell.mobileNav'))}">${links}` +
    `<a class="boot-menu-cta" href="/presenter-application">${escapeHtml(t('shell.becomeDj'))}</a></nav></details></header>`
  );
}

function firstSlide(station: StationInfo, slider: SliderData, nowPlaying: NowPlaying | null, t: Translate): string {
  const { settings } = slider;
  const slide = openingSlide(radioSlides(nowPlaying, t === english ? undefined : t), slider.slides, station);
  // The gradient is the theme's own: the page's theme colours are only known in the browser.
  const { background, foreground: fg, overlay } = sliderLook(settings, 'var(--bd-gradient)');
  const link = slide.link_url
    ? `<a class="boot-slide-link" href="${escapeHtml(slide.link_url)}"${isLocal(slide.link_url) ? '' : ' target="_blank" rel="noopener noreferrer"'} style="color:${slideLinkText(fg)};background:${fg}">${escapeHtml(slide.link_label ?? t('home.learnMore'))}</a>`
    : '';
  const img = slide.image_url ? `<img src="${escapeHtml(slide.image_url)}" alt="" />` : '';
  return (
    `<section class="boot-slider" aria-label="${escapeHtml(t('home.featured'))}" style="background:${escapeHtml(background)};color:${fg}">` +
    (overlay > 0 ? `<div class="boot-overlay" style="background:rgba(0,0,0,${overlay})"></div>` : '') +
    `<div class="boot-slide"><div>${slide.kicker ? `<span class="boot-kicker">${escapeHtml(slide.kicker)}</span>` : ''}<h2>${escapeHtml(slide.title)}</h2><p>${escapeHtml(slide.description)}</p>${link}</div>${img}</div></section>`
  );
}

function hero(station: StationInfo, t: Translate): string {
  const community = station.chatInviteUrl || station.social.chat;
  return (
    `<section class="boot-hero"><h1>${escapeHtml(station.name)}</h1>` +
    (station.tagline ? `<p>${escapeHtml(station.tagline)}</p>` : '') +
    (community ? `<a class="boot-button" href="${escapeHtml(community)}" target="_blank" rel="noopener noreferrer">${escapeHtml(t('home.joinCommunity'))}</a>` : '') +
    `</section>`
  );
}

/** The shell for a listener page (the staff panel has its own first screen). */
export function renderBootShell(pathname: string, station: StationInfo, slider: SliderData | null, nowPlaying: NowPlaying | null, now = Date.now(), t: Translate = english): BootShell {
  const home = pathname === '/' && slider !== null;
  const song = nowPlaying?.now_playing.song;
  const state = stationStateOf(nowPlaying);
  const onAir = isBroadcasting(state);
  // The stream plays but its metadata cannot be read (issue 39): say so, never "Off air".
  const unavailable = metadataUnavailable(state);
  const line1 = unavailable ? t('radio.nowPlayingUnavailable') : onAir ? song?.title || RADIO_FALLBACKS.title : t('radio.offAir');
  const line2 = unavailable ? t('radio.metadataUnavailable') : onAir ? song?.artist || RADIO_FALLBACKS.artist : t(offAirText(nowPlaying).reasonKey);
  // A real Play from the first paint (issue 38 item 8): a link to the stream that the boot script plays in the page
  // (web/boot-plugin.ts) and the app's player then takes over; with no script at all the browser plays the link.
  const listen = nowPlaying?.station.listen_url || station.streamUrl;
  const play = onAir && listen ? `<a class="boot-play" href="${escapeHtml(listen)}" role="button" aria-label="${escapeHtml(t('player.play'))}"></a>` : '<span class="boot-play"></span>';
  const player =
    `<div class="boot-player">${play}<div class="boot-np"><strong>${escapeHtml(line1)}</strong>` +
    `<span>${escapeHtml(line2)}</span></div></div>`;
  const data: BootData = { station, serverTime: now };
  if (home) data.slider = slider;
  if (nowPlaying) data.nowPlaying = nowPlaying;
  const main = home ? `<div class="boot-page">${hero(station, t)}<div class="boot-grid"><div>${firstSlide(station, slider, nowPlaying, t)}</div><div class="boot-side"></div></div></div>` : '';
  return {
    html: `<div class="boot">${header(station, pathname, nowPlaying, t)}<main>${main}</main>${player}</div>`,
    data,
  };
}

/** JSON that is safe inside a `<script type="application/json">` element. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/** Puts the shell inside the page's root element and the data after it (and its styles at the end of the head). */
export function fillRoot(html: string, shell: BootShell): string {
  const withHead = shell.head ? html.replace(/<\/head>/i, () => `${shell.head}</head>`) : html;
  return withHead.replace('<div id="root"></div>', () => `<div id="root">${shell.html}</div><script type="application/json" id="${BOOT_DATA_ID}">${scriptJson(shell.data)}</script>`);
}
