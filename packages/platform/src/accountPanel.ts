import { useSyncExternalStore } from 'react';

// Whether the account details panel is open: any remote opens it (the dashboard's 'Account' button), the shell
// mounts mf_account/AccountPanel while it is. One store for the app, as @hit/platform is a shared singleton.
let open = false;
const listeners = new Set<() => void>();

function setAccountPanelOpen(next: boolean): void {
  if (open === next) return;
  open = next;
  for (const listener of listeners) listener();
}

export function openAccountPanel(): void {
  setAccountPanelOpen(true);
}

export function closeAccountPanel(): void {
  setAccountPanelOpen(false);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

const getSnapshot = () => open;

/** The panel's state, with the setter its `onOpenChange` takes. */
export function useAccountPanel(): { open: boolean; setOpen: (open: boolean) => void } {
  return { open: useSyncExternalStore(subscribe, getSnapshot, getSnapshot), setOpen: setAccountPanelOpen };
}
