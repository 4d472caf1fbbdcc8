import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent,
  type RefObject,
} from 'react';
import { VisuallyHidden, selectOnFocus, theme } from '@hit/ui';
import styled from 'styled-components';
import type { WeightUnit } from '@hit/contracts';
import { PLATE_LOADED_EXERCISES } from '@hit/contracts/rules';
import { MAX_REPS, MAX_WEIGHT, WEIGHT_UNITS } from '../../../constants';
import { scrollBehavior } from '../lib/scroll';
import type { SetPrefill } from '../logic/prefill';
import {
  formatSet,
  parseWeight,
  sanitizeRepsInput,
  sanitizeWeightInput,
  setEntryProblem,
  toSetEntry,
  type SetEntry,
} from '../logic/sets';
import { PlateLine } from './PlateLine';

const Form = styled.form`
  /* Kept clear of the sticky header and of the tip card at the bottom when scrolled into view. */
  scroll-margin: 9rem 0 10rem;
  display: grid;
  gap: ${theme.space.sm};
  padding: ${theme.space.md};
  border: 2px solid ${theme.colors.accent};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surfaceRaised};
  /* Focused only to carry keyboard focus on to the next set; its accent border already marks it. */
  &:focus {
    outline: none;
  }
`;

/** Where keyboard focus goes when the control that had it (Complete Set, the rest timer) has gone. */
export const CURRENT_SET_SELECTOR = 'form[data-current-set]';

const Heading = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  justify-content: space-between;
  gap: ${theme.space.xxs} ${theme.space.sm};
`;

const SetName = styled.h3`
  font-size: ${theme.fontSizes.lg};
  font-weight: ${theme.fontWeights.black};
`;

const LastTime = styled.p`
  font-size: ${theme.fontSizes.sm};
  color: ${theme.colors.textMuted};
`;

const Inputs = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
  gap: ${theme.space.sm};
`;

const Field = styled.div`
  display: grid;
  gap: ${theme.space.xxs};
  min-width: 0;
`;

const Label = styled.label`
  font-size: ${theme.fontSizes.sm};
  font-weight: ${theme.fontWeights.bold};
  color: ${theme.colors.textMuted};
  text-transform: uppercase;
  letter-spacing: 0.04em;
`;

const NumberInput = styled.input<{ $invalid?: boolean }>`
  width: 100%;
  min-width: 0;
  height: 60px;
  padding: 0 ${theme.space.sm};
  border: 2px solid ${({ $invalid }) => ($invalid ? theme.colors.dangerText : theme.colors.border)};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.background};
  color: ${theme.colors.text};
  font-size: ${theme.fontSizes.xxl};
  font-weight: ${theme.fontWeights.bold};
  font-variant-numeric: tabular-nums;
  text-align: center;
  /* A hint (last time's numbers) reads as one: small, light and slanted, never like the bold figure typed. */
  &::placeholder {
    color: ${theme.colors.textMuted};
    font-size: ${theme.fontSizes.md};
    font-weight: ${theme.fontWeights.medium};
    font-style: italic;
    opacity: 1;
  }
  &:focus-visible {
    outline-offset: 0;
    border-color: ${theme.colors.focus};
  }
`;

const UnitChoice = styled.fieldset`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: ${theme.space.xs};
  margin: 0;
  padding: 0;
  border: 0;
  min-width: 0;
`;

const UnitOption = styled.label`
  position: relative;
  display: flex;
  align-items: center;
  justify-content: center;
  min-height: 48px;
  border: 2px solid ${theme.colors.border};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.background};
  font-weight: ${theme.fontWeights.bold};
  cursor: pointer;
  input {
    position: absolute;
    opacity: 0;
    inset: 0;
    margin: 0;
    cursor: pointer;
  }
  &:has(input:checked) {
    border-color: ${theme.colors.accent};
    background: ${theme.colors.accentSoft};
    color: ${theme.colors.accent};
  }
  &:has(input:focus-visible) {
    outline: 3px solid ${theme.colors.focus};
    outline-offset: 2px;
  }
`;

const CompleteButton = styled.button`
  min-height: 56px;
  width: 100%;
  border: 0;
  border-radius: ${theme.radii.md};
  background: ${theme.colors.accent};
  color: ${theme.colors.onAccent};
  font-size: ${theme.fontSizes.lg};
  font-weight: ${theme.fontWeights.black};
  cursor: pointer;
  touch-action: manipulation;
  &:hover:not(:disabled) {
    background: ${theme.colors.accentHover};
  }
  &:active:not(:disabled) {
    transform: scale(0.98);
  }
  &:disabled {
    background: ${theme.colors.surface};
    color: ${theme.colors.textMuted};
    cursor: not-allowed;
  }
`;

const Advice = styled.p`
  font-size: ${theme.fontSizes.sm};
  font-weight: ${theme.fontWeights.medium};
  color: ${theme.colors.warning};
`;

const EditActions = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: ${theme.space.sm};
`;

const CancelButton = styled.button`
  min-height: 56px;
  border: 2px solid ${theme.colors.border};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surface};
  color: ${theme.colors.text};
  font-size: ${theme.fontSizes.lg};
  font-weight: ${theme.fontWeights.bold};
  cursor: pointer;
`;

const Problem = styled.p`
  font-size: ${theme.fontSizes.sm};
  font-weight: ${theme.fontWeights.medium};
  color: ${theme.colors.dangerText};
`;

const problemText = {
  'reps-not-whole': 'Reps must be a whole number.',
  'reps-too-high': `Reps must be at most ${MAX_REPS}.`,
  'weight-too-high': `Weight must be at most ${MAX_WEIGHT}.`,
} as const;

interface SetEntryFormProps {
  /** Which exercise: a plate-loaded one shows the plates for the weight under it. */
  exerciseId: number;
  label: string;
  prefill: SetPrefill;
  onComplete: (entry: SetEntry) => void;
  /**
   * Correcting a set already done: the form is named 'Edit <label>', its button reads 'Save Set' next to 'Cancel', and
   * focus goes to its weight (the lifter tapped the set to change it).
   */
  onCancel?: () => void;
}

/**
 * Focusing an input selects what it shows, so typing replaces it. A prefill arriving while the input is focused and
 * untouched (last workout's numbers, late on a slow network) is selected too: '60' typed after that is 60, not the
 * '5060' that would be too heavy to log.
 */
function useSelectArrivingPrefill(input: RefObject<HTMLInputElement | null>, typed: boolean, prefill: string): void {
  // Only a change of the prefill selects: the lifter's own typing must leave the caret where it is.
  const shown = useRef(prefill);
  useLayoutEffect(() => {
    if (shown.current === prefill) return;
    shown.current = prefill;
    const element = input.current;
    if (!typed && element && document.activeElement === element) element.select();
  });
}

/**
 * The one set that takes input: weight (decimal keypad, ',' or '.'), reps (number keypad), unit, Complete Set.
 * The inputs show the prefill until the lifter types, so last workout's numbers arriving late still fill them.
 * Complete Set stays disabled until reps above 0 are entered (docs/product-rules.md, "Logging sets"). For a
 * plate-loaded exercise the plates per side for the weight show under the inputs (docs/product-rules.md, "Plate math").
 */
export function SetEntryForm({ exerciseId, label, prefill, onComplete, onCancel }: SetEntryFormProps) {
  const editing = onCancel !== undefined;
  const id = useId();
  const [weight, setWeight] = useState<string | null>(null);
  const [reps, setReps] = useState<string | null>(null);
  const [weightUnit, setWeightUnit] = useState<WeightUnit | null>(null);
  const weightInput = useRef<HTMLInputElement>(null);
  const repsInput = useRef<HTMLInputElement>(null);
  const form = useRef<HTMLFormElement>(null);
  useSelectArrivingPrefill(weightInput, weight !== null, prefill.weight);
  useSelectArrivingPrefill(repsInput, reps !== null, prefill.reps);

  // The next set to log comes into view (only scrolls when it is not already in full view).
  // Completing a set removes its Complete Set button: focus that fell to the page moves here, so the next Tab
  // reaches Weight instead of starting again at the top. The form is focused, not the input, so a phone's
  // keyboard does not pop up over the rest timer.
  useEffect(() => {
    form.current?.scrollIntoView?.({ block: 'nearest', behavior: scrollBehavior() });
    if (editing) weightInput.current?.focus({ preventScroll: true });
    else if (document.activeElement === document.body || document.activeElement === null)
      form.current?.focus({ preventScroll: true });
  }, [editing]);

  const weightText = weight ?? prefill.weight;
  const repsText = reps ?? prefill.reps;
  const unit = weightUnit ?? prefill.weightUnit;
  const problem = setEntryProblem(weightText, repsText);
  const shownProblem = problem === 'reps-missing' ? null : problem;
  const repsInvalid = problem === 'reps-too-high' || problem === 'reps-not-whole';
  const plateLoaded = PLATE_LOADED_EXERCISES[exerciseId] !== undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const entry = toSetEntry(weightText, repsText, unit);
    if (entry) onComplete(entry);
  };

  // Enter on the weight goes on to the reps instead of completing the set half-typed.
  const weightKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    repsInput.current?.focus();
  };

  return (
    <Form
      ref={form}
      onSubmit={submit}
      aria-labelledby={`${id}-set`}
      noValidate
      tabIndex={-1}
      data-current-set={editing ? undefined : ''}
    >
      <Heading>
        <SetName id={`${id}-set`}>{editing ? `Edit ${label}` : label}</SetName>
        {prefill.lastTime && (
          <LastTime>
            Last time: {formatSet(prefill.lastTime.weight, prefill.lastTime.weightUnit, prefill.lastTime.reps)}
          </LastTime>
        )}
      </Heading>
      <Inputs>
        <Field>
          <Label htmlFor={`${id}-weight`}>Weight</Label>
          <NumberInput
            ref={weightInput}
            id={`${id}-weight`}
            type="text"
            inputMode="decimal"
            enterKeyHint="next"
            autoComplete="off"
            placeholder={prefill.placeholder.weight}
            value={weightText}
            $invalid={problem === 'weight-too-high'}
            aria-invalid={problem === 'weight-too-high' || undefined}
            aria-describedby={plateLoaded ? `${id}-plates` : undefined}
            onChange={(event) => setWeight(sanitizeWeightInput(event.target.value))}
            {...selectOnFocus}
            onKeyDown={weightKeyDown}
          />
        </Field>
        <Field>
          <Label htmlFor={`${id}-reps`}>Reps</Label>
          <NumberInput
            ref={repsInput}
            id={`${id}-reps`}
            type="text"
            inputMode="numeric"
            pattern="[0-9]*"
            enterKeyHint="done"
            autoComplete="off"
            placeholder={prefill.placeholder.reps}
            value={repsText}
            $invalid={repsInvalid}
            aria-invalid={repsInvalid || undefined}
            onChange={(event) => setReps(sanitizeRepsInput(event.target.value))}
            {...selectOnFocus}
          />
        </Field>
      </Inputs>
      {plateLoaded && (
        <PlateLine
          id={`${id}-plates`}
          exerciseId={exerciseId}
          weight={parseWeight(weightText)}
          unit={unit}
          maxWeight={MAX_WEIGHT}
        />
      )}
      <UnitChoice>
        {/* Read out, not shown: the two options say what they are. */}
        <VisuallyHidden as="legend">Weight unit</VisuallyHidden>
        {WEIGHT_UNITS.map((option) => (
          <UnitOption key={option}>
            <input
              type="radio"
              name={`${id}-unit`}
              value={option}
              checked={unit === option}
              onChange={() => setWeightUnit(option)}
            />
            {option}
          </UnitOption>
        ))}
      </UnitChoice>
      {prefill.advice && (
        <Advice>
          Last time {prefill.lastTime?.reps} reps: {prefill.advice}
        </Advice>
      )}
      <div aria-live="polite">{shownProblem && <Problem>{problemText[shownProblem]}</Problem>}</div>
      {editing ? (
        <EditActions>
          <CancelButton type="button" onClick={onCancel}>
            Cancel
          </CancelButton>
          <CompleteButton type="submit" disabled={problem !== null}>
            Save Set
          </CompleteButton>
        </EditActions>
      ) : (
        <CompleteButton type="submit" disabled={problem !== null}>
          Complete Set
        </CompleteButton>
      )}
    </Form>
  );
}
