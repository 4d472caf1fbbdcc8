import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';

const ARTIFACTS = path.resolve(__dirname, '../artifacts');

/** Saves a full-page screenshot under e2e/artifacts/ (git-ignored) for review. */
export async function saveScreenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: true });
}

/** True when the page scrolls sideways: the document is wider than the viewport. */
export function overflowsHorizontally(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
}
