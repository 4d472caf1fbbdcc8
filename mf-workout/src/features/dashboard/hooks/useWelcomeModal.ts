import { useEffect, useState } from 'react';
import { WELCOME_MODAL_CLOSE_MS, WELCOME_MODAL_DELAY_MS } from '../../../constants';

/** The seen flag is kept in localStorage under this name (docs/product-rules.md, "Welcome modal"). */
export const WELCOME_SEEN_KEY = 'hasSeenWelcomeMessage';

// Storage can be unavailable (privacy modes, full quota): then the modal may show again, nothing breaks.
function hasSeenWelcome(): boolean {
  try {
    return window.localStorage.getItem(WELCOME_SEEN_KEY) !== null;
  } catch {
    return false;
  }
}

function rememberWelcomeSeen(): void {
  try {
    window.localStorage.setItem(WELCOME_SEEN_KEY, 'true');
  } catch {
    // See above.
  }
}

/**
 * The welcome modal: opens 500 ms after a user is present unless seen before; after dismissal it fades out and
 * is gone 300 ms later. The flag is written at dismissal, so a reload during the fade does not show it again.
 */
export function useWelcomeModal(userPresent: boolean) {
  const [open, setOpen] = useState(false);
  const [closing, setClosing] = useState(false);

  useEffect(() => {
    if (!userPresent || hasSeenWelcome()) return;
    const timer = setTimeout(() => setOpen(true), WELCOME_MODAL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [userPresent]);

  useEffect(() => {
    if (!closing) return;
    const timer = setTimeout(() => {
      setOpen(false);
      setClosing(false);
    }, WELCOME_MODAL_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [closing]);

  const dismiss = () => {
    if (closing) return;
    rememberWelcomeSeen();
    setClosing(true);
  };

  return { open, closing, dismiss };
}
