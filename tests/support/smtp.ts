import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One e-mail as the local SMTP server received it: the To and Subject headers and the decoded text. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** A header's RFC 2047 encoded words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`, what nodemailer writes for text beyond ASCII) decoded. */
function decodeWords(value: string): string {
  return value.replace(/\?=\s+=\?/g, '?==?').replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_m, _charset: string, enc: string, text: string) =>
    enc.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8'),
  );
}

/** Reads a received message: headers (unfolded, encoded words decoded), then the body, quoted-printable decoded, line ends as \n. */
export function readMail(raw: string): Mail {
  const [folded, ...rest] = raw.split(/\r?\n\r?\n/);
  const head = (folded ?? '').replace(/\r?\n[ \t]+/g, ' ');
  const header = (name: string) => decodeWords(new RegExp(`^${name}: (.*)$`, 'mi').exec(head)?.[1]?.trim() ?? '');
  const body = rest.join('\n\n');
  const qp = /quoted-printable/i.test(head);
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
