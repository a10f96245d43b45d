import { isAppUrl } from './protocol';
import type { FramePort, IpcInvokeEvent, IpcPort } from './ports';

/**
 * IPC sender validation: the bridge answers only the app's own pages. A
 * message is accepted when it comes from the top frame of one of the
 * studio's windows and that frame shows a page of the app:// origin. A
 * foreign frame (an iframe, a page that navigated elsewhere, another
 * window's contents) is refused before the handler runs.
 */
export class ForeignFrameError extends Error {
  override name = 'ForeignFrameError';
  constructor() {
    super('Refused: IPC from a foreign frame');
  }
}

/** True when the frame is a top frame showing the app's own origin. */
export function isOwnFrame(frame: FramePort | null | undefined): boolean {
  if (!frame || frame.parent !== null) return false;
  return isAppUrl(frame.url);
}

/** Registers bridge handlers that run only for trusted senders. */
export function registerHandlers(
  ipc: IpcPort,
  handlers: Record<string, (...args: unknown[]) => unknown>,
  isKnownSender: (webContentsId: number) => boolean,
  onRefused?: (channel: string, url: string | null) => void,
): void {
  for (const [channel, fn] of Object.entries(handlers)) {
    ipc.handle(channel, (event: IpcInvokeEvent, ...args: unknown[]) => {
      if (!isOwnFrame(event.senderFrame) || !isKnownSender(event.sender.id)) {
        onRefused?.(channel, event.senderFrame?.url ?? null);
        throw new ForeignFrameError();
      }
      return fn(...args);
    });
  }
}
