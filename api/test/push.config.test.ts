import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import webpush from 'web-push';
import { ConfigError, DEFAULT_PUSH_SERVICE_HOSTS, loadConfig, VAPID_KEYS_FILE } from '../src/config';
import { REPO_ROOT } from '../src/paths';
import { endpointRefusal, ENDPOINT_REFUSED_MESSAGE } from '../src/services/push';
import { loadVapidKeys } from '../src/vapid';
import { TEST_VAPID_ENV } from './vapidTestKeys';

const SESSION_SECRET = 's'.repeat(32);

function configError(env: NodeJS.ProcessEnv): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('expected loadConfig to throw');
}

describe('Web Push configuration (issue #22)', () => {
  it('outside production needs no variable: keys made into DATA_DIR/vapid.json, a mailto: subject, the known push services', () => {
    expect(loadConfig({}).push).toEqual({
      vapid: undefined,
      vapidKeysFile: path.join(REPO_ROOT, '.data', VAPID_KEYS_FILE),
      vapidSubject: 'mailto:no-reply@localhost',
      serviceHosts: [...DEFAULT_PUSH_SERVICE_HOSTS],
      testService: undefined,
    });
    expect(DEFAULT_PUSH_SERVICE_HOSTS).toEqual([
      'fcm.googleapis.com',
      'push.services.mozilla.com',
      'push.apple.com',
      'notify.windows.com',
    ]);
    expect(loadConfig({ DATA_DIR: '/srv/hit-data' }).push.vapidKeysFile).toBe('/srv/hit-data/vapid.json');
    expect(loadConfig({ PUBLIC_ORIGIN: 'https://hit.example.com/app' }).push.vapidSubject).toBe(
      'https://hit.example.com',
    );
    expect(loadConfig({ PUBLIC_ORIGIN: 'http://192.168.1.5:3000' }).push.vapidSubject).toBe(
      'mailto:no-reply@192.168.1.5',
    );
  });

  it('in production takes the keys and subject from the environment, the subject defaulting to an https PUBLIC_ORIGIN', () => {
    const production = { NODE_ENV: 'production', SESSION_SECRET, ...TEST_VAPID_ENV };
    expect(loadConfig(production).push).toEqual({
      vapid: { publicKey: TEST_VAPID_ENV.VAPID_PUBLIC_KEY, privateKey: TEST_VAPID_ENV.VAPID_PRIVATE_KEY },
      vapidKeysFile: path.join(REPO_ROOT, '.data', VAPID_KEYS_FILE),
      vapidSubject: TEST_VAPID_ENV.VAPID_SUBJECT,
      serviceHosts: [...DEFAULT_PUSH_SERVICE_HOSTS],
      testService: undefined,
    });
    const { VAPID_SUBJECT: _subject, ...withoutSubject } = production;
    expect(loadConfig({ ...withoutSubject, PUBLIC_ORIGIN: 'https://hit.example.com' }).push.vapidSubject).toBe(
      'https://hit.example.com',
    );
  });

  const otherPair = webpush.generateVAPIDKeys();
  it.each([
    [
      { NODE_ENV: 'production', SESSION_SECRET, VAPID_SUBJECT: 'mailto:ops@example.com' },
      'VAPID_PUBLIC_KEY: required in production (generate a pair once with `npx web-push generate-vapid-keys`); ' +
        'VAPID_PRIVATE_KEY: required in production',
    ],
    [
      { NODE_ENV: 'production', SESSION_SECRET, ...TEST_VAPID_ENV, VAPID_SUBJECT: '' },
      'VAPID_SUBJECT: required in production without an https PUBLIC_ORIGIN',
    ],
    [{ VAPID_PUBLIC_KEY: TEST_VAPID_ENV.VAPID_PUBLIC_KEY }, 'VAPID_PRIVATE_KEY: required when VAPID_PUBLIC_KEY is set'],
    [
      { VAPID_PRIVATE_KEY: TEST_VAPID_ENV.VAPID_PRIVATE_KEY },
      'VAPID_PUBLIC_KEY: required when VAPID_PRIVATE_KEY is set',
    ],
    [
      { VAPID_PUBLIC_KEY: otherPair.publicKey, VAPID_PRIVATE_KEY: TEST_VAPID_ENV.VAPID_PRIVATE_KEY },
      'VAPID_PUBLIC_KEY: is not the public key of VAPID_PRIVATE_KEY',
    ],
    [
      { VAPID_PUBLIC_KEY: 'not-a-key', VAPID_PRIVATE_KEY: TEST_VAPID_ENV.VAPID_PRIVATE_KEY },
      'VAPID_PUBLIC_KEY: expected an uncompressed P-256 public key in base64url',
    ],
    [
      { VAPID_PUBLIC_KEY: TEST_VAPID_ENV.VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: 'c2hvcnQ' },
      'VAPID_PRIVATE_KEY: expected a P-256 private key of 32 bytes in base64url',
    ],
    [{ VAPID_SUBJECT: 'http://hit.example.com' }, 'VAPID_SUBJECT: expected a mailto: address or an https URL'],
    [{ VAPID_SUBJECT: 'ops@example.com' }, 'VAPID_SUBJECT: expected a mailto: address or an https URL'],
    [
      { PUSH_SERVICE_HOSTS: 'fcm.googleapis.com, https://push.apple.com' },
      'PUSH_SERVICE_HOSTS: expected a comma-separated list of host names',
    ],
    [{ PUSH_SERVICE_HOSTS: 'com' }, 'PUSH_SERVICE_HOSTS: expected a comma-separated list of host names'],
    // Production never sends to a test push service: loopback and private addresses stay closed there.
    [
      { NODE_ENV: 'production', SESSION_SECRET, ...TEST_VAPID_ENV, PUSH_TEST_SERVICE: '127.0.0.1:4567' },
      'PUSH_TEST_SERVICE: not allowed in production',
    ],
  ])('rejects %j naming the variable', (env, message) => {
    expect(configError(env)).toContain(message);
  });

  it.each([
    '127.0.0.1',
    '127.0.0.1:',
    '127.0.0.1:0',
    '127.0.0.1:65536',
    'http://127.0.0.1:4567',
    '::1:4567',
    '127.0.0.1:80:4567',
    '127.0.0.1:4567/push',
    'user@127.0.0.1:4567',
    '127.0.0.1:4567,10.0.0.1:80',
    'a b:4567',
  ])('rejects PUSH_TEST_SERVICE=%s: one host and port', (value) => {
    expect(configError({ PUSH_TEST_SERVICE: value })).toContain('PUSH_TEST_SERVICE: expected a host and port');
  });

  describe('endpoint check (the api POSTs to a URL the client chose)', () => {
    const production = loadConfig({ NODE_ENV: 'production', SESSION_SECRET, ...TEST_VAPID_ENV }).push;
    const development = loadConfig({ NODE_ENV: 'development' }).push;

    it.each([
      'https://fcm.googleapis.com/fcm/send/dGVzdA:APA91b',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAAA',
      'https://web.push.apple.com/QGuQyavXutnMKdbXvgpVJTZd',
      'https://wns2-by3p.notify.windows.com/w/?token=BQYAAAD',
      'https://FCM.googleapis.com/fcm/send/x',
    ])('accepts the push service endpoint %s in production', (endpoint) => {
      expect(endpointRefusal(endpoint, production)).toBeNull();
    });

    it.each([
      'http://fcm.googleapis.com/fcm/send/x',
      'https://fcm.googleapis.com:444/fcm/send/x',
      'https://fcm.googleapis.com.evil.example/x',
      'https://evilfcm.googleapis.com/x',
      'https://googleapis.com/x',
      'https://user:pw@fcm.googleapis.com/x',
      'https://127.0.0.1/push',
      'http://localhost:4000/push',
      'http://[::1]:4000/push',
      'https://169.254.169.254/latest/meta-data',
      'https://10.0.0.8/push',
      'not a url',
    ])('refuses %s in production', (endpoint) => {
      expect(endpointRefusal(endpoint, production)).toBe(ENDPOINT_REFUSED_MESSAGE);
    });

    it('refuses loopback in every mode: the mode alone allows no address beyond the list', () => {
      const test = loadConfig({ NODE_ENV: 'test' }).push;
      for (const push of [development, test, production]) {
        for (const endpoint of [
          'http://127.0.0.1:4000/push/x',
          'http://localhost:4000/push',
          'https://[::1]:8443/p',
          'http://127.1:4000/p',
          'http://0x7f000001:4000/p',
          'http://2130706433:4000/p',
          'http://[::ffff:127.0.0.1]:4000/p',
          'http://10.0.0.8/push',
          'http://example.com/push',
          'ftp://127.0.0.1/push',
        ]) {
          expect([endpoint, endpointRefusal(endpoint, push)]).toEqual([endpoint, ENDPOINT_REFUSED_MESSAGE]);
        }
      }
    });

    it('allows the PUSH_TEST_SERVICE host and port, by http or https, and no other port or name of that host', () => {
      const named = loadConfig({ NODE_ENV: 'test', PUSH_TEST_SERVICE: '127.0.0.1:4567' }).push;
      expect(named.testService).toEqual({ host: '127.0.0.1', port: 4567 });
      for (const endpoint of ['http://127.0.0.1:4567/push/x', 'https://127.0.0.1:4567/push/x']) {
        expect([endpoint, endpointRefusal(endpoint, named)]).toEqual([endpoint, null]);
      }
      for (const endpoint of [
        'http://127.0.0.1:4568/push/x',
        'http://127.0.0.1/push/x',
        'http://localhost:4567/push/x',
        'http://[::1]:4567/push/x',
        'ws://127.0.0.1:4567/push/x',
        'http://u:p@127.0.0.1:4567/push/x',
      ]) {
        expect([endpoint, endpointRefusal(endpoint, named)]).toEqual([endpoint, ENDPOINT_REFUSED_MESSAGE]);
      }
      // A name or an IPv6 address, as written; http's own port 80 named explicitly.
      expect(loadConfig({ PUSH_TEST_SERVICE: 'Push-Mock:80' }).push.testService).toEqual({
        host: 'push-mock',
        port: 80,
      });
      const byName = loadConfig({ PUSH_TEST_SERVICE: 'push-mock:80' }).push;
      expect(endpointRefusal('http://push-mock/push/x', byName)).toBeNull();
      expect(endpointRefusal('https://push-mock/push/x', byName)).toBe(ENDPOINT_REFUSED_MESSAGE);
      const ipv6 = loadConfig({ PUSH_TEST_SERVICE: '[::1]:4567' }).push;
      expect(endpointRefusal('http://[::1]:4567/push/x', ipv6)).toBeNull();
      expect(endpointRefusal('http://127.0.0.1:4567/push/x', ipv6)).toBe(ENDPOINT_REFUSED_MESSAGE);
    });

    it('refuses a private or special address even where PUSH_SERVICE_HOSTS names it', () => {
      const own = loadConfig({ PUSH_SERVICE_HOSTS: 'push.example.net,10.0.0.8,127.0.0.1', NODE_ENV: 'test' }).push;
      expect(endpointRefusal('https://push.example.net/s/1', own)).toBeNull();
      expect(endpointRefusal('https://10.0.0.8/s/1', own)).toBe(ENDPOINT_REFUSED_MESSAGE);
      expect(endpointRefusal('https://127.0.0.1/s/1', own)).toBe(ENDPOINT_REFUSED_MESSAGE);
    });

    it('takes its hosts from PUSH_SERVICE_HOSTS', () => {
      const own = loadConfig({ PUSH_SERVICE_HOSTS: 'push.example.net', NODE_ENV: 'test' }).push;
      expect(endpointRefusal('https://eu.push.example.net/s/1', own)).toBeNull();
      expect(endpointRefusal('https://fcm.googleapis.com/fcm/send/x', own)).toBe(ENDPOINT_REFUSED_MESSAGE);
    });
  });

  describe('keys outside production', () => {
    let dataDir: string;
    beforeEach(async () => {
      dataDir = await mkdtemp(path.join(tmpdir(), 'hit-vapid-'));
    });
    afterEach(() => rm(dataDir, { recursive: true, force: true }));

    it('are made on the first start into DATA_DIR/vapid.json, readable by its owner only, and reused after', async () => {
      const push = loadConfig({ NODE_ENV: 'development', DATA_DIR: path.join(dataDir, 'nested') }).push;
      const first = loadVapidKeys(push);
      expect(first.source).toBe('generated');
      expect(first.subject).toBe('mailto:no-reply@localhost');
      const file = path.join(dataDir, 'nested', 'vapid.json');
      expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({
        publicKey: first.publicKey,
        privateKey: first.privateKey,
      });
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      // The pair works: web-push signs with it.
      expect(() => webpush.setVapidDetails(first.subject, first.publicKey, first.privateKey)).not.toThrow();

      const again = loadVapidKeys(push);
      expect(again).toEqual({ ...first, source: 'file' });
    });

    it('are the environment’s when set: no file is made', async () => {
      const push = loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir, ...TEST_VAPID_ENV }).push;
      expect(loadVapidKeys(push)).toEqual({
        publicKey: TEST_VAPID_ENV.VAPID_PUBLIC_KEY,
        privateKey: TEST_VAPID_ENV.VAPID_PRIVATE_KEY,
        subject: TEST_VAPID_ENV.VAPID_SUBJECT,
        source: 'environment',
      });
      await expect(stat(path.join(dataDir, 'vapid.json'))).rejects.toMatchObject({ code: 'ENOENT' });
    });

    it('stop the start with a clear message when the file holds no valid pair', async () => {
      const push = loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir }).push;
      await writeFile(
        path.join(dataDir, 'vapid.json'),
        JSON.stringify({ publicKey: otherPair.publicKey, privateKey: TEST_VAPID_ENV.VAPID_PRIVATE_KEY }),
      );
      expect(() => loadVapidKeys(push)).toThrow(/vapid\.json does not hold a VAPID key pair/);
      await writeFile(path.join(dataDir, 'vapid.json'), '{not json');
      expect(() => loadVapidKeys(push)).toThrow(/vapid\.json does not hold a VAPID key pair/);
    });
  });
});
