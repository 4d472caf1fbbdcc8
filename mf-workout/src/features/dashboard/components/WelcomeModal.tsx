import { Button, Dialog, DialogActions, theme } from '@hit/ui';
import styled from 'styled-components';

const Steps = styled.ol`
  margin: 0;
  padding: 0;
  list-style: none;
  display: flex;
  flex-direction: column;
  gap: ${theme.space.sm};
  counter-reset: step;
`;

const Step = styled.li`
  position: relative;
  padding-left: 2.5rem;
  color: ${theme.colors.textMuted};
  counter-increment: step;

  strong {
    color: ${theme.colors.text};
  }

  &::before {
    content: counter(step);
    position: absolute;
    left: 0;
    top: 0;
    display: inline-flex;
    align-items: center;
    justify-content: center;
    width: 1.75rem;
    height: 1.75rem;
    border-radius: 50%;
    background: ${theme.colors.accentSoft};
    color: ${theme.colors.accent};
    font-weight: ${theme.fontWeights.bold};
    font-size: ${theme.fontSizes.sm};
  }
`;

export interface WelcomeModalProps {
  open: boolean;
  closing: boolean;
  onDismiss: () => void;
}

/** Shown once to a new user; fades out after 'Got it' (docs/product-rules.md, "Welcome modal"). */
export function WelcomeModal({ open, closing, onDismiss }: WelcomeModalProps) {
  return (
    <Dialog
      open={open}
      closing={closing}
      onOpenChange={(next) => !next && onDismiss()}
      title="Welcome to Your Workout Journey!"
      description="HIT Tracker guides you through a short, intense routine. Here is how it works:"
      size="md"
    >
      <Steps>
        <Step>
          <strong>Three days in rotation:</strong> Day 1 Chest &amp; Back, Day 2 Shoulders &amp; Arms, Day 3 Legs &amp;
          Abs, then a new cycle.
        </Step>
        <Step>
          <strong>Two light warm-ups, then one working set to failure.</strong> Aim for 6-10 reps and log the weight and
          reps of every set.
        </Step>
        <Step>
          <strong>A 3-minute rest timer</strong> starts after each set so the next one gets your full effort.
        </Step>
        <Step>
          <strong>Rest about 48 hours between workout days:</strong> recommended, not required.
        </Step>
      </Steps>
      <DialogActions>
        <Button onClick={onDismiss} disabled={closing}>
          Got it
        </Button>
      </DialogActions>
    </Dialog>
  );
}
