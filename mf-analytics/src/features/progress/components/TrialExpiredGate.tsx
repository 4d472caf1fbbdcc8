import { useEffect, useId, useRef } from 'react';
import { useNavigate } from '@hit/routing';
import styled from 'styled-components';
import { useCheckout } from '@hit/platform';
import { UpgradePrompt, theme } from '@hit/ui';

export const GATE_TITLE = 'Free Trial Expired';
export const GATE_DESCRIPTION =
  'Your trial has ended. Upgrade to Premium to continue accessing your analytics and progress tracking.';

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: 50;
  display: flex;
  align-items: center;
  justify-content: center;
  padding: ${theme.space.md};
  background: rgb(0 0 0 / 0.7);
  overflow-y: auto;
`;

const Panel = styled.div`
  width: 100%;
  max-width: 28rem;
  padding: ${theme.space.lg};
  background: ${theme.colors.surface};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.lg};
  box-shadow: ${theme.shadows.card};
  &:focus {
    outline: none;
  }
`;

/**
 * The trial-expired gate (docs/product-rules.md, "Access gating (402)"): replaces the screen; upgrade starts checkout,
 * 'Back to Home' goes to /home.
 */
export function TrialExpiredGate() {
  const navigate = useNavigate();
  const checkout = useCheckout();
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    panelRef.current?.focus();
  }, []);

  return (
    <Backdrop>
      <Panel ref={panelRef} role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1}>
        <UpgradePrompt
          title={GATE_TITLE}
          description={GATE_DESCRIPTION}
          titleId={titleId}
          isPending={checkout.isPending}
          onUpgrade={() => checkout.mutate()}
          onBack={() => navigate('/home')}
        />
      </Panel>
    </Backdrop>
  );
}
