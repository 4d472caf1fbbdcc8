import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { viewports, type Layout } from './browser';

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

/**
 * Waits until what is on screen stands still: every finite animation or transition (a dialog rising, a modal
 * fading) has finished, and two frames have passed for layout-driven re-renders (a chart measuring its width).
 */
export function settled(page: Page): Promise<void> {
  return page.evaluate(async () => {
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity);
    // A cancelled animation (its element went away) rejects `finished`; that one is over too.
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
}

/**
 * One screen of a journey: it must not scroll sideways on a 360 px phone (checked at viewports.narrow, then the
 * layout's viewport is restored), and its screenshot is saved as `<name>-<layout>.png`.
 */
export async function checkScreen(page: Page, name: string, layout: Layout): Promise<void> {
  const viewport = page.viewportSize() ?? viewports[layout];
  await page.setViewportSize(viewports.narrow);
  await settled(page);
  const overflows = await overflowsHorizontally(page);
  // When it does, the elements that stick out say where to look.
  const sticksOut = overflows ? await elementsPastTheRightEdge(page) : [];
  await page.setViewportSize(viewport);
  expect({ screen: name, overflowsAt360px: overflows, sticksOut }).toEqual({
    screen: name,
    overflowsAt360px: false,
    sticksOut: [],
  });
  await settled(page);
  await saveScreenshot(page, `${name}-${layout}`);
}

/** The innermost elements reaching past the viewport's right edge, as `tag.class "text"`. */
function elementsPastTheRightEdge(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const past = Array.from(document.body.querySelectorAll('*')).filter(
      (element) => element.getBoundingClientRect().right > width + 0.5,
    );
    return past
      .filter((element) => !past.some((other) => other !== element && element.contains(other)))
      .slice(0, 10)
      .map(
        (element) =>
          `${element.tagName.toLowerCase()}.${element.getAttribute('class') ?? ''} "${(element.textContent ?? '').trim().slice(0, 40)}"`,
      );
  });
}
