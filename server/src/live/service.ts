import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import {
  DEFAULT_LIVE_GRACE_MINUTES,
  DEFAULT_LIVE_LEAD_MINUTES,
  type LiveInputSettingsInputSchema,
  type LiveInputSettingsView,
  type LiveOnAir,
  type LiveSourceKind,
  type LiveStatus,
  type LiveWindow,
} from '../../../shared/live';
import { can, type Role } from '../../../shared/permissions';
import type { z } from 'zod';
import type { AppContext } from '../context';
import { fail } from '../http/errors';
import { listPresenterRows, presenterNameAndPanelId, presenterOfUser } from '../presenters/repo';
import { splitArtistTitle } from '../radio/sources/normalise';
import type { NowPlayingSnapshot } from '../radio/sources/types';
import { showsBetween } from '../radio/schedule';
import { stationTimezone } from '../settings/service';
import type { SecretBox } from '../settings/secrets';
import { recordAction, type AuditActor } from '../users/audit';
import { usernameOf } from '../users/repo';
import type { ReportedLive } from './confirm';
import {
  liveSettingsRow,
  openLiveSession,
  replaceStreamers,
  streamerRow,
  streamerRows,
  upsertLiveSettings,
  type LiveSessionRow,
  type LiveSettingsRow,
} from './repo';

/**
 * The rules of going live (issue 31): the live-input settings (secrets sealed
 * by the context's box, never answered), the go-live window of a booking
 * (from `lead_minutes` before its start to `grace_minutes` after its end), and
 * where a presenter's audio goes (the demo station, an Icecast mount, or an
 * AzuraCast DJ port with the presenter's own streamer account).
 */

/** A session not seen for this long is over (its instance went away without ending it). */
export const LIVE_SESSION_STALE_MS = 20_000;

/** Which station the live input feeds: the configured station source. */
export function liveSourceKind(ctx: AppContext): LiveSourceKind {
  return ctx.config.STATION_SOURCE;
}

/** The stored settings, or the defaults before the first save. */
export async function liveSettings(db: Knex | Knex.Transaction): Promise<LiveSettingsRow> {
  return (
    (await liveSettingsRow(db)) ?? {
      lead_minutes: DEFAULT_LIVE_LEAD_MINUTES,
      grace_minutes: DEFAULT_LIVE_GRACE_MINUTES,
      icecast_server: null,
      icecast_mount: null,
      icecast_password_enc: null,
      azuracast_server: null,
      azuracast_dj_port: null,
      azuracast_dj_mount: null,
    }
  );
}

function settingsReady(kind: LiveSourceKind, row: LiveSettingsRow): boolean {
  if (kind === 'demo') return true;
  if (kind === 'icecast') return Boolean(row.icecast_mount && row.icecast_password_enc);
  return Boolean(row.azuracast_dj_port && row.azuracast_dj_mount);
}

/** The settings as staff see them: whether each password is stored, never the password. */
export async function liveSettingsView(ctx: AppContext): Promise<LiveInputSettingsView> {
  const row = await liveSettings(ctx.knex);
  const streamers = await streamerRows(ctx.knex);
  const names = new Map((await listPresenterRows(ctx.knex)).map((p) => [p.id, p.name]));
  const kind = liveSourceKind(ctx);
  return {
    source: kind,
    lead_minutes: row.lead_minutes,
    grace_minutes: row.grace_minutes,
    icecast_server: row.icecast_server,
    icecast_mount: row.icecast_mount,
    icecast_password_set: Boolean(row.icecast_password_enc),
    azuracast_server: row.azuracast_server,
    azuracast_dj_port: row.azuracast_dj_port,
    azuracast_dj_mount: row.azuracast_dj_mount,
    streamers: streamers.map((s) => ({ presenter_id: s.presenter_id, presenter_name: names.get(s.presenter_id) ?? '', username: s.username, password_set: Boolean(s.password_enc) })),
    ready: settingsReady(kind, row),
  };
}

/** Saves the settings; a blank password keeps the stored one. Audited (the fields, never a value of a secret). */
export async function saveLiveSettings(ctx: AppContext, box: SecretBox, input: z.output<typeof LiveInputSettingsInputSchema>, actor: AuditActor): Promise<LiveInputSettingsView> {
  const presenterIds = new Set((await listPresenterRows(ctx.knex)).map((p) => p.id));
  const seen = new Set<string>();
  for (const [i, s] of input.streamers.entries()) {
    if (!presenterIds.has(s.presenter_id)) throw fail.badRequest('Pick a presenter', [{ path: `streamers.${i}.presenter_id`, message: 'Pick a presenter' }]);
    if (seen.has(s.presenter_id)) throw fail.badRequest('Each presenter can have one streamer account', [{ path: `streamers.${i}.presenter_id`, message: 'Each presenter can have one streamer account' }]);
    seen.add(s.presenter_id);
  }
  await ctx.knex.transaction(async (trx) => {
    const old = await liveSettings(trx);
    const oldStreamers = new Map((await streamerRows(trx)).map((s) => [s.presenter_id, s]));
    await upsertLiveSettings(trx, {
      lead_minutes: input.lead_minutes,
      grace_minutes: input.grace_minutes,
      icecast_server: input.icecast_server,
      icecast_mount: input.icecast_mount,
      icecast_password_enc: input.icecast_password !== undefined ? box.seal(input.icecast_password) : old.icecast_password_enc,
      azuracast_server: input.azuracast_server,
      azuracast_dj_port: input.azuracast_dj_port,
      azuracast_dj_mount: input.azuracast_dj_mount,
      updated_by: actor.id,
    });
    await replaceStreamers(
      trx,
      input.streamers.map((s) => ({
        presenter_id: s.presenter_id,
        username: s.username,
        password_enc: s.password !== undefined ? box.seal(s.password) : (oldStreamers.get(s.presenter_id)?.password_enc ?? null),
      })),
    );
    const fields = ['lead_minutes', 'grace_minutes', 'icecast_server', 'icecast_mount', 'azuracast_server', 'azuracast_dj_port', 'azuracast_dj_mount'];
    if (input.icecast_password !== undefined) fields.push('icecast_password');
    await recordAction(trx, { actor, action: 'update', resourceType: 'live_input', resourceId: 1, resourceName: 'Live input', details: { fields, streamers: input.streamers.length } });
  });
  return liveSettingsView(ctx);
}

// ---------------------------------------------------------------- windows

/**
 * The user's go-live windows around `nowMs`: the one open now (a booked,
 * approved show of their presenter record whose [start − lead, end + grace)
 * contains now) and the next one. Approved means status `scheduled`.
 */
export async function liveWindows(ctx: AppContext, userId: string, nowMs: number): Promise<{ now: LiveWindow | null; next: LiveWindow | null; presenter: { id: string; name: string } | null }> {
  const presenter = (await presenterOfUser(ctx.knex, userId)) ?? null;
  if (!presenter) return { now: null, next: null, presenter };
  const s = await liveSettings(ctx.knex);
  const lead = s.lead_minutes * 60_000;
  const grace = s.grace_minutes * 60_000;
  const zone = await stationTimezone(ctx);
  const shows = (await showsBetween(ctx.knex, nowMs - grace, nowMs + 8 * 86_400_000, zone)).filter((sh) => sh.presenter_id === presenter.id);
  const windows: LiveWindow[] = shows.map((sh) => ({ show_id: sh.id, show_title: sh.title, starts_at: sh.startMs, ends_at: sh.endMs, opens_at: sh.startMs - lead, closes_at: sh.endMs + grace }));
  const open = windows.filter((w) => w.opens_at <= nowMs && nowMs < w.closes_at);
  // Back-to-back shows of one presenter: the window runs to the last one's close.
  const current = open[0] ? { ...open[0], closes_at: Math.max(...open.map((w) => w.closes_at)) } : null;
  const next = windows.filter((w) => w.opens_at > nowMs).sort((a, b) => a.opens_at - b.opens_at)[0] ?? null;
  return { now: current, next, presenter };
}

/** The session on air through Airdeck's input right now, from any instance. */
export async function currentLiveSession(ctx: AppContext): Promise<LiveSessionRow | undefined> {
  return openLiveSession(ctx.knex, new Date(ctx.now() - LIVE_SESSION_STALE_MS));
}

/** The public shape of a session row. */
export function presentSession(row: LiveSessionRow): LiveOnAir {
  return {
    session_id: row.id,
    name: row.name,
    user_id: row.user_id ?? '',
    started_at: new Date(row.started_at).getTime(),
    closes_at: row.closes_at ? new Date(row.closes_at).getTime() : null,
    unscheduled: row.unscheduled,
  };
}

/** `GET /api/live/status` for a signed-in user. */
export async function liveStatus(ctx: AppContext, user: { id: string; role: Role }): Promise<LiveStatus> {
  const at = ctx.now();
  const [w, session, s] = await Promise.all([liveWindows(ctx, user.id, at), currentLiveSession(ctx), liveSettings(ctx.knex)]);
  return {
    source: liveSourceKind(ctx),
    configured: settingsReady(liveSourceKind(ctx), s),
    window: w.now,
    next_window: w.now ? null : w.next,
    can_go_live_anytime: can(user.role, 'live.unscheduled'),
    can_manage_live: can(user.role, 'live.unscheduled'),
    on_air: session ? presentSession(session) : null,
    server_time: at,
  };
}

/** The name a session shows: the presenter record's name, else the account's username, else "Studio". */
export async function sessionName(ctx: AppContext, userId: string, presenter: { name: string } | null): Promise<string> {
  return presenter?.name ?? (await usernameOf(ctx.knex, userId)) ?? 'Studio';
}

// ---------------------------------------------------------------- where the audio goes

/** An Icecast-protocol source target: HTTP PUT with Basic auth. Only ever held on the server or in the studio's main process. */
export interface SourceTarget {
  /** e.g. `http://radio.example.org:8000` (no path). */
  server: string;
  mount: string;
  username: string;
  password: string;
  /** Icecast's admin metadata call works with these same source credentials. */
  metadata: boolean;
}

/**
 * Where a presenter's audio goes: null for the demo station (it takes the
 * input itself); an Icecast or AzuraCast source target; or a 409 saying what
 * is missing.
 */
export async function liveTarget(ctx: AppContext, box: SecretBox, presenterId: string | null): Promise<SourceTarget | null> {
  const kind = liveSourceKind(ctx);
  if (kind === 'demo') return null;
  const s = await liveSettings(ctx.knex);
  const station = ctx.config.STATION_URL ?? null;
  const notConfigured = () => fail.conflict('Live input is not set up for this station yet. Ask a manager to fill in the live-input settings.');
  if (kind === 'icecast') {
    const server = s.icecast_server ?? station;
    const password = s.icecast_password_enc ? box.open(s.icecast_password_enc) : null;
    if (!server || !s.icecast_mount || !password) throw notConfigured();
    return { server: new URL(server).origin, mount: s.icecast_mount, username: 'source', password, metadata: true };
  }
  const base = s.azuracast_server ?? station;
  if (!base || !s.azuracast_dj_port || !s.azuracast_dj_mount) throw notConfigured();
  const account = presenterId ? await streamerRow(ctx.knex, presenterId) : undefined;
  const password = account?.password_enc ? box.open(account.password_enc) : null;
  if (!account || !password) throw fail.conflict('You have no streamer account for the live input yet. Ask a manager to add one in the live-input settings.');
  const u = new URL(base);
  u.port = String(s.azuracast_dj_port);
  return { server: u.origin, mount: s.azuracast_dj_mount, username: account.username, password, metadata: false };
}

const reportedLive = new WeakMap<AppContext, ReportedLive>();

/** The station's own word on who is live, from the poller's last reading on this instance (null before one, or on a follower). */
export function stationReportedLive(ctx: AppContext): ReportedLive | null {
  return reportedLive.get(ctx) ?? null;
}

/**
 * Lays Airdeck's own live session over a station reading (the poller calls
 * it on every poll): while a presenter is on air through the live input the
 * reading says live, with their name and start, whatever the source reports
 * (Icecast cannot tell who is live; the demo follows the schedule), and the
 * presenter's "now playing" text (artist – title) is the track. So now
 * playing, the LIVE badge, the On Air report and the `presenter.live`
 * webhook follow from the real session.
 */
export async function overlayLiveInput(ctx: AppContext, snap: NowPlayingSnapshot): Promise<NowPlayingSnapshot> {
  // What the station itself says about who is live, before Airdeck's session is laid over it: the
  // confirmation of a re-encoding station (AzuraCast) reads it (relay.ts, confirm.ts).
  reportedLive.set(ctx, { isLive: snap.live.isLive, streamerName: snap.live.streamerName ?? '', at: snap.fetchedAt });
  const session = await currentLiveSession(ctx).catch(() => undefined);
  if (!session) return snap;
  const started = new Date(session.started_at).getTime();
  const panel = session.presenter_id ? await presenterNameAndPanelId(ctx.knex, session.presenter_id) : undefined;
  const out: NowPlayingSnapshot = {
    ...snap,
    online: true,
    live: { isLive: true, streamerName: session.name, broadcastStart: started, artUrl: snap.live.isLive ? snap.live.artUrl : null, streamerId: panel?.azuracast_id ?? snap.live.streamerId },
  };
  if (session.now_playing) {
    const { artist, title } = splitArtistTitle(session.now_playing.replace(/\s+–\s+/, ' - '));
    const same = snap.track && snap.track.title === title && snap.track.artist === artist;
    out.track = same
      ? { ...snap.track!, streamer: session.name }
      : { title, artist, album: '', artUrl: null, durationSeconds: null, startedAt: snap.fetchedAt, elapsedSeconds: 0, sourceId: `live:${session.id}:${createHash('sha1').update(session.now_playing).digest('hex').slice(0, 12)}`, songId: null, isRequest: false, playlist: null, streamer: session.name };
  } else if (out.track) out.track = { ...out.track, playlist: null, streamer: session.name };
  return out;
}
