import { render, screen } from '@testing-library/react';
import { ThemeProvider } from '@hit/ui';
import { REST_TIMER_SECONDS } from '../../../constants';
import type { RestTimer } from '../logic/workoutReducer';
import { RestTimerOverlay } from './RestTimerOverlay';

const nextSet = { exerciseName: 'Chest Press', label: 'Set 2', isWorkingSet: false };
const noop = () => undefined;

function rest(remainingMs: number, status: 'running' | 'paused' = 'running'): RestTimer {
  const timer = status === 'paused' ? { status, remainingMs } : { status, endsAt: Date.now() + remainingMs };
  return { timer, nextSet, remainingMs, after: { setId: '101-w1', completedAt: '2026-11-22T09:00:00.000Z' } };
}

function overlay(remainingMs: number, status?: 'running' | 'paused') {
  return (
    <ThemeProvider>
      <RestTimerOverlay rest={rest(remainingMs, status)} onPause={noop} onResume={noop} onSkip={noop} />
    </ThemeProvider>
  );
}

/** What a screen reader was last told: the dialog's polite live region. */
const announced = () => screen.getByRole('dialog', { name: 'Rest' }).querySelector('[aria-live="polite"]')?.textContent;

describe('RestTimerOverlay announcements', () => {
  it('keeps the last announcement between announcements, so each is spoken once', () => {
    const { rerender } = render(overlay(REST_TIMER_SECONDS * 1000));
    expect(announced()).toBe('Rest 03:00');

    rerender(overlay(150_000));
    expect(announced()).toBe('Rest 03:00');

    rerender(overlay(120_000));
    expect(announced()).toBe('2 minutes left');

    rerender(overlay(119_000));
    expect(announced()).toBe('2 minutes left');

    rerender(overlay(119_000, 'paused'));
    expect(announced()).toBe('Rest timer paused');
  });
});
