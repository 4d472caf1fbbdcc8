import { useId } from 'react';
import { useCheckout } from '@hit/platform';
import { Dialog, UpgradePrompt } from '@hit/ui';

/**
 * Shown while access is denied, until dismissed with 'Back to Home', Escape, a click outside or close
 * (docs/product-rules.md, "Access gating (402)").
 */
export function TrialExpiredOverlay({ open, onDismiss }: { open: boolean; onDismiss: () => void }) {
  const titleId = useId();
  const checkout = useCheckout();
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onDismiss()} labelledBy={titleId}>
      <UpgradePrompt
        titleId={titleId}
        title="Free Trial Expired"
        description="Your 30-day free trial has ended. Upgrade to Premium to keep logging workouts and tracking your progress."
        onUpgrade={() => checkout.mutate()}
        isPending={checkout.isPending}
        onBack={onDismiss}
      />
    </Dialog>
  );
}
