import path from 'node:path';
import type { AppContext } from '../context';
import { readSettingsRow, type ListenAgainSettingsRow } from './repo';

/** The station's listen-again settings, with downloads resolved (a real station's default is off, the demo's on). */
export interface ListenAgainSettings extends Omit<ListenAgainSettingsRow, 'downloads_enabled'> {
  downloads_enabled: boolean;
  /** Whether downloads were chosen by staff (false: the default for this station). */
  downloads_chosen: boolean;
}

/** Where recordings and episodes are written: RECORDINGS_DIR, else DATA_DIR/recordings. */
export function recordingsDir(ctx: Pick<AppContext, 'config'>): string {
  return ctx.config.RECORDINGS_DIR ? path.resolve(ctx.config.rootDir, ctx.config.RECORDINGS_DIR) : path.join(ctx.config.DATA_DIR, 'recordings');
}

/** Reads the settings (one row). */
export async function listenAgainSettings(ctx: Pick<AppContext, 'knex' | 'config'>): Promise<ListenAgainSettings> {
  const row = await readSettingsRow(ctx.knex);
  return { ...row, downloads_enabled: row.downloads_enabled ?? ctx.config.STATION_SOURCE === 'demo', downloads_chosen: row.downloads_enabled !== null };
}
