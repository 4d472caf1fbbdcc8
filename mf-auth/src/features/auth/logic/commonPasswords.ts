import { commonPasswordsOf, type CommonPasswords } from '@hit/contracts/rules';

let loading: Promise<CommonPasswords> | null = null;

/**
 * The new-password rule's list of common passwords (zxcvbn-ts', the file the api reads), fetched once as the chunk
 * `common-passwords` (about 215 KB of gzip, never in the first screen's bundle), or null when it cannot be fetched
 * (offline, say): the api checks against it anyway. A failed fetch is tried again by the next call.
 */
export function commonPasswordsOrNull(): Promise<CommonPasswords | null> {
  loading ??= import(/* webpackChunkName: "common-passwords" */ '@zxcvbn-ts/language-common/src/passwords.json').then(
    ({ default: list }) => commonPasswordsOf(list),
  );
  return loading.catch(() => {
    loading = null;
    return null;
  });
}

/** Starts the fetch as a password field is first used, so the submit rarely waits for it. */
export function preloadCommonPasswords(): void {
  void commonPasswordsOrNull();
}
