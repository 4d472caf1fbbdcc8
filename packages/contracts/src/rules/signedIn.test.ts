import { hasSignedInHint } from './signedIn';

describe('hasSignedInHint (issue #25)', () => {
  it.each([
    ['the hint alone', 'hit.signedIn=1'],
    ['the hint among other cookies', 'theme=dark; hit.signedIn=1; other=2'],
    ['the hint without a space after the separator', 'a=b;hit.signedIn=1'],
  ])('finds %s', (_case, cookies) => {
    expect(hasSignedInHint(cookies)).toBe(true);
  });

  it.each([
    ['no cookies', ''],
    ['no cookie string', undefined],
    ['other cookies only', 'theme=dark; other=2'],
    ['another value', 'hit.signedIn=0'],
    ['an empty value', 'hit.signedIn='],
    ['a name that only ends so', 'nothit.signedIn=1'],
    ['a value that only starts so', 'hit.signedIn=10'],
  ])('finds none in %s', (_case, cookies) => {
    expect(hasSignedInHint(cookies)).toBe(false);
  });
});
