import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { z } from 'zod';
import type { LiveOnAir, LiveStartSchema, LiveTicket } from '../../../shared/live';
import type { Role } from '../../../shared/permissions';

/** The instance's live relay as the context carries it (`ctx.live`; built by live/relay.ts). */
export interface LiveRelay {
  /** `POST /api/live/sessions`: the slot rule, then a ticket. */
  start(user: { id: string; role: Role; email: string }, input: z.output<typeof LiveStartSchema>, ip: string | null): Promise<LiveTicket>;
  /** `POST /api/live/sessions/:id/overrun`: a manager lets the show run 15 minutes longer. */
  overrun(user: { id: string; email: string }, sessionId: string): Promise<LiveOnAir>;
  /** `POST /api/live/sessions/:id/end`: a manager ends someone's live session. */
  endByStaff(user: { id: string; email: string }, sessionId: string): Promise<void>;
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** The session this instance relays, if any (tests, health). */
  activeSessionId(): string | null;
  close(): Promise<void>;
}

