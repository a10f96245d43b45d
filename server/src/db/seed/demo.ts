import { DateTime } from 'luxon';
import type { Knex } from 'knex';
import { hashPassword } from '../../auth/passwords';
import type { Role } from '../../../../shared/permissions';
import { DEMO_TRACKS } from './demo-tracks';
import { demoStationSettings } from './demo-station';
import { eventInterval } from '../../../../shared/schedule';
import { demoPlaysBetween } from '../../radio/sources/demo';
import { trackKey } from '../../radio/sources/normalise';

import { DEMO_PASSWORD } from '../../users/demo-password';

export { DEMO_PASSWORD };

/** One demo account per role, each with a presenter record except the guest. */
export const DEMO_PEOPLE: ReadonlyArray<{ role: Role; email: string; username: string; presenter: string | null; bio: string; social: Record<string, string> }> = [
  { role: 'owner', email: 'owner@airdeck.demo', username: 'Maya Okafor', presenter: 'Maya Okafor', bio: 'Founded the station in a spare room in 2019. Plays soul, broken beat and whatever the listeners dig up.', social: { instagram: 'https://instagram.com/airdeck.maya', website: 'https://example.org/maya' } },
  { role: 'manager', email: 'manager@airdeck.demo', username: 'Tom Reilly', presenter: 'Tom Reilly', bio: 'Station manager by day, drum & bass selector by night. Keeps the schedule honest.', social: { twitter: 'https://x.com/tomreilly_dnb', twitch: 'https://twitch.tv/tomreilly' } },
  { role: 'admin', email: 'admin@airdeck.demo', username: 'Priya Shah', presenter: 'Priya Shah', bio: 'Breakfast with Priya: gentle starts, new UK releases and your shoutouts.', social: { instagram: 'https://instagram.com/priyaonair' } },
  { role: 'moderator', email: 'moderator@airdeck.demo', username: 'Jonas Berg', presenter: 'DJ Fjord', bio: 'Nordic electronica, ambient and long-form mixes for the late crowd.', social: { youtube: 'https://youtube.com/@djfjord', kick: 'https://kick.com/djfjord' } },
  { role: 'presenter', email: 'presenter@airdeck.demo', username: 'Leah Campbell', presenter: 'Leah Campbell', bio: 'Lunchtime Lowdown: indie, neo-soul and a local artist every week.', social: { facebook: 'https://facebook.com/leahcampbellradio' } },
  { role: 'probation', email: 'probation@airdeck.demo', username: 'Sam Adeyemi', presenter: 'Sam Adeyemi', bio: 'New to the team: afrobeats, amapiano and Sunday grooves.', social: {} },
  { role: 'guest', email: 'guest@airdeck.demo', username: 'Guest Producer', presenter: null, bio: '', social: {} },
];

/** Presenters without an account. */
const EXTRA_PRESENTERS = [
  { name: 'Nina Torres', role: 'presenter', bio: 'Drive Time Disco: edits, classics and the occasional kazoo.', social: { instagram: 'https://instagram.com/ninadisco' } },
  { name: 'The Night Bus', role: 'presenter', bio: 'Two friends, one microphone, all the late-night music they can carry.', social: { website: 'https://example.org/nightbus' } },
] as const;

/** Whether the database holds no station data yet: the only time the demo may be seeded. */
export async function isEmptyDatabase(knex: Knex): Promise<boolean> {
  // One query (checked on every start): any row in any of these tables means the station is in use.
  const tables = ['profiles', 'presenters', 'schedule_events', 'tracks', 'custom_pages'];
  const { rows } = (await knex.raw(`select ${tables.map((t) => `exists(select 1 from ${t})`).join(' or ')} as used`)) as { rows: Array<{ used: boolean }> };
  return rows[0]?.used !== true;
}

interface Slot {
  start: string;
  end: string;
  title: string;
  description: string;
  /** The presenter's name as seeded (DEMO_PEOPLE or EXTRA_PRESENTERS). */
  presenter: string;
}

const WEEKDAY_SLOTS: Slot[] = [
  { start: '07:00:00', end: '09:00:00', title: 'Breakfast with Priya', description: 'Gentle starts, new UK releases and your shoutouts.', presenter: 'Priya Shah' },
  { start: '12:00:00', end: '14:00:00', title: 'Lunchtime Lowdown', description: 'Indie, neo-soul and a local artist every week.', presenter: 'Leah Campbell' },
  { start: '17:00:00', end: '19:00:00', title: 'Drive Time Disco', description: 'Edits, classics and the occasional kazoo.', presenter: 'Nina Torres' },
  { start: '20:00:00', end: '22:00:00', title: 'Soul Kitchen', description: 'Soul, broken beat and listener digs.', presenter: 'Maya Okafor' },
];
const LATE_SLOT: Slot = { start: '23:00:00', end: '01:00:00', title: 'Late Night Lounge', description: 'Ambient, electronica and long-form mixes past midnight.', presenter: 'DJ Fjord' };
/** Saturday's morning show; Sunday has Sunday Grooves in that hour. */
const SATURDAY_MORNING: Slot = { start: '10:00:00', end: '12:00:00', title: 'Saturday Crate Dig', description: 'Records the listeners dug up this week, played in full.', presenter: 'Maya Okafor' };
const SUNDAY_MORNING: Slot = { start: '10:00:00', end: '12:00:00', title: 'Sunday Grooves', description: 'Afrobeats, amapiano and easy Sunday energy.', presenter: 'Sam Adeyemi' };
const WEEKEND_SLOTS: Slot[] = [
  { start: '15:00:00', end: '17:00:00', title: 'Bass Culture', description: 'Drum & bass, jungle and UK garage.', presenter: 'Tom Reilly' },
  { start: '21:00:00', end: '23:00:00', title: 'The Night Bus', description: 'All the late-night music two friends can carry.', presenter: 'The Night Bus' },
];

function minutes(t: string): number {
  const [h, m] = t.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}

/**
 * Seeds a believable station on an empty database: presenters across the
 * roles with accounts, this week's and next week's shows (one crossing
 * midnight, one live right now), 40 tracks with play history and votes, a
 * custom page, slides and sponsored content. Never touches a database that
 * already has station data.
 */
export async function seedDemo(knex: Knex, opts: { timezone: string; now?: number; demoTrackSeconds?: number }): Promise<boolean> {
  if (!(await isEmptyDatabase(knex))) return false;
  const now = DateTime.fromMillis(opts.now ?? Date.now(), { zone: opts.timezone });
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  await knex.transaction(async (trx) => {
    const presenterIds: string[] = [];
    const userIds: Record<string, string> = {};
    for (const p of DEMO_PEOPLE) {
      const [user] = await trx('profiles')
        .insert({ email: p.email, username: p.username, role: p.role, password_hash: passwordHash, is_demo: true, is_admin: ['owner', 'manager', 'admin'].includes(p.role) })
        .returning<{ id: string }[]>('id');
      userIds[p.role] = user!.id;
      if (p.presenter) {
        const [pr] = await trx('presenters')
          .insert({ user_id: user!.id, name: p.presenter, role: p.role, bio: p.bio, social_links: JSON.stringify(p.social), azuracast_id: String(presenterIds.length + 1) })
          .returning<{ id: string }[]>('id');
        presenterIds.push(pr!.id);
      }
    }
    for (const p of EXTRA_PRESENTERS) {
      const [pr] = await trx('presenters')
        .insert({ name: p.name, role: p.role, bio: p.bio, social_links: JSON.stringify(p.social), azuracast_id: String(presenterIds.length + 1) })
        .returning<{ id: string }[]>('id');
      presenterIds.push(pr!.id);
    }
    const presenters = await trx('presenters').select<{ id: string; name: string; role: string; bio: string | null; user_id: string | null }[]>('id', 'name', 'role', 'bio', 'user_id');
    const byId = new Map(presenters.map((p) => [p.id, p]));
    const byName = new Map(presenters.map((p) => [p.name, p]));

    // Two weeks of shows, Monday of this week onwards.
    const monday = now.startOf('week');
    const liveStart = `${String(now.hour).padStart(2, '0')}:00:00`;
    const liveEnd = `${String((now.hour + 2) % 24).padStart(2, '0')}:00:00`;
    const events: Record<string, unknown>[] = [];
    for (let d = 0; d < 14; d++) {
      const day = monday.plus({ days: d });
      const date = day.toISODate()!;
      const weekend = day.weekday >= 6;
      let slots = weekend ? [day.weekday === 6 ? SATURDAY_MORNING : SUNDAY_MORNING, ...WEEKEND_SLOTS] : [...WEEKDAY_SLOTS];
      if (day.weekday === 5 || day.weekday === 6) slots.push(LATE_SLOT);
      const isToday = date === now.toISODate();
      if (isToday) {
        // Make room for the show that is live right now.
        const ls = now.hour * 60;
        const le = ls + 120;
        slots = slots.filter((s) => {
          const ss = minutes(s.start);
          const se = minutes(s.end) <= ss ? minutes(s.end) + 1440 : minutes(s.end);
          return se <= ls || ss >= le;
        });
        slots.push({ start: liveStart, end: liveEnd, title: 'Open Decks Live', description: 'Live from the studio right now: tunes, chat and your requests.', presenter: 'DJ Fjord' });
      }
      for (const s of slots) {
        const presenter = byName.get(s.presenter);
        if (!presenter) throw new Error(`demo seed: no presenter named ${s.presenter}`);
        // The probationary presenter's shows next week wait for approval.
        const probation = presenter.role === 'probation' && d >= 7;
        events.push({
          title: s.title,
          description: s.description,
          type: 'show',
          event_date: date,
          start_time: s.start,
          end_time: s.end,
          status: probation ? 'pending' : 'scheduled',
          presenter_id: presenter.id,
          presenter_name: presenter.name,
          presenter_bio: presenter.bio,
          host: presenter.name,
          created_by: presenter.user_id ?? userIds.owner,
          recurrence_type: 'once',
          booking_type: 'single',
        });
      }
    }
    // A special event and a maintenance window next week, for the overview.
    events.push({ title: 'Station Birthday Party', description: 'Ten hours of live sets from the whole team.', type: 'event', event_date: monday.plus({ days: 12 }).toISODate(), start_time: '14:00:00', end_time: '15:00:00', status: 'scheduled', host: 'The whole team', created_by: userIds.owner, recurrence_type: 'once', booking_type: 'single' });
    events.push({ title: 'Transmitter maintenance', description: 'Short interruptions possible.', type: 'maintenance', event_date: monday.plus({ days: 9 }).toISODate(), start_time: '05:00:00', end_time: '06:00:00', status: 'scheduled', host: 'Engineering', created_by: userIds.admin, recurrence_type: 'once', booking_type: 'single' });
    await trx.batchInsert('schedule_events', events, 100);

    // Tracks (keyed as the station poller keys them, so it finds these rows), then
    // the demo station's real rotation over the last ten days as play history, so
    // the poller's first reading continues it without a duplicate.
    const trackRows = DEMO_TRACKS.map((t) => ({
      track_key: trackKey(t.artist, t.title),
      title: t.title,
      artist: t.artist,
      album: t.album,
      duration_seconds: t.durationSeconds,
      artwork_url: null,
    }));
    const inserted = await trx('tracks').insert(trackRows).returning<{ id: string; track_key: string }[]>(['id', 'track_key']);
    const trackIdByKey = new Map(inserted.map((r) => [r.track_key, r.id]));
    const plays = demoPlaysBetween(now.toMillis() - 10 * 86_400_000, now.toMillis() + 1, opts.demoTrackSeconds).slice(-3000);
    const history = plays.map((p) => ({
      track_id: trackIdByKey.get(trackKey(p.track.artist, p.track.title))!,
      played_at: new Date(p.startedAt),
      source_play_id: `demo:${p.playId}`,
      is_live: false,
    }));
    await trx.batchInsert('play_history', history, 500);
    const votes: Record<string, unknown>[] = [];
    for (let i = 0; i < 24; i++) {
      const track = inserted[(i * 7) % inserted.length]!;
      votes.push({ track_id: track.id, user_session: `demo-session-${i}`, vote_type: i % 5 === 0 ? 'down' : 'up', created_at: now.minus({ hours: i }).toJSDate() });
    }
    await trx('track_votes').insert(votes);

    // Live sessions: one earlier session per presenter, and the shows already
    // past this week as they really went (mostly on time, one late start, one
    // overrun, one no-show), so DJ stats and the on-air report have something to show.
    const sessions: Record<string, unknown>[] = [];
    for (let i = 0; i < presenterIds.length; i++) {
      const start = now.minus({ days: 1 + i, hours: 3 });
      sessions.push({ presenter_id: presenterIds[i], streamer_name: byId.get(presenterIds[i]!)!.name, started_at: start.toJSDate(), ended_at: start.plus({ minutes: 95 + i * 7 }).toJSDate(), source: 'demo' });
    }
    const pastShows = await trx('schedule_events')
      .where({ type: 'show', status: 'scheduled' })
      .where('event_date', '<=', now.toISODate()!)
      .select<{ id: string; event_date: string; start_time: string; end_time: string; presenter_id: string | null; presenter_name: string | null }[]>('id', 'event_date', 'start_time', 'end_time', 'presenter_id', 'presenter_name');
    let n = 0;
    for (const show of pastShows.sort((a, b) => `${a.event_date}${a.start_time}`.localeCompare(`${b.event_date}${b.start_time}`))) {
      const { startMs, endMs } = eventInterval(show, opts.timezone);
      if (endMs > now.toMillis()) continue;
      n++;
      if (n % 7 === 3) continue; // a no-show
      const late = n % 5 === 2 ? 12 : n % 3;
      const over = n % 6 === 4 ? 9 : -(n % 4);
      sessions.push({ presenter_id: show.presenter_id, streamer_name: show.presenter_name, schedule_event_id: show.id, started_at: new Date(startMs + late * 60_000), ended_at: new Date(endMs + over * 60_000), source: 'demo' });
    }
    sessions.sort((a, b) => (a.started_at as Date).getTime() - (b.started_at as Date).getTime());
    // Sessions may not overlap in this demo: trim an earlier one that runs into the next.
    for (let i = 0; i + 1 < sessions.length; i++) {
      const cur = sessions[i]!;
      const nxt = sessions[i + 1]!;
      if ((cur.ended_at as Date) > (nxt.started_at as Date)) cur.ended_at = nxt.started_at;
    }
    const savedSessions = await trx('broadcast_sessions').insert(sessions).returning<{ id: string; started_at: Date; ended_at: Date; streamer_name: string | null }[]>(['id', 'started_at', 'ended_at', 'streamer_name']);
    for (const sess of savedSessions) {
      await trx('play_history')
        .where('played_at', '>=', sess.started_at)
        .andWhere('played_at', '<', sess.ended_at)
        .update({ broadcast_session_id: sess.id, is_live: true, streamer_name: sess.streamer_name });
    }

    await trx('custom_pages').insert([
      {
        title: 'About the Station',
        slug: 'about',
        content:
          '<h2>Community radio, made by listeners</h2><p>Airdeck Radio started in a spare room in 2019 and now broadcasts around the clock with more than a dozen volunteer presenters.</p><h3>What we play</h3><ul><li>New UK music every weekday morning</li><li>Soul, broken beat and jazz in the evenings</li><li>Electronica and ambient after midnight</li></ul><blockquote>Radio is better when you can talk back.</blockquote><p>Want to join us? <a href="/become-a-dj">Apply to become a DJ</a>.</p>',
        meta_description: 'Who we are, what we play and how to get involved.',
        is_published: true,
        is_featured: true,
        display_order: 1,
        created_by: userIds.owner,
      },
      {
        title: 'Winter Schedule (draft)',
        slug: 'winter-schedule',
        content: '<p>Our winter line-up is coming soon.</p>',
        meta_description: null,
        is_published: false,
        is_featured: false,
        display_order: 2,
        created_by: userIds.owner,
      },
    ]);
    await trx('slider_content').insert([
      { title: 'Welcome to Airdeck Radio', description: 'Community radio from the UK to the world, live every day.', image_url: '/demo/slide-welcome.svg', link_url: '/shows', display_order: 0 },
      { title: 'Become a DJ', description: 'Got a show idea? We train new presenters every month.', image_url: '/demo/slide-dj.svg', link_url: '/become-a-dj', display_order: 1 },
      { title: 'Request a song', description: 'Tell the presenter what you want to hear next.', image_url: '/demo/slide-request.svg', link_url: '/request', display_order: 2 },
    ]);
    await trx('sponsored_content').insert([
      { title: 'Riverside Records', description: 'Independent record shop: vinyl, coffee and Saturday listening sessions.', image_url: '/demo/sponsor-records.svg', learn_more_url: 'https://example.org/riverside-records', priority: 5 },
      { title: 'Night Bus Studios', description: 'Affordable rehearsal rooms and recording for local bands.', image_url: '/demo/sponsor-studio.svg', learn_more_url: 'https://example.org/night-bus-studios', priority: 2 },
    ]);
    await trx('song_requests').insert([
      { title: 'Teardrop', artist: 'Massive Attack', requester: 'Alex', message: 'For the night shift at the hospital!', user_session: 'session_demo1', status: 'pending' },
      { title: 'Hoppípolla', artist: 'Sigur Rós', requester: 'Freya', message: null, user_session: 'session_demo2', status: 'approved' },
    ]);
    await trx('shoutout_requests').insert([{ requester_name: 'Jo', recipient_name: 'Mum', message: 'Happy birthday Mum, love you!', user_session: 'session_demo3', status: 'pending' }]);
    await trx('general_requests').insert([{ name: 'Chris', email: 'chris@example.org', subject: 'feedback', message: 'Loving the new late night show.', user_session: 'session_demo4', status: 'pending' }]);
    await trx('presenter_applications').insert([
      { name: 'Dana Lee', email: 'dana@example.org', experience: 'Two years on student radio, weekly indie show.', show_idea: 'A weekly hour of new UK guitar music and interviews.', available_times: ['weekday-evening', 'weekend-afternoon'], has_discord: true, discord_username: 'danalee', terms_accepted: true },
    ]);
    await trx('loa_requests').insert([
      { presenter_id: presenterIds[7], presenter_name: byId.get(presenterIds[7]!)!.name, start_date: now.plus({ days: 20 }).toISODate(), end_date: now.plus({ days: 27 }).toISODate(), reason: 'vacation', status: 'pending', submitted_by: userIds.owner },
    ]);
    await trx('station_settings').where({ id: 1 }).update({ settings: JSON.stringify(demoStationSettings()) });
  });
  return true;
}
