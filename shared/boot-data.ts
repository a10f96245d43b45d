import type { SliderData } from './content';
import type { CompiledCatalogue } from './i18n/format';
import type { Locale } from './i18n/locales';
import type { NowPlaying } from './radio';
import type { StationInfo } from './station';

/**
 * Browser storage key set while this browser has a signed-in session (web/src/auth/session.ts). The boot script
 * reads it before the first paint, so someone signed in sees an avatar placeholder, not a Login link that then
 * turns into their avatar.
 */
export const AUTH_HINT_STORAGE_KEY = 'airdeck.auth.hint';

/** Class the boot script puts on `<html>` when {@link AUTH_HINT_STORAGE_KEY} is set (global.css). */
export const SIGNED_IN_CLASS = 'bd-signed-in';

/** Id of the `<script type="application/json">` element holding {@link BootData}. */
export const BOOT_DATA_ID = 'airdeck-boot';

/**
 * What the server writes into each listener page for the app's first render
 * (General Settings, and on the home page the slider), so it starts with the
 * data the server-drawn first screen shows instead of asking for it again.
 */
export interface BootData {
  station: StationInfo;
  slider?: SliderData;
  /** What is on air as the page was written (the player's first screen), when the station has been read. */
  nowPlaying?: NowPlaying;
  /** The server's clock as the page was written (epoch ms): elapsed times are computed against it. */
  serverTime: number;
  /**
   * The API answers a server-drawn page was rendered from (react-query's dehydrated cache,
   * web/src/app/ssr.tsx): the app's first render starts with them and draws the same page.
   */
  queries?: unknown;
  /**
   * The language the server drew the page in (`?lang=`, the language cookie, Accept-Language, the station's
   * default) with its catalogue, compiled: the app's first render speaks it without fetching anything
   * (web/src/i18n/start.ts). `intl` is the tag dates and numbers are formatted with.
   */
  i18n?: { locale: Locale; intl: string; catalogue: CompiledCatalogue };
  /**
   * The path the page was written for names a custom page or presenter that does not exist (answered 404): the app
   * shows its not-found page at once instead of asking again behind a spinner (issue 38 item 9).
   */
  missing?: string;
}

/**
 * Cookie holding the listener's colour theme (the theme key of `airdeck.theme` in browser storage), so the
 * server draws a page in the theme the browser will show it in. Only a theme key; read by the page renderer.
 */
export const THEME_COOKIE = 'airdeck_theme';
