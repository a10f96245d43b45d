import type { SliderData } from './content';
import type { NowPlaying } from './radio';
import type { StationInfo } from './station';

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
}
