/**
 * The landing page the api serves for exactly `/` (shell/src/landing/): HTML rendered when the shell is built, so a
 * visitor's first page runs no React. Its body holds the landing page and, hidden, the spinner shown while the user
 * loads. When a request carries the "signed in" hint and its session names a user, the api writes the checking
 * style into the page's head (api/src/pages.ts): the spinner shows, not the landing page, from the first paint. The
 * page's script then asks who is signed in and either goes on to /home or removes that style.
 */
export const LANDING_CONTENT_ID = 'hit-landing';
export const LANDING_SPINNER_ID = 'hit-landing-spinner';
export const LANDING_CHECKING_STYLE_ID = 'hit-landing-checking';

/** The spinner stays hidden unless the checking style is in the page (part of the built page's styles). */
export const LANDING_BASE_STYLE = `#${LANDING_SPINNER_ID}{display:none}`;

/** The style element that shows the spinner instead of the landing page while the user loads. */
export const LANDING_CHECKING_STYLE =
  `<style id="${LANDING_CHECKING_STYLE_ID}">` +
  `#${LANDING_CONTENT_ID}{display:none}#${LANDING_SPINNER_ID}{display:block}</style>`;
