import { createDecipheriv, createECDH, createHmac, createPublicKey, randomBytes, verify, type ECDH } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';

/**
 * A local push service for the Web Push tests (issue 36), written from the
 * RFCs, not from the sender's library: it accepts RFC 8030 push messages
 * (`POST <endpoint>`, `TTL` required, answers 201 Created with a Location),
 * checks the RFC 8292 VAPID `Authorization: vapid t=<JWT>, k=<key>` (an ES256
 * JWT signed by `k`, `aud` the endpoint's origin, `exp` within 24 h), and
 * decrypts the RFC 8291 `aes128gcm` payload (RFC 8188 record) with the
 * subscription's private key and auth secret. Subscriptions are made here as
 * a browser makes them: a P-256 key pair (node:crypto ECDH) and 16 random
 * bytes of auth secret. An endpoint can be made to answer 410 Gone.
 */
export interface ReceivedPush {
  endpoint: string;
  ttl: number;
  urgency: string | null;
  topic: string | null;
  /** The VAPID public key that signed the request (base64url). */
  vapidKey: string;
  jwt: { aud: string; exp: number; sub: string };
  plaintext: string;
  at: number;
}

export interface StandInSubscription {
  endpoint: string;
  expirationTime: null;
  keys: { p256dh: string; auth: string };
}

export interface PushServiceStandIn {
  origin: string;
  /** The stand-in's self-signed certificate (PEM file): give it to the server as PUSH_SERVICE_CA_FILE. */
  caFile: string;
  received: ReceivedPush[];
  /** Refused messages, with why (bad VAPID, undecryptable, missing TTL...). */
  refused: { endpoint: string; reason: string }[];
  /** A new subscription, as a browser's PushManager.subscribe() gives it. */
  subscribe(): StandInSubscription;
  /** From now on the endpoint answers 410 Gone (the browser unsubscribed; RFC 8030 §7.3). */
  expire(endpoint: string): void;
  close(): Promise<void>;
}

const b64u = (b: Buffer) => b.toString('base64url');
const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** RFC 8291 §3.4 and RFC 8188 §2: the plaintext of one aes128gcm message. */
export function decryptAes128gcm(body: Buffer, ua: { ecdh: ECDH; auth: Buffer }): string {
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20]!;
  const asPublic = body.subarray(21, 21 + idlen);
  const records = body.subarray(21 + idlen);
  if (idlen !== 65 || asPublic[0] !== 4) throw new Error('keyid is not an uncompressed P-256 key');
  if (rs < 18 || records.length > rs) throw new Error('not a single record');
  const uaPublic = ua.ecdh.getPublicKey();
  const ecdhSecret = ua.ecdh.computeSecret(asPublic);
  const prkKey = hmac(ua.auth, ecdhSecret);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
  const ikm = hmac(prkKey, Buffer.concat([keyInfo, Buffer.from([1])]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(records.subarray(records.length - 16));
  const padded = Buffer.concat([decipher.update(records.subarray(0, records.length - 16)), decipher.final()]);
  // The last record: data, then the delimiter 0x02, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end).toString('utf8');
}

/** RFC 8292: the `vapid` Authorization scheme, its JWT checked against `k`. */
function checkVapid(header: string | undefined, endpointOrigin: string, now: number): { key: string; jwt: ReceivedPush['jwt'] } {
  const m = /^vapid\s+(.+)$/i.exec(header ?? '');
  if (!m) throw new Error('no vapid Authorization');
  const params = Object.fromEntries(m[1]!.split(',').map((p) => p.trim().split('=').map((s) => s.trim()) as [string, string]));
  const t = params.t;
  const k = params.k;
  if (!t || !k) throw new Error('vapid t or k missing');
  const [h, p, s] = t.split('.');
  const head = JSON.parse(Buffer.from(h!, 'base64url').toString('utf8')) as { alg: string; typ?: string };
  if (head.alg !== 'ES256') throw new Error('JWT alg is not ES256');
  const point = Buffer.from(k, 'base64url');
  if (point.length !== 65 || point[0] !== 4) throw new Error('k is not an uncompressed P-256 key');
  const key = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: b64u(point.subarray(1, 33)), y: b64u(point.subarray(33)) }, format: 'jwk' });
  if (!verify('sha256', Buffer.from(`${h}.${p}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(s!, 'base64url'))) throw new Error('JWT signature does not verify with k');
  const claims = JSON.parse(Buffer.from(p!, 'base64url').toString('utf8')) as ReceivedPush['jwt'];
  if (claims.aud !== endpointOrigin) throw new Error(`JWT aud ${claims.aud} is not ${endpointOrigin}`);
  if (!(claims.exp > now / 1000 && claims.exp <= now / 1000 + 24 * 3600 + 60)) throw new Error('JWT exp is not within 24 hours');
  if (!/^(mailto:|https:)/.test(claims.sub ?? '')) throw new Error('JWT sub is not a mailto: or https: contact');
  return { key: k, jwt: claims };
}

export async function startPushServiceStandIn(): Promise<PushServiceStandIn> {
  const subs = new Map<string, { ecdh: ECDH; auth: Buffer }>();
  const gone = new Set<string>();
  const received: ReceivedPush[] = [];
  const refused: { endpoint: string; reason: string }[] = [];
  let origin = '';
  // Push services speak HTTPS (RFC 8030 §8.1): a certificate for 127.0.0.1 made by openssl.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'airdeck-push-'));
  const keyFile = path.join(dir, 'key.pem');
  const caFile = path.join(dir, 'cert.pem');
  const ssl = spawnSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', keyFile, '-out', caFile], { stdio: 'ignore' });
  if (ssl.status !== 0) throw new Error('The push-service stand-in needs openssl (apt-get install -y openssl) for its certificate.');
  const server = https.createServer({ key: fs.readFileSync(keyFile), cert: fs.readFileSync(caFile) }, (req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (d: Buffer) => parts.push(d));
    req.on('end', () => {
      const endpoint = `${origin}${req.url ?? ''}`;
      const refuse = (status: number, reason: string) => {
        refused.push({ endpoint, reason });
        res.writeHead(status, { 'Content-Type': 'text/plain' }).end(reason);
      };
      if (req.method !== 'POST') return refuse(405, 'POST only');
      if (gone.has(endpoint)) return refuse(410, 'Gone');
      const sub = subs.get(endpoint);
      if (!sub) return refuse(404, 'No such subscription');
      const ttl = req.headers.ttl;
      if (ttl === undefined || !/^\d+$/.test(String(ttl))) return refuse(400, 'TTL header required (RFC 8030 §5.2)');
      if (req.headers['content-encoding'] !== 'aes128gcm') return refuse(415, 'Content-Encoding must be aes128gcm (RFC 8291)');
      try {
        const vapid = checkVapid(req.headers.authorization, origin, Date.now());
        const plaintext = decryptAes128gcm(Buffer.concat(parts), sub);
        received.push({ endpoint, ttl: Number(ttl), urgency: (req.headers.urgency as string | undefined) ?? null, topic: (req.headers.topic as string | undefined) ?? null, vapidKey: vapid.key, jwt: vapid.jwt, plaintext, at: Date.now() });
        res.writeHead(201, { Location: `${origin}/message/${received.length}` }).end();
      } catch (err) {
        refuse(400, (err as Error).message);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    caFile,
    received,
    refused,
    subscribe() {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const endpoint = `${origin}/push/${randomBytes(12).toString('hex')}`;
      subs.set(endpoint, { ecdh, auth });
      return { endpoint, expirationTime: null, keys: { p256dh: b64u(ecdh.getPublicKey()), auth: b64u(auth) } };
    },
    expire(endpoint) {
      gone.add(endpoint);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          fs.rmSync(dir, { recursive: true, force: true });
          resolve();
        });
      }),
  };
}
