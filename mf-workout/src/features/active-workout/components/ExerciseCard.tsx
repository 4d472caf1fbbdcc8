import { memo, useDeferredValue, useEffect, useRef, useState, type ReactNode } from 'react';
import styled, { css } from 'styled-components';
import type { Exercise, LastWorkout, Records, WeightUnit, WorkoutSet } from '@hit/contracts';
import { scrollBehavior } from '../lib/scroll';
import { setSaveState, type SaveConfirmations, type SetSaveState } from '../logic/autosave';
import { newRecordOf } from '../logic/celebrations';
import { prefillSet } from '../logic/prefill';
import { firstIncompleteSetIndex, formatSet, isExerciseComplete, setLabel, type SetEntry } from '../logic/sets';
import { exerciseHint } from './exerciseHints';
import { SetEntryForm } from './SetEntryForm';
import { VisuallyHidden, theme } from '@hit/ui';

const Card = styled.section<{ $active: boolean }>`
  /* Scrolled to when it becomes active: clear of the sticky header. */
  scroll-margin-top: 9rem;
  display: grid;
  gap: ${theme.space.sm};
  padding: ${theme.space.md};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.lg};
  background: ${theme.colors.surface};
  ${({ $active }) =>
    $active &&
    css`
      border-color: ${theme.colors.accent};
      box-shadow: ${theme.shadows.card};
    `}
`;

const CardHeading = styled.div`
  display: flex;
  align-items: center;
  gap: ${theme.space.sm};
`;

const Position = styled.span<{ $done: boolean; $active: boolean }>`
  flex: none;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 2rem;
  height: 2rem;
  border-radius: ${theme.radii.pill};
  font-weight: ${theme.fontWeights.black};
  background: ${({ $done, $active }) => ($done ? theme.colors.success : $active ? theme.colors.accent : theme.colors.surfaceRaised)};
  color: ${({ $done, $active }) => ($done || $active ? theme.colors.onAccent : theme.colors.textMuted)};
`;

const Name = styled.h2`
  flex: 1;
  min-width: 0;
  font-size: ${theme.fontSizes.lg};
  font-weight: ${theme.fontWeights.bold};
  overflow-wrap: anywhere;
`;

const Status = styled.span<{ $done: boolean }>`
  flex: none;
  font-size: ${theme.fontSizes.sm};
  font-weight: ${theme.fontWeights.bold};
  font-variant-numeric: tabular-nums;
  color: ${({ $done }) => ($done ? theme.colors.success : theme.colors.textMuted)};
`;

const Hint = styled.p`
  font-size: ${theme.fontSizes.sm};
  color: ${theme.colors.textMuted};
  border-left: 3px solid ${theme.colors.accent};
  padding-left: ${theme.space.sm};
`;

const SetList = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${theme.space.xs};
`;

const SetRow = styled.div<{ $done: boolean }>`
  display: grid;
  grid-template-columns: minmax(0, 1fr) auto;
  align-items: center;
  column-gap: ${theme.space.sm};
  width: 100%;
  min-height: 52px;
  padding: ${theme.space.xs} ${theme.space.sm};
  border: 0;
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surfaceRaised};
  color: ${({ $done }) => ($done ? theme.colors.text : theme.colors.textMuted)};
  font: inherit;
  text-align: left;
`;

/* A completed set is a button: tapping it opens it for correction. */
const DoneSetButton = styled(SetRow)`
  cursor: pointer;
  &:hover {
    background: ${theme.colors.surface};
  }
`;

const SetResultStack = styled.span`
  display: grid;
  justify-items: end;
  gap: 2px;
`;

const RecordBadge = styled.span`
  display: inline-flex;
  align-items: center;
  padding: 0 ${theme.space.xs};
  border-radius: ${theme.radii.pill};
  background: ${theme.colors.accentSoft};
  color: ${theme.colors.accent};
  font-size: ${theme.fontSizes.xs};
  font-weight: ${theme.fontWeights.black};
  white-space: nowrap;
`;

const SummaryButton = styled.button`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${theme.space.xs};
  min-height: ${theme.layout.minTouchTarget};
  margin: 0 -${theme.space.sm};
  padding: 0 ${theme.space.sm};
  border: 0;
  border-radius: ${theme.radii.md};
  background: transparent;
  color: ${theme.colors.textMuted};
  font: inherit;
  font-weight: ${theme.fontWeights.medium};
  font-variant-numeric: tabular-nums;
  text-align: left;
  cursor: pointer;
  &:hover {
    color: ${theme.colors.text};
  }
`;

const EditHint = styled.span`
  font-size: ${theme.fontSizes.sm};
  text-decoration: underline;
  text-underline-offset: 3px;
`;

const SetLabelStack = styled.div`
  display: grid;
  gap: 2px;
  min-width: 0;
`;

const SetName = styled.span`
  font-weight: ${theme.fontWeights.bold};
`;

const SetResult = styled.span`
  font-size: ${theme.fontSizes.lg};
  font-weight: ${theme.fontWeights.bold};
  font-variant-numeric: tabular-nums;
  white-space: nowrap;
`;

const saveColours = {
  saved: 'success',
  saving: 'textMuted',
  retrying: 'warning',
} as const;

const SaveNote = styled.span<{ $state: SetSaveState }>`
  display: inline-flex;
  align-items: center;
  gap: ${theme.space.xxs};
  font-size: ${theme.fontSizes.xs};
  font-weight: ${theme.fontWeights.medium};
  color: ${({ $state }) => theme.colors[saveColours[$state]]};
`;

const saveText: Record<SetSaveState, string> = {
  saved: 'Saved',
  saving: 'Saving…',
  retrying: 'Not saved yet — retrying',
};

const UndoButton = styled.button`
  justify-self: start;
  min-height: ${theme.layout.minTouchTarget};
  padding: 0 ${theme.space.sm};
  margin-left: -${theme.space.sm};
  border: 0;
  border-radius: ${theme.radii.md};
  background: transparent;
  color: ${theme.colors.textMuted};
  font-weight: ${theme.fontWeights.bold};
  text-decoration: underline;
  text-underline-offset: 3px;
  cursor: pointer;
  &:hover {
    color: ${theme.colors.text};
  }
`;

const Check = ({ size = 18 }: { size?: number }) => (
  <svg
    width={size}
    height={size}
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="3"
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
    focusable="false"
  >
    <path d="M5 12.5l4.5 4.5L19 7.5" />
  </svg>
);

interface ExerciseCardProps {
  exercise: Exercise;
  /** 1-based position in the workout. */
  number: number;
  active: boolean;
  lastWorkout: LastWorkout | undefined;
  /** What the autosave has confirmed: each done set shows 'Saved', or that it is still on its way. */
  saveStatus: SaveConfirmations;
  /** Offered in the active card when some set of the workout is done (always false for the others). */
  canUndo: boolean;
  /** The records before this workout: a completed working set that beats them wears the new-record badge. */
  recordsBefore: Records | undefined;
  /** The unit a set with no weight of its own, of last time or before it opens in. */
  fallbackUnit: WeightUnit;
  /** The rest timer, shown in the active card above the set that comes next. */
  rest?: ReactNode;
  onCompleteSet: (exerciseId: number, setId: string, entry: SetEntry) => void;
  onEditSet: (exerciseId: number, setId: string, entry: SetEntry) => void;
  onUndo: () => void;
}

/** The badge's text, beside the set that set a new personal record (its toast says the same at length). */
export const NEW_RECORD_BADGE = 'New record';

function isLogged(set: WorkoutSet): set is WorkoutSet & { weight: number; reps: number } {
  return set.completed && set.weight !== null && set.reps !== null;
}

/**
 * One exercise of the workout: collapsed to its name and progress, or, when active, expanded with its form hint
 * and its sets, where only the first incomplete set takes input. Any completed set opens for correction when tapped
 * (a done exercise shows its sets when its summary is tapped). Memoised: a set done, a rest timer's tick or a save
 * re-renders the workout, and only the cards whose props changed render again (a phone logs a set in one frame).
 */
export const ExerciseCard = memo(function ExerciseCard({
  exercise,
  number,
  active,
  lastWorkout,
  saveStatus,
  canUndo,
  recordsBefore,
  fallbackUnit,
  rest,
  onCompleteSet,
  onEditSet,
  onUndo,
}: ExerciseCardProps) {
  const [expanded, setExpanded] = useState(false);
  const [editingSetId, setEditingSetId] = useState<string | null>(null);
  const done = isExerciseComplete(exercise);
  const completedCount = exercise.sets.filter((set) => set.completed).length;
  const inputIndex = active ? firstIncompleteSetIndex(exercise) : -1;
  // The tap that completes a set shows it done in a frame of its own; the next set's form (most of that render, with
  // its focus and scroll) follows in a deferred render, shown 'Up next' until then. Undo moves the form back at once.
  const deferredInputIndex = useDeferredValue(inputIndex);
  const formIndex = inputIndex > deferredInputIndex ? -1 : inputIndex;
  const hint = exerciseHint(exercise.id);
  const workingSet = exercise.sets.find((set) => set.type === 'working' && set.completed);
  const isRecord = (set: WorkoutSet) => newRecordOf(exercise, set.id, recordsBefore) !== undefined;
  const showSets = active || (done && expanded);

  const card = useRef<HTMLElement>(null);
  useEffect(() => {
    if (active) card.current?.scrollIntoView?.({ block: 'start', behavior: scrollBehavior() });
  }, [active]);

  let status: ReactNode = `${completedCount}/${exercise.sets.length} sets`;
  if (done) status = 'Done';

  return (
    <Card ref={card} $active={active} aria-label={exercise.name} aria-current={active ? 'step' : undefined}>
      <CardHeading>
        <Position $done={done} $active={active} aria-hidden="true">
          {done ? <Check /> : number}
        </Position>
        <Name>{exercise.name}</Name>
        <Status $done={done}>{status}</Status>
      </CardHeading>

      {!active && done && workingSet && isLogged(workingSet) && (
        <SummaryButton type="button" aria-expanded={expanded} onClick={() => setExpanded((open) => !open)}>
          <span>Working Set: {formatSet(workingSet.weight, workingSet.weightUnit, workingSet.reps)}</span>
          {isRecord(workingSet) && <RecordBadge>{NEW_RECORD_BADGE}</RecordBadge>}
          <EditHint>{expanded ? 'Hide sets' : 'Edit sets'}</EditHint>
        </SummaryButton>
      )}

      {showSets && (
        <>
          <SetList>
            {exercise.sets.map((set, index) => {
              const label = setLabel(exercise.sets, index);
              const restHere = index === inputIndex && rest ? <li key="rest">{rest}</li> : null;
              if (index === formIndex) {
                return [
                  restHere,
                  <li key={set.id}>
                    <SetEntryForm
                      key={set.id}
                      exerciseId={exercise.id}
                      label={label}
                      prefill={prefillSet(exercise, index, lastWorkout, fallbackUnit)}
                      onComplete={(entry) => onCompleteSet(exercise.id, set.id, entry)}
                    />
                  </li>,
                ];
              }
              if (set.id === editingSetId && isLogged(set)) {
                return (
                  <li key={set.id}>
                    <SetEntryForm
                      key={`edit-${set.id}`}
                      exerciseId={exercise.id}
                      label={label}
                      prefill={prefillSet(exercise, index, lastWorkout, fallbackUnit)}
                      onComplete={(entry) => {
                        setEditingSetId(null);
                        onEditSet(exercise.id, set.id, entry);
                      }}
                      onCancel={() => setEditingSetId(null)}
                    />
                  </li>
                );
              }
              const saveState = setSaveState(set, saveStatus);
              if (isLogged(set)) {
                return (
                  <li key={set.id}>
                    <DoneSetButton as="button" type="button" $done onClick={() => setEditingSetId(set.id)}>
                      <SetLabelStack>
                        <SetName>
                          <VisuallyHidden>Edit </VisuallyHidden>
                          {label}
                        </SetName>
                        <SaveNote $state={saveState} role={saveState === 'retrying' ? 'status' : undefined}>
                          {saveState === 'saved' && <Check size={14} />}
                          {saveText[saveState]}
                        </SaveNote>
                      </SetLabelStack>
                      <SetResultStack>
                        <SetResult>{formatSet(set.weight, set.weightUnit, set.reps)}</SetResult>
                        {isRecord(set) && <RecordBadge>{NEW_RECORD_BADGE}</RecordBadge>}
                      </SetResultStack>
                    </DoneSetButton>
                  </li>
                );
              }
              return [
                restHere,
                <li key={set.id}>
                  <SetRow $done={false}>
                    <SetName>{label}</SetName>
                    <span>Up next</span>
                  </SetRow>
                </li>,
              ];
            })}
          </SetList>
          {active && canUndo && (
            <UndoButton type="button" onClick={onUndo}>
              Undo last set
            </UndoButton>
          )}
          {active && hint && <Hint>{hint}</Hint>}
        </>
      )}
    </Card>
  );
});
