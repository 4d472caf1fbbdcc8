import { Profiler } from 'react';
import { render, screen, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { Exercise } from '@hit/contracts';
import { createQueryClient } from '@hit/platform';
import { ThemeProvider } from '@hit/ui';
import type { SaveConfirmations } from '../logic/autosave';
import { completed, exercise } from '../testing/fixtures';
import { ExerciseCard } from './ExerciseCard';

const NOTHING_SAVED: SaveConfirmations = { savedExercises: [], failing: false };
const DONE_AT = '2026-11-22T09:02:00.000Z';

/** What each commit of the card showed: which set took input, and the sets shown done. */
interface Frame {
  form: string | null;
  done: string[];
}

function frameOf(card: HTMLElement): Frame {
  const form = card.querySelector('form');
  return {
    form: form ? within(form).getByRole('heading', { level: 3 }).textContent : null,
    done: [...card.querySelectorAll('li')]
      .filter((row) => !row.querySelector('form') && !row.textContent?.includes('Up next'))
      .map((row) => row.textContent ?? ''),
  };
}

/** The card as the workout shows its active exercise, with every commit of it recorded. */
function renderCard(start: Exercise) {
  const frames: Frame[] = [];
  const queryClient = createQueryClient();
  const ui = (current: Exercise) => (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <Profiler
          id="card"
          onRender={() => frames.push(frameOf(screen.getByRole('region', { name: 'Incline Press' })))}
        >
          <ExerciseCard
            exercise={current}
            number={1}
            active
            lastWorkout={undefined}
            saveStatus={NOTHING_SAVED}
            canUndo={current.sets.some((set) => set.completed)}
            recordsBefore={undefined}
            fallbackUnit="lbs"
            onCompleteSet={jest.fn()}
            onEditSet={jest.fn()}
            onUndo={jest.fn()}
          />
        </Profiler>
      </ThemeProvider>
    </QueryClientProvider>
  );
  const view = render(ui(start));
  return { frames, update: (next: Exercise) => view.rerender(ui(next)) };
}

describe('the active exercise card', () => {
  const fresh = exercise(101, 'Incline Press');
  const firstDone: Exercise = {
    ...fresh,
    sets: [completed(fresh.sets[0]!, 95, 10, DONE_AT), ...fresh.sets.slice(1)],
  };

  it('shows a completed set done before the next set takes input', () => {
    const { frames, update } = renderCard(fresh);
    frames.length = 0;

    update(firstDone);

    // The commit of the tap shows the set done with no form on screen; the next one brings Warm-up 2's form.
    expect(frames[0]).toEqual({ form: null, done: [expect.stringContaining('95 lbs × 10')] });
    expect(frames.at(-1)).toEqual({ form: 'Warm-up 2', done: [expect.stringContaining('95 lbs × 10')] });
    expect(screen.getAllByLabelText('Weight')).toHaveLength(1);
  });

  it('moves the form back to an undone set in the same commit', () => {
    const { frames, update } = renderCard(firstDone);
    frames.length = 0;

    update(fresh);

    expect(frames.length).toBeGreaterThan(0);
    for (const frame of frames) expect(frame).toEqual({ form: 'Warm-up 1', done: [] });
  });
});
