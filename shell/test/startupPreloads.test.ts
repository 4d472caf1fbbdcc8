/** @jest-environment node */
// Issue #25 ("No waterfall"): the shell's built index.html names the scripts its first screen always runs, so the
// browser fetches them at once instead of one request step at a time (main.js, then the bootstrap's chunks, then the
// shared libraries those consume). Checked on the production build (`npm test` builds what is stale first).
import fs from 'node:fs';
import path from 'node:path';

const dist = path.resolve(__dirname, '../dist');
const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const preloaded = [...html.matchAll(/<link rel="preload" as="script" href="\/([^"]+)">/g)].map((m) => m[1]);
// The hidden source maps say what each chunk holds (webpack writes none for a chunk of re-exports only).
const sourcesOf = (file: string): string[] => {
  const map = path.join(dist, `${file}.map`);
  return fs.existsSync(map) ? (JSON.parse(fs.readFileSync(map, 'utf8')).sources as string[]) : [];
};

describe("the shell's index.html (production build)", () => {
  it('fetches main.js at high priority, before the preloads', () => {
    const mainScript = /<script [^>]*src="\/main.js"[^>]*>/.exec(html)?.[0];
    expect(mainScript).toContain('fetchpriority="high"');
    expect(html.indexOf('src="/main.js"')).toBeLessThan(html.indexOf('rel="preload"'));
  });

  it("preloads the bootstrap's chunks and the shared libraries it starts with, all built files", () => {
    expect(preloaded.length).toBeGreaterThan(0);
    for (const file of preloaded) expect(fs.existsSync(path.join(dist, file))).toBe(true);
    const sources = preloaded.flatMap(sourcesOf);
    for (const wanted of [
      'src/bootstrap.tsx',
      'node_modules/react/index.js',
      'node_modules/react-dom/client.js',
      'node_modules/react-router/',
      'node_modules/styled-components/',
      'node_modules/@tanstack/query-core/',
      'packages/platform/src/',
      'packages/ui/src/',
    ]) {
      expect({ wanted, found: sources.some((source) => source.includes(wanted)) }).toEqual({ wanted, found: true });
    }
  });

  it('leaves out what the first screen does not run (the landing page, loaded after an in-app visit to /)', () => {
    const sources = preloaded.flatMap(sourcesOf);
    expect(sources.filter((source) => source.includes('src/pages/landing/'))).toEqual([]);
  });

  it('preloads each shared library once, from the chunk the share scope provides (not a fallback copy)', () => {
    const reactDom = preloaded.filter((file) =>
      sourcesOf(file).some((source) => source.endsWith('node_modules/react-dom/index.js')),
    );
    expect(reactDom).toHaveLength(1);
  });
});
