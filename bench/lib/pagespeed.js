// Page speed (issue #10 item 2): headless Chromium with 4x CPU throttling (CDP Emulation.setCPUThrottlingRate),
// served by the production api on loopback, each load in a fresh context (cold cache), median of 3.
//   landing LCP: the last 'largest-contentful-paint' entry (buffered PerformanceObserver) after load + 500 ms idle.
//   /home ready: from navigation start until the 'Start Workout' button is in the DOM, visible and enabled
//   (a MutationObserver installed before the page's own scripts notes performance.now() at that moment).
const { median } = require('./util');
const { newContext, recordRequests } = require('./browser');

const RUNS = 3;
const CPU_THROTTLING = 4;

async function throttledPage(context) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLING });
  return page;
}

async function landingLcp(browser, baseUrl) {
  const context = await newContext(browser, baseUrl);
  try {
    const page = await throttledPage(context);
    const recorder = recordRequests(page);
    await page.goto('/', { waitUntil: 'load' });
    await recorder.idle(500);
    const lcp = await page.evaluate(
      () =>
        new Promise((resolve) => {
          let last = null;
          new PerformanceObserver((list) => {
            const entries = list.getEntries();
            if (entries.length) last = entries[entries.length - 1];
          }).observe({ type: 'largest-contentful-paint', buffered: true });
          // Buffered entries arrive at once; on a throttled CPU give a late paint up to 5 s.
          const started = performance.now();
          const poll = () => {
            if (last && performance.now() - started > 200) {
              resolve({ ms: last.startTime, element: last.element ? last.element.tagName : null });
            } else if (performance.now() - started > 5000) resolve(null);
            else setTimeout(poll, 100);
          };
          poll();
        }),
    );
    if (!lcp) throw new Error('no largest-contentful-paint entry on /');
    return lcp;
  } finally {
    await context.close();
  }
}

function watchStartWorkout() {
  const check = () => {
    if (window.__benchStartWorkoutAt !== undefined) return;
    for (const button of document.querySelectorAll('button')) {
      if (button.textContent.trim() !== 'Start Workout' && button.getAttribute('aria-label') !== 'Start Workout')
        continue;
      if (button.disabled || button.getAttribute('aria-disabled') === 'true') continue;
      const box = button.getBoundingClientRect();
      const style = getComputedStyle(button);
      if (box.width > 0 && box.height > 0 && style.visibility !== 'hidden' && style.display !== 'none') {
        window.__benchStartWorkoutAt = performance.now();
        return;
      }
    }
  };
  new MutationObserver(check).observe(document, {
    subtree: true,
    childList: true,
    attributes: true,
    characterData: true,
  });
}

async function homeReady(browser, baseUrl, cookie) {
  const context = await newContext(browser, baseUrl, { cookie });
  try {
    await context.addInitScript(watchStartWorkout);
    const page = await throttledPage(context);
    await page.goto('/home', { waitUntil: 'commit' });
    const button = page.getByRole('button', { name: 'Start Workout' });
    await button.waitFor({ state: 'visible', timeout: 30_000 });
    await page.waitForFunction(() => window.__benchStartWorkoutAt !== undefined, null, { timeout: 30_000 });
    if (!(await button.isEnabled())) throw new Error("'Start Workout' is visible but not enabled");
    // Awaited here: the finally below closes the context.
    return await page.evaluate(() => window.__benchStartWorkoutAt);
  } finally {
    await context.close();
  }
}

async function measurePageSpeed({ browser, baseUrl, cookie }) {
  const lcp = [];
  const lcpElements = [];
  for (let i = 0; i < RUNS; i++) {
    const { ms, element } = await landingLcp(browser, baseUrl);
    lcp.push(ms);
    lcpElements.push(element);
  }
  const home = [];
  for (let i = 0; i < RUNS; i++) home.push(await homeReady(browser, baseUrl, cookie));
  return { lcp: median(lcp), lcpRuns: lcp, lcpElements, home: median(home), homeRuns: home };
}

module.exports = { measurePageSpeed, throttledPage, watchStartWorkout };
