import { act, fireEvent, screen } from '@testing-library/react';
import { TIP_DELAY_MS, TIP_HIDE_AFTER_MS, TIP_SWIPE_THRESHOLD_PX } from '../../../constants';
import { TIP_INDEX_KEY } from '../logic/tipRotation';
import { chestDay, sessionOf } from '../testing/fixtures';
import { passTime, renderActiveWorkout } from '../testing/renderActiveWorkout';
import { mockWorkoutApi } from '../testing/workoutApi';
import { WORKOUT_TIPS } from './workoutTips';

const tipCard = () => screen.queryByRole('complementary', { name: 'Workout tip' });

function renderWorkout() {
  mockWorkoutApi();
  const day = chestDay();
  return renderActiveWorkout({ day, session: sessionOf(day) });
}

/** A sideways drag on the tip card, by pointer events. */
function drag(distance: number) {
  const card = tipCard()!;
  fireEvent.pointerDown(card, { clientX: 200, pointerId: 1 });
  fireEvent.pointerMove(card, { clientX: 200 + distance / 2, pointerId: 1 });
  fireEvent.pointerMove(card, { clientX: 200 + distance, pointerId: 1 });
  fireEvent.pointerUp(card, { clientX: 200 + distance, pointerId: 1 });
}

// jsdom has no PointerEvent; a MouseEvent with a pointerId carries the clientX the card reads.
class PointerEventPolyfill extends MouseEvent {
  readonly pointerId: number;
  constructor(type: string, init: PointerEventInit = {}) {
    super(type, init);
    this.pointerId = init.pointerId ?? 0;
  }
}
beforeAll(() => {
  if (!window.PointerEvent) Object.assign(window, { PointerEvent: PointerEventPolyfill });
});

beforeEach(() => {
  jest.useFakeTimers({ now: new Date('2026-11-22T09:00:00.000Z') });
  localStorage.clear();
});
afterEach(() => jest.useRealTimers());

describe('workout tip', () => {
  it('appears 10 s after the workout starts', async () => {
    renderWorkout();

    await passTime(TIP_DELAY_MS - 1);
    expect(tipCard()).not.toBeInTheDocument();
    await passTime(1);

    expect(tipCard()).toHaveTextContent(WORKOUT_TIPS[0].title);
    expect(tipCard()).toHaveTextContent(WORKOUT_TIPS[0].text);
  });

  it('shows the next of the 12 tips in each new workout', async () => {
    expect(WORKOUT_TIPS).toHaveLength(12);
    localStorage.setItem(TIP_INDEX_KEY, '11');
    const first = renderWorkout();
    await passTime(TIP_DELAY_MS);
    expect(tipCard()).toHaveTextContent(WORKOUT_TIPS[11].title);
    first.unmount();

    renderWorkout();
    await passTime(TIP_DELAY_MS);
    expect(tipCard()).toHaveTextContent(WORKOUT_TIPS[0].title);
    expect(localStorage.getItem(TIP_INDEX_KEY)).toBe('1');
  });

  it('goes on its close button', async () => {
    const { user } = renderWorkout();
    await passTime(TIP_DELAY_MS);

    await user.click(screen.getByRole('button', { name: 'Dismiss tip' }));

    expect(tipCard()).not.toBeInTheDocument();
  });

  it.each([-(TIP_SWIPE_THRESHOLD_PX + 1), TIP_SWIPE_THRESHOLD_PX + 1])(
    'goes when swiped more than 100 px (%p px)',
    async (distance) => {
      renderWorkout();
      await passTime(TIP_DELAY_MS);

      act(() => drag(distance));

      expect(tipCard()).not.toBeInTheDocument();
    },
  );

  it('follows the finger, and springs back from a drag of 100 px or less', async () => {
    renderWorkout();
    await passTime(TIP_DELAY_MS);
    fireEvent.pointerDown(tipCard()!, { clientX: 200, pointerId: 1 });
    fireEvent.pointerMove(tipCard()!, { clientX: 260, pointerId: 1 });
    expect(tipCard()!.style.transform).toBe('translateX(60px)');
    fireEvent.pointerUp(tipCard()!, { clientX: 260, pointerId: 1 });

    act(() => drag(TIP_SWIPE_THRESHOLD_PX));

    expect(tipCard()).toBeInTheDocument();
    expect(tipCard()!.style.transform).toBe('');
  });

  it('goes by itself after 13 minutes', async () => {
    renderWorkout();
    await passTime(TIP_DELAY_MS);

    await passTime(TIP_HIDE_AFTER_MS - 1);
    expect(tipCard()).toBeInTheDocument();
    await passTime(1);

    expect(tipCard()).not.toBeInTheDocument();
  });
});
