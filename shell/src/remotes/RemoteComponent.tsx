import { Component, lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { Spinner } from '@hit/ui';
import { LoadFailed } from '../components/LoadFailed';
import { firstReadsSettled } from './firstReads';
import { takeFirstScreenLoad } from './firstScreen';
import { loadedRemoteModule, loadRemoteModule } from './remoteLoader';
import type { RemoteExposeId, RemoteExposeProps } from '@hit/contracts';

type RemoteModule<Id extends RemoteExposeId> = { default: ComponentType<RemoteExposeProps[Id]> };

/**
 * The remote's component: at once if it loaded earlier in this visit (the first screen's, before the app's first render:
 * firstScreen.ts), else a lazy one that loads it now and renders once the page's first reads are in too
 * (firstReads.ts), so its first render has its data.
 */
function remoteScreen<Id extends RemoteExposeId>(id: Id): ComponentType<RemoteExposeProps[Id]> {
  const loaded = loadedRemoteModule<RemoteModule<Id>>(id);
  if (loaded) return loaded.default;
  // The first screen's remote may be loading since the start already (or have failed to): that attempt, not another.
  const loading = takeFirstScreenLoad<RemoteModule<Id>>(id) ?? loadRemoteModule<RemoteModule<Id>>(id);
  return lazy(async () => (await Promise.all([loading, firstReadsSettled()]))[0]);
}

interface BoundaryProps {
  onRetry: () => void;
  /** What shows instead of the remote when it failed; the page-sized fallback by default. */
  renderFailure?: (retry: () => void) => ReactNode;
  children: ReactNode;
}

/** Keeps a remote's failure (map, manifest, network, chunk or render error) inside the remote's own area. */
class RemoteErrorBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    if (this.props.renderFailure) return this.props.renderFailure(this.props.onRetry);
    return (
      <LoadFailed
        title="This part of HIT Tracker couldn't load"
        message="Check your connection and try again. The rest of the app keeps working."
        onRetry={this.props.onRetry}
      />
    );
  }
}

interface RemotePlacement {
  /** Shown while the remote loads; a page spinner by default. */
  loading?: ReactNode;
  /** Shown when it failed to load or render, with a retry; a page-sized message by default. */
  renderFailure?: (retry: () => void) => ReactNode;
}

/** Props are optional for remotes whose props are all optional. */
type RemoteComponentProps<Id extends RemoteExposeId> = { id: Id } & RemotePlacement &
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- `{}` is the props given when none are: does it fit?
  ({} extends RemoteExposeProps[Id] ? { props?: RemoteExposeProps[Id] } : { props: RemoteExposeProps[Id] });

/** Renders a remote's exposed component, loaded at run time, with a spinner and a retryable fallback. */
export function RemoteComponent<Id extends RemoteExposeId>({
  id,
  props,
  loading,
  renderFailure,
}: RemoteComponentProps<Id>) {
  // Each attempt mounts a new RemoteAttempt, so a new lazy component: React.lazy keeps a rejection forever.
  const [attempt, setAttempt] = useState(0);
  return (
    <RemoteAttempt
      key={`${id}#${attempt}`}
      id={id}
      props={(props ?? {}) as RemoteExposeProps[Id]}
      loading={loading}
      renderFailure={renderFailure}
      onRetry={() => setAttempt((n) => n + 1)}
    />
  );
}

interface RemoteAttemptProps<Id extends RemoteExposeId> extends RemotePlacement {
  id: Id;
  props: RemoteExposeProps[Id];
  onRetry: () => void;
}

/** One attempt at loading and rendering a remote. */
function RemoteAttempt<Id extends RemoteExposeId>({
  id,
  props,
  loading,
  renderFailure,
  onRetry,
}: RemoteAttemptProps<Id>) {
  // Made once, above the Suspense boundary, because state below a suspended first render is discarded.
  const [Screen] = useState(() => remoteScreen(id));
  return (
    <RemoteErrorBoundary onRetry={onRetry} renderFailure={renderFailure}>
      <Suspense fallback={loading ?? <Spinner page />}>
        <Screen {...props} />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
