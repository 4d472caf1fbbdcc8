import { useEffect, useId, useMemo, useRef, useState } from 'react';
import styled from 'styled-components';
import type { Goal, ProgressEntry, UpdateGoalBody } from '@hit/contracts';
import { Alert, Badge, Button, Dialog, DialogActions, theme } from '@hit/ui';
import { goalErrorMessage, useDeleteGoal, useUpdateGoal } from '../api/goals';
import {
  formatDate,
  formatDay,
  goalLeftText,
  goalProjection,
  goalTargetText,
  projectionText,
  type GoalFormValues,
} from '../logic';
import { GoalForm } from './GoalForm';

const Item = styled.li`
  display: flex;
  flex-direction: column;
  gap: ${theme.space.sm};
  padding: ${theme.space.md};
  background: ${theme.colors.surfaceRaised};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.md};
  min-width: 0;
  overflow-wrap: anywhere;
`;

/** While editing, the form is the item's box (no box within a box on a phone). */
const EditingItem = styled.li`
  min-width: 0;
`;

const Head = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  justify-content: space-between;
  gap: ${theme.space.xs};
`;

const Name = styled.h3`
  font-size: ${theme.fontSizes.md};
  font-weight: ${theme.fontWeights.bold};
`;

const Target = styled.p`
  font-size: ${theme.fontSizes.lg};
  font-weight: ${theme.fontWeights.bold};
`;

const Muted = styled.p`
  font-size: ${theme.fontSizes.sm};
  color: ${theme.colors.textMuted};
`;

const BarRow = styled.div`
  display: flex;
  align-items: center;
  gap: ${theme.space.sm};
`;

const Track = styled.div`
  flex: 1;
  height: 0.625rem;
  overflow: hidden;
  background: ${theme.colors.background};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.pill};
`;

const Fill = styled.div<{ $achieved: boolean }>`
  height: 100%;
  background: ${({ $achieved }) => ($achieved ? theme.colors.success : theme.colors.accent)};
  border-radius: inherit;
`;

const Percent = styled.span`
  flex: none;
  min-width: 3.5ch;
  text-align: right;
  font-weight: ${theme.fontWeights.bold};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space.xs};
`;

function formValuesOf(goal: Goal): GoalFormValues {
  return {
    exerciseId: String(goal.exerciseId),
    weight: String(goal.weight),
    unit: goal.unit,
    reps: String(goal.reps),
    targetDate: goal.targetDate ?? '',
  };
}

/** The fields the lifter changed, as PATCH /api/goals/:id takes them. */
function changesOf(goal: Goal, values: GoalFormValues): UpdateGoalBody {
  const changes: UpdateGoalBody = {};
  const weight = Number(values.weight);
  const reps = Number(values.reps);
  const targetDate = values.targetDate === '' ? null : values.targetDate;
  if (weight !== goal.weight) changes.weight = weight;
  if (values.unit !== goal.unit) changes.unit = values.unit;
  if (reps !== goal.reps) changes.reps = reps;
  if (targetDate !== (goal.targetDate ?? null)) changes.targetDate = targetDate;
  return changes;
}

export interface GoalCardProps {
  goal: Goal;
  /** The progress entries, for the per-cycle best estimates the projection reads. */
  entries: readonly ProgressEntry[];
  /** Called as the lifter confirms the delete: once the refreshed list drops the card, focus goes elsewhere. */
  onDeleting: () => void;
}

/**
 * One goal (docs/product-rules.md, "Goals"): its target, its progress against the best estimated 1RM, what is left,
 * the projected date or the date it was achieved; edited in place, deleted after a confirmation.
 */
export function GoalCard({ goal, entries, onDeleting }: GoalCardProps) {
  const id = useId();
  const nameId = `${id}-name`;
  const [editing, setEditing] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const update = useUpdateGoal();
  const remove = useDeleteGoal();
  const editButtonRef = useRef<HTMLButtonElement>(null);
  const focusEditButton = useRef(false);

  // Focus goes back to Edit once the form that replaced the card is gone.
  useEffect(() => {
    if (editing || !focusEditButton.current) return;
    focusEditButton.current = false;
    editButtonRef.current?.focus();
  }, [editing]);

  const stopEditing = () => {
    focusEditButton.current = true;
    setEditing(false);
  };
  const projection = useMemo(
    () => (goal.achievedAt ? null : projectionText(goalProjection(entries, goal))),
    [entries, goal],
  );
  const target = goalTargetText(goal);

  if (editing) {
    return (
      <EditingItem>
        <GoalForm
          title={`Edit goal: ${goal.exerciseName}`}
          initialValues={formValuesOf(goal)}
          submitLabel="Save changes"
          pending={update.isPending}
          apiError={update.error ? goalErrorMessage(update.error) : null}
          onSubmit={(values) => {
            const changes = changesOf(goal, values);
            if (Object.keys(changes).length === 0) {
              stopEditing();
              return;
            }
            update.mutate({ id: goal.id, changes }, { onSuccess: stopEditing });
          }}
          onCancel={() => {
            update.reset();
            stopEditing();
          }}
        />
      </EditingItem>
    );
  }

  const achieved = goal.achievedAt !== null;
  return (
    <Item aria-labelledby={nameId}>
      <Head>
        <Name id={nameId}>{goal.exerciseName}</Name>
        {achieved && <Badge variant="success">Achieved</Badge>}
      </Head>
      <Target>{target}</Target>
      {goal.targetDate && <Muted>Target date: {formatDay(goal.targetDate)}</Muted>}
      <BarRow>
        <Track
          role="progressbar"
          aria-label={`${goal.exerciseName} goal progress`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={goal.percent}
          aria-valuetext={`${goal.percent}%`}
        >
          <Fill $achieved={achieved} style={{ width: `${Math.max(0, Math.min(100, goal.percent))}%` }} />
        </Track>
        <Percent aria-hidden="true">{goal.percent}%</Percent>
      </BarRow>
      {goal.achievedAt !== null ? (
        <p>Achieved {formatDate(goal.achievedAt)}</p>
      ) : (
        <>
          <p>{goalLeftText(goal)}</p>
          {projection && <Muted>{projection}</Muted>}
        </>
      )}
      <Actions>
        {/* An achieved goal is closed: the api refuses to edit it (409), a new goal takes its place. */}
        {!achieved && (
          <Button
            ref={editButtonRef}
            variant="secondary"
            size="sm"
            aria-label={`Edit ${goal.exerciseName} goal`}
            onClick={() => setEditing(true)}
          >
            Edit
          </Button>
        )}
        <Button
          variant="ghost"
          size="sm"
          aria-label={`Delete ${goal.exerciseName} goal`}
          onClick={() => {
            remove.reset();
            setConfirmingDelete(true);
          }}
        >
          Delete
        </Button>
      </Actions>
      <Dialog
        open={confirmingDelete}
        onOpenChange={(open) => {
          if (!open && !remove.isPending) setConfirmingDelete(false);
        }}
        title="Delete this goal?"
        description={`${goal.exerciseName}: ${target}. This cannot be undone.`}
      >
        {remove.error && <Alert>{goalErrorMessage(remove.error)}</Alert>}
        <DialogActions>
          <Button variant="secondary" onClick={() => setConfirmingDelete(false)} disabled={remove.isPending}>
            Keep goal
          </Button>
          <Button
            variant="danger"
            disabled={remove.isPending}
            onClick={() => {
              onDeleting();
              remove.mutate(goal.id, { onSuccess: () => setConfirmingDelete(false) });
            }}
          >
            {remove.isPending ? 'Deleting...' : 'Delete goal'}
          </Button>
        </DialogActions>
      </Dialog>
    </Item>
  );
}
