/** @jest-environment node */
// The bundle budgets (docs/architecture.md, "Performance budgets"), checked on the production build (`npm test` builds
// what is stale first): gzip as the api's compression middleware sends it. The figures and budgets come from
// config/budgets.js, which the bench harness reports too.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');
const budgets = require(path.join(root, 'config/budgets.js'));

interface Figure {
  figure: string;
  valueKb: number;
  budgetKb: number;
  files: string[];
}

describe('bundle budgets (production build)', () => {
  const figures: Figure[] = budgets.measureBuildBundles(root);

  it('has the budgets (docs/architecture.md, "Performance budgets"), landing tightened from 150 to 100, then 10 KB', () => {
    expect(budgets.landingInitialJsKb).toBe(10);
    expect(budgets.remoteOwnJsKb).toBe(80);
  });

  it.each(figures.map((f) => [f.figure, f] as const))('%s is within budget', (_name, { valueKb, budgetKb, files }) => {
    expect(files.length).toBeGreaterThan(0);
    if (valueKb > budgetKb) {
      throw new Error(`${valueKb} KB gzip > budget ${budgetKb} KB, from:\n  ${files.join('\n  ')}`);
    }
  });

  it('serves the landing page as HTML built from its components, with a script that runs no React', () => {
    const landing = figures.find((f) => f.figure === 'landing initial JS')!;
    expect(landing.files.every((file) => file.startsWith(path.join('shell', 'dist', 'landing')))).toBe(true);
    const sources = landing.files.flatMap(
      (file) => JSON.parse(fs.readFileSync(path.join(root, `${file}.map`), 'utf8')).sources as string[],
    );
    expect(sources.some((source) => source.includes('src/landing/signedInCheck.ts'))).toBe(true);
    const unwanted =
      /node_modules\/(react|react-dom|styled-components|@module-federation|react-router|react-router-dom|@tanstack|zod)\/|packages\/(platform|ui)\//;
    expect(sources.filter((source) => unwanted.test(source))).toEqual([]);
    // The page itself is in the HTML: the headline, both calls to action and their styles.
    const html = fs.readFileSync(path.join(root, 'shell/dist/landing/index.html'), 'utf8');
    expect(html).toMatch(/<h1[^>]*>High-Intensity Training <span[^>]*>Workout Tracker<\/span><\/h1>/);
    expect(html.match(/href="\/auth\?mode=signup"/g)).toHaveLength(2);
    expect(html).toMatch(/<style[^>]*>\*,\*::before,\*::after\{box-sizing:border-box;\}/);
  });

  it('bundles d3 in mf-analytics only, module by module (not the whole d3 package)', () => {
    const byBuild: Record<string, string[]> = budgets.d3PackagesByBuild(root);
    for (const [build, packages] of Object.entries(byBuild)) {
      if (build === budgets.D3_OWNER) {
        expect(packages).toEqual(expect.arrayContaining(['d3-scale', 'd3-shape']));
        expect(packages).not.toContain('d3');
      } else {
        expect({ build, packages }).toEqual({ build, packages: [] });
      }
    }
  });

  const REACT_ROUTER = 'node_modules/react-router/';

  /**
   * How many characters of a minified script its source map attributes to sources whose path holds `part`: each
   * mapping segment owns the generated text up to the next segment on its line (base64 VLQ, source map v3).
   */
  function minifiedBytesFrom(dir: string, file: string, part: string): number {
    const code = fs.readFileSync(path.join(dir, file), 'utf8').split('\n');
    const map = JSON.parse(fs.readFileSync(path.join(dir, `${file}.map`), 'utf8')) as {
      sources: string[];
      mappings: string;
    };
    const wanted = map.sources.map((source) => source.includes(part));
    const digits = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
    const decode = (segment: string): number[] => {
      const values: number[] = [];
      let value = 0;
      let shift = 0;
      for (const char of segment) {
        const digit = digits.indexOf(char);
        value += (digit & 31) << shift;
        if (digit & 32) {
          shift += 5;
        } else {
          values.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      return values;
    };
    let source = 0;
    let total = 0;
    map.mappings.split(';').forEach((line, lineIndex) => {
      let column = 0;
      const segments = line
        .split(',')
        .filter(Boolean)
        .map((segment) => {
          const [columnDelta, sourceDelta] = decode(segment);
          column += columnDelta;
          if (sourceDelta !== undefined) source += sourceDelta;
          return { column, source: sourceDelta === undefined ? -1 : source };
        });
      segments.forEach((segment, i) => {
        const end = i + 1 < segments.length ? segments[i + 1].column : (code[lineIndex]?.length ?? segment.column);
        if (segment.source >= 0 && wanted[segment.source]) total += end - segment.column;
      });
    });
    return total;
  }

  /** Each browser build's folder, and its scripts with the sources their maps name. */
  const builds = () => {
    const dirs: Record<string, string> = { shell: path.join(root, 'shell/dist') };
    for (const folder of budgets.REMOTE_FOLDERS) {
      const { version } = require(path.join(root, folder, 'package.json'));
      dirs[folder] = path.join(root, folder, 'dist', version);
    }
    return Object.entries(dirs).map(([build, dir]) => {
      const scripts = fs
        .readdirSync(dir)
        .filter((file) => file.endsWith('.js') && fs.existsSync(path.join(dir, `${file}.map`)))
        .map((file) => ({
          file,
          sources: JSON.parse(fs.readFileSync(path.join(dir, `${file}.map`), 'utf8')).sources as string[],
        }));
      return { build, dir, scripts };
    });
  };

  it('builds the shared router tree-shaken, in the shell and in each remote (@hit/routing, not react-router-dom whole)', () => {
    for (const { build, dir, scripts } of builds()) {
      const routerChunks = scripts.filter(({ sources }) => sources.some((source) => source.includes(REACT_ROUTER)));
      // The router's own minified code, by the source map (the shell bundles it with other libraries).
      const routerKb =
        routerChunks.reduce((sum, { file }) => sum + minifiedBytesFrom(dir, file, REACT_ROUTER), 0) / 1024;
      // The whole of react-router 7 is about 180 KB minified (61 KB of gzip); the parts the apps use about 40.
      expect({ build, routerChunks: routerChunks.length, under60Kb: routerKb < 60, over10Kb: routerKb > 10 }).toEqual({
        build,
        routerChunks: 1,
        under60Kb: true,
        over10Kb: true,
      });
    }
  });

  it("keeps the rest alerts' client in its own chunk, loaded when the lifter turns alerts on, in every build", () => {
    for (const { build, scripts } of builds()) {
      const holders = scripts
        .filter(({ sources }) => sources.some((source) => source.includes('platform/src/restAlerts/client.ts')))
        .map(({ file }) => file);
      expect({ build, holders }).toEqual({ build, holders: [expect.stringMatching(/^rest-alerts\.[0-9a-f]+\.js$/)] });
    }
  });

  it('has one module federation runtime in the page: the shell provides it, the remote entries use it', () => {
    const runtimeCoreSources = (sources: string[]) =>
      sources.filter((source) => source.includes('node_modules/@module-federation/runtime-core/'));
    for (const { build, scripts } of builds()) {
      if (build === 'shell') {
        const main = scripts.find(({ file }) => file === 'main.js')!;
        // Once, not also as the CommonJS copy the provider plugin would otherwise bring (config/webpack.factory.js).
        const copies = runtimeCoreSources(main.sources).filter((source) => /\/dist\/core\.c?js$/.test(source));
        expect(copies).toEqual([expect.stringMatching(/\/dist\/core\.js$/)]);
      } else {
        const entry = scripts.find(({ file }) => file === 'remoteEntry.js')!;
        expect({ build, runtimeCore: runtimeCoreSources(entry.sources) }).toEqual({ build, runtimeCore: [] });
      }
    }
  });

  it("has none of zod's method-chaining build in the browser: the remote map is checked with zod/mini", () => {
    for (const { build, scripts } of builds()) {
      const classic = scripts.filter(({ sources }) => sources.some((source) => source.includes('/zod/v4/classic/')));
      expect({ build, classic: classic.map(({ file }) => file) }).toEqual({ build, classic: [] });
    }
  });

  it("keeps each remote's route free of other remotes' code", () => {
    expect(budgets.foreignRemoteSources(root)).toEqual(
      Object.fromEntries(budgets.REMOTE_FOLDERS.map((f: string) => [f, []])),
    );
  });
});
