import type { Exercise } from '@hit/contracts';
import { chestDay, completed, exercise, blankSets } from '../testing/fixtures';
import { backoffDelayMs, createAutosave, setSaveState, type AutosaveStatus, type SaveReason } from './autosave';

const first = chestDay().exercises;
const [w1, w2, work] = blankSets(101);
const second = [
  exercise(101, 'Incline Press', [completed(w1, 95, 10, '2026-11-22T09:00:00.000Z'), w2, work]),
  first[1],
];
const third = [
  exercise(101, 'Incline Press', [
    completed(w1, 95, 10, '2026-11-22T09:00:00.000Z'),
    completed(w2, 115, 6, '2026-11-22T09:04:00.000Z'),
    work,
  ]),
  first[1],
];

/** A save whose answers the test hands out one by one. */
function controlledSave() {
  const pending: {
    exercises: Exercise[];
    reason: SaveReason;
    resolve: () => void;
    reject: (error: unknown) => void;
  }[] = [];
  const save = jest.fn(
    (exercises: Exercise[], reason: SaveReason) =>
      new Promise<void>((resolve, reject) => pending.push({ exercises, reason, resolve, reject })),
  );
  return { save, pending };
}

async function flushPromises() {
  await jest.advanceTimersByTimeAsync(0);
}

function started(save: (exercises: Exercise[], reason: SaveReason) => Promise<unknown>) {
  const autosave = createAutosave({ save });
  autosave.start();
  return autosave;
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('autosave', () => {
  it('saves a state at once and reports it saved', async () => {
    const { save, pending } = controlledSave();
    const autosave = started(save);

    const version = autosave.save(second);

    expect(save).toHaveBeenCalledWith(second, 'autosave');
    expect(autosave.getStatus()).toMatchObject({ latestVersion: version, savedVersion: 0 });
    pending[0].resolve();
    await flushPromises();
    expect(autosave.getStatus()).toMatchObject({ savedVersion: version, failing: false });
    expect(autosave.unsavedExercises()).toBeNull();
  });

  it('keeps one save in flight and then sends only the newest state', async () => {
    const { save, pending } = controlledSave();
    const autosave = started(save);

    autosave.save(first);
    autosave.save(second);
    autosave.save(third);
    expect(save).toHaveBeenCalledTimes(1);

    pending[0].resolve();
    await flushPromises();
    expect(save).toHaveBeenCalledTimes(2);
    expect(save).toHaveBeenLastCalledWith(third, 'autosave');
    pending[1].resolve();
    await flushPromises();
    expect(autosave.getStatus()).toMatchObject({ savedVersion: 3, savedExercises: third });
  });

  it('knows the state the api already has before anything is saved', () => {
    const autosave = createAutosave({
      savedExercises: second,
      save: jest.fn(),
    });
    expect(autosave.getStatus().savedExercises).toBe(second);
  });

  it('retries a failed save with growing waits until it lands', async () => {
    const save = jest
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockRejectedValueOnce(new Error('503: down'))
      .mockResolvedValue({});
    const autosave = started(save);

    autosave.save(second);
    await flushPromises();
    expect(autosave.getStatus().failing).toBe(true);
    expect(autosave.unsavedExercises()).toBe(second);

    await jest.advanceTimersByTimeAsync(backoffDelayMs(0) - 1);
    expect(save).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(save).toHaveBeenCalledTimes(2);

    await jest.advanceTimersByTimeAsync(backoffDelayMs(1));
    expect(save).toHaveBeenCalledTimes(3);
    expect(autosave.getStatus()).toMatchObject({ failing: false, savedVersion: 1 });
  });

  it('waits 1, 2, 4 ... seconds between attempts, at most 30', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map(backoffDelayMs)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
  });

  it('tries again at once when asked (the connection is back)', async () => {
    const save = jest.fn().mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValue({});
    const autosave = started(save);
    autosave.save(second);
    await flushPromises();

    autosave.retryNow();
    await flushPromises();

    expect(save).toHaveBeenCalledTimes(2);
    expect(autosave.getStatus().failing).toBe(false);
  });

  it('lets a caller wait for a save, hearing of the first failure while retries go on', async () => {
    const save = jest.fn().mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValue({});
    const autosave = started(save);

    await expect(autosave.saveAndWait(second, 'exit')).rejects.toThrow('Failed to fetch');
    await expect(autosave.saveAndWait(second, 'exit')).resolves.toBeUndefined();
    expect(save).toHaveBeenLastCalledWith(second, 'exit');
  });

  it('sends nothing before start() and no retries after stop()', async () => {
    const save = jest.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    const autosave = createAutosave({ save });

    autosave.save(second);
    expect(save).not.toHaveBeenCalled();
    autosave.start();
    await flushPromises();
    expect(save).toHaveBeenCalledTimes(1);

    autosave.stop();
    await jest.advanceTimersByTimeAsync(60_000);
    expect(save).toHaveBeenCalledTimes(1);
  });
});

describe("a completed set's save state", () => {
  const done = completed(w1, 95, 10, '2026-11-22T09:00:00.000Z');
  const status = (savedExercises: Exercise[], failing = false): AutosaveStatus => ({
    latestVersion: 2,
    savedVersion: 1,
    savedExercises,
    failing,
  });

  it.each<[string, AutosaveStatus, 'saved' | 'saving' | 'retrying']>([
    ['saved: the api has it as it is', status(second), 'saved'],
    ['saving: the api has it incomplete', status(first), 'saving'],
    ['retrying: the api has it incomplete and the last attempt failed', status(first, true), 'retrying'],
    [
      'saving: the api has other numbers (undone, then logged again)',
      status([exercise(101, 'Incline Press', [{ ...done, reps: 9 }, w2, work])]),
      'saving',
    ],
    [
      'saving: the api has it from another moment',
      status([exercise(101, 'Incline Press', [{ ...done, completedAt: '2026-11-22T09:01:00.000Z' }, w2, work])]),
      'saving',
    ],
  ])('%s', (_case, current, expected) => {
    expect(setSaveState(done, current)).toBe(expected);
  });
});
