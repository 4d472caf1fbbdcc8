#!/usr/bin/env node
// `node scripts/draw-icons.js`: renders the app icons (shell/public/icons/*.svg) to the PNGs the web app manifest and
// iOS ask for, with the project's Chromium (config/chromium.js). The PNGs are committed: builds never render them.
const fs = require('node:fs');
const path = require('node:path');
const { chromium } = require('playwright-core');
const { resolveChromium, launchOptions } = require('../config/chromium');

const ICONS_DIR = path.resolve(__dirname, '../shell/public/icons');

/** icon.svg has rounded corners (transparent outside); icon-maskable.svg is full bleed, its drawing in the safe zone. */
const ICONS = [
  { source: 'icon.svg', output: 'icon-192.png', size: 192 },
  { source: 'icon.svg', output: 'icon-512.png', size: 512 },
  { source: 'icon-maskable.svg', output: 'icon-maskable-512.png', size: 512 },
  // iOS draws the home-screen icon on its own rounded square and fills transparency with black: full bleed.
  { source: 'icon-maskable.svg', output: 'apple-touch-icon.png', size: 180 },
];

async function main() {
  const browser = await chromium.launch(launchOptions(await resolveChromium()));
  try {
    const page = await browser.newPage({ deviceScaleFactor: 1 });
    for (const { source, output, size } of ICONS) {
      const svg = fs.readFileSync(path.join(ICONS_DIR, source)).toString('base64');
      await page.setViewportSize({ width: size, height: size });
      await page.setContent(
        `<!doctype html><html><body style="margin:0;background:transparent">` +
          `<img src="data:image/svg+xml;base64,${svg}" width="${size}" height="${size}" style="display:block" alt="">` +
          `</body></html>`,
      );
      await page.locator('img').evaluate((img) => img.decode());
      const png = await page.screenshot({
        type: 'png',
        omitBackground: true,
        clip: { x: 0, y: 0, width: size, height: size },
      });
      fs.writeFileSync(path.join(ICONS_DIR, output), png);
      console.log(
        `${path.relative(process.cwd(), path.join(ICONS_DIR, output))}: ${size}x${size}, ${png.length} bytes`,
      );
    }
  } finally {
    await browser.close();
  }
}

main().catch((error) => {
  console.error(error.stack ?? String(error));
  process.exit(1);
});
