import { dictionary } from '@zxcvbn-ts/language-common';
import commonPasswordList from '@zxcvbn-ts/language-common/src/passwords.json';
import { commonPasswordsOf, emailName, PASSWORD_REASONS, passwordProblem, passwordSentence } from './passwords';

const commonPasswords = commonPasswordsOf(commonPasswordList);

describe('the new-password rule', () => {
  it('keeps the spec hint word for word as the too-short sentence', () => {
    expect(passwordSentence(PASSWORD_REASONS.tooShort)).toBe('Password must be at least 8 characters long');
  });

  it.each<[string, string, string | null, string | null]>([
    ['7 characters', 'Xq7#vLp', null, PASSWORD_REASONS.tooShort],
    ['8 spaces', '        ', null, PASSWORD_REASONS.onlySpaces],
    ['tabs and newlines only', '\t\t\n\n\t\t\n\n', null, PASSWORD_REASONS.onlySpaces],
    [
      'non-breaking and ideographic spaces only',
      '\u00a0\u3000\u00a0\u3000\u00a0\u3000\u00a0\u3000',
      null,
      PASSWORD_REASONS.onlySpaces,
    ],
    ['201 characters', 'a'.repeat(201), null, PASSWORD_REASONS.tooLong],
    ['password', 'password', null, PASSWORD_REASONS.common],
    ['12345678', '12345678', null, PASSWORD_REASONS.common],
    ['PASSWORD (any case)', 'PASSWORD', null, PASSWORD_REASONS.common],
    ['Password1', 'Password1', null, PASSWORD_REASONS.common],
    ['a common one with spaces around', '  qwertyuiop  ', null, PASSWORD_REASONS.common],
    ['a common one shorter than 8 padded with spaces', '  secret  ', null, PASSWORD_REASONS.common],
    ['secret123', 'secret123', null, PASSWORD_REASONS.common],
    ['the account e-mail', 'lifter@example.com', 'lifter@example.com', PASSWORD_REASONS.email],
    ['the account e-mail in capitals', 'LIFTER@EXAMPLE.COM', 'lifter@example.com', PASSWORD_REASONS.email],
    ['the e-mail name', 'barbellqueen', 'barbellqueen@example.com', PASSWORD_REASONS.email],
    ['the e-mail name inside', 'my-Barbellqueen-2026', 'barbellqueen@example.com', PASSWORD_REASONS.email],
    ['a 3-character name inside', 'joe-lifts-daily', 'joe@example.com', PASSWORD_REASONS.email],
    ['a 2-character name inside (too short to look for)', 'jo-lifts-daily', 'jo@example.com', null],
    ['the whole e-mail of a 2-character name', 'jo@example.com', 'jo@example.com', PASSWORD_REASONS.email],
    ['a passphrase', 'correct horse battery staple', 'lifter@example.com', null],
    ['8 characters, uncommon', 'Xq7#vLp2', null, null],
    ['200 characters', 'Xq7#vLp2'.repeat(25), null, null],
    ['spaces around an uncommon one', '  Xq7#vLp2  ', null, null],
  ])('%s', (_case, password, email, expected) => {
    expect(passwordProblem(password, { email, commonPasswords })).toBe(expected);
  });

  it('leaves the common-password check to whoever has the list', () => {
    expect(passwordProblem('password')).toBeNull();
    expect(passwordProblem('password', { commonPasswords })).toBe(PASSWORD_REASONS.common);
  });

  it('checks the e-mail only when it is given', () => {
    expect(passwordProblem('lifter-strong-2026', { commonPasswords })).toBeNull();
    expect(passwordProblem('lifter-strong-2026', { email: 'Lifter@Example.com', commonPasswords })).toBe(
      PASSWORD_REASONS.email,
    );
  });

  it.each([
    ['lifter@example.com', 'lifter'],
    ['  First.Last+gym@Example.com ', 'first.last+gym'],
    ['"odd@name"@example.com', '"odd@name"'],
    ['no-at-sign', 'no-at-sign'],
  ])('takes the name of %j as %j', (email, name) => {
    expect(emailName(email)).toBe(name);
  });
});

describe('the common-password list', () => {
  it("is zxcvbn-ts' common list, whole: the raw file the same as the package's own entry", () => {
    expect(commonPasswords.size).toBe(new Set(commonPasswordList.map((password) => password.toLowerCase())).size);
    expect(commonPasswords.size).toBeGreaterThan(40_000);
    expect(commonPasswords).toEqual(commonPasswordsOf(dictionary['passwords-common']));
  });

  it('finds every password of the file, lower case, and nothing else', () => {
    const lower = new Set(commonPasswordList.map((password) => password.toLowerCase()));
    const missing = [...lower].filter((password) => !commonPasswords.has(password));
    expect(missing).toEqual([]);
    // Neighbours of each listed password in the sorted order: one more or one fewer character, another last one.
    const neighbours = [...lower].flatMap((password) => [
      `${password}!`,
      password.slice(0, -1),
      `${password.slice(0, -1)}${String.fromCharCode(password.charCodeAt(password.length - 1) + 1)}`,
    ]);
    const wrong = neighbours.filter((candidate) => commonPasswords.has(candidate) !== lower.has(candidate));
    expect(wrong).toEqual([]);
    expect(commonPasswords.has('')).toBe(false);
    expect(commonPasswords.has('\uffff')).toBe(false);
  });

  it('keeps a password given twice, or in two cases, once', () => {
    const list = commonPasswordsOf(['Dragon', 'dragon', 'zebra', 'apple', 'APPLE']);
    expect(list.size).toBe(3);
    expect(['apple', 'dragon', 'zebra'].every((password) => list.has(password))).toBe(true);
    expect(list.has('Dragon')).toBe(false); // the rule asks in lower case (passwordProblem)
    expect(commonPasswordsOf([]).has('apple')).toBe(false);
  });
});
