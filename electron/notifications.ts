import { isAppRoute, type NotifyInput } from '../shared/bridge';
import type { NotificationPort } from './ports';

/** Longest title and body a native notification shows (the OS would cut them anyway). */
export const NOTIFY_LIMITS = { title: 120, body: 400, tag: 200 } as const;
/** A notification with the same tag within this window is the same event (two channels, one request). */
export const NOTIFY_DEDUPE_MS = 5 * 60_000;

const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/** Checks and trims what the renderer asked to show; null when it is not a notification. */
export function sanitizeNotifyInput(input: unknown): NotifyInput | null {
  if (!input || typeof input !== 'object') return null;
  const i = input as Record<string, unknown>;
  if (typeof i.title !== 'string' || typeof i.body !== 'string') return null;
  const title = clip(i.title.trim(), NOTIFY_LIMITS.title);
  if (!title) return null;
  const out: NotifyInput = { title, body: clip(i.body.trim(), NOTIFY_LIMITS.body) };
  if (i.route !== undefined && i.route !== null) {
    if (!isAppRoute(i.route)) return null;
    out.route = i.route;
  }
  if (typeof i.tag === 'string' && i.tag) out.tag = i.tag.slice(0, NOTIFY_LIMITS.tag);
  return out;
}

/** What happened to one notify call. */
export type NotifyOutcome = 'shown' | 'duplicate' | 'unsupported' | 'invalid';

/**
 * The studio's native notifications: one OS notification per event (a tag
 * seen within the last five minutes is not shown again), and a click brings
 * the main window forward on the notification's route.
 */
export class Notifier {
  private seen = new Map<string, number>();

  constructor(
    private readonly port: NotificationPort,
    private readonly onClick: (route: string) => void,
    private readonly now: () => number = Date.now,
  ) {}

  notify(raw: unknown): NotifyOutcome {
    const input = sanitizeNotifyInput(raw);
    if (!input) return 'invalid';
    if (!this.port.isSupported()) return 'unsupported';
    const t = this.now();
    for (const [tag, at] of this.seen) if (t - at > NOTIFY_DEDUPE_MS) this.seen.delete(tag);
    if (input.tag) {
      if (this.seen.has(input.tag)) return 'duplicate';
      this.seen.set(input.tag, t);
    }
    const route = input.route ?? '/admin/notifications';
    this.port.show({ title: input.title, body: input.body, silent: false }, () => this.onClick(route));
    return 'shown';
  }
}
