import { useId, useState, type ChangeEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import styled from 'styled-components';
import type { ImportBody, ImportPreview, ImportResult, WeightUnit, WorkoutDay } from '@hit/contracts';
import { IMPORT_MAX_FILE_BYTES } from '@hit/contracts/rules';
import { apiRequest, isNetworkFailure, queryKeys } from '@hit/platform';
import { Alert, Button, DialogActions, Spinner, theme } from '@hit/ui';
import { messageOf } from './accountApi';

const Stack = styled.div`
  display: grid;
  gap: ${theme.space.md};
  min-width: 0;
`;

const Field = styled.div`
  display: grid;
  gap: ${theme.space.xxs};
  min-width: 0;
  label {
    font-size: ${theme.fontSizes.sm};
    font-weight: ${theme.fontWeights.medium};
  }
  input,
  select {
    max-width: 100%;
    min-height: ${theme.layout.minTouchTarget};
    font: inherit;
    color: ${theme.colors.text};
  }
  select {
    padding: 0 ${theme.space.sm};
    background: ${theme.colors.surfaceRaised};
    border: 1px solid ${theme.colors.border};
    border-radius: ${theme.radii.md};
  }
`;

const Mapping = styled.ul`
  display: grid;
  gap: ${theme.space.sm};
  max-height: 40vh;
  overflow-y: auto;
  padding: 0;
  list-style: none;
`;

const Note = styled.p`
  font-size: ${theme.fontSizes.sm};
  color: ${theme.colors.textMuted};
`;

const SKIP = 'skip';
const day = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`;
const FORMAT_NAMES: Record<ImportPreview['format'], string> = {
  strong: 'Strong',
  'strong-semicolon': 'Strong',
  hevy: 'Hevy',
};

/** The file's text (FileReader: every browser, and the tests' DOM, has it). */
function readText(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsText(file);
  });
}

function problemText(error: unknown): string {
  if (isNetworkFailure(error)) return 'No connection: nothing was imported. Try again when you are online.';
  return messageOf(error);
}

interface Loaded {
  csv: string;
  fileName: string;
  preview: ImportPreview;
}

/**
 * Importing history from Strong or Hevy (issue #20; docs/product-rules.md, "Importing history"): the file is read by
 * the api (in a worker thread), which answers what it found; the lifter maps the file's exercise names to ours (same
 * names already matched) or skips them, and confirms. A file imported again adds nothing.
 */
export function ImportHistory({ onDone }: { onDone: () => void }) {
  const id = useId();
  const queryClient = useQueryClient();
  const days = useQuery<WorkoutDay[]>({ queryKey: queryKeys.workoutDays });
  const exercises = (days.data ?? []).flatMap((workoutDay) => workoutDay.exercises);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [unit, setUnit] = useState<WeightUnit>('lbs');
  const [choices, setChoices] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);

  const body = (csv: string, mapping?: ImportBody['mapping']): ImportBody => ({
    csv,
    unit,
    timezoneOffsetMinutes: new Date().getTimezoneOffset(),
    ...(mapping && { mapping }),
  });

  const preview = useMutation({
    mutationFn: ({ csv }: { csv: string; fileName: string }) =>
      apiRequest<ImportPreview>('POST', '/api/import/preview', body(csv)),
    onSuccess: (answer, { csv, fileName }) => {
      setLoaded({ csv, fileName, preview: answer });
      setChoices(
        Object.fromEntries(answer.exercises.map((exercise) => [exercise.name, String(exercise.exerciseId ?? SKIP)])),
      );
    },
    onError: (error) => setProblem(problemText(error)),
  });

  const run = useMutation({
    mutationFn: (csv: string) =>
      apiRequest<ImportResult>(
        'POST',
        '/api/import',
        body(
          csv,
          Object.fromEntries(
            Object.entries(choices).map(([name, choice]) => [name, choice === SKIP ? null : Number(choice)]),
          ),
        ),
      ),
    onSuccess: () => {
      // The charts, records, goals and hints include the imported sets now.
      for (const queryKey of [queryKeys.progress, queryKeys.records, queryKeys.goals, queryKeys.lastWorkouts])
        void queryClient.invalidateQueries({ queryKey });
    },
    onError: (error) => setProblem(problemText(error)),
  });

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    setProblem(null);
    setLoaded(null);
    run.reset();
    if (!file) return;
    if (file.size > IMPORT_MAX_FILE_BYTES) {
      setProblem('The file is over 10 MB: export a shorter period, or split the file.');
      return;
    }
    try {
      preview.mutate({ csv: await readText(file), fileName: file.name });
    } catch (error) {
      setProblem(`The file could not be read (${messageOf(error)}).`);
    }
  }

  if (run.data) {
    const { workouts, sets, alreadyImported, skippedSets } = run.data;
    return (
      <Stack>
        <p role="status">
          {sets > 0
            ? `Imported ${plural(workouts, 'workout')} and ${plural(sets, 'set')}.`
            : 'Nothing new: every set of this file was imported before.'}
          {alreadyImported > 0 && sets > 0 ? ` ${plural(alreadyImported, 'set')} were already there.` : ''}
          {skippedSets > 0 ? ` ${plural(skippedSets, 'set')} of skipped exercises left out.` : ''}
        </p>
        <DialogActions>
          <Button onClick={onDone}>Done</Button>
        </DialogActions>
      </Stack>
    );
  }

  const mappedSets = loaded
    ? loaded.preview.exercises.reduce((sum, exercise) => sum + (choices[exercise.name] === SKIP ? 0 : exercise.sets), 0)
    : 0;

  return (
    <Stack>
      <Note>
        Export your workouts as CSV from Strong (Settings, Export Data) or Hevy (Settings, Export Data), then choose the
        file here. Nothing is added until you confirm.
      </Note>
      <Field>
        <label htmlFor={`${id}-file`}>CSV file from Strong or Hevy</label>
        <input id={`${id}-file`} type="file" accept=".csv,text/csv" onChange={(event) => void choose(event)} />
      </Field>
      {preview.isPending && <Spinner label="Reading the file" />}
      {problem && (
        <Alert title="Not imported" variant="destructive">
          {problem}
        </Alert>
      )}
      {loaded && (
        <>
          <p role="status">
            {`${FORMAT_NAMES[loaded.preview.format]} export: ${plural(loaded.preview.workouts, 'workout')}, ${plural(
              loaded.preview.sets,
              'set',
            )}, from ${day(loaded.preview.from)} to ${day(loaded.preview.to)}.`}
            {loaded.preview.skippedRows > 0
              ? ` ${plural(loaded.preview.skippedRows, 'row')} without reps left out.`
              : ''}
          </p>
          {!loaded.preview.statesUnit && (
            <Field>
              <label htmlFor={`${id}-unit`}>Weights in this file are in</label>
              <select id={`${id}-unit`} value={unit} onChange={(event) => setUnit(event.target.value as WeightUnit)}>
                <option value="lbs">Pounds (lbs)</option>
                <option value="kg">Kilograms (kg)</option>
              </select>
            </Field>
          )}
          <Mapping aria-label="Exercises in the file">
            {loaded.preview.exercises.map((exercise, index) => (
              <li key={exercise.name}>
                <Field>
                  <label
                    htmlFor={`${id}-map-${index}`}
                  >{`${exercise.name} (${plural(exercise.sets, 'set')}) is`}</label>
                  <select
                    id={`${id}-map-${index}`}
                    value={choices[exercise.name] ?? SKIP}
                    onChange={(event) => setChoices((current) => ({ ...current, [exercise.name]: event.target.value }))}
                  >
                    <option value={SKIP}>Skip this exercise</option>
                    {exercises.map((ours) => (
                      <option key={ours.id} value={String(ours.id)}>
                        {ours.name}
                      </option>
                    ))}
                  </select>
                </Field>
              </li>
            ))}
          </Mapping>
        </>
      )}
      <DialogActions>
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button
          onClick={() => loaded && run.mutate(loaded.csv)}
          disabled={!loaded || mappedSets === 0 || run.isPending}
        >
          {run.isPending ? 'Importing...' : `Import ${plural(mappedSets, 'set')}`}
        </Button>
      </DialogActions>
    </Stack>
  );
}
