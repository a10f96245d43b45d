/**
 * The integrations domain's calls: Discord sign-in for applicants, music links and the outgoing webhooks.
 * Typed once here with the shapes in shared/integrations.
 */
import type { z } from 'zod';
import type { DiscordAuthorizeResponse, DiscordCallbackResponse, MusicLinksResponse, WebhookCreateInput, WebhookDeliveryView, WebhookEndpointView, WebhookUpdateSchema } from '../../../shared/integrations';
import { useQuery } from '@tanstack/react-query';
import { endpoint, PUBLIC } from '../app/api';

/** Starts Discord sign-in: the authorize URL to send the browser to. */
export const discordAuthorize = endpoint<DiscordAuthorizeResponse>('GET', () => '/api/discord/authorize', PUBLIC);
/** Finishes Discord sign-in with the code and state Discord returned. */
export const discordCallback = endpoint<DiscordCallbackResponse, [code: string, state: string]>('POST', (code, state) => ({ path: '/api/discord/callback', body: { code, state } }), PUBLIC);

/** A song's links on the stream and shop platforms (`url`: the link the listener picked, if any). */
export const fetchMusicLinks = endpoint<MusicLinksResponse, [title: string, artist: string, url?: string | null]>('GET', (title, artist, url) => {
  const q = new URLSearchParams({ title, artist, ...(url && url.startsWith('https://') ? { url } : {}) });
  return `/api/music-links?${q.toString()}`;
});

export const fetchWebhooks = endpoint<{ webhooks: WebhookEndpointView[] }>('GET', () => '/api/webhooks');
export const fetchWebhookDeliveries = endpoint<{ deliveries: WebhookDeliveryView[] }, [limit: number]>('GET', (limit) => `/api/webhooks/deliveries?limit=${limit}`);
export const createWebhook = endpoint<{ webhook: WebhookEndpointView }, [body: WebhookCreateInput]>('POST', (body) => ({ path: '/api/webhooks', body }));
export const updateWebhook = endpoint<{ webhook: WebhookEndpointView }, [id: string, patch: z.input<typeof WebhookUpdateSchema>]>('PATCH', (id, body) => ({ path: `/api/webhooks/${id}`, body }));
export const deleteWebhook = endpoint<null, [id: string]>('DELETE', (id) => `/api/webhooks/${id}`);
export const testWebhook = endpoint<unknown, [id: string]>('POST', (id) => `/api/webhooks/${id}/test`);

const discordStatus = endpoint<{ available: boolean }>('GET', () => '/api/discord/status', PUBLIC);
/** Whether Discord sign-in is set up here (undefined while asking): "Connect Discord" is offered only then (issue 38 item 9). */
export function useDiscordStatus(): boolean | undefined {
  const { data } = useQuery({ queryKey: ['discord-status'], queryFn: () => discordStatus(), staleTime: 60_000 });
  return data?.available;
}
