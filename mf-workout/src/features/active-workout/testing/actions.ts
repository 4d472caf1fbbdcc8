import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { REST_TIMER_DELAY_MS } from '../../../constants';
import { passTime } from './renderActiveWorkout';

/** Types into the set that takes input and taps Complete Set. */
export async function logSet(
  user: UserEvent,
  { weight, reps, unit }: { weight?: string; reps: string; unit?: 'lbs' | 'kg' },
) {
  if (weight !== undefined) {
    await user.clear(screen.getByLabelText('Weight'));
    if (weight) await user.type(screen.getByLabelText('Weight'), weight);
  }
  await user.clear(screen.getByLabelText('Reps'));
  await user.type(screen.getByLabelText('Reps'), reps);
  if (unit) await user.click(screen.getByRole('radio', { name: unit }));
  await user.click(screen.getByRole('button', { name: 'Complete Set' }));
}

/** Waits for the rest timer to open and skips it. */
export async function skipRest(user: UserEvent) {
  await passTime(REST_TIMER_DELAY_MS);
  await user.click(screen.getByRole('button', { name: 'Skip Rest' }));
}
