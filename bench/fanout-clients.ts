/**
 * The listener side of the fan-out benchmark, in its own process so the
 * server's memory and CPU figures are its own: opens N WebSocket clients and
 * reports, per round, when each client received the round's message.
 * Driven by bench/fanout.ts over IPC.
 */
import WebSocket from 'ws';

type Cmd = { cmd: 'connect'; url: string; n: number; subscribe: boolean } | { cmd: 'close' };

const now = () => performance.timeOrigin + performance.now();
let sockets: WebSocket[] = [];
const received = new Map<number, number[]>();
let expected = 0;

function onMessage(data: WebSocket.RawData): void {
  const at = now();
  const text = data.toString();
  const m = /"title":"Bench (\d+)"/.exec(text);
  if (!m || text.includes('"snapshot":true')) return;
  const round = Number(m[1]);
  let list = received.get(round);
  if (!list) received.set(round, (list = []));
  list.push(at);
  if (list.length === expected) {
    process.send?.({ round, times: list });
    received.delete(round);
  }
}

async function connect(url: string, n: number, subscribe: boolean): Promise<void> {
  expected = n;
  let open = 0;
  const batch = 250;
  for (let i = 0; i < n; i += batch) {
    await Promise.all(
      Array.from({ length: Math.min(batch, n - i) }, () =>
        new Promise<void>((resolve, reject) => {
          const ws = new WebSocket(url, { perMessageDeflate: false });
          ws.on('message', onMessage);
          ws.once('open', () => {
            open++;
            if (subscribe) ws.send(JSON.stringify({ type: 'subscribe', channel: 'now-playing' }));
            resolve();
          });
          ws.once('error', reject);
          sockets.push(ws);
        }),
      ),
    );
  }
  // Let the subscriptions land before the first round.
  await new Promise((r) => setTimeout(r, 1000));
  process.send?.({ connected: open });
}

process.on('message', (msg: Cmd) => {
  if (msg.cmd === 'connect') {
    connect(msg.url, msg.n, msg.subscribe).catch((err: unknown) => process.send?.({ error: String(err) }));
  } else {
    for (const s of sockets) s.terminate();
    sockets = [];
    process.send?.({ closed: true });
  }
});
