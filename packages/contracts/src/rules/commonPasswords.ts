// Loaded only through loadCommonPasswords() (./passwords.ts): about 200 KB of gzip, never in a first screen's bundle.
import { dictionary } from '@zxcvbn-ts/language-common';

/** zxcvbn-ts' list of the most common passwords, lower case. */
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set(
  dictionary['passwords-common'].map((password) => password.toLowerCase()),
);
