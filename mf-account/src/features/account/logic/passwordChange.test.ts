import * as contracts from '@hit/contracts';
import { commonPasswordsOf } from '@hit/contracts/rules';
import commonPasswordList from '@zxcvbn-ts/language-common/src/passwords.json';
import {
  CONFIRM_MISSING,
  CURRENT_PASSWORD_INCORRECT,
  CURRENT_PASSWORD_MISSING,
  NEW_PASSWORD_HINT,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORDS_DIFFER,
  passwordChangeProblems,
  passwordsDifferWhileTyping,
  refusalProblem,
} from './passwordChange';

const commonPasswords = commonPasswordsOf(commonPasswordList);

describe('limits', () => {
  it('match the server contract', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(contracts.PASSWORD_MIN_LENGTH);
    expect(PASSWORD_MAX_LENGTH).toBe(contracts.PASSWORD_MAX_LENGTH);
    expect(NEW_PASSWORD_HINT).toBe('Password must be at least 8 characters long');
  });
});

describe('passwordChangeProblems', () => {
  it.each([
    [{ currentPassword: 'old one!', newPassword: 'liftheavy', confirmPassword: 'liftheavy' }, {}],
    [
      { currentPassword: '', newPassword: '', confirmPassword: '' },
      { currentPassword: CURRENT_PASSWORD_MISSING, newPassword: NEW_PASSWORD_HINT, confirmPassword: CONFIRM_MISSING },
    ],
    [{ currentPassword: 'x', newPassword: '1234567', confirmPassword: '1234567' }, { newPassword: NEW_PASSWORD_HINT }],
    // Without the common-password list (its chunk not fetched), that check is the api's.
    [{ currentPassword: 'x', newPassword: '12345678', confirmPassword: '12345678' }, {}],
    [
      { currentPassword: 'x', newPassword: 'liftheavy', confirmPassword: 'liftheavY' },
      { confirmPassword: PASSWORDS_DIFFER },
    ],
  ])('%j -> %j', (values, problems) => {
    expect(passwordChangeProblems(values)).toEqual(problems);
  });

  it.each([
    ['12345678', 'Password is one of the most common passwords, so it is easy to guess'],
    ['Iloveyou', 'Password is one of the most common passwords, so it is easy to guess'],
    ['\t\t\t\t        ', 'Password must not be only spaces'],
    ['lifter@gym.test', 'Password must not contain your email address or the name before its @'],
    ['my LIFTER pass', 'Password must not contain your email address or the name before its @'],
  ])("with the list and the account's e-mail, refuses %j: %s", (newPassword, reason) => {
    const values = { currentPassword: 'x', newPassword, confirmPassword: newPassword };
    expect(passwordChangeProblems(values, { email: 'lifter@gym.test', commonPasswords })).toEqual({
      newPassword: reason,
    });
  });
});

describe('passwordsDifferWhileTyping', () => {
  it.each([
    ['liftheavy', '', false],
    ['liftheavy', 'lift', true],
    ['liftheavy', 'liftheavy', false],
  ])('new %p, confirm %p -> %p', (newPassword, confirmPassword, expected) => {
    expect(passwordsDifferWhileTyping({ currentPassword: '', newPassword, confirmPassword })).toBe(expected);
  });
});

describe('refusalProblem', () => {
  it.each([
    [401, CURRENT_PASSWORD_INCORRECT, { field: 'currentPassword', text: CURRENT_PASSWORD_INCORRECT }],
    [401, 'Not authenticated', { field: null, text: 'Not authenticated' }],
    [400, 'newPassword: must be at least 8 characters long', { field: 'newPassword', text: NEW_PASSWORD_HINT }],
    [
      400,
      'newPassword: must not contain your email address or the name before its @',
      { field: 'newPassword', text: 'Password must not contain your email address or the name before its @' },
    ],
    [400, 'currentPassword: is required', { field: 'currentPassword', text: CURRENT_PASSWORD_MISSING }],
    [429, 'Too many wrong passwords.', { field: null, text: 'Too many wrong passwords.' }],
    [null, 'Failed', { field: null, text: 'Failed' }],
  ])('%p %p -> %j', (status, message, problem) => {
    expect(refusalProblem(status, message)).toEqual(problem);
  });
});
