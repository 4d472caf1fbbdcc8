import helmet from 'helmet';
import { REMOTES } from '@hit/contracts';
import type { Config } from './config';

/** The shell's webpack dev server; the remotes' dev ports come from @hit/contracts. */
const SHELL_DEV_PORT = 3000;

function devServerOrigins(): string[] {
  return [SHELL_DEV_PORT, ...REMOTES.map((remote) => remote.devPort)].map((port) => `http://localhost:${port}`);
}

/** helmet with a CSP that allows only this origin (plus the dev servers and their hot-reload sockets in dev mode). */
export function securityHeaders(config: Pick<Config, 'remotesMode' | 'publicOrigin'>) {
  const devServers = config.remotesMode === 'dev' ? devServerOrigins() : [];
  const hotReload = devServers.map((origin) => origin.replace(/^http:/, 'ws:'));
  return helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...devServers],
        // styled-components injects <style> tags at run time.
        styleSrc: ["'self'", "'unsafe-inline'", ...devServers],
        imgSrc: ["'self'", 'data:', ...devServers],
        connectSrc: ["'self'", ...devServers, ...hotReload],
        // Upgrading only makes sense when the site is known to be served over https (not on http://localhost).
        upgradeInsecureRequests: config.publicOrigin?.startsWith('https:') ? [] : null,
      },
    },
  });
}
