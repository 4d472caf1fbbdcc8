import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { queryKeys, toast, useAccess, type Access } from '@hit/platform';

export const CHECKING_SUBSCRIPTION = 'Checking subscription status...';

export interface AccessGuard {
  access: Access;
  /** True when a premium action may go ahead; otherwise says why (toast or the trial-expired overlay). */
  allowPremiumAction: () => boolean;
  /** The api refused with 402: the status we had was out of date. */
  deniedByServer: () => void;
  /** Whether the 'Free Trial Expired' overlay shows. */
  trialOverlayOpen: boolean;
  /** 'Back to Home' or close: hidden for the rest of this visit, until a premium action is tried again. */
  dismissTrialOverlay: () => void;
}

/**
 * Premium actions (start, reset) wait while the subscription status loads and are refused with the trial-expired
 * overlay when access is denied (docs/product-rules.md, "Access gating (402)"). The overlay also shows by itself until
 * dismissed.
 */
export function useAccessGuard(): AccessGuard {
  const access = useAccess();
  const queryClient = useQueryClient();
  const [dismissed, setDismissed] = useState(false);
  const [refusedByServer, setRefusedByServer] = useState(false);

  const allowPremiumAction = useCallback(() => {
    if (access.isLoading) {
      toast({ title: CHECKING_SUBSCRIPTION });
      return false;
    }
    if (!access.canAccessFeatures) {
      setDismissed(false);
      return false;
    }
    return true;
  }, [access.isLoading, access.canAccessFeatures]);

  const deniedByServer = useCallback(() => {
    setRefusedByServer(true);
    setDismissed(false);
    void queryClient.invalidateQueries({ queryKey: queryKeys.subscriptionStatus });
  }, [queryClient]);

  const denied = refusedByServer || (!access.isLoading && !access.canAccessFeatures);
  return {
    access,
    allowPremiumAction,
    deniedByServer,
    trialOverlayOpen: denied && !dismissed,
    dismissTrialOverlay: useCallback(() => setDismissed(true), []),
  };
}
