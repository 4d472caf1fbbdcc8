// The new-password rule (sign-up, password change, reset; issue #23), in one place for the api's schemas and the
// browser's forms (docs/product-rules.md, "Accounts and sign-in"). The list of common passwords is zxcvbn-ts' (the
// file @zxcvbn-ts/language-common/src/passwords.json, 49,233 of them, about 215 KB of gzip), so nothing here imports
// it: the api reads it as it starts and hands it over (provideCommonPasswords); a form fetches it with import(), as the
// chunk `common-passwords`, when its password field is first used, so it is never in a first screen's bundle.

export const PASSWORD_MIN_LENGTH = 8;
// scrypt of a very long password is slow: cap it well above any real passphrase.
export const PASSWORD_MAX_LENGTH = 200;
/** An e-mail's name (before the @) shorter than this is too short to look for inside a password. */
export const EMAIL_NAME_MIN_LENGTH = 3;

/** Why a new password is refused, each the end of a sentence that starts with "Password" (see passwordSentence). */
export const PASSWORD_REASONS = {
  tooShort: `must be at least ${PASSWORD_MIN_LENGTH} characters long`,
  tooLong: `must be at most ${PASSWORD_MAX_LENGTH} characters long`,
  onlySpaces: 'must not be only spaces',
  common: 'is one of the most common passwords, so it is easy to guess',
  email: 'must not contain your email address or the name before its @',
} as const;
export type PasswordReason = (typeof PASSWORD_REASONS)[keyof typeof PASSWORD_REASONS];

/** The common passwords, lower case (commonPasswordsOf): is a password, lower case and trimmed, one of them? */
export interface CommonPasswords {
  has(password: string): boolean;
  readonly size: number;
}

export interface PasswordContext {
  /** The account's e-mail, when known: a password holding it, or its name before the @, is refused. */
  email?: string | null;
  /** The list (commonPasswordsOf); without it that check is left to the api, which always has it. */
  commonPasswords?: CommonPasswords | null;
}

const ONLY_WHITESPACE = /^\s*$/u;

/** The part of an e-mail before its last @ (all of it without one), trimmed and lower case. */
export function emailName(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  return at === -1 ? address : address.slice(0, at);
}

/**
 * Why `password` cannot be a new password, or null when it can: at least 8 characters (200 at most), not only
 * whitespace, not one of the most common passwords (any case, spaces around it ignored), and not holding the account's
 * e-mail or its name before the @ (any case; a name of 3 characters or more).
 */
export function passwordProblem(
  password: string,
  { email, commonPasswords }: PasswordContext = {},
): PasswordReason | null {
  if (password.length < PASSWORD_MIN_LENGTH) return PASSWORD_REASONS.tooShort;
  if (password.length > PASSWORD_MAX_LENGTH) return PASSWORD_REASONS.tooLong;
  if (ONLY_WHITESPACE.test(password)) return PASSWORD_REASONS.onlySpaces;
  const lower = password.toLowerCase();
  if (commonPasswords?.has(lower.trim())) return PASSWORD_REASONS.common;
  if (email) {
    const address = email.trim().toLowerCase();
    const name = emailName(address);
    if ((address && lower.includes(address)) || (name.length >= EMAIL_NAME_MIN_LENGTH && lower.includes(name))) {
      return PASSWORD_REASONS.email;
    }
  }
  return null;
}

/** The sentence a form shows for a reason: 'Password must be at least 8 characters long'. */
export function passwordSentence(reason: PasswordReason): string {
  return `Password ${reason}`;
}

/**
 * The list as the rule reads it, lower case, in one string sorted with the offset of each password: zxcvbn-ts' 49,233
 * take about 0.5 MB so, against about 4 MB as a Set of strings. In the api they live as long as the process, and V8
 * lets its old generation grow to a multiple of what lives there before it collects, so a smaller list lowers the
 * api's peak memory under load by several times its own size (bench/RESULTS.md); a phone keeps it after the first
 * password typed.
 */
class SortedPasswords implements CommonPasswords {
  constructor(
    private readonly text: string,
    /** Where each password starts in `text`, and where the last one ends. */
    private readonly starts: Uint32Array,
  ) {}

  get size(): number {
    return this.starts.length - 1;
  }

  has(password: string): boolean {
    let low = 0;
    let high = this.size - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const candidate = this.text.slice(this.starts[middle], this.starts[middle + 1]);
      if (candidate === password) return true;
      if (candidate < password) low = middle + 1;
      else high = middle - 1;
    }
    return false;
  }
}

/** A list of common passwords as the rule reads it (any case in `list`; duplicates are kept once). */
export function commonPasswordsOf(list: readonly string[]): CommonPasswords {
  const sorted = [...new Set(list.map((password) => password.toLowerCase()))].sort((a, b) =>
    a < b ? -1 : a > b ? 1 : 0,
  );
  const starts = new Uint32Array(sorted.length + 1);
  for (let i = 0; i < sorted.length; i++) starts[i + 1] = starts[i] + sorted[i].length;
  return new SortedPasswords(sorted.join(''), starts);
}

let provided: CommonPasswords | null = null;

/** The list the schemas of @hit/contracts check new passwords against: the api provides it once, as it starts. */
export function provideCommonPasswords(list: CommonPasswords): void {
  provided = list;
}

/** The list provideCommonPasswords() was given; else null. */
export function providedCommonPasswords(): CommonPasswords | null {
  return provided;
}
