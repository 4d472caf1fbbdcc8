import { useId, useState } from 'react';
import { Button, Dialog, DialogActions, theme } from '@hit/ui';
import { isAccessDenied, useResetProgress } from '@hit/platform';
import styled from 'styled-components';
import type { AccessGuard } from '../hooks/useAccessGuard';
import { WarningIcon } from './icons';

const Zone = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${theme.space.sm};
  padding: ${theme.space.lg};
  border: 1px solid ${theme.colors.danger};
  border-radius: ${theme.radii.lg};
  background: ${theme.colors.surface};
`;

const Title = styled.h2`
  display: flex;
  align-items: center;
  gap: ${theme.space.xs};
  font-size: ${theme.fontSizes.xl};
  font-weight: ${theme.fontWeights.bold};
  color: ${theme.colors.dangerText};
`;

const Text = styled.p`
  color: ${theme.colors.textMuted};
`;

const ResetButton = styled(Button)`
  align-self: flex-start;
`;

/**
 * Reset Progress, behind a confirmation, and blocked without access like starting is
 * (docs/product-rules.md, "Reset progress").
 */
export function DangerZoneCard({ guard }: { guard: AccessGuard }) {
  const [confirming, setConfirming] = useState(false);
  const reset = useResetProgress();
  const titleId = useId();

  const askToConfirm = () => {
    if (guard.allowPremiumAction()) setConfirming(true);
  };

  const confirm = () =>
    reset.mutate(undefined, {
      onSettled: (_answer, error) => {
        setConfirming(false);
        if (isAccessDenied(error)) guard.deniedByServer();
      },
    });

  return (
    <Zone aria-labelledby={titleId}>
      <Title id={titleId}>
        <WarningIcon />
        Danger Zone
      </Title>
      <Text>
        Reset Progress deletes every logged set, your progress analytics and your cycle count, and takes you back to Day
        1 of Cycle 1. It cannot be undone.
      </Text>
      <ResetButton variant="danger" onClick={askToConfirm} disabled={reset.isPending}>
        Reset Progress
      </ResetButton>
      <Dialog
        open={confirming}
        onOpenChange={(open) => !reset.isPending && setConfirming(open)}
        dismissible={!reset.isPending}
        title="Reset all progress?"
        description="Every logged set, your progress history and your cycle count will be deleted, and you will start again from Day 1. This cannot be undone."
      >
        <DialogActions>
          <Button variant="secondary" onClick={() => setConfirming(false)} disabled={reset.isPending}>
            Cancel
          </Button>
          <Button
            variant="danger"
            onClick={confirm}
            disabled={reset.isPending}
            aria-busy={reset.isPending || undefined}
          >
            {reset.isPending ? 'Resetting...' : 'Yes, reset everything'}
          </Button>
        </DialogActions>
      </Dialog>
    </Zone>
  );
}
