import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

// Debian's Chromium; nothing is downloaded at run time.
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export const viewports = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
}

export interface WatchedPage {
  context: BrowserContext;
  page: Page;
  /** Console errors, uncaught page errors and failed requests (`HTTP 404 GET /path`) seen so far. */
  errors: string[];
}

/** A fresh context and page that records console errors and uncaught exceptions. */
export async function openPage(
  browser: Browser,
  baseURL: string,
  viewport: { width: number; height: number } = viewports.desktop,
): Promise<WatchedPage> {
  const context = await browser.newContext({ baseURL, viewport });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    // A failed request is recorded below with its method and path; Chromium's own line names neither.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  // Name the request behind Chromium's bare "Failed to load resource" lines.
  page.on('response', (response) => {
    if (response.status() >= 400) errors.push(`HTTP ${response.status()} ${response.request().method()} ${new URL(response.url()).pathname}`);
  });
  return { context, page, errors };
}
