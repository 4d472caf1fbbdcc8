import { ApiError } from './apiClient';
import { authErrorMessage } from './authErrorMessage';

const INVALID = 'Invalid email or password. Please check your credentials and try again.';
const EXISTS = 'An account with this email already exists. Please try logging in instead.';
const UNEXPECTED = 'An unexpected error occurred. Please try again.';

describe('authErrorMessage (docs/product-rules.md, "Error messages and toasts")', () => {
  it.each([
    ['the api 401 for bad credentials', new ApiError(401, '401: Invalid email or password'), INVALID],
    ['"invalid credentials" in any case', new Error('401: Invalid credentials'), INVALID],
    ['bad credentials without a status code', new Error('Invalid email or password'), INVALID],
    ['the api 409 for a taken e-mail', new ApiError(409, '409: User already exists'), EXISTS],
    ['"email already exists"', new Error('400: Email already exists'), EXISTS],
    [
      'a validation message, without its status code',
      new ApiError(400, '400: email: must be a valid e-mail address'),
      'email: must be a valid e-mail address',
    ],
    ['a rate limit message, without its status code', new ApiError(429, '429: Too many attempts'), 'Too many attempts'],
    ['a message with no status code, as is', new Error('Failed to fetch'), 'Failed to fetch'],
    ['a colon that is not after a 3-digit code, kept', new Error('12: odd'), '12: odd'],
    ['a status code with nothing after it', new Error('500: '), UNEXPECTED],
    ['an error with no message', new Error(''), UNEXPECTED],
    ['something that is not an error', { oops: true }, UNEXPECTED],
    ['nothing at all', undefined, UNEXPECTED],
  ])('maps %s', (_case, error, expected) => {
    expect(authErrorMessage(error)).toBe(expected);
  });
});
