import type { ListenerEventView, WeekResponse } from '../../../../shared/bookings';
import { boot, fill, follow, getJson, h, root, t } from '../core';
import { addDays, dateIn, dayLabel, showSpan, timeIn, visitorZone } from '../zone';
import { liveShowId } from '../../../../shared/radio-display';

/**
 * /embed/schedule: today's shows, or the week's, in the visitor's time zone
 * (or the station's, `tz=station`), with a LIVE mark on the show on air.
 * Follows the `schedule` channel (a booking shows at once) and `now-playing`.
 */
const opts = boot('schedule');
document.title = opts.range === 'week' ? t('embed.schedule.thisWeek') : t('embed.schedule.today');
const el = root();
let events: (ListenerEventView & { from: number; to: number })[] = [];
let stationZone = 'UTC';
let onAir: string | null = null;
let loaded = false;

async function load(): Promise<void> {
  const today = new Date().toISOString().slice(0, 10);
  // The visitor's today can be the station's yesterday or tomorrow: read the weeks around it.
  const weeks = opts.range === 'week' ? [today] : [addDays(today, -1), addDays(today, 1)];
  const answers: WeekResponse[] = [];
  for (const w of weeks) {
    if (answers.some((a) => a.weekStart <= w && w <= a.weekEnd)) continue;
    answers.push(await getJson<WeekResponse>(`/api/schedule/week?week=${w}`));
  }
  stationZone = answers[0]?.timezone ?? 'UTC';
  const seen = new Set<string>();
  events = answers
    .flatMap((a) => [...a.carryover, ...a.events])
    .filter((e) => e.status === 'scheduled' && !seen.has(e.id) && !!seen.add(e.id))
    .map((e) => {
      const [from, to] = showSpan(e.event_date, e.start_time, e.end_time, stationZone);
      return { ...e, from, to };
    })
    .sort((a, b) => a.from - b.from);
  loaded = true;
  render();
}

function render(): void {
  if (!loaded) return;
  const zone = opts.tz === 'station' ? stationZone : visitorZone();
  const now = Date.now();
  const today = dateIn(now, zone);
  const shown = opts.range === 'week' ? events.filter((e) => e.to > now - 7 * 86_400_000) : events.filter((e) => dateIn(e.from, zone) === today || (e.from < now && e.to > now));
  const byDay = new Map<string, typeof shown>();
  for (const e of shown) {
    const d = e.from < now && e.to > now ? today : dateIn(e.from, zone);
    byDay.set(d, [...(byDay.get(d) ?? []), e]);
  }
  const days = [...byDay.keys()].sort();
  const list = days.flatMap((d) => [
    opts.range === 'week' ? h('h2', { class: 'day' }, d === today ? t('embed.schedule.todayDay', { day: dayLabel(d) }) : dayLabel(d)) : null,
    h(
      'ul',
      { class: 'list', 'aria-label': dayLabel(d) },
      ...byDay.get(d)!.map((e) => {
        // LIVE only for the show a live session is (issue 38 item 5), never from the booking's times alone.
        const live = opts.show.includes('live') && onAir === e.id;
        return h(
          'li',
          { class: `show${live ? ' on' : ''}`, 'data-show': e.id },
          h('span', { class: 'small nowrap' }, timeIn(e.from, zone)),
          h('div', { class: 'grow' }, h('p', { class: 'title ellipsis' }, e.title), opts.show.includes('presenter') && (e.presenter_name || e.host) ? h('p', { class: 'muted small ellipsis' }, e.presenter_name ?? e.host) : null),
          live ? h('span', { class: 'badge live' }, t('embed.live')) : h('span', { class: 'muted small nowrap' }, t('embed.schedule.until', { time: timeIn(e.to, zone) })),
        );
      }),
    ),
  ]);
  fill(
    el,
    h(
      'section',
      { class: 'card', 'aria-label': t('embed.widget.schedule') },
      h('div', { class: 'head' }, h('h1', null, opts.range === 'week' ? t('embed.schedule.thisWeek') : t('embed.schedule.today')), h('span', { class: 'muted small' }, zone.replace(/_/g, ' '))),
      shown.length ? h('div', null, ...list) : h('p', { class: 'muted' }, opts.range === 'week' ? t('embed.schedule.emptyWeek') : t('embed.schedule.emptyToday')),
    ),
  );
}

fill(el, h('p', { class: 'muted', role: 'status' }, t('embed.loading')));
void load().catch(() => fill(el, h('p', { class: 'muted', role: 'status' }, t('embed.schedule.failed'))));
follow(
  ['schedule', 'now-playing'],
  (e) => {
    // Any change of the schedule (a booking, an edit, a cancellation, leave): read the week again.
    if (e.channel === 'schedule') void load().catch(() => undefined);
    else if (e.name === 'now-playing.updated') {
      const id = liveShowId(e.data);
      if (id !== onAir) {
        onAir = id;
        render();
      }
    }
  },
  (reconnected) => {
    if (reconnected) void load().catch(() => undefined);
  },
);
// LIVE marks move with the clock.
setInterval(render, 30_000);
