import { z } from 'zod';
import { WeekQuerySchema } from '../../../shared/bookings';
import { EVENT_SCHEMAS } from '../../../shared/events';
import { VoteInputSchema } from '../../../shared/radio';
import { PUBLIC_CHANNELS } from '../../../shared/realtime';
import { GeneralRequestInputSchema, ShoutoutRequestInputSchema, SongRequestInputSchema, TrackSearchQuerySchema } from '../../../shared/requests';
import { PageViewSchema } from '../../../shared/content';
import { MyDataQuerySchema } from '../../../shared/privacy';
import { ApplicationSchema } from '../../../shared/applications';
import { ScheduleApiQuerySchema } from '../../../shared/public-api';
import { HistoryQuerySchema, MostLikedQuerySchema, MostPlayedQuerySchema } from '../radio/routes';
import { EpisodeListQuerySchema, EpisodeListSchema } from '../../../shared/listen-again';
import { FollowInputSchema, UnfollowInputSchema } from '../../../shared/reach';
import { registerOperation, type OperationResponse, type OperationSpec } from './openapi';

/**
 * The listener-facing routes of the website (now playing, the station's
 * AzuraCast-compatible answer, the calendar feed, the schedule views,
 * presenters, history and charts, votes, counters, pages and listener
 * requests), registered with the same zod schemas their routes parse with.
 * They are documented (`strict: false`), not contract-checked on every test
 * answer as the two public data APIs are: their bodies are described in prose.
 */

const error = (description: string): OperationResponse => ({ description, error: true });
/** AzuraCast's error answer, as its players expect it, plus the one error object of every Airdeck answer. */
const AzuraCastErrorSchema = z.object({
  code: z.number(),
  type: z.string(),
  message: z.string(),
  formatted_message: z.string(),
  extra_data: z.array(z.unknown()),
  success: z.literal(false),
  error: z.object({ code: z.string(), message: z.string() }),
});

/** A JSON answer (an object unless said). */
const ok = (description: string, json: 'object' | 'array' = 'object'): OperationResponse => ({ description, json });
/** An answer without a body. */
const none = (description: string): OperationResponse => ({ description });

const SESSION_PARAM = { name: 'user_session', description: 'The listener’s anonymous session id, for their own vote.', schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{8,128}$' } };

const ops: OperationSpec[] = [
  {
    method: 'get',
    path: '/api/now-playing',
    tag: 'Now Playing',
    summary: 'What is on air',
    description:
      'The station now: the song (title, artist, album, art, duration, elapsed), who is live, listeners, the current and next show, the recent history and whether the reading is stale. Cached 5 s with an ETag. The realtime `now-playing` channel pushes every change (see x-realtime).',
    responses: { 200: ok('The now-playing document.'), 304: none('Not modified.'), 503: error('The station has not been read yet.') },
  },
  {
    method: 'get',
    path: '/api/nowplaying',
    tag: 'Now Playing',
    summary: 'Now playing in AzuraCast’s format (every station)',
    description: 'An array with the one station, in AzuraCast’s `/api/nowplaying` shape, for existing players and bots.',
    responses: { 200: ok('AzuraCast now-playing array (before the first reading, the station with nothing playing).', 'array') },
  },
  {
    method: 'get',
    path: '/api/nowplaying/{station}',
    tag: 'Now Playing',
    summary: 'Now playing in AzuraCast’s format (one station)',
    description: 'AzuraCast’s `/api/nowplaying/{station}` shape; `{station}` is the station’s short name or id 1.',
    pathParams: { station: 'The station’s short name (airdeck, or STATION_ID) or 1.' }, responses: { 200: ok('AzuraCast now-playing object.'), 404: { description: 'Unknown station: AzuraCast’s error fields, with the error object every Airdeck answer carries.', schema: AzuraCastErrorSchema } },
  },
  {
    method: 'get',
    path: '/api/schedule.ics',
    aliases: ['/api/public/schedule.ics'],
    tag: 'Schedule API',
    summary: 'The schedule as an iCalendar feed',
    description: 'The same shows and filters as /schedule-api, as text/calendar (one VEVENT per show, in the station’s time zone), for calendar apps.',
    query: ScheduleApiQuerySchema,
    responses: { 200: { description: 'The shows as iCalendar.', content: 'text/calendar' }, 304: none('Not modified.'), 400: error('Invalid parameters.') },
  },
  { method: 'get', path: '/api/schedule/week', tag: 'Schedule', summary: 'A week of the schedule (Monday to Sunday)', description: 'Scheduled and pending events of the week of `start` (or `week`), plus the previous Sunday’s shows that run past midnight (`carryover`).', query: WeekQuerySchema, responses: { 200: ok('The week.'), 400: error('Invalid date.') } },
  { method: 'get', path: '/api/schedule/today', tag: 'Schedule', summary: 'Today’s featured shows', description: 'Up to 6 scheduled shows of today (station time), by start time.', responses: { 200: ok('Today’s date, time zone and shows.') } },
  { method: 'get', path: '/api/schedule/next', tag: 'Schedule', summary: 'The next show', description: 'The next show (type show, scheduled or pending) after now; the same rule as the dashboard and the now-playing `next_show`.', responses: { 200: ok('The time zone and the show, or null.') } },
  { method: 'get', path: '/api/presenters', tag: 'Presenters', summary: 'The presenters', description: 'Public presenter profiles: name, bio, image, socials.', responses: { 200: ok('The presenters.') } },
  { method: 'get', path: '/api/presenters/{id}', tag: 'Presenters', summary: 'One presenter', responses: { 200: ok('The presenter.'), 404: error('Presenter not found.') } },
  { method: 'get', path: '/api/presenters/{id}/shows', tag: 'Presenters', summary: 'A presenter’s upcoming shows', description: 'Approved shows (type show, scheduled) from today, or from `from`; an unknown id has none.', queryParams: [{ name: 'from', description: 'The first date, YYYY-MM-DD (today in the station’s time zone when absent or not a date).', schema: { type: 'string', format: 'date' } }], responses: { 200: ok('The shows.') } },
  { method: 'get', path: '/api/presenters/{id}/audience', tag: 'Presenters', summary: 'A presenter’s average listeners per show', description: 'Over the last 90 days; only when General Settings show audience figures on DJ profiles (off by default).', responses: { 200: ok('`presenter_id`, `average` (null without readings) and `shows`.'), 400: error('Invalid id.'), 404: error('Audience figures are not shown.') } },
  { method: 'get', path: '/api/station/condition', tag: 'Now Playing', summary: 'Whether the station is heard', description: 'What the station’s ears hear on the public stream (issue 33): `condition` (`ok`, `silence`, `off_air`, `stuck` or `live_silent`), the open `incident` and the `last_incident` (kind, start, end, show, presenter), and the `backup_stream_url` a player may offer while the station is off air (null when none). Changes are pushed on the `now-playing` channel as `station.incident` and `station.recovered`.', responses: { 200: ok('The condition.') } },
  { method: 'get', path: '/api/episodes/{id}/audio.mp3', tag: 'Listen again', summary: 'An episode’s audio', description: 'The show as it aired (MP3 as the station sent it). Supports HTTP Range requests (206 with Content-Range) so players seek without downloading the whole show. `?download=1` answers it as an attachment, only when the station offers downloads (403 otherwise).', pathParams: { id: 'The episode’s id.' }, queryParams: [{ name: 'download', description: '1: as a file to save (only when the station offers downloads).', schema: { type: 'string', enum: ['0', '1'] } }], responses: { 200: { description: 'The audio.', content: 'audio/mpeg' }, 206: { description: 'The bytes asked for.', content: 'audio/mpeg' }, 403: error('This station does not offer downloads.'), 404: error('No such episode (or outside the public window).'), 416: error('The range is outside the episode.') } },
  { method: 'get', path: '/api/episodes/{id}/chapters.json', tag: 'Listen again', summary: 'An episode’s chapters', description: 'The tracklist as Podcasting 2.0 JSON chapters (`version`, `chapters` with `startTime` in seconds and `title`).', pathParams: { id: 'The episode’s id.' }, responses: { 200: { description: 'The chapters.', content: 'application/json+chapters' }, 404: error('No such episode.') } },
  { method: 'get', path: '/podcasts/{show}.xml', tag: 'Listen again', summary: 'Podcast feeds', description: 'RSS 2.0 for Apple Podcasts and Podcasting 2.0 apps (`itunes:*`, `podcast:guid`, `podcast:chapters`, `podcast:person`, `podcast:funding`, `podcast:liveItem`): `station` for every show, else a show’s id, series id or slug (its title in lower case with hyphens). The episodes inside the public window, newest first. Only while the station offers downloads (404 otherwise).', pathParams: { show: '`station`, or a show’s id or slug.' }, responses: { 200: { description: 'The feed.', content: 'application/rss+xml' }, 404: error('No feed: downloads are off, or no such show.') } },
  { method: 'get', path: '/api/audience/visibility', tag: 'Now Playing', summary: 'Which audience figures the station shows', description: '`profiles`: average listeners on DJ profiles; `player`: "N listening" on the player. Both off by default.', responses: { 200: ok('The two switches.') } },
  { method: 'get', path: '/api/radio/history', tag: 'History', summary: 'Recently played', query: HistoryQuerySchema, responses: { 200: ok('Plays, newest first.', 'array'), 400: error('Invalid limit.') } },
  { method: 'get', path: '/api/radio/most-played', tag: 'History', summary: 'Most played tracks', query: MostPlayedQuerySchema, responses: { 200: ok('Tracks with play counts.', 'array'), 400: error('Invalid limit or days.') } },
  { method: 'get', path: '/api/radio/most-liked', tag: 'History', summary: 'Most liked tracks', query: MostLikedQuerySchema, responses: { 200: ok('Tracks with vote counts.', 'array'), 400: error('Invalid limit.') } },
  { method: 'get', path: '/api/radio/dj-stats', tag: 'History', summary: 'A DJ’s stats by station-panel id', description: 'Hours streamed and recent shows, from recorded live sessions.', queryParams: [{ name: 'azuracast_id', required: true, description: 'The DJ’s id on the station panel.', schema: { type: 'string', minLength: 1, maxLength: 100 } }], responses: { 200: ok('The stats.'), 400: error('azuracast_id is required.'), 404: error('Unknown DJ.') } },
  { method: 'get', path: '/api/radio/dj-stats/{presenterId}', tag: 'History', summary: 'A presenter’s stats', responses: { 200: ok('The stats.'), 400: error('Invalid id.'), 404: error('Unknown presenter.') } },
  { method: 'get', path: '/api/tracks/votes', tag: 'Votes', summary: 'Vote counts of several tracks', queryParams: [{ name: 'ids', required: true, description: 'Track ids, comma-separated, at most 50.', schema: { type: 'string' } }, SESSION_PARAM], responses: { 200: ok('Counts per track.'), 400: error('Invalid ids or session.') } },
  { method: 'get', path: '/api/tracks/{id}/votes', tag: 'Votes', summary: 'Vote counts of one track', queryParams: [SESSION_PARAM], responses: { 200: ok('Counts (and the session’s own vote).'), 400: error('Invalid id or session.'), 404: error('Track not found') } },
  { method: 'post', path: '/api/tracks/{id}/votes', tag: 'Votes', summary: 'Vote for a track', description: 'Pressing the same vote again removes it; the opposite switches it. Pushed on the `votes` channel.', body: VoteInputSchema, responses: { 200: ok('The new counts.'), 400: error('Invalid vote.'), 404: error('Track not found'), 429: error('Too many votes.') } },
  { method: 'get', path: '/api/counters/bubble_clicks', tag: 'Votes', summary: 'The bubbles counter', responses: { 200: ok('The count.') } },
  { method: 'post', path: '/api/counters/bubble_clicks/increment', tag: 'Votes', summary: 'Pop a bubble', description: 'Adds one; pushed on the `counters` channel.', responses: { 200: ok('The new count.'), 429: error('Too many bubbles.') } },
  { method: 'get', path: '/api/content/pages/{slug}', tag: 'Pages', summary: 'A published page', responses: { 200: ok('The page.'), 404: error('Page not found') } },
  { method: 'post', path: '/api/content/pages/{slug}/views', tag: 'Pages', summary: 'Count a page view', body: PageViewSchema, responses: { 202: ok('Accepted (`{ accepted: true }`): counted once per session and day after the answer has gone.'), 400: error('Invalid session id'), 404: error('Page not found'), 429: error('Too many requests.') } },
  ...(['slides', 'sponsored'] as const).flatMap((kind) =>
    (['views', 'clicks'] as const).map(
      (what): OperationSpec => ({
        method: 'post',
        path: `/api/content/${kind}/{id}/${what}`,
        tag: 'Pages',
        pathParams: { id: `The ${kind === 'slides' ? 'slide' : 'sponsored item'}’s id.` },
        summary: `Count a ${kind === 'slides' ? 'slide' : 'sponsored item'} ${what === 'views' ? 'view' : 'click'}`,
        description: 'A beacon of the listener site: counted after the answer has gone.',
        responses: { 202: ok('Accepted (`{ accepted: true }`).'), 404: error('Not found (an id that is not one).'), 429: error('Too many requests.') },
      }),
    ),
  ),
  { method: 'get', path: '/api/content/slider', tag: 'Pages', summary: 'The home slider', responses: { 200: ok('Slides and settings.') } },
  { method: 'get', path: '/api/content/sponsored', tag: 'Pages', summary: 'Sponsored content', responses: { 200: ok('Active sponsored items.') } },
  { method: 'post', path: '/api/requests/song', tag: 'Listener requests', summary: 'Request a song (website)', body: SongRequestInputSchema, responses: { 201: ok('The request.'), 400: error('Invalid field.'), 403: error('Requests are closed'), 409: error('Requested recently.'), 429: error('Too many requests.') } },
  { method: 'post', path: '/api/requests/shoutout', tag: 'Listener requests', summary: 'Send a shoutout (website)', body: ShoutoutRequestInputSchema, responses: { 201: ok('The shoutout.'), 400: error('Invalid field.'), 403: error('Requests are closed'), 429: error('Too many requests.') } },
  { method: 'post', path: '/api/requests/general', tag: 'Listener requests', summary: 'Contact the station', body: GeneralRequestInputSchema, responses: { 201: ok('The message.'), 400: error('Invalid field.'), 429: error('Too many requests.') } },
  { method: 'get', path: '/api/spotify/status', tag: 'Listener requests', summary: 'Whether Spotify search is set up (`{ available: boolean }`), so the request form offers it only then', responses: { 200: ok('Whether Spotify search is available.') } },
  { method: 'get', path: '/api/discord/status', tag: 'Listener requests', summary: 'Whether Discord sign-in is set up (`{ available: boolean }`), so the presenter application offers Connect Discord only then', responses: { 200: ok('Whether Discord sign-in is available.') } },
  { method: 'get', path: '/api/tracks/search', tag: 'Listener requests', summary: 'Search the track library', query: TrackSearchQuerySchema, responses: { 200: ok('Matching tracks.'), 400: error('Invalid query.'), 429: error('Too many searches.') } },
  { method: 'get', path: '/api/my-data', tag: 'Your data', summary: 'What the station holds for this browser', description: 'Found by the browser’s anonymous session ids (`session_id`, repeatable: the request id and the voting id): its requests, votes, page views and rate-limit counters; with `push_endpoint` (the browser’s own push subscription) also the shows it follows (`push_follows`). At least one of the two.', query: MyDataQuerySchema, responses: { 200: ok('The data, per kind.'), 400: error('Invalid session id.'), 429: error('Too many requests.') } },
  { method: 'delete', path: '/api/my-data', tag: 'Your data', summary: 'Delete what the station holds for this browser', description: 'Names, messages and the session id are erased from its requests (inquiries deleted), its votes and page views made unlinkable (totals stay), its rate-limit counters dropped, audit entries about its requests no longer name it; with `push_endpoint` its follows of shows are deleted.', body: MyDataQuerySchema, responses: { 200: ok('What was removed (`removed`), per kind.'), 400: error('Invalid session id.'), 429: error('Too many requests.') } },
  { method: 'get', path: '/api/push/key', tag: 'Follow a show', summary: 'The station’s Web Push key', description: 'The VAPID public key (`{ public_key }`, base64url) a browser subscribes with before following a show.', responses: { 200: ok('The public key.') } },
  { method: 'post', path: '/api/follows', tag: 'Follow a show', summary: 'Be told when a show goes live', description: 'No account: a standard PushSubscription (an https endpoint of a browser push service and its two keys) and the show. One Web Push notification per episode, sent when the show actually goes live. Nothing else about the listener is stored.', body: FollowInputSchema, responses: { 201: ok('Following (`{ show_id, following: true }`).'), 400: error('Invalid subscription or show.'), 404: error('Show not found'), 429: error('Too many requests.') } },
  { method: 'delete', path: '/api/follows', tag: 'Follow a show', summary: 'Stop following', description: 'By the subscription’s endpoint: every show it follows, or only `show_id`.', body: UnfollowInputSchema, responses: { 200: ok('How many follows were removed (`{ removed }`).'), 400: error('Invalid endpoint.'), 429: error('Too many requests.') } },
  { method: 'get', path: '/listen.m3u', tag: 'Station', summary: 'The stream as an M3U playlist', description: 'One endless entry, the stream listeners play, titled with the station’s name; absolute when PUBLIC_URL is set.', responses: { 200: { description: 'The playlist.', content: 'audio/x-mpegurl' } } },
  { method: 'get', path: '/listen.pls', tag: 'Stream', summary: 'The stream as a PLS playlist', description: 'PLS version 2, one endless entry titled with the station’s name.', responses: { 200: { description: 'The playlist.', content: 'audio/x-scpls' } } },
  { method: 'get', path: '/listen.svg', tag: 'Station', summary: 'The stream as a QR code', description: 'The address of the station’s public stream as a QR code (SVG).', responses: { 200: { description: 'The QR code.', content: 'image/svg+xml' } } },
  { method: 'get', path: '/listen-everywhere', tag: 'Station', summary: 'Listen everywhere (page)', description: 'A page for listeners, in their language: the "Alexa / Google, play …" phrases, the playlist files and the stream’s QR code.', responses: { 200: { description: 'The page.', content: 'text/html' } } },
  { method: 'post', path: '/api/applications', tag: 'Listener requests', summary: 'Apply to present', body: ApplicationSchema, responses: { 201: ok('The application was received.'), 400: error('Invalid field.'), 429: error('Too many applications.') } },
];

/** The public realtime channels and their events (payload schemas from shared/events.ts), for the document's `x-realtime`. */
export function realtimeDescription(): Record<string, unknown> {
  const schema = (s: z.ZodType) => {
    const { $schema: _drop, ...rest } = z.toJSONSchema(s, { io: 'output', unrepresentable: 'any', target: 'draft-2020-12' }) as Record<string, unknown>;
    void _drop;
    return rest;
  };
  const channels: Record<string, unknown> = {};
  for (const channel of PUBLIC_CHANNELS) {
    channels[channel] = { events: Object.fromEntries(Object.entries(EVENT_SCHEMAS[channel] as Record<string, z.ZodType>).map(([name, s]) => [name, schema(s)])) };
  }
  channels['session:{id}'] = {
    description: 'A listener’s own channel, keyed by the browser’s anonymous session id (8-128 of A-Z a-z 0-9 _ -).',
    events: Object.fromEntries(Object.entries(EVENT_SCHEMAS.session as Record<string, z.ZodType>).map(([name, s]) => [name, schema(s)])),
  };
  return {
    url: '/api/realtime',
    description:
      'One WebSocket with JSON text frames. Client → server: {type:"subscribe", channel}, {type:"unsubscribe", channel}, {type:"ping", t?}, {type:"hello", token?} (staff only). Server → client: welcome, subscribed, unsubscribed, {type:"event", channel, name, data, seq, snapshot?}, error, pong. Every channel may also carry bus.resync and <name>.too-big (data null): refetch. now-playing and counters send their current state at once on subscribe (snapshot: true).',
    channels,
  };
}

/** Registers the listener-facing routes (idempotent). */
export function registerListenerApis(): void {
  for (const op of ops) registerOperation({ ...op, strict: false });
  registerOperation({
    method: 'get',
    path: '/api/episodes',
    tag: 'Listen again',
    summary: 'Episodes to listen again',
    description:
      'Every show recorded from the station’s stream and cut from when it really went on air to when it went off (issue 32): the published episodes inside the station’s public window, newest first, station-wide or of one show (`show`: a show’s id, its series id, or its slug) or presenter. Each has its audio (`audio_url`, byte ranges), chapters (`chapters_url`), tracklist with offsets and any gaps in the recording; `download_url` is null when the station offers no downloads.',
    query: EpisodeListQuerySchema,
    responses: { 200: { description: 'The episodes.', schema: EpisodeListSchema }, 400: error('Invalid parameters.') },
    example: { query: { limit: '10' } },
  });
}
