import { isChannel, type SessionChannel } from '../../../shared/realtime';
import { requestHandledMessage, type RequestHandledEvent } from '../../../shared/radio';
import type { AppContext } from '../context';
import { stationTimezone } from '../settings/service';

/** What the request domain tells the radio domain when staff handle a listener's request. */
export interface RequestHandled {
  kind: 'song' | 'shoutout';
  /** The listener's anonymous session id (song_requests.user_session / shoutout_requests.user_session). */
  userSession: string | null | undefined;
  /** What to call it: the song title (e.g. "Teardrop") or the shoutout ("for Mum"). */
  title: string;
  /** When staff marked it played or completed, epoch ms. */
  at: number;
}

/**
 * The request loop: tells the listener who sent a request, on their own
 * `session:<id>` channel, that it was played (song) or read out (shoutout),
 * e.g. "Your request Teardrop played at 20:14" in the station's time zone.
 * Call it after the status change has committed. Returns false when the
 * request has no usable session id (nobody to tell).
 */
export async function announceRequestHandled(ctx: AppContext, input: RequestHandled): Promise<boolean> {
  const channel = `session:${input.userSession ?? ''}` as SessionChannel;
  if (!input.userSession || !isChannel(channel)) return false;
  const title = input.title.replace(/\u0000/g, '').trim().slice(0, 200);
  const zone = await stationTimezone(ctx);
  const data: RequestHandledEvent = {
    kind: input.kind,
    title,
    at: input.at,
    message: requestHandledMessage(input.kind, title, input.at, zone),
  };
  await ctx.bus.publish({ channel, name: 'request.handled', data });
  return true;
}
