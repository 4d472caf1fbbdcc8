// The analytics page's JS heap (docs/architecture.md, "Performance budgets") with 30k entries: /progress for the 30k
// user in a fresh context (no throttling), once the charts are drawn and the network is quiet: CDP
// Performance.getMetrics JSHeapUsedSize, then again after a forced garbage collection (what stays live). Also the time
// until the charts were drawn.
const { newContext, recordRequests } = require('./browser');

async function measureAnalyticsHeap({ browser, baseUrl, cookie }) {
  const context = await newContext(browser, baseUrl, { cookie });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    const recorder = recordRequests(page);
    await page.goto('/progress', { waitUntil: 'commit' });
    await page.getByRole('heading', { name: 'Weight Progression' }).waitFor({ timeout: 60_000 });
    await page.locator('svg path').first().waitFor({ timeout: 60_000 });
    const chartsAt = await page.evaluate(() => performance.now());
    await recorder.idle(1000);
    const metric = async () => {
      const { metrics } = await cdp.send('Performance.getMetrics');
      return metrics.find((m) => m.name === 'JSHeapUsedSize').value;
    };
    const used = await metric();
    await cdp.send('HeapProfiler.collectGarbage');
    const afterGc = await metric();
    return { used, afterGc, chartsAt };
  } finally {
    await context.close();
  }
}

module.exports = { measureAnalyticsHeap };
