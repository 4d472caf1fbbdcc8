/** @jest-environment node */
// Loads every front-end app's real webpack config: catches a webpack / @module-federation/enhanced pairing that
// crashes while loading (ARCHITECTURE §8) and checks the federation contract of ARCHITECTURE §2.
import path from 'node:path';
import { REMOTES } from '@hit/contracts';

const root = path.resolve(__dirname, '../..');
const { federationOptions } = require(path.join(root, 'config/webpack.factory.js'));

interface Config {
  output: { path: string; publicPath: string; filename: string; chunkFilename: string };
  entry: unknown;
  optimization?: { runtimeChunk?: unknown };
  plugins: { constructor: { name: string } }[];
  devServer: { port: number; headers?: Record<string, string>; proxy: { context: string[]; target: string }[] };
}

function configOf(folder: string, mode: 'production' | 'development' = 'production'): Config {
  return require(path.join(root, folder, 'webpack.config.js'))({}, { mode });
}

const singletons = [
  'react',
  'react/',
  'react-dom',
  'react-dom/',
  'react-router',
  'react-router-dom',
  '@tanstack/react-query',
  '@tanstack/query-core',
  'styled-components',
  '@hit/platform',
  '@hit/ui',
];

describe.each(REMOTES)('the $folder build', (remote) => {
  const config = configOf(remote.folder);
  const federation = federationOptions({ remote, appPackage: require(path.join(root, remote.folder, 'package.json')) });

  it('exposes its one entry component under its MF name, with a manifest', () => {
    expect(federation).toMatchObject({
      name: remote.name,
      filename: 'remoteEntry.js',
      exposes: { [`./${remote.expose}`]: `./src/exposes/${remote.expose}.tsx` },
      manifest: true,
      dts: false,
      shareStrategy: 'loaded-first',
    });
    expect(config.plugins.map((p) => p.constructor.name)).toContain('ModuleFederationPlugin');
  });

  it('shares the singletons lazily (no eager), with the versions it asks for', () => {
    expect(Object.keys(federation.shared)).toEqual(singletons);
    expect(federation.shared.react).toEqual({ singleton: true, requiredVersion: '^19.3.1' });
    expect(federation.shared['@hit/platform']).toEqual({ singleton: true, requiredVersion: '0.1.0' });
    expect(federation.shared['@tanstack/query-core'].requiredVersion).toMatch(/^\^5\./);
    for (const options of Object.values<{ eager?: boolean }>(federation.shared)) expect(options.eager).toBeUndefined();
    expect(federation.shared).not.toHaveProperty('d3');
  });

  it('writes an immutable, versioned build with hashed chunks and no single runtime chunk', () => {
    expect(config.output).toMatchObject({
      path: path.join(root, remote.folder, 'dist', '0.1.0'),
      publicPath: 'auto',
      filename: '[name].js',
      chunkFilename: '[name].[contenthash].js',
    });
    expect(config.optimization?.runtimeChunk).toBeUndefined();
  });

  it('serves itself in development on its own port, readable from the shell origin', () => {
    const { devServer } = configOf(remote.folder, 'development');
    expect(devServer.port).toBe(remote.devPort);
    expect(devServer.headers).toEqual({ 'Access-Control-Allow-Origin': '*' });
  });
});

describe('the shell build', () => {
  const config = configOf('shell');
  const federation = federationOptions({ appPackage: require(path.join(root, 'shell/package.json')) });

  it('is a host with no compiled remotes, sharing the same singletons', () => {
    expect(federation.name).toBe('shell');
    expect(federation).not.toHaveProperty('remotes');
    expect(federation).not.toHaveProperty('exposes');
    expect(Object.keys(federation.shared)).toEqual(singletons);
  });

  it('is served from / with its index.html', () => {
    expect(config.output).toMatchObject({ path: path.join(root, 'shell/dist'), publicPath: '/' });
    expect(config.plugins.map((p) => p.constructor.name)).toContain('HtmlWebpackPlugin');
  });

  it('proxies the api and the remote builds to the api in development', () => {
    const { devServer } = configOf('shell', 'development');
    expect(devServer.port).toBe(3000);
    expect(devServer.proxy).toEqual([{ context: ['/api', '/remotes'], target: 'http://localhost:3001' }]);
  });
});
