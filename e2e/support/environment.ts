import type { ResolvedChromium } from '../../config/chromium';

/** What the global setup started, handed to the test files through the environment. */
export interface E2eEnvironment {
  /** Base URL of the production app, e.g. http://127.0.0.1:41234 */
  baseUrl: string;
  /** The database the app uses, for tests that arrange state directly. */
  mongoUri: string;
  /** The Chromium every test file launches, resolved (and unpacked, when packaged) once before the workers start. */
  browser: ResolvedChromium;
  /** Where the e-mails the app sends land, one JSON file each (support/mailSink.ts). */
  mailDir: string;
  /** The port on 127.0.0.1 the app may send Web Push to (PUSH_TEST_SERVICE): support/pushService.ts listens there. */
  pushServicePort: number;
}

const KEY = 'HIT_E2E_ENVIRONMENT';

export function publishEnvironment(environment: E2eEnvironment): void {
  process.env[KEY] = JSON.stringify(environment);
}

export function e2eEnvironment(): E2eEnvironment {
  const raw = process.env[KEY];
  if (!raw) throw new Error('The e2e global setup did not run: start the tests with `npm test`.');
  return JSON.parse(raw) as E2eEnvironment;
}
