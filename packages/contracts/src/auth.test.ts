import { changePasswordBodySchema, resetPasswordBodySchema } from './account';
import { registerBodySchema } from './auth';
import commonPasswordList from '@zxcvbn-ts/language-common/src/passwords.json';
import { commonPasswordsOf, provideCommonPasswords } from './rules/passwords';

/** The first issue as the api's parseOr400 words it: "field: message". */
function firstProblem(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const issue = result.error?.issues[0];
  return issue ? `${issue.path.map(String).join('.')}: ${issue.message}` : null;
}

const signUp = (body: Record<string, unknown>) =>
  firstProblem(
    registerBodySchema.safeParse({ email: 'lifter@example.com', password: 'correct horse battery', ...body }),
  );

describe('the sign-up, change and reset schemas', () => {
  beforeAll(() => provideCommonPasswords(commonPasswordsOf(commonPasswordList)));

  it.each([
    ['password', 'password', 'password: is one of the most common passwords, so it is easy to guess'],
    ['12345678', '12345678', 'password: is one of the most common passwords, so it is easy to guess'],
    ['eight spaces', '        ', 'password: must not be only spaces'],
    ['seven characters', 'seven77', 'password: must be at least 8 characters long'],
    ['the e-mail', 'lifter@example.com', 'password: must not contain your email address or the name before its @'],
    ['the e-mail name', 'Lifter-2026', 'password: must not contain your email address or the name before its @'],
  ])('sign-up refuses %s, saying why', (_case, password, message) => {
    expect(signUp({ password })).toBe(message);
  });

  it('sign-up judges the e-mail as it is stored (trimmed, lower case)', () => {
    expect(signUp({ email: '  Barbell.Queen@Example.com ', password: 'i am barbell.queen' })).toBe(
      'password: must not contain your email address or the name before its @',
    );
  });

  it('sign-up takes a passphrase and trims the names', () => {
    const parsed = registerBodySchema.parse({
      email: 'lifter@example.com',
      password: 'correct horse battery',
      firstName: '  Ada\t',
      lastName: '\nLovelace ',
    });
    expect(parsed).toEqual({
      email: 'lifter@example.com',
      password: 'correct horse battery',
      firstName: 'Ada',
      lastName: 'Lovelace',
    });
  });

  it.each([
    ['firstName', 'Ada\u202egnp.exe'],
    ['lastName', 'Love\u0000lace'],
    ['firstName', 'Ada\u200f'],
    ['lastName', 'Ada\u009b31m'],
  ])('sign-up refuses a %s with a control or text-direction character', (field, name) => {
    expect(signUp({ [field]: name })).toBe(`${field}: must not contain control or text-direction characters`);
  });

  it('the change and the reset refuse the same passwords (the api adds the e-mail check)', () => {
    const change = changePasswordBodySchema.safeParse({ currentPassword: 'anything', newPassword: 'password1' });
    expect(firstProblem(change)).toBe('newPassword: is one of the most common passwords, so it is easy to guess');
    const reset = resetPasswordBodySchema.safeParse({ token: 'x'.repeat(43), password: '         ' });
    expect(firstProblem(reset)).toBe('password: must not be only spaces');
  });
});

describe('before the common-password list is provided', () => {
  it('a new password is never let through unchecked: the schema throws', () => {
    jest.isolateModules(() => {
      // A fresh copy of the schemas and the rules, with nothing loaded yet.
      const fresh = require('./auth') as typeof import('./auth');
      expect(() =>
        fresh.registerBodySchema.safeParse({ email: 'lifter@example.com', password: 'correct horse battery' }),
      ).toThrow('The common-password list is not provided');
    });
  });
});
