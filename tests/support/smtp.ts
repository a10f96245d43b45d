import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One e-mail as the local SMTP server received it: the To and Subject headers and the decoded text. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** Reads a received message: headers, then the body, quoted-printable decoded, line ends as \n. */
export function readMail(raw: string): Mail {
  const [head, ...rest] = raw.split(/\r?\n\r?\n/);
  const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'mi').exec(head ?? '')?.[1]?.trim() ?? '';
  const body = rest.join('\n\n');
  const qp = /quoted-printable/i.test(head ?? '');
  const text = qp ? Buffer.from(body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8') : body;
  return { to: header('To'), subject: header('Subject'), text: text.replace(/\r\n/g, '\n') };
}

/** A real SMTP server (the smtp-server package) on a free local port; every message it receives goes into `inbox`. */
export async function startMailCatcher(inbox: Mail[]): Promise<{ url: string; close(): Promise<void> }> {
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        inbox.push(readMail(Buffer.concat(chunks).toString('latin1')));
        done();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  return { url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => smtp.close(() => resolve())) };
}
