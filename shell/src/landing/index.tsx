// The landing page the api serves for `/` (config/webpack.factory.js, createLandingPageConfig): no module
// federation, router or query client, so an anonymous visitor's first page stays small. Only router-free parts of
// @hit/ui are imported here (it is side-effect free, so the rest is left out of this bundle).
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { GlobalStyle, ThemeProvider } from '@hit/ui';
import { registerServiceWorker } from '../pwa/registerServiceWorker';
import { StandaloneLanding } from './StandaloneLanding';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ThemeProvider>
      <GlobalStyle />
      <StandaloneLanding />
    </ThemeProvider>
  </StrictMode>,
);

// The first visit installs the worker, so the app opens without a network next time. Updates are the app's to offer.
void registerServiceWorker();
