import { randomBytes } from 'node:crypto';
import type { Config } from './config';
import { readOrCreateOwnerFile } from './ownerFile';

/** 256 random bits, as SESSION_SECRET would be set by hand (`openssl rand -base64 32`). */
const SECRET_BYTES = 32;
const MIN_LENGTH = 32;

export interface SessionSecret {
  secret: string;
  /** Where it came from, for the start-up log. */
  source: 'environment' | 'generated' | 'file';
}

/**
 * What signs the session and device cookies: SESSION_SECRET when set (always in production), else the secret kept in
 * DATA_DIR/session-secret, made at random on the first start and kept across restarts, so sessions survive a
 * restart. Nothing is ever signed with a value from the source: a public default would let anyone forge cookies.
 */
export function loadSessionSecret(config: Pick<Config, 'sessionSecret' | 'sessionSecretFile'>): SessionSecret {
  if (config.sessionSecret) return { secret: config.sessionSecret, source: 'environment' };
  const file = config.sessionSecretFile;
  const { value, created } = readOrCreateOwnerFile(
    file,
    () => randomBytes(SECRET_BYTES).toString('base64url'),
    (secret) => `${secret}\n`,
    (text) => {
      const secret = text.trim();
      if (secret.length < MIN_LENGTH) {
        throw new Error(
          `${file} does not hold a session secret of at least ${MIN_LENGTH} characters: delete it to have a new one ` +
            'made (everyone is then signed out), or set SESSION_SECRET',
        );
      }
      return secret;
    },
  );
  return { secret: value, source: created ? 'generated' : 'file' };
}

/** What the cookie code signs with: the resolved secret, and whether cookies are Secure. */
export interface CookieSigning {
  sessionSecret: string;
  isProduction: boolean;
}
