import path from 'node:path';
import { ConfigError, loadConfig } from '../src/config';
import { REPO_ROOT } from '../src/paths';
import { TEST_VAPID_ENV } from './vapidTestKeys';

const productionSecret = 'a'.repeat(32);

function configError(env: NodeJS.ProcessEnv): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('expected loadConfig to throw');
}

describe('loadConfig', () => {
  it('starts with no variables at all, using the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      // Loopback only outside production: a plain `npm start` is not open to the network.
      host: '127.0.0.1',
      nodeEnv: 'development',
      isProduction: false,
      mongodbUri: undefined,
      dataDir: path.join(REPO_ROOT, '.data'),
      staticRoot: REPO_ROOT,
      stripe: undefined,
      trialDays: 30,
      registrationsPerIpPerHour: 20,
      remotesMode: 'static',
      publicOrigin: undefined,
      // No proxy is trusted unless TRUST_PROXY names one (issue #23).
      trustProxy: false,
    });
    // No secret from the source: the data folder's own is made at start (sessionSecret.test.ts).
    expect(config.sessionSecret).toBeUndefined();
    expect(config.sessionSecretFile).toBe(path.join(REPO_ROOT, '.data', 'session-secret'));
    expect(config.warnings).toEqual([]);
  });

  it('listens on 127.0.0.1 outside production and on every interface in production, unless HOST says otherwise', () => {
    const production = { NODE_ENV: 'production', SESSION_SECRET: productionSecret, ...TEST_VAPID_ENV };
    expect(loadConfig({ NODE_ENV: 'development' }).host).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'test' }).host).toBe('127.0.0.1');
    expect(loadConfig({ ...production, VAPID_SUBJECT: 'mailto:ops@example.com' }).host).toBe('0.0.0.0');
    const opened = loadConfig({ HOST: '0.0.0.0' });
    expect(opened.host).toBe('0.0.0.0');
    // Opened to a network with development settings: said at start.
    expect(opened.warnings).toEqual([expect.stringContaining('HOST=0.0.0.0 outside production')]);
    expect(loadConfig({ HOST: 'localhost' }).warnings).toEqual([]);
  });

  it('finds the repository root from the api folder', () => {
    expect(path.join(REPO_ROOT, 'api')).toBe(path.resolve(__dirname, '..'));
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      MONGODB_URI: 'mongodb+srv://user:pw@cluster.example.net/hit',
      DATA_DIR: '/var/lib/hit',
      STATIC_ROOT: '/srv/hit',
      SESSION_SECRET: productionSecret,
      STRIPE_SECRET_KEY: 'sk_test_123',
      STRIPE_PRICE_ID: 'price_123',
      STRIPE_WEBHOOK_SECRET: 'whsec_123',
      TRIAL_DAYS: '14',
      REGISTRATIONS_PER_IP_PER_HOUR: '500',
      REMOTES_MODE: 'dev',
      PUBLIC_ORIGIN: 'https://hit.example.com/some/path',
      TRUST_PROXY: '203.0.113.7, 10.0.0.0/8',
      SMTP_URL: 'smtps://mailer:secret@mail.example.com:465',
      MAIL_FROM: 'HIT Tracker <hello@hit.example.com>',
      VAPID_PUBLIC_KEY: TEST_VAPID_ENV.VAPID_PUBLIC_KEY,
      VAPID_PRIVATE_KEY: TEST_VAPID_ENV.VAPID_PRIVATE_KEY,
      VAPID_SUBJECT: 'mailto:ops@hit.example.com',
      PUSH_SERVICE_HOSTS: 'fcm.googleapis.com, Push.Example.net',
    });
    expect(config).toEqual({
      port: 8080,
      host: '127.0.0.1',
      nodeEnv: 'production',
      isProduction: true,
      mongodbUri: 'mongodb+srv://user:pw@cluster.example.net/hit',
      dataDir: '/var/lib/hit',
      staticRoot: '/srv/hit',
      sessionSecret: productionSecret,
      sessionSecretFile: '/var/lib/hit/session-secret',
      stripe: { secretKey: 'sk_test_123', priceId: 'price_123', webhookSecret: 'whsec_123' },
      trialDays: 14,
      registrationsPerIpPerHour: 500,
      remotesMode: 'dev',
      publicOrigin: 'https://hit.example.com',
      smtpUrl: 'smtps://mailer:secret@mail.example.com:465',
      mailFrom: 'HIT Tracker <hello@hit.example.com>',
      trustProxy: '203.0.113.7, 10.0.0.0/8',
      push: {
        vapid: { publicKey: TEST_VAPID_ENV.VAPID_PUBLIC_KEY, privateKey: TEST_VAPID_ENV.VAPID_PRIVATE_KEY },
        vapidKeysFile: '/var/lib/hit/vapid.json',
        vapidSubject: 'mailto:ops@hit.example.com',
        serviceHosts: ['fcm.googleapis.com', 'push.example.net'],
        testService: undefined,
      },
      warnings: [],
    });
  });

  it('reads TRUST_PROXY as a hop count when it is a number', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
  });

  it('trusts no proxy by default, in every environment, and the one TRUST_PROXY names', () => {
    for (const NODE_ENV of ['development', 'test', 'production']) {
      const env = {
        NODE_ENV,
        SESSION_SECRET: productionSecret,
        ...TEST_VAPID_ENV,
        VAPID_SUBJECT: 'mailto:a@b.example',
      };
      expect([NODE_ENV, loadConfig(env).trustProxy]).toEqual([NODE_ENV, false]);
      expect([NODE_ENV, loadConfig({ ...env, TRUST_PROXY: 'loopback' }).trustProxy]).toEqual([NODE_ENV, 'loopback']);
    }
    // An empty value is "not set", like every variable.
    expect(loadConfig({ TRUST_PROXY: '' }).trustProxy).toBe(false);
  });

  it('takes PORT=0 (any free port, printed at start)', () => {
    expect(loadConfig({ PORT: '0' }).port).toBe(0);
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', MONGODB_URI: '' })).toMatchObject({ port: 3000, mongodbUri: undefined });
  });

  it.each([
    [{ PORT: 'abc' }, 'Invalid configuration: PORT: expected a number between 0 and 65535'],
    [{ PORT: '70000' }, 'Invalid configuration: PORT: expected a number between 0 and 65535'],
    [{ PORT: '80.5' }, 'Invalid configuration: PORT: expected a number between 0 and 65535'],
    [{ NODE_ENV: 'staging' }, 'Invalid configuration: NODE_ENV: expected development, production or test'],
    [{ MONGODB_URI: 'http://db' }, 'MONGODB_URI: expected a URL starting with mongodb:// or mongodb+srv://'],
    [{ TRIAL_DAYS: '-1' }, 'TRIAL_DAYS: expected a number between 0 and 3650'],
    [{ REMOTES_MODE: 'cdn' }, 'REMOTES_MODE: expected static or dev'],
    [{ REGISTRATIONS_PER_IP_PER_HOUR: '0' }, 'REGISTRATIONS_PER_IP_PER_HOUR: expected a number between 1 and'],
    [{ PUBLIC_ORIGIN: 'ftp://files' }, 'PUBLIC_ORIGIN: expected an http(s) URL'],
    [{ TRUST_PROXY: '10.0.0.1; rm' }, 'TRUST_PROXY: expected a hop count (1) or a comma-separated list'],
    [{ TRUST_PROXY: 'true' }, 'TRUST_PROXY: expected a hop count (1) or a comma-separated list'],
    [{ TRUST_PROXY: '10.0.0.0/33' }, 'TRUST_PROXY: expected a hop count (1) or a comma-separated list'],
    [{ STRIPE_SECRET_KEY: 'sk_test_1' }, 'STRIPE_PRICE_ID: required when STRIPE_SECRET_KEY is set'],
    [{ NODE_ENV: 'production' }, 'SESSION_SECRET: required in production'],
    [{ NODE_ENV: 'production', SESSION_SECRET: 'too-short' }, 'SESSION_SECRET: must be at least 32 characters'],
    [{ SMTP_URL: 'https://mail.example.com' }, 'SMTP_URL: expected an smtp:// or smtps:// URL'],
    [
      {
        NODE_ENV: 'production',
        SESSION_SECRET: productionSecret,
        SMTP_URL: 'smtp://mail.example.com',
        ...TEST_VAPID_ENV,
      },
      'PUBLIC_ORIGIN: required with SMTP_URL',
    ],
    // In every mode: a mailed link never follows a request's Host header.
    [{ SMTP_URL: 'smtp://mail.example.com' }, 'PUBLIC_ORIGIN: required with SMTP_URL'],
    [{ NODE_ENV: 'test', SMTP_URL: 'smtp://mail.example.com' }, 'PUBLIC_ORIGIN: required with SMTP_URL'],
  ])('rejects %j naming the variable', (env, message) => {
    expect(configError(env)).toContain(message);
  });

  it('lists every bad variable at once', () => {
    expect(configError({ PORT: '-1', TRIAL_DAYS: 'many' })).toBe(
      'Invalid configuration: PORT: expected a number between 0 and 65535; TRIAL_DAYS: expected a number between 0 and 3650',
    );
  });

  it('sends reset e-mails from no-reply at the public host unless MAIL_FROM says otherwise', () => {
    expect(loadConfig({}).mailFrom).toBe('HIT Tracker <no-reply@localhost>');
    expect(loadConfig({ PUBLIC_ORIGIN: 'https://hit.example.com' }).mailFrom).toBe(
      'HIT Tracker <no-reply@hit.example.com>',
    );
  });

  it('warns at a production start without SMTP_URL: nobody could reset a forgotten password', () => {
    const production = {
      NODE_ENV: 'production',
      SESSION_SECRET: productionSecret,
      STRIPE_SECRET_KEY: 'sk',
      ...TEST_VAPID_ENV,
    };
    expect(loadConfig({ ...production, STRIPE_PRICE_ID: 'price', STRIPE_WEBHOOK_SECRET: 'wh' }).warnings).toEqual([
      expect.stringContaining('SMTP_URL is not set'),
    ]);
    expect(loadConfig({}).warnings).not.toContainEqual(expect.stringContaining('SMTP_URL'));
  });

  it('warns when Stripe is configured without a webhook secret', () => {
    const config = loadConfig({ NODE_ENV: 'test', STRIPE_SECRET_KEY: 'sk', STRIPE_PRICE_ID: 'price' });
    expect(config.warnings).toEqual([expect.stringContaining('STRIPE_WEBHOOK_SECRET')]);
  });
});
