import webpush from 'web-push';

/**
 * A VAPID key pair for the tests' apps and api processes (made once per test file), so that no test makes one in
 * the repository's data folder, and a production configuration (which requires them) loads.
 */
const keys = webpush.generateVAPIDKeys();

export const TEST_VAPID_ENV = {
  VAPID_PUBLIC_KEY: keys.publicKey,
  VAPID_PRIVATE_KEY: keys.privateKey,
  VAPID_SUBJECT: 'mailto:push-tests@example.com',
} as const;
