// The script of the landing page the api serves for `/` (config/webpack.factory.js, createLandingPageConfig). The
// page itself is HTML rendered at build time (./prerender.tsx), so this is all the JavaScript a first visit runs:
// no React, router, query client or module federation.
import { registerServiceWorker } from '../pwa/registerServiceWorker';
import { sendSignedInVisitorHome } from './signedInCheck';

void sendSignedInVisitorHome();

// The first visit installs the worker, so the app opens without a network next time. Updates are the app's to offer.
void registerServiceWorker();
