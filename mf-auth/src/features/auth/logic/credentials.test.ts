import * as contracts from '@hit/contracts';
import { commonPasswordsOf } from '@hit/contracts/rules';
import commonPasswordList from '@zxcvbn-ts/language-common/src/passwords.json';
import {
  NAME_MAX_LENGTH,
  PASSWORD_HINT,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  forgotProblems,
  passwordsDifferWhileTyping,
  resetProblems,
  signInProblems,
  signUpProblems,
  toLoginBody,
  toRegisterBody,
  type SignUpValues,
} from './credentials';

const commonPasswords = commonPasswordsOf(commonPasswordList);

const filledSignUp: SignUpValues = {
  email: 'ada@example.com',
  password: 'liftheavy',
  confirmPassword: 'liftheavy',
  firstName: '',
  lastName: '',
};

describe('limits', () => {
  it('match the server contract', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(contracts.PASSWORD_MIN_LENGTH);
    expect(PASSWORD_MAX_LENGTH).toBe(contracts.PASSWORD_MAX_LENGTH);
    expect(NAME_MAX_LENGTH).toBe(contracts.NAME_MAX_LENGTH);
    expect(PASSWORD_HINT).toBe('Password must be at least 8 characters long');
  });
});

describe('passwordsDifferWhileTyping', () => {
  it.each([
    ['', '', false],
    ['liftheavy', '', false],
    ['liftheavy', 'l', true],
    ['liftheavy', 'liftheav', true],
    ['liftheavy', 'liftheavy', false],
    ['', 'liftheavy', true],
  ])('password %p, confirm %p -> %p', (password, confirm, expected) => {
    expect(passwordsDifferWhileTyping(password, confirm)).toBe(expected);
  });
});

describe('signInProblems', () => {
  it('accepts an e-mail and any password', () => {
    expect(signInProblems({ email: ' ada@example.com ', password: 'x' })).toEqual({});
  });

  it('names the missing fields', () => {
    expect(signInProblems({ email: '  ', password: '' })).toEqual({
      email: 'Enter your email address',
      password: 'Enter your password',
    });
  });

  it('rejects something that is not an e-mail address', () => {
    expect(signInProblems({ email: 'ada', password: 'x' }).email).toBe(
      'Enter a valid email address, like name@example.com',
    );
  });
});

describe('signUpProblems', () => {
  it('accepts a filled form without names', () => {
    expect(signUpProblems(filledSignUp)).toEqual({});
  });

  it('asks for at least 8 password characters', () => {
    expect(signUpProblems({ ...filledSignUp, password: 'short12', confirmPassword: 'short12' })).toEqual({
      password: 'Password must be at least 8 characters long',
    });
  });

  it('asks for the confirmation', () => {
    expect(signUpProblems({ ...filledSignUp, confirmPassword: '' })).toEqual({
      confirmPassword: 'Confirm your password',
    });
  });

  it('leaves differing passwords to the form alert', () => {
    expect(signUpProblems({ ...filledSignUp, confirmPassword: 'liftlight' })).toEqual({});
  });
});

describe("signUpProblems: the api's whole rule (issue #23)", () => {
  const withPassword = (password: string, email = filledSignUp.email) =>
    signUpProblems({ ...filledSignUp, email, password, confirmPassword: password }, commonPasswords).password;

  it.each([
    ['password', 'Password is one of the most common passwords, so it is easy to guess'],
    ['12345678', 'Password is one of the most common passwords, so it is easy to guess'],
    ['Sunshine1', 'Password is one of the most common passwords, so it is easy to guess'],
    ['        ', 'Password must not be only spaces'],
    ['ada@example.com', 'Password must not contain your email address or the name before its @'],
    ['ada-lifts-2026', 'Password must not contain your email address or the name before its @'],
  ])('refuses %j: %s', (password, sentence) => {
    expect(withPassword(password)).toBe(sentence);
  });

  it('checks the e-mail as typed, spaces and capitals aside', () => {
    expect(withPassword('barbell queen 1', '  Barbell@Example.com ')).toBe(
      'Password must not contain your email address or the name before its @',
    );
  });

  it('takes a passphrase', () => {
    expect(withPassword('correct horse battery')).toBeUndefined();
  });

  it('without the list (its chunk could not be fetched) leaves that check to the api', () => {
    expect(signUpProblems({ ...filledSignUp, password: 'password', confirmPassword: 'password' })).toEqual({});
  });

  it.each([
    ['firstName', 'First name', 'Ada\u202Eevil'],
    ['lastName', 'Last name', 'Love\u0000lace'],
    ['firstName', 'First name', 'A\u200Fda'],
  ])('refuses a %s with a control or text-direction character', (field, label, name) => {
    expect(signUpProblems({ ...filledSignUp, [field]: name }, commonPasswords)).toEqual({
      [field]: `${label} must not contain control or text-direction characters`,
    });
  });

  it('accepts names with whitespace around them (sent trimmed)', () => {
    expect(signUpProblems({ ...filledSignUp, firstName: '\tAda ', lastName: ' Lovelace\n' }, commonPasswords)).toEqual(
      {},
    );
  });
});

describe('request bodies', () => {
  it('trims the e-mail of a sign-in but never the password', () => {
    expect(toLoginBody({ email: ' ada@example.com ', password: ' secret ' })).toEqual({
      email: 'ada@example.com',
      password: ' secret ',
    });
  });

  it('never sends confirmPassword and leaves out empty names', () => {
    const body = toRegisterBody({ ...filledSignUp, firstName: '  ', lastName: '' });

    expect(body).toEqual({ email: 'ada@example.com', password: 'liftheavy' });
    expect(body).not.toHaveProperty('confirmPassword');
    expect(body).not.toHaveProperty('firstName');
    expect(body).not.toHaveProperty('lastName');
  });

  it('sends names that were given, trimmed', () => {
    expect(toRegisterBody({ ...filledSignUp, firstName: ' Ada ', lastName: 'Lovelace' })).toEqual({
      email: 'ada@example.com',
      password: 'liftheavy',
      firstName: 'Ada',
      lastName: 'Lovelace',
    });
  });
});

describe('forgotProblems', () => {
  it.each([
    ['ada@example.com', {}],
    ['  ada@example.com ', {}],
    ['', { email: 'Enter your email address' }],
    ['ada@example', { email: 'Enter a valid email address, like name@example.com' }],
  ])('%p -> %j', (email, problems) => {
    expect(forgotProblems({ email })).toEqual(problems);
  });
});

describe('resetProblems', () => {
  it.each([
    [{ password: 'liftheavy', confirmPassword: 'liftheavy' }, {}],
    [{ password: '1234567', confirmPassword: '1234567' }, { password: PASSWORD_HINT }],
    [
      { password: '', confirmPassword: '' },
      { password: PASSWORD_HINT, confirmPassword: 'Confirm your password' },
    ],
    // Differing passwords are the form's alert, not a field problem.
    [{ password: 'liftheavy', confirmPassword: 'other one' }, {}],
  ])('%j -> %j', (values, problems) => {
    expect(resetProblems(values)).toEqual(problems);
  });

  it('refuses a common password once the list is loaded', () => {
    expect(resetProblems({ password: 'iloveyou', confirmPassword: 'iloveyou' }, commonPasswords)).toEqual({
      password: 'Password is one of the most common passwords, so it is easy to guess',
    });
  });
});
