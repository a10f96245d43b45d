import fs from 'node:fs';
import https from 'node:https';
import tls from 'node:tls';
import webpush from 'web-push';
import type { AppContext } from '../context';
import { fail } from '../http/errors';
import { siteOrigin } from '../http/public-url';
import { keepServerSecret } from '../settings/repo';
import { cachedStationInfo } from '../settings/service';
import { eventRow, seriesRows } from '../schedule/repo';
import type { FollowInput, LiveNotificationPayload } from '../../../shared/reach';
import { claimEpisode, deleteFollows, followerCounts, followersOf, forgetEndpoint, upsertFollow } from './repo';

/**
 * Follow a show, no account (issue 36): browsers subscribe with the
 * station's VAPID key; when a show *actually* goes live (the live input
 * reaches the station: live/relay.ts) each follower's push service gets one
 * encrypted notification per episode (RFC 8030 / 8291 / 8292, by the
 * web-push library). A push service answering 404 or 410 has dropped the
 * subscription: it is forgotten.
 */

/** Push services browsers use (https only): Chrome/Edge (FCM), Firefox (Mozilla autopush), Safari (Apple), Windows (WNS). */
const KNOWN_PUSH_HOSTS = [/^fcm\.googleapis\.com$/, /^(?:[a-z0-9-]+\.)*push\.services\.mozilla\.com$/, /^(?:[a-z0-9-]+\.)*push\.apple\.com$/, /^(?:[a-z0-9-]+\.)*notify\.windows\.com$/];

/**
 * Whether the server may send to this endpoint: a known push service over
 * https, or an origin listed in PUSH_SERVICE_ORIGINS (a self-hosted push
 * service; the test stand-in). Anything else is refused: a subscription must
 * not make the server call an address of the listener's choosing.
 */
export function pushEndpointAllowed(endpoint: string, extraOrigins: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (extraOrigins.some((o) => o.replace(/\/+$/, '') === url.origin)) return true;
  return url.protocol === 'https:' && (url.port === '' || url.port === '443') && KNOWN_PUSH_HOSTS.some((re) => re.test(url.hostname));
}

const VAPID_ROW = 'push.vapid';

interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const kept = new WeakMap<AppContext, Promise<VapidKeys>>();

/**
 * The station's VAPID key pair: made once (the first use on any instance;
 * concurrent first uses agree on one) and kept in server_secrets, its private
 * half sealed with the server's secret box like every other secret.
 */
export function vapidKeys(ctx: AppContext): Promise<VapidKeys> {
  let p = kept.get(ctx);
  if (!p) {
    p = (async () => {
      const box = await ctx.secrets.box();
      const made = webpush.generateVAPIDKeys();
      const value = await keepServerSecret(ctx.knex, VAPID_ROW, JSON.stringify({ public_key: made.publicKey, private_key: box.seal(made.privateKey) }));
      const parsed = JSON.parse(value) as { public_key: string; private_key: string };
      const privateKey = box.open(parsed.private_key);
      if (!privateKey) throw new Error('The push (VAPID) key was sealed under another secret key: restore SECRET_KEY');
      return { publicKey: parsed.public_key, privateKey };
    })();
    const mine = p;
    p.catch(() => {
      if (kept.get(ctx) === mine) kept.delete(ctx);
    });
    kept.set(ctx, p);
  }
  return p;
}

/** Follows a show: the show must exist and be one listeners can see. */
export async function follow(ctx: AppContext, input: FollowInput): Promise<void> {
  if (!pushEndpointAllowed(input.subscription.endpoint, ctx.config.PUSH_SERVICE_ORIGINS)) throw fail.badRequest('That push service is not one this station sends to.', [{ path: 'subscription.endpoint', message: 'Unknown push service' }]);
  const show = await eventRow(ctx.knex, input.show_id);
  if (!show || show.type !== 'show' || show.status === 'cancelled') throw fail.notFound('Show not found');
  await upsertFollow(ctx.knex, input.show_id, { endpoint: input.subscription.endpoint, p256dh: input.subscription.keys.p256dh, auth: input.subscription.keys.auth });
}

/** Unfollows: one show, or every show this browser follows. */
export async function unfollow(ctx: AppContext, endpoint: string, showId: string | null): Promise<number> {
  return deleteFollows(ctx.knex, endpoint, showId);
}

/** Follower counts per show, with the show's title (staff). */
export async function followerCountsView(ctx: AppContext): Promise<{ show_id: string; title: string; followers: number }[]> {
  const counts = await followerCounts(ctx.knex);
  const out: { show_id: string; title: string; followers: number }[] = [];
  for (const c of counts) out.push({ ...c, title: (await eventRow(ctx.knex, c.show_id))?.title ?? '' });
  return out;
}

const agents = new WeakMap<AppContext, https.Agent | undefined>();

/** The https agent for push services: the system's authorities, plus PUSH_SERVICE_CA_FILE's when set. */
function pushAgent(ctx: AppContext): https.Agent | undefined {
  if (!agents.has(ctx)) {
    const file = ctx.config.PUSH_SERVICE_CA_FILE;
    agents.set(ctx, file ? new https.Agent({ ca: [...tls.rootCertificates, fs.readFileSync(file, 'utf8')], keepAlive: false }) : undefined);
  }
  return agents.get(ctx);
}

/** The VAPID subject: the site's https address, else the station's contact address, else a placeholder mailbox. */
async function vapidSubject(ctx: AppContext): Promise<string> {
  const origin = siteOrigin(ctx.config);
  if (origin.startsWith('https://')) return origin;
  const email = (await cachedStationInfo(ctx)).contactEmail;
  return email ? `mailto:${email}` : 'mailto:push@airdeck.invalid';
}

/**
 * A show went live (the live input reached the station): one notification
 * per episode to everyone following the show (or another booking of its
 * series). The episode is claimed in the database first, so a reconnection,
 * a second session in the same slot or another instance sends nothing more.
 * Returns how many push services accepted the message.
 */
export async function notifyShowLive(ctx: AppContext, episode: { showId: string; startsAt: number }): Promise<number> {
  const log = ctx.log.child({ part: 'follows' });
  const show = await eventRow(ctx.knex, episode.showId);
  if (!show) return 0;
  const ids = (await seriesRows(ctx.knex, show.series_id, show.id)).map((r) => r.id);
  const followers = await followersOf(ctx.knex, ids.includes(show.id) ? ids : [...ids, show.id]);
  if (followers.length === 0) return 0;
  if (!(await claimEpisode(ctx.knex, episode.showId, new Date(episode.startsAt)))) return 0;
  const keys = await vapidKeys(ctx);
  const station = await cachedStationInfo(ctx);
  const payload: LiveNotificationPayload = {
    type: 'show.live',
    show_id: show.id,
    title: `${show.title} is live`,
    body: `Listen now on ${station.name}`,
    url: `${siteOrigin(ctx.config)}/?play=1`,
  };
  const body = JSON.stringify(payload);
  const vapidDetails = { subject: await vapidSubject(ctx), publicKey: keys.publicKey, privateKey: keys.privateKey };
  let sent = 0;
  await Promise.all(
    followers.map(async (f) => {
      if (!pushEndpointAllowed(f.endpoint, ctx.config.PUSH_SERVICE_ORIGINS)) return;
      try {
        await webpush.sendNotification({ endpoint: f.endpoint, keys: { p256dh: f.p256dh, auth: f.auth } }, body, { vapidDetails, TTL: 3600, urgency: 'high', topic: 'live', contentEncoding: 'aes128gcm', timeout: 10_000, agent: pushAgent(ctx) });
        sent++;
      } catch (err) {
        const status = (err as { statusCode?: number }).statusCode;
        if (status === 404 || status === 410) {
          await forgetEndpoint(ctx.knex, f.endpoint);
          log.info({ status }, 'a push subscription has expired: removed');
        } else log.warn({ status, err: status ? undefined : err }, 'a live notification was not accepted by its push service');
      }
    }),
  );
  log.info({ show: show.id, followers: followers.length, sent }, 'live notifications sent');
  return sent;
}
