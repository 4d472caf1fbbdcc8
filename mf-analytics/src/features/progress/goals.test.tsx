import { screen, waitFor, within } from '@testing-library/react';
import type { Goal, ProgressEntry } from '@hit/contracts';
import { answer, never } from '@hit/platform/test/apiMock';
import { achievedSquatGoal, expiredStatus, goal, trialStatus } from '../../../test/fixtures';
import { mockAnalyticsApi, renderAnalytics } from '../../../test/renderAnalytics';

const goalsRegion = () => screen.getByRole('region', { name: 'Goals' });
const goalItem = (name: string) =>
  within(screen.getByRole('list', { name: 'Goals' })).getByRole('listitem', { name: name });
const sentBody = (call: [string, RequestInit?]) => JSON.parse(String(call[1]?.body)) as unknown;

async function renderWithGoals(goals: Goal[] | Goal[][], overrides: Parameters<typeof mockAnalyticsApi>[0] = {}) {
  const answers = Array.isArray(goals[0]) ? (goals as Goal[][]).map((list) => answer(200, list)) : [answer(200, goals)];
  const api = mockAnalyticsApi({ 'GET /api/goals': answers, ...overrides });
  const rendered = renderAnalytics();
  const region = await screen.findByRole('region', { name: 'Goals' });
  await waitFor(() => expect(within(region).queryByText('Loading goals...')).not.toBeInTheDocument());
  return { api, ...rendered };
}

/** Squat (12) on Day 1 of each weekly cycle, at each weight × 6; Row on Day 2 so that each Day 1 starts a cycle. */
function weeklySquats(weights: number[]): ProgressEntry[] {
  return weights.flatMap((weight, week) => {
    const day = (d: number) => new Date(Date.UTC(2026, 10, 2 + week * 7 + d, 10)).toISOString();
    return [
      {
        ...base,
        date: day(0),
        sessionId: `d1-${week}`,
        workoutDayId: 1,
        exerciseId: 12,
        exerciseName: 'Squat',
        weight,
      },
      { ...base, date: day(2), sessionId: `d2-${week}`, workoutDayId: 2, exerciseId: 21, exerciseName: 'Barbell Row' },
    ];
  });
}
const base = { weight: 100, weightUnit: 'lbs', reps: 6, setType: 'working' } as const;

describe('Goals: the list (docs/product-rules.md, "Goals")', () => {
  it('shows each goal with its target, progress bar, percentage, what is left and the projection', async () => {
    await renderWithGoals([achievedSquatGoal, goal({ targetDate: '2027-01-31' })]);
    const items = within(await screen.findByRole('list', { name: 'Goals' })).getAllByRole('listitem');
    // The open goal first.
    expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual(['Bench Press', 'Squat']);

    const bench = goalItem('Bench Press');
    expect(within(bench).getByText('120 lbs × 6')).toBeInTheDocument();
    expect(within(bench).getByText('Target date: Jan 31, 2027')).toBeInTheDocument();
    const bar = within(bench).getByRole('progressbar', { name: 'Bench Press goal progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '94');
    expect(bar).toHaveAttribute('aria-valuemin', '0');
    expect(bar).toHaveAttribute('aria-valuemax', '100');
    expect(within(bench).getByText('94%')).toBeInTheDocument();
    expect(within(bench).getByText('7.5 lbs of estimated 1RM to go')).toBeInTheDocument();
    // The fixture has 2 cycles: no trend yet.
    expect(within(bench).getByText('Not enough data yet')).toBeInTheDocument();

    const squat = goalItem('Squat');
    expect(within(squat).getByText('200 lbs × 10')).toBeInTheDocument();
    expect(within(squat).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    expect(within(squat).getByText('Achieved Nov 5, 2026')).toBeInTheDocument();
    expect(within(squat).queryByText(/to go|Projected|Not enough data/)).not.toBeInTheDocument();
    // Closed once achieved: it can be deleted, not edited.
    expect(within(squat).queryByRole('button', { name: 'Edit Squat goal' })).not.toBeInTheDocument();
    expect(within(squat).getByRole('button', { name: 'Delete Squat goal' })).toBeInTheDocument();
  });

  it("projects the date from the goal exercise's per-cycle best estimates in the goal's unit", async () => {
    // 240, 252, 264 lbs estimated: +12 a cycle; 270 (225 × 6) one 7-day cycle after Nov 16.
    const squatGoal = goal({ id: 'g', exerciseId: 12, exerciseName: 'Squat', weight: 225, targetEstimate: 270 });
    // In kg the same sets are 108.9, 114.3, 119.7 kg estimated: +5.4 a cycle, 122.5 one cycle after Nov 16 too.
    const kgGoal = goal({ id: 'k', exerciseId: 12, exerciseName: 'Squat', unit: 'kg', weight: 102.1 });
    await renderWithGoals([{ ...squatGoal }, { ...kgGoal, targetEstimate: 122.5 }], {
      'GET /api/progress': answer(200, weeklySquats([200, 210, 220])),
    });

    const [lbs, kg] = within(screen.getByRole('list', { name: 'Goals' })).getAllByRole('listitem');
    expect(within(lbs).getByText('Projected: Nov 23, 2026')).toBeInTheDocument();
    expect(within(kg).getByText('Projected: Nov 23, 2026')).toBeInTheDocument();
  });

  it('says when the trend is not on track', async () => {
    await renderWithGoals([goal({ exerciseId: 12, exerciseName: 'Squat', targetEstimate: 270 })], {
      'GET /api/progress': answer(200, weeklySquats([210, 205, 200])),
    });

    expect(within(goalItem('Squat')).getByText('Not on track at this pace')).toBeInTheDocument();
  });

  it('invites a first goal when there is none', async () => {
    await renderWithGoals([]);
    expect(within(goalsRegion()).getByText(/^No goals yet/)).toBeInTheDocument();
  });

  it('offers Try again when the goals fail to load, the rest of the screen still shown', async () => {
    const api = mockAnalyticsApi({
      'GET /api/goals': [answer(500, { message: 'boom' }), answer(200, [goal()])],
    });
    const { user } = renderAnalytics();

    const alert = await within(await screen.findByRole('region', { name: 'Goals' })).findByRole('alert');
    expect(alert).toHaveTextContent('Unable to load goals');
    expect(screen.getByRole('region', { name: 'Personal Records' })).toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Try loading goals again' }));

    expect(await screen.findByRole('progressbar', { name: 'Bench Press goal progress' })).toBeInTheDocument();
    expect(api.callsTo('GET /api/goals')).toHaveLength(2);
  });

  it('shows a loading state while the goals load', async () => {
    mockAnalyticsApi({ 'GET /api/goals': never });
    renderAnalytics();

    const region = await screen.findByRole('region', { name: 'Goals' });
    expect(within(region).getByText('Loading goals...')).toBeInTheDocument();
  });
});

describe('Goals: setting one', () => {
  it('creates a goal for one of the lifter’s exercises, then shows the refreshed list', async () => {
    const created = goal({ id: 'new', exerciseId: 12, exerciseName: 'Squat', weight: 250, reps: 8, percent: 80 });
    const { api, user } = await renderWithGoals([[], [created]], {
      'POST /api/goals': answer(201, created),
    });

    await user.click(within(goalsRegion()).getByRole('button', { name: 'Set a goal' }));
    const form = screen.getByRole('form', { name: 'Set a goal' });
    const exercise = within(form).getByRole('combobox', { name: 'Exercise' });
    expect(exercise).toHaveFocus();
    expect(
      within(exercise)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Bench Press', 'Squat', 'Barbell Row']);
    expect(within(form).getByRole('combobox', { name: 'Unit' })).toHaveDisplayValue('Pounds (lbs)');
    expect(within(form).getByRole('spinbutton', { name: 'Reps' })).toHaveValue(6);

    await user.selectOptions(exercise, 'Squat');
    await user.type(within(form).getByRole('spinbutton', { name: 'Target weight' }), '250');
    await user.clear(within(form).getByRole('spinbutton', { name: 'Reps' }));
    await user.type(within(form).getByRole('spinbutton', { name: 'Reps' }), '8');
    await user.type(within(form).getByLabelText('Target date (optional)'), '2027-03-01');
    await user.click(within(form).getByRole('button', { name: 'Save goal' }));

    expect(await screen.findByRole('progressbar', { name: 'Squat goal progress' })).toBeInTheDocument();
    expect(api.callsTo('POST /api/goals')).toHaveLength(1);
    expect(sentBody(api.callsTo('POST /api/goals')[0])).toEqual({
      exerciseId: 12,
      weight: 250,
      unit: 'lbs',
      reps: 8,
      targetDate: '2027-03-01',
    });
    expect(screen.queryByRole('form', { name: 'Set a goal' })).not.toBeInTheDocument();
    expect(within(goalsRegion()).getByRole('button', { name: 'Set a goal' })).toHaveFocus();
  });

  it('starts a new goal in the unit selected on the screen, with no date', async () => {
    const { api, user } = await renderWithGoals([], { 'POST /api/goals': answer(201, goal()) });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Weight unit' }), 'Kilograms (kg)');
    await user.click(within(goalsRegion()).getByRole('button', { name: 'Set a goal' }));
    const form = screen.getByRole('form', { name: 'Set a goal' });
    await user.type(within(form).getByRole('spinbutton', { name: 'Target weight' }), '60');
    await user.click(within(form).getByRole('button', { name: 'Save goal' }));

    await waitFor(() => expect(api.callsTo('POST /api/goals')).toHaveLength(1));
    expect(sentBody(api.callsTo('POST /api/goals')[0])).toEqual({
      exerciseId: 11,
      weight: 60,
      unit: 'kg',
      reps: 6,
      targetDate: null,
    });
  });

  it('checks the weight and the reps before sending', async () => {
    const { api, user } = await renderWithGoals([]);

    await user.click(within(goalsRegion()).getByRole('button', { name: 'Set a goal' }));
    const form = screen.getByRole('form', { name: 'Set a goal' });
    const weight = within(form).getByRole('spinbutton', { name: 'Target weight' });
    const reps = within(form).getByRole('spinbutton', { name: 'Reps' });
    await user.type(weight, '0');
    await user.clear(reps);
    await user.type(reps, '12');
    await user.click(within(form).getByRole('button', { name: 'Save goal' }));

    expect(weight).toHaveAccessibleDescription('Enter a weight above 0');
    expect(weight).toHaveAttribute('aria-invalid', 'true');
    expect(weight).toHaveFocus();
    expect(reps).toHaveAccessibleDescription('6 to 10 Reps must be a whole number from 6 to 10');
    expect(api.callsTo('POST /api/goals')).toHaveLength(0);

    await user.clear(weight);
    await user.type(weight, '100');
    expect(weight).not.toHaveAttribute('aria-invalid');
  });

  it.each([
    [400, 'weight: must be at most 2000'],
    [409, 'There is already an open goal for Bench Press: edit or delete it first'],
  ])('shows the api’s %i message next to the form and keeps what was typed', async (status, message) => {
    const { api, user } = await renderWithGoals([goal()], {
      'POST /api/goals': answer(status, { message }),
    });

    await user.click(within(goalsRegion()).getByRole('button', { name: 'Set a goal' }));
    const form = screen.getByRole('form', { name: 'Set a goal' });
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Exercise' }), 'Bench Press');
    await user.type(within(form).getByRole('spinbutton', { name: 'Target weight' }), '2500');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Unit' }), 'Kilograms (kg)');
    await user.type(within(form).getByLabelText('Target date (optional)'), '2027-02-01');
    await user.click(within(form).getByRole('button', { name: 'Save goal' }));

    expect(await within(form).findByRole('alert')).toHaveTextContent(message);
    expect(within(form).getByRole('button', { name: 'Save goal' })).toHaveAccessibleDescription(message);
    expect(within(form).getByRole('combobox', { name: 'Exercise' })).toHaveDisplayValue('Bench Press');
    expect(within(form).getByRole('spinbutton', { name: 'Target weight' })).toHaveValue(2500);
    expect(within(form).getByRole('combobox', { name: 'Unit' })).toHaveDisplayValue('Kilograms (kg)');
    expect(within(form).getByRole('spinbutton', { name: 'Reps' })).toHaveValue(6);
    expect(within(form).getByLabelText('Target date (optional)')).toHaveValue('2027-02-01');
    expect(api.callsTo('GET /api/goals')).toHaveLength(1);
  });

  it('says so when the api cannot be reached, the form kept', async () => {
    const { user } = await renderWithGoals([], {
      'POST /api/goals': () => {
        throw new TypeError('Failed to fetch');
      },
    });

    await user.click(within(goalsRegion()).getByRole('button', { name: 'Set a goal' }));
    const form = screen.getByRole('form', { name: 'Set a goal' });
    await user.type(within(form).getByRole('spinbutton', { name: 'Target weight' }), '150');
    await user.click(within(form).getByRole('button', { name: 'Save goal' }));

    expect(await within(form).findByRole('alert')).toHaveTextContent(
      "HIT Tracker can't reach its server right now. Try again when you're back online.",
    );
    expect(within(form).getByRole('spinbutton', { name: 'Target weight' })).toHaveValue(150);
  });

  it('suggests an exercise without an open goal, and Cancel closes the form', async () => {
    const { user } = await renderWithGoals([goal()]);

    await user.click(within(goalsRegion()).getByRole('button', { name: 'Set a goal' }));
    const form = screen.getByRole('form', { name: 'Set a goal' });
    expect(within(form).getByRole('combobox', { name: 'Exercise' })).toHaveDisplayValue('Squat');
    await user.click(within(form).getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('form', { name: 'Set a goal' })).not.toBeInTheDocument();
    expect(within(goalsRegion()).getByRole('button', { name: 'Set a goal' })).toHaveFocus();
  });
});

describe('Goals: editing and deleting', () => {
  it('edits a goal in place, sending only what changed', async () => {
    const edited = goal({ weight: 130, targetEstimate: 156, percent: 87 });
    const { api, user } = await renderWithGoals([[goal()], [edited]], {
      'PATCH /api/goals/goal-bench': answer(200, edited),
    });

    await user.click(within(goalItem('Bench Press')).getByRole('button', { name: 'Edit Bench Press goal' }));
    const form = screen.getByRole('form', { name: 'Edit goal: Bench Press' });
    expect(within(form).queryByRole('combobox', { name: 'Exercise' })).not.toBeInTheDocument();
    const weight = within(form).getByRole('spinbutton', { name: 'Target weight' });
    expect(weight).toHaveValue(120);
    expect(weight).toHaveFocus();
    await user.clear(weight);
    await user.type(weight, '130');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('130 lbs × 6')).toBeInTheDocument();
    expect(sentBody(api.callsTo('PATCH /api/goals/goal-bench')[0])).toEqual({ weight: 130 });
    expect(screen.queryByRole('form', { name: 'Edit goal: Bench Press' })).not.toBeInTheDocument();
    expect(within(goalItem('Bench Press')).getByRole('button', { name: 'Edit Bench Press goal' })).toHaveFocus();
  });

  it('keeps the edit form and its values when the api refuses (404)', async () => {
    const { user } = await renderWithGoals([goal()], {
      'PATCH /api/goals/goal-bench': answer(404, { message: 'Goal not found' }),
    });

    await user.click(within(goalItem('Bench Press')).getByRole('button', { name: 'Edit Bench Press goal' }));
    const form = screen.getByRole('form', { name: 'Edit goal: Bench Press' });
    const reps = within(form).getByRole('spinbutton', { name: 'Reps' });
    await user.clear(reps);
    await user.type(reps, '8');
    await user.type(within(form).getByLabelText('Target date (optional)'), '2027-05-05');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));

    expect(await within(form).findByRole('alert')).toHaveTextContent('Goal not found');
    expect(reps).toHaveValue(8);
    expect(within(form).getByLabelText('Target date (optional)')).toHaveValue('2027-05-05');
  });

  it('deletes a goal after a confirmation', async () => {
    const { api, user } = await renderWithGoals([[goal(), achievedSquatGoal], [achievedSquatGoal]], {
      'DELETE /api/goals/goal-bench': answer(204),
    });

    await user.click(within(goalItem('Bench Press')).getByRole('button', { name: 'Delete Bench Press goal' }));
    let dialog = screen.getByRole('dialog', { name: 'Delete this goal?' });
    expect(dialog).toHaveAccessibleDescription('Bench Press: 120 lbs × 6. This cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'Keep goal' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo('DELETE /api/goals/goal-bench')).toHaveLength(0);

    await user.click(within(goalItem('Bench Press')).getByRole('button', { name: 'Delete Bench Press goal' }));
    dialog = screen.getByRole('dialog', { name: 'Delete this goal?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete goal' }));

    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Bench Press' })).not.toBeInTheDocument());
    expect(api.callsTo('DELETE /api/goals/goal-bench')).toHaveLength(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(goalItem('Squat')).toBeInTheDocument();
    expect(within(goalsRegion()).getByRole('button', { name: 'Set a goal' })).toHaveFocus();
  });

  it('keeps the confirmation open with the api message when the delete fails', async () => {
    const { user } = await renderWithGoals([goal()], {
      'DELETE /api/goals/goal-bench': answer(404, { message: 'Goal not found' }),
    });

    await user.click(within(goalItem('Bench Press')).getByRole('button', { name: 'Delete Bench Press goal' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this goal?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete goal' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Goal not found');
    expect(goalItem('Bench Press')).toBeInTheDocument();
  });
});

describe('Goals after the trial (402)', () => {
  it('are not asked for while the trial-expired gate shows', async () => {
    const api = mockAnalyticsApi({ 'GET /api/subscription/status': answer(200, expiredStatus) });
    renderAnalytics();

    expect(await screen.findByRole('dialog', { name: 'Free Trial Expired' })).toBeInTheDocument();
    expect(api.callsTo('GET /api/goals')).toHaveLength(0);
  });

  it('give way to the gate when a change is refused with 402 (the status is read again)', async () => {
    const message =
      'Your free trial has ended. Upgrade to Premium to continue tracking workouts and viewing your progress.';
    const { api, user } = await renderWithGoals([goal()], {
      'GET /api/subscription/status': [answer(200, trialStatus), answer(200, expiredStatus)],
      'POST /api/goals': answer(402, { message }),
    });

    await user.click(within(goalsRegion()).getByRole('button', { name: 'Set a goal' }));
    const form = screen.getByRole('form', { name: 'Set a goal' });
    await user.type(within(form).getByRole('spinbutton', { name: 'Target weight' }), '300');
    await user.click(within(form).getByRole('button', { name: 'Save goal' }));

    expect(await screen.findByRole('dialog', { name: 'Free Trial Expired' })).toBeInTheDocument();
    expect(api.callsTo('GET /api/subscription/status')).toHaveLength(2);
  });
});
