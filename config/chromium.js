// Debian's Chromium, as the browser tests and the benchmarks launch it (nothing is downloaded at run time).
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

module.exports = { CHROMIUM_PATH, CHROMIUM_ARGS };
