import type { Knex } from 'knex';
import { DEFAULT_STATION, StationInfoSchema, type StationInfo } from '../../../shared/station';
import type { Config } from '../config';

/** Reads the station's identity: saved settings over the defaults, with the configured stream and time zone. */
export async function getStationInfo(knex: Knex, config: Config): Promise<StationInfo> {
  const row = await knex('station_settings').where({ id: 1 }).first<{ settings: Record<string, unknown> } | undefined>('settings');
  const saved = StationInfoSchema.partial().safeParse(row?.settings ?? {});
  const merged: StationInfo = {
    ...DEFAULT_STATION,
    streamUrl: config.STREAM_URL ?? DEFAULT_STATION.streamUrl,
    timezone: config.STATION_TIMEZONE,
    ...(saved.success ? stripUndefined(saved.data) : {}),
  };
  return merged;
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
