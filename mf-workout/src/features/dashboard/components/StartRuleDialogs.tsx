import type { WorkoutDay, WorkoutState } from '@hit/contracts';
import { Button, Dialog, DialogActions } from '@hit/ui';
import type { StartDialog } from '../hooks/useStartWorkout';
import { muscleGroupsText } from '../logic/dayCard';
import { hoursText, type RestPeriod } from '../logic/restPeriod';
import { findNextDay, templateDayNumber } from '../logic/rotation';
import { REST_PERIOD_HOURS } from '../../../constants';

export interface StartRuleDialogsProps {
  dialog: StartDialog | null;
  days: WorkoutDay[];
  state: WorkoutState;
  rest: RestPeriod;
  starting: boolean;
  onClose: () => void;
  onSkipRest: () => void;
}

/**
 * 'Complete Current Day First' for a day out of order, 'Skip Rest Period?' inside the rest period
 * (docs/product-rules.md, "Starting a workout").
 */
export function StartRuleDialogs({ dialog, days, state, rest, starting, onClose, onSkipRest }: StartRuleDialogsProps) {
  const nextDay = findNextDay(days, state);
  const nextName = nextDay
    ? `${nextDay.name} (${muscleGroupsText(nextDay)})`
    : `Day ${templateDayNumber(state.nextRecommendedDay)}`;

  return (
    <>
      <Dialog
        open={dialog?.kind === 'completeCurrentDayFirst'}
        onOpenChange={(open) => !open && onClose()}
        title="Complete Current Day First"
        description={
          dialog &&
          `${nextName} is your next workout. The days rotate in order, so complete it before starting ${dialog.day.name}.`
        }
      >
        <DialogActions>
          <Button onClick={onClose}>OK</Button>
        </DialogActions>
      </Dialog>
      <Dialog
        open={dialog?.kind === 'skipRest'}
        onOpenChange={(open) => !open && !starting && onClose()}
        dismissible={!starting}
        title="Skip Rest Period?"
        description={
          dialog &&
          `${REST_PERIOD_HOURS} hours of rest between workouts is recommended and ${hoursText(rest.hoursRemaining)} of it remain. Rest is not required: you can start ${dialog.day.name} now.`
        }
      >
        <DialogActions>
          <Button variant="secondary" onClick={onClose} disabled={starting}>
            No, I&apos;ll wait
          </Button>
          <Button onClick={onSkipRest} disabled={starting} aria-busy={starting || undefined}>
            {starting ? 'Starting...' : 'Yes, skip rest'}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
