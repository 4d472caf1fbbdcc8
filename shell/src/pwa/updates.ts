// How a new release reaches an open page (issue #17, item 5): the worker fetches it in the background, the page
// says "New version available" and switches at the next in-app navigation or when the lifter accepts, never while a
// workout is in progress. Switching is a reload: one page never runs two releases.
import type { RemoteEntry } from '@hit/contracts';
import type { WarmReply, WorkerRequest } from '../service-worker/messages';

/** A worker that has not answered within this long is not coming back for this message. */
const WORKER_REPLY_TIMEOUT_MS = 60_000;
/** When the new worker never takes over (another tab holds it back), the reload happens anyway, on the old one. */
const TAKEOVER_TIMEOUT_MS = 5_000;

/** Whether the latest remote map names other versions than the page runs (a release, a promotion, a rollback). */
export function remoteMapChanged(running: readonly RemoteEntry[], latest: readonly RemoteEntry[]): boolean {
  const runningByName = new Map(running.map((remote) => [remote.name, remote]));
  return latest.some((remote) => {
    const current = runningByName.get(remote.name);
    return !current || current.entry !== remote.entry || current.fallbackEntry !== remote.fallbackEntry;
  });
}

export interface UpdateDeps {
  registration: ServiceWorkerRegistration;
  container: ServiceWorkerContainer;
  /** The remote map this page registered, as served. */
  runningRemotes: () => Promise<RemoteEntry[]>;
  /** Whether that map came with the page's HTML (the api's answer at this load); asked once it is known. */
  runningRemotesCameWithPage?: () => boolean;
  /** GET /api/remotes now. */
  latestRemotes: () => Promise<RemoteEntry[]>;
  workoutActive: () => boolean;
  reload: () => void;
}

export interface UpdateController {
  /** Whether a new version is ready to switch to. */
  isAvailable(): boolean;
  subscribe(listener: () => void): () => void;
  /** Asks for a new shell (the worker script) and a new remote map; a failure (offline) is tried at the next check. */
  check(): Promise<void>;
  /** Switches to the new version now (a reload), unless a workout is in progress. True when it switches. */
  apply(): boolean;
  /** An in-app navigation: the moment to switch when an update is waiting, else to look for one. */
  navigated(): void;
}

/** Sends a message to the active worker and resolves with its answer (undefined without one). */
async function askWorker(container: ServiceWorkerContainer, message: WorkerRequest): Promise<WarmReply | undefined> {
  const { active } = await container.ready;
  if (!active) return undefined;
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const done = (reply: WarmReply | undefined) => {
      clearTimeout(timer);
      channel.port1.close();
      resolve(reply);
    };
    const timer = setTimeout(() => done(undefined), WORKER_REPLY_TIMEOUT_MS);
    channel.port1.onmessage = (event: MessageEvent<WarmReply>) => done(event.data);
    active.postMessage(message, [channel.port2]);
  });
}

export function createUpdateController({
  registration,
  container,
  runningRemotes,
  runningRemotesCameWithPage = () => false,
  latestRemotes,
  workoutActive,
  reload,
}: UpdateDeps): UpdateController {
  let available = false;
  let checking = false;
  let switching = false;
  let reportedRunning = false;
  const listeners = new Set<() => void>();

  const announce = () => {
    if (available) return;
    available = true;
    for (const listener of listeners) listener();
  };

  // A new worker (a new shell) installed and waiting while an older one controls this page. On the first visit
  // there is no controller: the first worker takes over at once and there is nothing to switch.
  const announceWaitingWorker = () => {
    if (registration.waiting && container.controller) announce();
  };
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed') announceWaitingWorker();
    });
  });
  announceWaitingWorker();

  /** Tells the worker which versions this page runs: it fetches every screen's code and keeps it while the page is open. */
  const reportRunningRemotes = async () => {
    if (reportedRunning) return;
    const remotes = await runningRemotes();
    reportedRunning = true;
    await askWorker(
      container,
      runningRemotesCameWithPage()
        ? { type: 'PAGE_REMOTES', remotes, current: true }
        : { type: 'PAGE_REMOTES', remotes },
    );
  };
  void reportRunningRemotes().catch(() => undefined);

  const check = async () => {
    if (checking || available) return;
    checking = true;
    try {
      await registration.update().catch(() => undefined);
      await reportRunningRemotes();
      const [running, latest] = await Promise.all([runningRemotes(), latestRemotes()]);
      if (available || !remoteMapChanged(running, latest)) return;
      // Announced only once every file of the new versions is in the cache, so accepting works without a network.
      const reply = await askWorker(container, { type: 'WARM_REMOTES', remotes: latest });
      if (reply && reply.missing.length === 0) announce();
    } catch {
      // Offline or the api is down: the next check asks again.
    } finally {
      checking = false;
    }
  };

  const apply = () => {
    if (!available || switching || workoutActive()) return false;
    switching = true;
    let reloaded = false;
    const reloadOnce = () => {
      if (reloaded) return;
      reloaded = true;
      reload();
    };
    const waiting = registration.waiting;
    if (waiting) {
      // The new shell's worker takes over, then the page loads again from it.
      container.addEventListener('controllerchange', reloadOnce, { once: true });
      setTimeout(reloadOnce, TAKEOVER_TIMEOUT_MS);
      waiting.postMessage({ type: 'SKIP_WAITING' } satisfies WorkerRequest);
    } else {
      reloadOnce();
    }
    return true;
  };

  return {
    isAvailable: () => available,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    check,
    apply,
    navigated() {
      if (!apply()) void check();
    },
  };
}
