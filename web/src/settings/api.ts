/**
 * The settings domain's calls: the station's identity (General Settings, public and staff), who may open which
 * settings tab, and the Discord configuration. Typed once here with the shapes in shared/.
 */
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { stationTagline } from '../../../shared/content-text';
import { useI18n } from '../i18n/state';
import type { z } from 'zod';
import type { DiscordConfigInput, DiscordConfigUpdateSchema, DiscordConfigView } from '../../../shared/content';
import type { EmbedSettings, EmbedSettingsSchema } from '../../../shared/embeds';
import { CONTENT_EVENTS } from '../../../shared/content-events';
import { DEFAULT_STATION } from '../../../shared/station-defaults';
import type { StationInfo } from '../../../shared/station';
import type { SetupState } from '../../../shared/station-setup';
import { endpoint, PUBLIC } from '../app/api';
import { useRefetchOn } from '../realtime/hooks';

const station = endpoint<StationInfo>('GET', () => '/api/station', PUBLIC);

/**
 * The station's identity from General Settings; the blank defaults (a
 * neutral name, no links) show while it loads. Follows changes live: a save in General Settings reaches every open
 * page through the `station.updated` event.
 */
export function useStation(): StationInfo {
  const { data } = useQuery({ queryKey: ['station'], queryFn: () => station(), staleTime: 60_000 });
  useRefetchOn('content', ['station'], [CONTENT_EVENTS.stationUpdated]);
  const { locale } = useI18n();
  const info = data ?? DEFAULT_STATION;
  // The tagline (the station's description) in the reader's language when the station wrote one (issue 35).
  return useMemo(() => {
    const tagline = stationTagline(info, locale);
    return tagline === info.tagline ? info : { ...info, tagline };
  }, [info, locale]);
}

/** General Settings as staff edit them. */
export const fetchStationSettings = endpoint<StationInfo, [signal?: AbortSignal]>('GET', (signal) => ({ path: '/api/settings/station', signal }));
export const saveStationSettings = endpoint<StationInfo, [body: StationInfo]>('PUT', (body) => ({ path: '/api/settings/station', body }));
/** Which settings tabs the signed-in user may open. */
export const fetchSettingsAccess = endpoint<{ settings: boolean; discord: boolean }, [signal?: AbortSignal]>('GET', (signal) => ({ path: '/api/settings/access', signal }));
/** The Discord configuration (never a whole secret). */
export const fetchDiscordConfig = endpoint<DiscordConfigView, [signal?: AbortSignal]>('GET', (signal) => ({ path: '/api/settings/discord', signal }));
/** Saves the first Discord configuration (every field). */
export const createDiscordConfig = endpoint<DiscordConfigView, [body: DiscordConfigInput]>('PUT', (body) => ({ path: '/api/settings/discord', body }));
/** Updates the Discord configuration (a blank secret keeps the stored one). */
export const updateDiscordConfig = endpoint<DiscordConfigView, [body: z.input<typeof DiscordConfigUpdateSchema>]>('PATCH', (body) => ({ path: '/api/settings/discord', body }));
/** Which other sites may frame the station's widgets (Settings → Widgets). */
export const fetchWidgetSettings = endpoint<EmbedSettings, [signal?: AbortSignal]>('GET', (signal) => ({ path: '/api/settings/widgets', signal }));
export const saveWidgetSettings = endpoint<EmbedSettings, [body: z.input<typeof EmbedSettingsSchema>]>('PUT', (body) => ({ path: '/api/settings/widgets', body }));
/** The first-run setup's state (owner and manager may read it; only the owner is led to the screen). */
export const fetchSetupState = endpoint<SetupState, [signal?: AbortSignal]>('GET', (signal) => ({ path: '/api/settings/setup', signal }));
/** Skips the first-run setup, leaving the settings as they are. */
export const skipSetup = endpoint<null>('POST', () => '/api/settings/setup/skip');
