// The api's "signed in" hint cookie in jsdom's document (issue #25; @hit/contracts/rules signedIn.ts). Every DOM test
// starts with it set, as in a browser that signed in (config/jest.setup.dom.js); a test of an anonymous browser
// clears it: `import { clearSignedInHint } from '@hit/platform/test/signedInHint'`.
import { SIGNED_IN_COOKIE, SIGNED_IN_COOKIE_VALUE } from '@hit/contracts/rules';

/** As the api's sign-in leaves the browser. */
export function setSignedInHint(): void {
  document.cookie = `${SIGNED_IN_COOKIE}=${SIGNED_IN_COOKIE_VALUE}; path=/`;
}

/** As a browser that never signed in, or whose sign-out or ended session the api cleared it for. */
export function clearSignedInHint(): void {
  document.cookie = `${SIGNED_IN_COOKIE}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
}
