import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ImportPreview, WorkoutDay } from '@hit/contracts';
import { createQueryClient, queryKeys } from '@hit/platform';
import { ThemeProvider } from '@hit/ui';
import { answer, mockApi, type ApiRoutes } from '@hit/platform/test/apiMock';
import { ImportHistory } from './ImportHistory';

const days = [
  {
    id: 1,
    exercises: [
      { id: 101, name: 'Incline Press', sets: [] },
      { id: 104, name: 'Deadlifts', sets: [] },
    ],
  },
  { id: 3, exercises: [{ id: 301, name: 'Leg Press', sets: [] }] },
] as unknown as WorkoutDay[];

const PREVIEW: ImportPreview = {
  format: 'strong',
  statesUnit: false,
  workouts: 2,
  sets: 6,
  skippedRows: 1,
  from: '2024-01-15T07:41:00.000Z',
  to: '2024-01-17T18:05:00.000Z',
  exercises: [
    { name: 'Bench Press (Barbell)', sets: 2, exerciseId: null },
    { name: 'Deadlifts', sets: 3, exerciseId: 104 },
    { name: 'Face Pull', sets: 1, exerciseId: null },
  ],
};

const CSV =
  'Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps\n2024-01-15 07:41:00,Push,1h,Deadlifts,1,315,6';

function renderImport(routes: ApiRoutes) {
  const api = mockApi(routes);
  const queryClient = createQueryClient();
  queryClient.setQueryData(queryKeys.workoutDays, days);
  const onDone = jest.fn();
  render(
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <ImportHistory onDone={onDone} />
      </ThemeProvider>
    </QueryClientProvider>,
  );
  return { api, onDone, user: userEvent.setup() };
}

const file = (text: string, name = 'strong.csv') => new File([text], name, { type: 'text/csv' });
const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body)) as Record<string, unknown>;

describe('importing workouts from Strong or Hevy', () => {
  it('previews the file, maps the exercises (same names matched), and imports what is not skipped', async () => {
    const { api, user, onDone } = renderImport({
      'POST /api/import/preview': answer(200, PREVIEW),
      'POST /api/import': answer(200, { workouts: 2, sets: 5, alreadyImported: 0, skippedSets: 1 }),
    });
    await user.upload(screen.getByLabelText('CSV file from Strong or Hevy'), file(CSV));

    expect(
      await screen.findByText(
        'Strong export: 2 workouts, 6 sets, from Jan 15, 2024 to Jan 17, 2024. 1 row without reps left out.',
      ),
    ).toBeInTheDocument();
    expect(bodyOf(api.callsTo('POST /api/import/preview')[0][1])).toMatchObject({ csv: CSV, unit: 'lbs' });
    const mapping = within(screen.getByRole('list', { name: 'Exercises in the file' }));
    expect(mapping.getByLabelText('Deadlifts (3 sets) is')).toHaveValue('104');
    expect(mapping.getByLabelText('Bench Press (Barbell) (2 sets) is')).toHaveValue('skip');
    expect(screen.getByRole('button', { name: 'Import 3 sets' })).toBeEnabled();

    await user.selectOptions(mapping.getByLabelText('Bench Press (Barbell) (2 sets) is'), 'Incline Press');
    await user.selectOptions(screen.getByLabelText('Weights in this file are in'), 'Kilograms (kg)');
    await user.click(screen.getByRole('button', { name: 'Import 5 sets' }));

    expect(
      await screen.findByText('Imported 2 workouts and 5 sets. 1 set of skipped exercises left out.'),
    ).toBeInTheDocument();
    expect(bodyOf(api.callsTo('POST /api/import')[0][1])).toMatchObject({
      csv: CSV,
      unit: 'kg',
      mapping: { 'Bench Press (Barbell)': 101, Deadlifts: 104, 'Face Pull': null },
    });
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(onDone).toHaveBeenCalled();
  });

  it('says when a file adds nothing new', async () => {
    const { user } = renderImport({
      'POST /api/import/preview': answer(200, { ...PREVIEW, statesUnit: true }),
      'POST /api/import': answer(200, { workouts: 0, sets: 0, alreadyImported: 3, skippedSets: 3 }),
    });
    await user.upload(screen.getByLabelText('CSV file from Strong or Hevy'), file(CSV));
    await screen.findByText(/^Strong export/);
    expect(screen.queryByLabelText('Weights in this file are in')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Import 3 sets' }));
    expect(await screen.findByText(/^Nothing new: every set of this file was imported before\./)).toBeInTheDocument();
  });

  it("shows the api's refusal with the line and column, and imports nothing", async () => {
    const { api, user } = renderImport({
      'POST /api/import/preview': answer(400, {
        message: 'Line 7, column "Weight": expected a weight from 0 to 2000, found "three fifteen"',
      }),
    });
    await user.upload(screen.getByLabelText('CSV file from Strong or Hevy'), file(CSV));
    expect(
      await screen.findByText('Line 7, column "Weight": expected a weight from 0 to 2000, found "three fifteen"'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import 0 sets' })).toBeDisabled();
    expect(api.callsTo('POST /api/import')).toHaveLength(0);
  });

  it('refuses a file over 10 MB before sending it', async () => {
    const { api, user } = renderImport({});
    const big = file('x'.repeat(10 * 1024 * 1024 + 1));
    await user.upload(screen.getByLabelText('CSV file from Strong or Hevy'), big);
    expect(
      await screen.findByText('The file is over 10 MB: export a shorter period, or split the file.'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST /api/import/preview')).toHaveLength(0);
  });
});
