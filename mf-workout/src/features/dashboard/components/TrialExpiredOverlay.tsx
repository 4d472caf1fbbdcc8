import { useId } from 'react';
import { trialExpiredDescription } from '@hit/contracts/rules';
import { useCheckout, useOutboxStatus, useSubscriptionStatus, type OutboxStatus } from '@hit/platform';
import { Dialog, UpgradePrompt } from '@hit/ui';

/** Sets logged offline after the trial ended wait in the outbox, unsent and kept, until an upgrade (issue #18). */
export function waitingSetsText(count: number): string {
  const sets = count === 1 ? '1 set is' : `${count} sets are`;
  return `${sets} waiting to sync: they sync as soon as you upgrade.`;
}

/**
 * Shown while access is denied, until dismissed with 'Back to Home', Escape, a click outside or close
 * (docs/product-rules.md, "Access gating (402)").
 */
const selectWaitingSets = (status: OutboxStatus) => status.waitingSets;

export function TrialExpiredOverlay({ open, onDismiss }: { open: boolean; onDismiss: () => void }) {
  const titleId = useId();
  const checkout = useCheckout();
  const { data: status } = useSubscriptionStatus();
  const waitingSets = useOutboxStatus(selectWaitingSets) ?? 0;
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onDismiss()} labelledBy={titleId}>
      <UpgradePrompt
        titleId={titleId}
        title="Free Trial Expired"
        description={trialExpiredDescription(status?.trialDays)}
        onUpgrade={() => checkout.mutate()}
        isPending={checkout.isPending}
        onBack={onDismiss}
        note={waitingSets > 0 ? waitingSetsText(waitingSets) : undefined}
      />
    </Dialog>
  );
}
