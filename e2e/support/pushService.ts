// A Web Push service on loopback for the rest-over alert's browser test (issue #22): the api sends to it as it would to
// a browser vendor's (the global setup names its host and port in the api's PUSH_TEST_SERVICE: no other loopback
// address is allowed), and it decrypts each
// message with the subscription's own keys (RFC 8291, aes128gcm of RFC 8188), as the browser would, so the test can
// hand the very payload to the real service worker (headless Chromium reaches no push service of its own).
import { createDecipheriv, createECDH, hkdfSync, randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';

export interface ReceivedPush {
  /** Date.now() when the api's request arrived. */
  at: number;
  headers: http.IncomingHttpHeaders;
  /** The decrypted payload, as text. */
  text: string;
}

export interface LoopbackPushService {
  /** What `subscription.toJSON()` of a browser subscribed here gives: for PUT /api/push/subscription. */
  subscription: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
  received: ReceivedPush[];
  /** Resolves with the next message (or one already received and not yet taken). */
  next(timeoutMs: number): Promise<ReceivedPush>;
  close(): Promise<void>;
}

/** RFC 8291: the browser's side of the key agreement, then RFC 8188's one record decrypted and unpadded. */
function decrypt(body: Buffer, ecdh: ReturnType<typeof createECDH>, auth: Buffer): string {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const senderKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const receiverKey = ecdh.getPublicKey();
  const secret = ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiverKey, senderKey]);
  const ikm = Buffer.from(hkdfSync('sha256', secret, auth, keyInfo, 32));
  const key = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', key, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 2, then zero padding.
  let end = padded.length - 1;
  while (end > 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('not the last record of an aes128gcm message');
  return padded.subarray(0, end).toString('utf8');
}

/** Listens on `port` of 127.0.0.1: the one the api was started with (E2eEnvironment's `pushServicePort`). */
export async function startLoopbackPushService(port: number): Promise<LoopbackPushService> {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  const id = randomUUID();
  const received: ReceivedPush[] = [];
  let taken = 0;
  const waiting: (() => void)[] = [];

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const at = Date.now();
      try {
        received.push({ at, headers: request.headers, text: decrypt(Buffer.concat(chunks), ecdh, auth) });
        response.writeHead(201).end();
      } catch (error) {
        received.push({ at, headers: request.headers, text: `undecryptable: ${String(error)}` });
        response.writeHead(400).end();
      }
      for (const wake of waiting.splice(0)) wake();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });

  return {
    subscription: {
      endpoint: `http://127.0.0.1:${port}/push/${id}`,
      expirationTime: null,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
    },
    received,
    async next(timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      while (received.length <= taken) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`No push arrived within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiting.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      return received[taken++];
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
