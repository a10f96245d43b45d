/**
 * The schedule's API calls and query keys for the web, typed with the shapes
 * in shared/bookings. Every schedule query key starts with 'schedule', so
 * one invalidation (after a change pushed on the realtime channel, or after
 * a staff write) refreshes every open view.
 */
import type {
  BookingActor,
  BookingResult,
  ListenerEventView,
  OutstandingResponse,
  ScheduleEventView,
  WeekResponse,
} from '../../../shared/bookings';
import { api } from '../app/api';

/** Query keys; the first element is shared so `['schedule']` invalidates them all. */
export const scheduleKeys = {
  all: ['schedule'] as const,
  week: (start: string) => ['schedule', 'week', start] as const,
  today: () => ['schedule', 'today'] as const,
  next: () => ['schedule', 'next'] as const,
  presenter: (id: string) => ['schedule', 'presenter', id] as const,
  actor: () => ['schedule', 'me'] as const,
  events: (q: Record<string, string | undefined>) => ['schedule', 'events', q] as const,
  event: (id: string) => ['schedule', 'event', id] as const,
  outstanding: (week: string) => ['schedule', 'outstanding', week] as const,
};

function qs(q: Record<string, string | number | undefined | null>): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v !== undefined && v !== null && v !== '') p.set(k, String(v));
  const s = p.toString();
  return s ? `?${s}` : '';
}

/** Listener calls: no credentials needed. */
export const listenerApi = {
  week: (start: string) => api<WeekResponse>(`/api/schedule/week${qs({ start })}`, { auth: false }),
  today: () => api<{ date: string; timezone: string; shows: ListenerEventView[] }>('/api/schedule/today', { auth: false }),
  next: () => api<{ timezone: string; show: ListenerEventView | null }>('/api/schedule/next', { auth: false }),
  presenterShows: (id: string) => api<{ timezone: string; shows: ListenerEventView[] }>(`/api/presenters/${encodeURIComponent(id)}/shows`, { auth: false }),
};

/** Staff calls (the access token is added by the app's api()). */
export const staffApi = {
  actor: () => api<BookingActor>('/api/schedule/me'),
  events: (q: { from?: string | undefined; to?: string | undefined; type?: string | undefined; status?: string | undefined; series_id?: string | undefined; order?: 'asc' | 'desc' }) =>
    api<{ events: ScheduleEventView[] }>(`/api/schedule/events${qs(q)}`),
  event: (id: string) => api<{ event: ScheduleEventView }>(`/api/schedule/events/${id}`),
  book: (body: unknown) => api<BookingResult>('/api/schedule/bookings', { method: 'POST', body }),
  editShow: (id: string, body: unknown) => api<{ event: ScheduleEventView }>(`/api/schedule/events/${id}`, { method: 'PATCH', body }),
  remove: (id: string) => api<null>(`/api/schedule/events/${id}`, { method: 'DELETE' }),
  approve: (id: string) => api<{ event: ScheduleEventView }>(`/api/schedule/events/${id}/approve`, { method: 'POST' }),
  resolve: (id: string, decision: 'approve' | 'reject') => api<{ event: ScheduleEventView }>(`/api/schedule/events/${id}/resolve`, { method: 'POST', body: { decision } }),
  cancel: (id: string) => api<{ event: ScheduleEventView }>(`/api/schedule/events/${id}/cancel`, { method: 'POST' }),
  createOverview: (body: unknown) => api<{ event: ScheduleEventView }>('/api/schedule/overview/events', { method: 'POST', body }),
  updateOverview: (id: string, body: unknown) => api<{ event: ScheduleEventView }>(`/api/schedule/overview/events/${id}`, { method: 'PATCH', body }),
  uploadImage: (file: Blob) => api<{ url: string }>('/api/schedule/images', { method: 'POST', rawBody: file }),
  outstanding: (week: string) => api<OutstandingResponse>(`/api/schedule/outstanding${qs({ week })}`),
};
