import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import type { PlateSettingsBody } from '@hit/contracts';
import { EXERCISE_IDS } from '@hit/contracts/rules';
import { createQueryClient, queryKeys } from '@hit/platform';
import { answer, mockApi, never, type ApiRoutes } from '@hit/platform/test/apiMock';
import { ThemeProvider } from '@hit/ui';
import type { SetPrefill } from '../logic/prefill';
import { SetEntryForm } from './SetEntryForm';

const blank: SetPrefill = {
  weight: '',
  reps: '',
  weightUnit: 'lbs',
  placeholder: { weight: '0', reps: '0' },
  lastTime: null,
  advice: null,
};

const SETTINGS = 'GET /api/settings/plates';

function renderForm(exerciseId: number, routes: ApiRoutes = { [SETTINGS]: never }, prefill: Partial<SetPrefill> = {}) {
  const api = mockApi(routes);
  const queryClient = createQueryClient();
  render(
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <SetEntryForm
          exerciseId={exerciseId}
          label="Working Set"
          prefill={{ ...blank, ...prefill }}
          onComplete={jest.fn()}
        />
      </ThemeProvider>
    </QueryClientProvider>,
  );
  return { api, queryClient, user: userEvent.setup() };
}

const weightInput = () => screen.getByRole('textbox', { name: 'Weight' });
/** The line under the weight, found through the input's aria-describedby. */
const plateLine = () => {
  const id = weightInput().getAttribute('aria-describedby');
  return id ? document.getElementById(id) : null;
};

async function typeWeight(user: ReturnType<typeof userEvent.setup>, weight: string) {
  await user.clear(weightInput());
  if (weight) await user.type(weightInput(), weight);
}

describe('the plate line of the set form (defaults while the settings load)', () => {
  it.each([
    ['Deadlifts', '185', 'Per side: 45 + 25', EXERCISE_IDS.deadlifts],
    ['Incline Press', '45', 'Just the bar', EXERCISE_IDS.inclinePress],
    ['Incline Press', '140', 'Per side: 45 + 2.5', EXERCISE_IDS.inclinePress],
    ['Incline Press', '30', 'Below the 45 lbs bar', EXERCISE_IDS.inclinePress],
    ['Leg Press (no sled by default)', '90', 'Per side: 45', EXERCISE_IDS.legPress],
    ['Leg Press (no sled by default)', '270', 'Per side: 45 + 45 + 45', EXERCISE_IDS.legPress],
  ])('%s, %s lbs: %s', async (_name, weight, line, exerciseId) => {
    const { user } = renderForm(exerciseId);
    await typeWeight(user, weight);

    expect(weightInput()).toHaveAccessibleDescription(line);
    expect(plateLine()).toHaveTextContent(line);
    expect(plateLine()).toHaveAttribute('aria-live', 'polite');
  });

  it('names the nearest loadable weights for one the plates cannot make', async () => {
    const { user } = renderForm(EXERCISE_IDS.deadlifts);
    await typeWeight(user, '136');

    expect(plateLine()).toHaveTextContent('Cannot load 136 lbs exactly with your plates; nearest: 135 lbs or 140 lbs');
  });

  it('follows the weight as it is typed, in the unit chosen', async () => {
    const { user } = renderForm(EXERCISE_IDS.deadlifts);
    await user.type(weightInput(), '6');
    expect(plateLine()).toHaveTextContent('Below the 45 lbs bar');
    await user.type(weightInput(), '5');
    expect(plateLine()).toHaveTextContent('Per side: 10');

    await user.click(screen.getByRole('radio', { name: 'kg' }));
    expect(plateLine()).toHaveTextContent('Per side: 20 + 2.5');
    await typeWeight(user, '66');
    expect(plateLine()).toHaveTextContent('Cannot load 66 kg exactly with your plates; nearest: 65 kg or 67.5 kg');
    await typeWeight(user, '60');
    expect(plateLine()).toHaveTextContent('Per side: 20');
    await typeWeight(user, '20');
    expect(plateLine()).toHaveTextContent('Just the bar');
    await typeWeight(user, '62,5');
    expect(plateLine()).toHaveTextContent('Per side: 20 + 1.25');
  });

  it('shows the line for the prefilled weight before anything is typed', () => {
    renderForm(EXERCISE_IDS.inclinePress, { [SETTINGS]: never }, { weight: '95', weightUnit: 'lbs' });
    expect(plateLine()).toHaveTextContent('Per side: 25');
  });

  it('says nothing for an empty, zero or refused weight', async () => {
    const { user } = renderForm(EXERCISE_IDS.deadlifts);
    expect(plateLine()).toBeEmptyDOMElement();
    await typeWeight(user, '0');
    expect(plateLine()).toBeEmptyDOMElement();
    await typeWeight(user, '.');
    expect(plateLine()).toBeEmptyDOMElement();
    await typeWeight(user, '2500');
    expect(plateLine()).toBeEmptyDOMElement();
  });

  it.each([
    ['Dumbbell Flys', EXERCISE_IDS.dumbbellFlys],
    ['Side Raises', EXERCISE_IDS.sideRaises],
    ['Calf Raises', EXERCISE_IDS.calfRaises],
  ])('is not there for %s, which is not plate-loaded, nor asks for the settings', async (_name, exerciseId) => {
    const { user, api } = renderForm(exerciseId, {});
    await typeWeight(user, '135');

    expect(weightInput()).not.toHaveAttribute('aria-describedby');
    expect(screen.queryByText(/Per side|Cannot load|Just the bar/)).not.toBeInTheDocument();
    expect(api).not.toHaveBeenCalled();
  });
});

describe('the plate line with the settings from the api', () => {
  const own: PlateSettingsBody = {
    lbs: {
      bar: 35,
      sled: 100,
      plates: [
        { weight: 45, pairs: 2 },
        { weight: 10, pairs: 1 },
      ],
    },
    kg: { bar: 15, sled: 50, plates: [{ weight: 10, pairs: 3 }] },
  };

  it('uses the bar and the plates the lifter has', async () => {
    const { user, api } = renderForm(EXERCISE_IDS.deadlifts, { [SETTINGS]: answer(200, own) });
    await typeWeight(user, '135');

    expect(
      await screen.findByText('Cannot load 135 lbs exactly with your plates; nearest: 125 lbs or 145 lbs'),
    ).toBeInTheDocument();
    await typeWeight(user, '35');
    expect(plateLine()).toHaveTextContent('Just the bar');
    await typeWeight(user, '235');
    expect(plateLine()).toHaveTextContent('Per side: 45 + 45 + 10');
    await typeWeight(user, '250');
    expect(plateLine()).toHaveTextContent('Cannot load 250 lbs exactly with your plates; nearest: 235 lbs');
    expect(api.callsTo(SETTINGS)).toHaveLength(1);
  });

  it('loads the leg press from the sled weight, in each unit', async () => {
    const { user } = renderForm(EXERCISE_IDS.legPress, { [SETTINGS]: answer(200, own) });
    await typeWeight(user, '190');
    expect(await screen.findByText('Per side: 45')).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'kg' }));
    await typeWeight(user, '90');
    expect(plateLine()).toHaveTextContent('Per side: 10 + 10');
    await typeWeight(user, '50');
    expect(plateLine()).toHaveTextContent('Just the bar');
  });

  it.each<[string, ApiRoutes[string]]>([
    ['an error answer', answer(500, { message: 'Database unavailable' })],
    [
      'no network',
      () => {
        throw new TypeError('Failed to fetch');
      },
    ],
    ['an answer of another shape', answer(200, {})],
  ])('falls back to the default plates on %s', async (_name, reply) => {
    const { user, api, queryClient } = renderForm(EXERCISE_IDS.deadlifts, { [SETTINGS]: reply });
    await waitFor(() => expect(queryClient.getQueryState(queryKeys.plateSettings)?.status).not.toBe('pending'));
    await typeWeight(user, '185');

    expect(plateLine()).toHaveTextContent('Per side: 45 + 25');
    expect(api.callsTo(SETTINGS)).toHaveLength(1);
  });
});
