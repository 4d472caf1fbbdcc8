// Renders the landing page the api serves for `/` to HTML when the shell is built (config/webpack.factory.js,
// createLandingPageConfig): built for node, run once by the landing page's build, never shipped to a browser.
// The page needs no React in the browser: nothing on it changes once drawn (its links are plain anchors), so its
// script only asks who is signed in (./index.ts).
import { renderToStaticMarkup } from 'react-dom/server';
import { ServerStyleSheet } from 'styled-components';
import { LANDING_BASE_STYLE, LANDING_CONTENT_ID, LANDING_SPINNER_ID } from '@hit/contracts/rules';
import { GlobalStyle, Spinner, ThemeProvider } from '@hit/ui';
import { LandingPage } from '../pages/landing/LandingPage';

export interface PrerenderedPage {
  /** The style elements for the head: every rule the markup uses, and the spinner hidden. */
  head: string;
  /** What goes into `<div id="root">`: the landing page, and the spinner shown while the user loads. */
  body: string;
}

/**
 * styled-components' notes for a browser copy of itself to pick up the server's styles (a `data-styled.gN` rule per
 * component, a `/*!sc*\/` after each rule): no styled-components runs on this page, so they are left out.
 */
const REHYDRATION_NOTES = /\/\*!sc\*\/\n?|data-styled\.g\d+\[id="[^"]*"\]\{content:"[^"]*"\}/g;

export function renderLandingPage(): PrerenderedPage {
  const sheet = new ServerStyleSheet();
  try {
    const body = renderToStaticMarkup(
      sheet.collectStyles(
        <ThemeProvider>
          <GlobalStyle />
          <div id={LANDING_CONTENT_ID}>
            <LandingPage />
          </div>
          <div id={LANDING_SPINNER_ID}>
            <Spinner page />
          </div>
        </ThemeProvider>,
      ),
    );
    const styles = sheet.getStyleTags().replace(REHYDRATION_NOTES, '');
    return { head: `${styles}<style>${LANDING_BASE_STYLE}</style>`, body };
  } finally {
    sheet.seal();
  }
}
