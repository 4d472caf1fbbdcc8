import { useEffect, useMemo, useRef, useState } from 'react';
import styled from 'styled-components';
import type { Goal, ProgressEntry, WeightUnit } from '@hit/contracts';
import { GOAL_REPS_DEFAULT } from '@hit/contracts/rules';
import { Button, Spinner, theme } from '@hit/ui';
import { goalErrorMessage, useCreateGoal } from '../api/goals';
import type { GoalFormValues } from '../logic';
import type { ExerciseOption } from './analyticsTypes';
import { GoalCard } from './GoalCard';
import { GoalForm } from './GoalForm';

export const NO_GOALS_TEXT =
  'No goals yet. Set a target weight for 6-10 reps and see when you are on track to lift it.';

const NO_GOALS: Goal[] = [];

const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.space.md};
`;

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${theme.space.sm};
  ${theme.media.tablet} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
`;

const Status = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${theme.space.sm};
  color: ${theme.colors.textMuted};
`;

const SetGoalRow = styled.div`
  display: flex;
  & > * {
    width: 100%;
  }
  ${theme.media.tablet} {
    & > * {
      width: auto;
    }
  }
`;

export interface GoalsSectionProps {
  goals: { data?: Goal[]; isPending: boolean; isError: boolean; refetch: () => unknown };
  entries: readonly ProgressEntry[];
  /** The lifter's exercises (those of the exercise selector), to set a goal on. */
  exercises: readonly ExerciseOption[];
  /** The unit selected on the screen: a new goal starts in it. */
  unit: WeightUnit;
}

/** The first exercise without an open goal (one open goal per exercise), else the first. */
function firstFreeExercise(exercises: readonly ExerciseOption[], goals: readonly Goal[]): string {
  const taken = new Set(goals.filter((goal) => goal.achievedAt === null).map((goal) => goal.exerciseId));
  const free = exercises.find((exercise) => !taken.has(exercise.id)) ?? exercises[0];
  return free ? String(free.id) : '';
}

/** The Goals section (docs/product-rules.md, "Goals"): the lifter's goals with their progress, and a form to set one. */
export function GoalsSection({ goals, entries, exercises, unit }: GoalsSectionProps) {
  const [creating, setCreating] = useState(false);
  const create = useCreateGoal();
  const setGoalRef = useRef<HTMLButtonElement>(null);
  const focusSetGoal = useRef(false);
  const list = goals.data ?? NO_GOALS;
  // The goals being worked on first, then the achieved ones, each in the api's order (oldest first).
  const shown = useMemo(
    () => [...list.filter((goal) => goal.achievedAt === null), ...list.filter((goal) => goal.achievedAt !== null)],
    [list],
  );

  const deletedGoalId = useRef<string | null>(null);

  // Focus goes to 'Set a goal' once what had it is gone: the form that replaced the button, or a deleted goal's card.
  useEffect(() => {
    if (creating || !focusSetGoal.current) return;
    focusSetGoal.current = false;
    setGoalRef.current?.focus();
  }, [creating]);
  useEffect(() => {
    if (deletedGoalId.current === null || list.some((goal) => goal.id === deletedGoalId.current)) return;
    deletedGoalId.current = null;
    setGoalRef.current?.focus();
  }, [list]);

  const closeForm = () => {
    create.reset();
    focusSetGoal.current = true;
    setCreating(false);
  };

  const submit = (values: GoalFormValues) => {
    create.mutate(
      {
        exerciseId: Number(values.exerciseId),
        weight: Number(values.weight),
        unit: values.unit,
        reps: Number(values.reps),
        targetDate: values.targetDate === '' ? null : values.targetDate,
      },
      { onSuccess: closeForm },
    );
  };

  let body;
  if (goals.isPending && !goals.data) {
    body = (
      <Status role="status">
        <Spinner size="sm" />
        <span>Loading goals...</span>
      </Status>
    );
  } else if (goals.isError && !goals.data) {
    body = (
      <Status role="alert">
        <span>Unable to load goals</span>
        <Button variant="secondary" size="sm" onClick={() => void goals.refetch()}>
          Try loading goals again
        </Button>
      </Status>
    );
  } else if (list.length === 0) {
    body = <p>{NO_GOALS_TEXT}</p>;
  } else {
    body = (
      <List aria-label="Goals">
        {shown.map((goal) => (
          <GoalCard key={goal.id} goal={goal} entries={entries} onDeleting={() => (deletedGoalId.current = goal.id)} />
        ))}
      </List>
    );
  }

  return (
    <Stack>
      {body}
      {creating ? (
        <GoalForm
          title="Set a goal"
          exercises={exercises}
          initialValues={{
            exerciseId: firstFreeExercise(exercises, list),
            weight: '',
            unit,
            reps: String(GOAL_REPS_DEFAULT),
            targetDate: '',
          }}
          submitLabel="Save goal"
          pending={create.isPending}
          apiError={create.error ? goalErrorMessage(create.error) : null}
          onSubmit={submit}
          onCancel={closeForm}
        />
      ) : (
        <SetGoalRow>
          <Button ref={setGoalRef} onClick={() => setCreating(true)} disabled={exercises.length === 0}>
            Set a goal
          </Button>
        </SetGoalRow>
      )}
    </Stack>
  );
}
