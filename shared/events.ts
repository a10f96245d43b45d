import { z, type ZodType } from 'zod';
import { SCHEDULE_EVENT_SCHEMAS } from './bookings';
import { CONTENT_EVENT_SCHEMAS } from './content';
import { NOTIFICATION_EVENT_SCHEMAS } from './notifications';
import { RADIO_EVENT_SCHEMAS } from './radio';
import { SESSION_CHANGED_EVENT, STAFF_CHANGED_EVENT, type Channel, type ChannelEventSchemas, type ChannelKey } from './realtime';
import { REQUEST_EVENT_SCHEMAS } from './requests';

/**
 * The zod schema of every realtime event, gathered from the domains that
 * declare them (`RADIO_EVENT_SCHEMAS` in radio.ts, `SCHEDULE_EVENT_SCHEMAS` in
 * bookings.ts, …). The type below makes a schema that disagrees with its
 * channel's declared payload (shared/realtime.ts `ChannelEvents`) a compile
 * error. The server checks events arriving from another process (the
 * PostgreSQL bus) and the webhook consumer with these; the OpenAPI document
 * describes the public channels from them.
 */
export const EVENT_SCHEMAS: ChannelEventSchemas = {
  ...RADIO_EVENT_SCHEMAS,
  ...CONTENT_EVENT_SCHEMAS,
  ...SCHEDULE_EVENT_SCHEMAS,
  notifications: {
    ...NOTIFICATION_EVENT_SCHEMAS.notifications,
    // Bus-only (auth → every instance's hub): a user's sessions changed.
    [SESSION_CHANGED_EVENT]: z.object({ userId: z.string(), reason: z.string() }),
    // Bus-only (users, notifications → every instance's recipients directory): staff or preferences changed.
    [STAFF_CHANGED_EVENT]: z.object({ userId: z.string(), reason: z.string() }),
  },
  ...REQUEST_EVENT_SCHEMAS,
};

/** The schema of one event, or null for a name the channel does not declare. */
export function eventSchema(channel: Channel, name: string): ZodType | null {
  const key = (channel.startsWith('session:') ? 'session' : channel) as ChannelKey<Channel>;
  const events = EVENT_SCHEMAS[key] as Record<string, ZodType> | undefined;
  return events && Object.hasOwn(events, name) ? events[name]! : null;
}
