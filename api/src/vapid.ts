import { createECDH } from 'node:crypto';
import { vapidPublicKeyOf, type PushConfig } from './config';
import { readOrCreateOwnerFile } from './ownerFile';

/** The api's VAPID identity: browsers subscribe with the public key, each push is signed with the private one. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
  /** Where the pair came from, for the start-up log. */
  source: 'environment' | 'generated' | 'file';
}

/** A pair as the file keeps it, checked: the public key must be the private key's. */
function checkedPair(value: unknown, file: string): { publicKey: string; privateKey: string } {
  const pair = value as { publicKey?: unknown; privateKey?: unknown } | null;
  if (
    typeof pair?.publicKey !== 'string' ||
    typeof pair.privateKey !== 'string' ||
    vapidPublicKeyOf(pair.privateKey) !== pair.publicKey
  ) {
    throw new Error(
      `${file} does not hold a VAPID key pair ({"publicKey", "privateKey"}): delete it to have a new pair made ` +
        '(browsers then subscribe again), or set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY',
    );
  }
  return { publicKey: pair.publicKey, privateKey: pair.privateKey };
}

function parsePair(text: string, file: string): { publicKey: string; privateKey: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = null;
  }
  return checkedPair(parsed, file);
}

/**
 * A new P-256 key pair in the form `npx web-push generate-vapid-keys` prints (base64url; the private key padded to 32
 * bytes), made with node's own crypto: the web-push package is loaded only to send (services/pushSender.ts).
 */
function generateVapidPair(): { publicKey: string; privateKey: string } {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const privateKey = ecdh.getPrivateKey();
  return {
    publicKey: ecdh.getPublicKey().toString('base64url'),
    privateKey: Buffer.concat([Buffer.alloc(32 - privateKey.length), privateKey]).toString('base64url'),
  };
}

/**
 * The VAPID keys: VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY when set (always in production), else the pair kept in
 * DATA_DIR/vapid.json, made on the first start (readable by its owner only) and reused by every start after, so the
 * browsers' subscriptions stay valid.
 */
export function loadVapidKeys(push: Pick<PushConfig, 'vapid' | 'vapidKeysFile' | 'vapidSubject'>): VapidKeys {
  if (push.vapid) return { ...push.vapid, subject: push.vapidSubject, source: 'environment' };
  const file = push.vapidKeysFile;
  const { value, created } = readOrCreateOwnerFile(
    file,
    generateVapidPair,
    (pair) => `${JSON.stringify(pair, null, 2)}\n`,
    (text) => parsePair(text, file),
  );
  return { ...value, subject: push.vapidSubject, source: created ? 'generated' : 'file' };
}
