/**
 * The schedule's API calls and query keys for the web, typed with the shapes
 * in shared/bookings. Every schedule query key starts with 'schedule', so
 * one invalidation (after a change pushed on the realtime channel, or after
 * a staff write) refreshes every open view.
 */
import type {
  BookingActor,
  BookingResult,
  CreateBookingInput,
  EditShowInput,
  ListenerEventView,
  OutstandingResponse,
  OverviewEventInput,
  ResolveInput,
  ScheduleEventView,
  WeekResponse,
  SeriesActionResult,
} from '../../../shared/bookings';
import { endpoint, PUBLIC } from '../app/api';
import { useRefetchOn } from '../realtime/hooks';

/** Query keys; the first element is shared so `['schedule']` invalidates them all. */
export const scheduleKeys = {
  all: ['schedule'] as const,
  week: (start: string, firstDay = 1) => ['schedule', 'week', start, firstDay] as const,
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

type EventsQuery = { from?: string | undefined; to?: string | undefined; type?: string | undefined; status?: string | undefined; series_id?: string | undefined; q?: string | undefined; presenter_id?: string | undefined; order?: 'asc' | 'desc' };
type EventAnswer = { event: ScheduleEventView };
const deleteSeries = endpoint<SeriesActionResult, [id: string]>('DELETE', (id) => `/api/schedule/series/${id}`);
const seriesTransition = endpoint<SeriesActionResult, [id: string, kind: 'approve' | 'cancel']>('POST', (id, kind) => `/api/schedule/series/${id}/${kind}`);

/** Listener calls: no credentials needed. */
export const listenerApi = {
  week: endpoint<WeekResponse, [start: string, firstDay?: number]>('GET', (start, firstDay) => `/api/schedule/week${qs({ start, first_day: firstDay && firstDay !== 1 ? firstDay : undefined })}`, PUBLIC),
  today: endpoint<{ date: string; timezone: string; shows: ListenerEventView[] }>('GET', () => '/api/schedule/today', PUBLIC),
  next: endpoint<{ timezone: string; show: ListenerEventView | null }>('GET', () => '/api/schedule/next', PUBLIC),
  presenterShows: endpoint<{ timezone: string; shows: ListenerEventView[] }, [id: string]>('GET', (id) => `/api/presenters/${encodeURIComponent(id)}/shows`, PUBLIC),
};

/** Staff calls (the access token is added by the app's api()). */
export const staffApi = {
  actor: endpoint<BookingActor>('GET', () => '/api/schedule/me'),
  events: endpoint<{ events: ScheduleEventView[] }, [q: EventsQuery]>('GET', (q) => `/api/schedule/events${qs(q)}`),
  event: endpoint<EventAnswer, [id: string]>('GET', (id) => `/api/schedule/events/${id}`),
  book: endpoint<BookingResult, [body: CreateBookingInput]>('POST', (body) => ({ path: '/api/schedule/bookings', body })),
  editShow: endpoint<EventAnswer, [id: string, body: EditShowInput]>('PATCH', (id, body) => ({ path: `/api/schedule/events/${id}`, body })),
  remove: endpoint<null, [id: string]>('DELETE', (id) => `/api/schedule/events/${id}`),
  move: endpoint<EventAnswer, [id: string, body: { event_date: string; proceed: boolean }]>('POST', (id, body) => ({ path: `/api/schedule/events/${id}/move`, body })),
  seriesAction: (id: string, kind: 'approve' | 'cancel' | 'delete'): Promise<SeriesActionResult> => (kind === 'delete' ? deleteSeries(id) : seriesTransition(id, kind)),
  editSeries: endpoint<SeriesActionResult, [id: string, body: { title: string; description: string; start_time?: string; end_time?: string; proceed: boolean }]>('PATCH', (id, body) => ({ path: `/api/schedule/series/${id}`, body })),
  approve: endpoint<EventAnswer, [id: string]>('POST', (id) => `/api/schedule/events/${id}/approve`),
  resolve: endpoint<EventAnswer, [id: string, decision: ResolveInput['decision']]>('POST', (id, decision) => ({ path: `/api/schedule/events/${id}/resolve`, body: { decision } satisfies ResolveInput })),
  cancel: endpoint<EventAnswer, [id: string]>('POST', (id) => `/api/schedule/events/${id}/cancel`),
  restore: endpoint<EventAnswer, [id: string, status: 'scheduled' | 'pending']>('POST', (id, status) => ({ path: `/api/schedule/events/${id}/restore`, body: { status } })),
  createOverview: endpoint<EventAnswer, [body: OverviewEventInput]>('POST', (body) => ({ path: '/api/schedule/overview/events', body })),
  updateOverview: endpoint<EventAnswer, [id: string, body: OverviewEventInput]>('PATCH', (id, body) => ({ path: `/api/schedule/overview/events/${id}`, body })),
  uploadImage: endpoint<{ url: string }, [file: Blob]>('POST', (file) => ({ path: '/api/schedule/images', rawBody: file })),
  outstanding: endpoint<OutstandingResponse, [week: string]>('GET', (week) => `/api/schedule/outstanding${qs({ week })}`),
};

/** The schedule's realtime hook: a change on the `schedule` channel (or a reconnect) refreshes every schedule view. */
export function useScheduleLive(): void {
  useRefetchOn('schedule', scheduleKeys.all);
}
