import path from 'node:path';
import proxyaddr from 'proxy-addr';
import { z } from 'zod';
import { REPO_ROOT } from './paths';

/** Used only outside production so `npm start` works with no set-up; production must set its own. */
const DEV_SESSION_SECRET = 'hit-tracker-development-only-session-secret';
/** Load balancers and ingresses sit on loopback or private networks; a client on the internet is never trusted. */
export const DEFAULT_TRUST_PROXY = 'loopback, linklocal, uniquelocal';

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

function intBetween(min: number, max: number) {
  const error = `expected a number between ${min} and ${max}`;
  return z.coerce.number({ error }).int({ error }).min(min, { error }).max(max, { error });
}

const envSchema = z
  .object({
    // 0: any free port, chosen by the system and printed at start (test harnesses use it).
    PORT: intBetween(0, 65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
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
    // A reset link built from the request's Host header could point at whoever sent the request (link poisoning).
    if (env.NODE_ENV === 'production' && env.SMTP_URL && !env.PUBLIC_ORIGIN) {
      ctx.addIssue({
        code: 'custom',
        path: ['PUBLIC_ORIGIN'],
        message: 'required in production with SMTP_URL (the origin of the password reset links it e-mails)',
      });
    }
  });

export interface StripeConfig {
  secretKey: string;
  priceId: string;
  webhookSecret?: string;
}

export interface Config {
  port: number;
  host: string;
  nodeEnv: 'development' | 'production' | 'test';
  isProduction: boolean;
  /** Unset: the api starts the embedded database under `dataDir`. */
  mongodbUri?: string;
  dataDir: string;
  /** Folder holding `shell/dist` and `<remote folder>/dist/<version>/` (default: the repository root). */
  staticRoot: string;
  sessionSecret: string;
  /** Unset: the demo payment provider is used. */
  stripe?: StripeConfig;
  trialDays: number;
  /** Sign-ups allowed per IP address an hour (raise it behind a shared NAT, or for browser tests). */
  registrationsPerIpPerHour: number;
  /** static: remotes served from their dist folders; dev: from their webpack dev servers. */
  remotesMode: 'static' | 'dev';
  /** Origin the browser sees (scheme + host + port), when known. */
  publicOrigin?: string;
  /** Where password reset e-mails go out (nodemailer); unset: the link is logged in development, not sent. */
  smtpUrl?: string;
  /** The sender of those e-mails. */
  mailFrom: string;
  /**
   * Express's `trust proxy`: which hops' X-Forwarded-For / -Proto to believe (client address for rate limits, https
   * for the Secure cookie). Default: proxies on loopback and private networks, never the internet.
   */
  trustProxy: string | number;
  /** Things worth telling the operator at start-up that do not stop it. */
  warnings: string[];
}

export class ConfigError extends Error {
  override name = 'ConfigError';
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
  if (!e.SESSION_SECRET && e.NODE_ENV === 'development') {
    warnings.push('SESSION_SECRET is not set: using a fixed development secret (never do this in production)');
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
  return {
    port: e.PORT,
    host: e.HOST,
    nodeEnv: e.NODE_ENV,
    isProduction: e.NODE_ENV === 'production',
    mongodbUri: e.MONGODB_URI,
    dataDir: path.resolve(e.DATA_DIR ?? path.join(REPO_ROOT, '.data')),
    staticRoot: path.resolve(e.STATIC_ROOT ?? REPO_ROOT),
    sessionSecret: e.SESSION_SECRET ?? DEV_SESSION_SECRET,
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_PRICE_ID
        ? { secretKey: e.STRIPE_SECRET_KEY, priceId: e.STRIPE_PRICE_ID, webhookSecret: e.STRIPE_WEBHOOK_SECRET }
        : undefined,
    trialDays: e.TRIAL_DAYS,
    registrationsPerIpPerHour: e.REGISTRATIONS_PER_IP_PER_HOUR,
    remotesMode: e.REMOTES_MODE,
    publicOrigin,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? `HIT Tracker <no-reply@${publicOrigin ? new URL(publicOrigin).hostname : 'localhost'}>`,
    trustProxy:
      e.TRUST_PROXY === undefined
        ? DEFAULT_TRUST_PROXY
        : /^\d+$/.test(e.TRUST_PROXY)
          ? Number(e.TRUST_PROXY)
          : e.TRUST_PROXY,
    warnings,
  };
}
