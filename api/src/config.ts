import { createECDH } from 'node:crypto';
import path from 'node:path';
import proxyaddr from 'proxy-addr';
import { z } from 'zod';
import { REPO_ROOT } from './paths';

/**
 * No proxy is trusted unless TRUST_PROXY names it (Express's own default): X-Forwarded-For / -Proto are written by
 * whoever sends the request, and a client on the same network as the api (every user of a self-hosted install on a
 * LAN) could otherwise pick a new address for each request and walk past every per-address limit (issue #23).
 */
export const DEFAULT_TRUST_PROXY = false;

/** What Express's `trust proxy` accepts as a string: a hop count, or addresses/subnets/names proxy-addr compiles. */
function isTrustProxySetting(value: string): boolean {
  if (/^\d+$/.test(value)) return true;
  try {
    proxyaddr.compile(value.split(',').map((part) => part.trim()));
    return true;
  } catch {
    return false;
  }
}

/**
 * The push services browsers subscribe with (Chrome and Edge on Android and desktop, Firefox, Safari, and Windows):
 * the only hosts the api sends Web Push messages to in production (PUSH_SERVICE_HOSTS), each with its subdomains.
 */
export const DEFAULT_PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'push.services.mozilla.com',
  'push.apple.com',
  'notify.windows.com',
] as const;

/**
 * PUSH_TEST_SERVICE's `host:port` (an IPv6 address in brackets), as the URL parser writes the host; null when it is
 * not one host and port.
 */
export function parsePushTestService(value: string): { host: string; port: number } | null {
  const port = Number(/:(\d{1,5})$/.exec(value)?.[1]);
  if (!(port >= 1 && port <= 65535)) return null;
  try {
    const url = new URL(`http://${value}`);
    const whole = !url.username && !url.password && url.pathname === '/' && !url.search && !url.hash;
    // The parser drops http's own port 80.
    return whole && Number(url.port || 80) === port ? { host: url.hostname, port } : null;
  } catch {
    return null;
  }
}

/** The file a process outside production keeps its generated VAPID key pair in, inside DATA_DIR. */
export const VAPID_KEYS_FILE = 'vapid.json';
/** The file a process outside production keeps its generated session secret in, inside DATA_DIR. */
export const SESSION_SECRET_FILE = 'session-secret';

/**
 * Outside production the api listens on loopback only: a development install is one person's, and the settings it
 * relaxes (the demo checkout, logged reset links) are not for a whole network to reach.
 */
export const LOOPBACK_HOST = '127.0.0.1';

function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

const HOST_NAME = /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)+$/;

function base64urlBytes(value: string): Buffer | null {
  return /^[A-Za-z0-9_-]+$/.test(value) ? Buffer.from(value, 'base64url') : null;
}

/** The uncompressed P-256 public key (65 bytes, base64url) of a VAPID private key (32 bytes, base64url). */
export function vapidPublicKeyOf(privateKey: string): string | null {
  const bytes = base64urlBytes(privateKey);
  if (!bytes || bytes.length !== 32) return null;
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(bytes);
    return ecdh.getPublicKey().toString('base64url');
  } catch {
    return null;
  }
}

/** A VAPID subject as push services accept it: a mailto: address or an https URL. */
function isVapidSubject(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'mailto:' && url.pathname.includes('@')) || (url.protocol === 'https:' && !!url.host);
  } catch {
    return false;
  }
}

function intBetween(min: number, max: number) {
  const error = `expected a number between ${min} and ${max}`;
  return z.coerce.number({ error }).int({ error }).min(min, { error }).max(max, { error });
}

const envSchema = z
  .object({
    // 0: any free port, chosen by the system and printed at start (test harnesses use it).
    PORT: intBetween(0, 65535).default(3000),
    HOST: z.string().optional(),
    NODE_ENV: z
      .enum(['development', 'production', 'test'], { error: 'expected development, production or test' })
      .default('development'),
    MONGODB_URI: z
      .string()
      .regex(/^mongodb(\+srv)?:\/\/\S+$/, { error: 'expected a URL starting with mongodb:// or mongodb+srv://' })
      .optional(),
    DATA_DIR: z.string().optional(),
    STATIC_ROOT: z.string().optional(),
    SESSION_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
    STRIPE_SECRET_KEY: z.string().optional(),
    STRIPE_PRICE_ID: z.string().optional(),
    STRIPE_WEBHOOK_SECRET: z.string().optional(),
    TRIAL_DAYS: intBetween(0, 3650).default(30),
    REGISTRATIONS_PER_IP_PER_HOUR: intBetween(1, 1_000_000).default(20),
    REMOTES_MODE: z.enum(['static', 'dev'], { error: 'expected static or dev' }).default('static'),
    TRUST_PROXY: z
      .string()
      .refine(isTrustProxySetting, {
        error:
          'expected a hop count (1) or a comma-separated list of addresses, subnets or loopback/linklocal/uniquelocal',
      })
      .optional(),
    PUBLIC_ORIGIN: z
      .url({ protocol: /^https?$/, error: 'expected an http(s) URL such as https://hit.example.com' })
      .optional(),
    SMTP_URL: z
      .url({
        protocol: /^smtps?$/,
        error: 'expected an smtp:// or smtps:// URL such as smtps://user:pass@mail.example.com',
      })
      .optional(),
    MAIL_FROM: z
      .string()
      .min(3, { error: 'expected a sender such as "HIT Tracker <no-reply@example.com>"' })
      .optional(),
    VAPID_PUBLIC_KEY: z
      .string()
      .refine((value) => base64urlBytes(value)?.length === 65 && base64urlBytes(value)?.[0] === 4, {
        error: 'expected an uncompressed P-256 public key in base64url (npx web-push generate-vapid-keys)',
      })
      .optional(),
    VAPID_PRIVATE_KEY: z
      .string()
      .refine((value) => vapidPublicKeyOf(value) !== null, {
        error: 'expected a P-256 private key of 32 bytes in base64url (npx web-push generate-vapid-keys)',
      })
      .optional(),
    VAPID_SUBJECT: z
      .string()
      .refine(isVapidSubject, { error: 'expected a mailto: address or an https URL, e.g. mailto:ops@example.com' })
      .optional(),
    PUSH_SERVICE_HOSTS: z
      .string()
      .transform((value) =>
        value
          .split(',')
          .map((host) => host.trim().toLowerCase())
          .filter(Boolean),
      )
      .refine((hosts) => hosts.length > 0 && hosts.every((host) => HOST_NAME.test(host)), {
        error: 'expected a comma-separated list of host names, e.g. fcm.googleapis.com,push.apple.com',
      })
      .optional(),
    PUSH_TEST_SERVICE: z
      .string()
      .refine((value) => parsePushTestService(value) !== null, {
        error: 'expected a host and port such as 127.0.0.1:4567 (the test push service, outside production only)',
      })
      .optional(),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && !env.SESSION_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['SESSION_SECRET'],
        message: 'required in production (at least 32 characters)',
      });
    }
    if (env.STRIPE_SECRET_KEY && !env.STRIPE_PRICE_ID) {
      ctx.addIssue({ code: 'custom', path: ['STRIPE_PRICE_ID'], message: 'required when STRIPE_SECRET_KEY is set' });
    }
    // Web Push: a subscription is bound to the public key it was made with, so production must keep one pair.
    if (env.VAPID_PUBLIC_KEY && !env.VAPID_PRIVATE_KEY) {
      ctx.addIssue({ code: 'custom', path: ['VAPID_PRIVATE_KEY'], message: 'required when VAPID_PUBLIC_KEY is set' });
    }
    if (env.VAPID_PRIVATE_KEY && !env.VAPID_PUBLIC_KEY) {
      ctx.addIssue({ code: 'custom', path: ['VAPID_PUBLIC_KEY'], message: 'required when VAPID_PRIVATE_KEY is set' });
    }
    if (
      env.VAPID_PUBLIC_KEY &&
      env.VAPID_PRIVATE_KEY &&
      vapidPublicKeyOf(env.VAPID_PRIVATE_KEY) !== null &&
      vapidPublicKeyOf(env.VAPID_PRIVATE_KEY) !== env.VAPID_PUBLIC_KEY
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['VAPID_PUBLIC_KEY'],
        message: 'is not the public key of VAPID_PRIVATE_KEY (set both from one generated pair)',
      });
    }
    if (env.NODE_ENV === 'production') {
      if (!env.VAPID_PUBLIC_KEY && !env.VAPID_PRIVATE_KEY) {
        for (const name of ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY']) {
          ctx.addIssue({
            code: 'custom',
            path: [name],
            message: 'required in production (generate a pair once with `npx web-push generate-vapid-keys`)',
          });
        }
      }
      if (!env.VAPID_SUBJECT && !env.PUBLIC_ORIGIN?.startsWith('https:')) {
        ctx.addIssue({
          code: 'custom',
          path: ['VAPID_SUBJECT'],
          message: 'required in production without an https PUBLIC_ORIGIN (a mailto: address or an https URL)',
        });
      }
    }
    // A test push service may sit on loopback or a private address, which production never sends to.
    if (env.NODE_ENV === 'production' && env.PUSH_TEST_SERVICE) {
      ctx.addIssue({
        code: 'custom',
        path: ['PUSH_TEST_SERVICE'],
        message:
          'not allowed in production (it opens one host and port, loopback or private, to Web Push; production ' +
          'sends only to PUSH_SERVICE_HOSTS)',
      });
    }
    // A mailed link built from the request's Host header could point at whoever sent the request (link poisoning),
    // in any mode: a development install with a real mail server mails real inboxes.
    if (env.SMTP_URL && !env.PUBLIC_ORIGIN) {
      ctx.addIssue({
        code: 'custom',
        path: ['PUBLIC_ORIGIN'],
        message: 'required with SMTP_URL (the origin of the links it e-mails, such as https://hit.example.com)',
      });
    }
  });

export interface StripeConfig {
  secretKey: string;
  priceId: string;
  webhookSecret?: string;
}

export interface PushConfig {
  /** The VAPID key pair from VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY; unset (never in production): see `vapidKeysFile`. */
  vapid?: { publicKey: string; privateKey: string };
  /** Where a process outside production keeps the pair it generated on its first start (DATA_DIR/vapid.json). */
  vapidKeysFile: string;
  /** Who runs this server, for the push services: a mailto: address or an https URL (the JWT's `sub`). */
  vapidSubject: string;
  /** Host names (with their subdomains) the api sends pushes to over https: a subscription elsewhere is refused. */
  serviceHosts: string[];
  /**
   * PUSH_TEST_SERVICE (never in production): the one host and port, over http or https, the api also sends to, though
   * it be loopback or private: the tests' mock push service. Every other loopback, private or special address is
   * refused in every mode.
   */
  testService?: { host: string; port: number };
}

export interface Config {
  port: number;
  /** The address the api listens on: 127.0.0.1 outside production unless HOST says otherwise, else every interface. */
  host: string;
  nodeEnv: 'development' | 'production' | 'test';
  isProduction: boolean;
  /** Unset: the api starts the embedded database under `dataDir`. */
  mongodbUri?: string;
  dataDir: string;
  /** Folder holding `shell/dist` and `<remote folder>/dist/<version>/` (default: the repository root). */
  staticRoot: string;
  /** SESSION_SECRET; unset (never in production): see `sessionSecretFile`. */
  sessionSecret?: string;
  /** Where a process outside production keeps the secret it generated on its first start (DATA_DIR/session-secret). */
  sessionSecretFile: string;
  /** Unset: the demo payment provider is used. */
  stripe?: StripeConfig;
  trialDays: number;
  /** Sign-ups allowed per IP address an hour (raise it behind a shared NAT, or for browser tests). */
  registrationsPerIpPerHour: number;
  /** static: remotes served from their dist folders; dev: from their webpack dev servers. */
  remotesMode: 'static' | 'dev';
  /** Origin the browser sees (scheme + host + port), when known. */
  publicOrigin?: string;
  /**
   * Where password reset e-mails go out (nodemailer); unset: the link is logged in development, not sent. Set only
   * with `publicOrigin`, which every mailed link is built on.
   */
  smtpUrl?: string;
  /** The sender of those e-mails. */
  mailFrom: string;
  /**
   * Express's `trust proxy`: which hops' X-Forwarded-For / -Proto to believe (client address for rate limits, https
   * for the Secure cookie). Default: none (false), each request's own peer is the client.
   */
  trustProxy: string | number | false;
  /** Web Push (issue #22): the rest-over alert. */
  push: PushConfig;
  /** Things worth telling the operator at start-up that do not stop it. */
  warnings: string[];
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

function publicOriginHost(publicOrigin: string | undefined): string {
  return publicOrigin ? new URL(publicOrigin).hostname : 'localhost';
}

/** Reads and validates the configuration from `env`; throws ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable (`PORT=`) means "not set", as most shells and .env files intend.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) =>
      issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message,
    );
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const e = parsed.data;
  const warnings: string[] = [];
  const host = e.HOST ?? (e.NODE_ENV === 'production' ? '0.0.0.0' : LOOPBACK_HOST);
  if (e.NODE_ENV !== 'production' && !isLoopbackHost(host)) {
    warnings.push(
      `HOST=${host} outside production: the app is open to the network with development settings; ` +
        'run it there with NODE_ENV=production behind HTTPS (README, "Opening it to a network")',
    );
  }
  if (e.STRIPE_SECRET_KEY && !e.STRIPE_WEBHOOK_SECRET) {
    warnings.push('STRIPE_WEBHOOK_SECRET is not set: Stripe webhooks will be refused');
  }
  if (!e.STRIPE_SECRET_KEY && e.NODE_ENV === 'production') {
    warnings.push('STRIPE_SECRET_KEY is not set: upgrades use the test-mode demo checkout and take no real payments');
  }
  if (!e.SMTP_URL && e.NODE_ENV === 'production') {
    warnings.push(
      'SMTP_URL is not set: password reset e-mails cannot be sent, so nobody can reset a forgotten password',
    );
  }
  const publicOrigin = e.PUBLIC_ORIGIN ? new URL(e.PUBLIC_ORIGIN).origin : undefined;
  const dataDir = path.resolve(e.DATA_DIR ?? path.join(REPO_ROOT, '.data'));
  return {
    port: e.PORT,
    host,
    nodeEnv: e.NODE_ENV,
    isProduction: e.NODE_ENV === 'production',
    mongodbUri: e.MONGODB_URI,
    dataDir,
    staticRoot: path.resolve(e.STATIC_ROOT ?? REPO_ROOT),
    sessionSecret: e.SESSION_SECRET,
    sessionSecretFile: path.join(dataDir, SESSION_SECRET_FILE),
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_PRICE_ID
        ? { secretKey: e.STRIPE_SECRET_KEY, priceId: e.STRIPE_PRICE_ID, webhookSecret: e.STRIPE_WEBHOOK_SECRET }
        : undefined,
    trialDays: e.TRIAL_DAYS,
    registrationsPerIpPerHour: e.REGISTRATIONS_PER_IP_PER_HOUR,
    remotesMode: e.REMOTES_MODE,
    publicOrigin,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? `HIT Tracker <no-reply@${publicOriginHost(publicOrigin)}>`,
    trustProxy:
      e.TRUST_PROXY === undefined
        ? DEFAULT_TRUST_PROXY
        : /^\d+$/.test(e.TRUST_PROXY)
          ? Number(e.TRUST_PROXY)
          : e.TRUST_PROXY,
    push: {
      vapid:
        e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
          ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
          : undefined,
      vapidKeysFile: path.join(dataDir, VAPID_KEYS_FILE),
      vapidSubject:
        e.VAPID_SUBJECT ??
        (publicOrigin?.startsWith('https:') ? publicOrigin : `mailto:no-reply@${publicOriginHost(publicOrigin)}`),
      serviceHosts: e.PUSH_SERVICE_HOSTS ?? [...DEFAULT_PUSH_SERVICE_HOSTS],
      testService: e.PUSH_TEST_SERVICE ? (parsePushTestService(e.PUSH_TEST_SERVICE) ?? undefined) : undefined,
    },
    warnings,
  };
}
