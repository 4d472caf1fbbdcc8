import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, randomUUID, verify } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PushSubscriptionJson } from '@hit/contracts';

/**
 * A push service on loopback for the api's tests (issue #22), standing in for FCM, Mozilla's or Apple's. The api sends
 * to it only because the test names it in PUSH_TEST_SERVICE (`mock.service`): loopback is refused otherwise. It
 * checks every message as a real one does and as the browser would: the VAPID JWT (`Authorization: vapid t=<jwt>,
 * k=<public key>`: ES256 signature by that key, `aud` the endpoint's origin, `exp` in the future and within 24 hours,
 * a `sub`), then decrypts the aes128gcm payload (RFC 8188 / RFC 8291) with the subscription's private key and auth
 * secret, written here from the RFCs with node:crypto rather than with the library that encrypted it. It records
 * what it got and when; anything wrong goes to `problems` (and is answered 400).
 */

export interface BrowserSubscription {
  /** The path segment naming it at the mock. */
  id: string;
  /** What the browser's `subscription.toJSON()` gives: sent to PUT /api/push/subscription. */
  json: PushSubscriptionJson;
}

export interface ReceivedPush {
  subscriptionId: string;
  /** Date.now() when the request arrived. */
  at: number;
  ttl: string | undefined;
  urgency: string | undefined;
  topic: string | undefined;
  contentEncoding: string | undefined;
  claims: { aud: string; exp: number; sub: string };
  /** The decrypted payload, parsed as JSON. */
  payload: unknown;
  /** What the mock answered. */
  status: number;
}

interface Keys {
  ecdh: ReturnType<typeof createECDH>;
  auth: Buffer;
}

const fromBase64url = (text: string) => Buffer.from(text, 'base64url');

/**
 * Loopback's discard port, where nothing listens: the PUSH_TEST_SERVICE of the apps that save
 * `unreachableSubscription()`s.
 */
export const UNREACHABLE_PUSH_SERVICE = '127.0.0.1:9';

/**
 * A browser subscription with real keys at an address nothing listens on (UNREACHABLE_PUSH_SERVICE), for tests that
 * save subscriptions and schedule alerts without a sender running.
 */
export function unreachableSubscription(id: string = randomUUID()): PushSubscriptionJson {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint: `http://${UNREACHABLE_PUSH_SERVICE}/push/${id}`,
    expirationTime: null,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
  };
}

/** The public key of an uncompressed P-256 point, for node:crypto's verify. */
function p256PublicKey(raw: Buffer) {
  if (raw.length !== 65 || raw[0] !== 4) throw new Error('the VAPID key k is not an uncompressed P-256 point');
  return createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
}

/** RFC 8291 (Web Push message encryption) over RFC 8188 (aes128gcm), for a message of one record. */
export function decryptAes128gcm(body: Buffer, { ecdh, auth }: Keys): Buffer {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20];
  const senderPublicKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  if (idLength !== 65) throw new Error(`keyid of ${idLength} bytes, not the sender's 65-byte public key`);
  if (record.length > recordSize) throw new Error('more than one record');
  const sharedSecret = ecdh.computeSecret(senderPublicKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), senderPublicKey]);
  const ikm = Buffer.from(hkdfSync('sha256', sharedSecret, auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The plaintext, then the last record's delimiter 2, then zeros.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('no last-record padding delimiter');
  return padded.subarray(0, end);
}

/** The JWT's claims once its ES256 signature checks out against `publicKey`; throws why not otherwise. */
function verifiedClaims(authorization: string | undefined, publicKey: Buffer): ReceivedPush['claims'] {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization ?? '');
  if (!match) throw new Error(`Authorization is not "vapid t=<jwt>, k=<key>": ${authorization}`);
  const [, jwt, k] = match;
  if (!fromBase64url(k).equals(publicKey)) throw new Error('k is not the api’s VAPID public key');
  const [header, claims, signature] = jwt.split('.');
  const { alg, typ } = JSON.parse(fromBase64url(header).toString()) as { alg?: string; typ?: string };
  if (alg !== 'ES256' || typ !== 'JWT') throw new Error(`JWT header ${alg}/${typ}, not ES256/JWT`);
  const signed = Buffer.from(`${header}.${claims}`);
  const key = p256PublicKey(fromBase64url(k));
  if (!verify('sha256', signed, { key, dsaEncoding: 'ieee-p1363' }, fromBase64url(signature))) {
    throw new Error('the JWT signature does not verify with k');
  }
  return JSON.parse(fromBase64url(claims).toString()) as ReceivedPush['claims'];
}

export class MockPushService {
  readonly received: ReceivedPush[] = [];
  readonly problems: string[] = [];
  /** What to answer for a subscription (default 201 Created, as push services do). */
  readonly answers = new Map<string, number>();
  /** TCP connections made to it, whatever was sent over them. */
  connections = 0;
  private readonly keys = new Map<string, Keys>();

  private constructor(
    private readonly server: http.Server,
    /** The api's VAPID public key, the only one accepted. */
    private vapidPublicKey: Buffer,
  ) {}

  static async start(vapidPublicKey: string): Promise<MockPushService> {
    const server = http.createServer();
    const mock = new MockPushService(server, fromBase64url(vapidPublicKey));
    server.on('connection', () => (mock.connections += 1));
    server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => mock.handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return mock;
  }

  /** The api's key, once known: an api started with PUSH_TEST_SERVICE naming this mock made its own. */
  acceptVapidKey(vapidPublicKey: string): void {
    this.vapidPublicKey = fromBase64url(vapidPublicKey);
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  /** Its host and port, as PUSH_TEST_SERVICE names it. */
  get service(): string {
    return `127.0.0.1:${this.port}`;
  }

  get origin(): string {
    return `http://${this.service}`;
  }

  /** A new browser subscription at this service: its key pair and auth secret made as a browser makes them. */
  newSubscription(id: string = randomUUID()): BrowserSubscription {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const auth = randomBytes(16);
    this.keys.set(id, { ecdh, auth });
    return {
      id,
      json: {
        endpoint: `${this.origin}/push/${id}`,
        expirationTime: null,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
      },
    };
  }

  /** The pushes one subscription got. */
  pushesTo(subscription: BrowserSubscription): ReceivedPush[] {
    return this.received.filter((push) => push.subscriptionId === subscription.id);
  }

  /** Resolves once `condition` holds, checking every 10 ms; rejects with `what` after `timeoutMs`. */
  async waitFor(what: string, condition: () => boolean, timeoutMs = 5000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!condition()) {
      if (Date.now() > deadline) {
        throw new Error(`${what}: not within ${timeoutMs} ms (received ${JSON.stringify(this.received)})`);
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    const at = Date.now();
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const id = /^\/push\/([\w-]+)$/.exec(req.url ?? '')?.[1] ?? '';
      try {
        if (req.method !== 'POST') throw new Error(`${req.method}, not POST`);
        const keys = this.keys.get(id);
        if (!keys) throw new Error(`unknown subscription ${req.url}`);
        const claims = verifiedClaims(req.headers.authorization, this.vapidPublicKey);
        if (claims.aud !== this.origin) throw new Error(`aud ${claims.aud}, not ${this.origin}`);
        const now = Math.floor(Date.now() / 1000);
        if (!(claims.exp > now && claims.exp <= now + 24 * 60 * 60)) throw new Error(`exp ${claims.exp} out of range`);
        if (!/^(mailto:|https:)/.test(claims.sub ?? '')) throw new Error(`sub ${claims.sub}`);
        if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
        const payload = JSON.parse(decryptAes128gcm(Buffer.concat(chunks), keys).toString('utf8')) as unknown;
        const status = this.answers.get(id) ?? 201;
        this.received.push({
          subscriptionId: id,
          at,
          ttl: req.headers.ttl as string | undefined,
          urgency: req.headers.urgency as string | undefined,
          topic: req.headers.topic as string | undefined,
          contentEncoding: req.headers['content-encoding'],
          claims,
          payload,
          status,
        });
        res.writeHead(status).end();
      } catch (error) {
        this.problems.push(`${req.method} ${req.url}: ${(error as Error).message}`);
        res.writeHead(400).end();
      }
    });
  }
}
