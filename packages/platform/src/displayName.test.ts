import { displayName } from './displayName';

describe('displayName (docs/product-rules.md, "Accounts and sign-in")', () => {
  it.each([
    ['first and last name when both exist', { email: 'ann@gym.test', firstName: 'Ann', lastName: 'Lee' }, 'Ann Lee'],
    [
      'the e-mail name when only the first name exists',
      { email: 'ann@gym.test', firstName: 'Ann', lastName: null },
      'ann',
    ],
    [
      'the e-mail name when only the last name exists',
      { email: 'ann@gym.test', firstName: null, lastName: 'Lee' },
      'ann',
    ],
    ['the e-mail name for blank names', { email: 'ann.lee@gym.test', firstName: ' ', lastName: '' }, 'ann.lee'],
    ['trimmed names', { email: 'ann@gym.test', firstName: ' Ann ', lastName: 'Lee ' }, 'Ann Lee'],
    ["'User' when the e-mail has nothing before @", { email: '@gym.test', firstName: null, lastName: null }, 'User'],
    ["'User' without an e-mail", { email: '', firstName: null, lastName: null }, 'User'],
    ["'User' without a user", null, 'User'],
    ["'User' while the user is unknown", undefined, 'User'],
  ])('is %s', (_case, user, expected) => {
    expect(displayName(user)).toBe(expected);
  });
});
