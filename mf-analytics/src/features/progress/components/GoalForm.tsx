import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import type { WeightUnit } from '@hit/contracts';
import { GOAL_REPS_MAX, GOAL_REPS_MIN } from '@hit/contracts/rules';
import { Alert, Button, TextField, selectOnFocus, theme } from '@hit/ui';
import { validateGoalForm, type GoalFormErrors, type GoalFormValues } from '../logic';
import type { ExerciseOption } from './analyticsTypes';
import { UNIT_LABELS } from './unitLabels';
import { SelectField, TwoColumns } from './formParts';

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${theme.space.md};
  padding: ${theme.space.md};
  background: ${theme.colors.surfaceRaised};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.md};
  min-width: 0;
`;

const Heading = styled.h3`
  font-size: ${theme.fontSizes.md};
  font-weight: ${theme.fontWeights.bold};
`;

const Actions = styled.div`
  display: flex;
  flex-direction: column-reverse;
  gap: ${theme.space.sm};
  & > * {
    width: 100%;
  }
  ${theme.media.tablet} {
    flex-direction: row;
    justify-content: flex-end;
    & > * {
      width: auto;
    }
  }
`;

export interface GoalFormProps {
  /** 'Set a goal' or 'Edit goal: Deadlifts': the form's heading and name. */
  title: string;
  initialValues: GoalFormValues;
  /** The exercises to choose from; left out when editing (a goal keeps its exercise). */
  exercises?: readonly ExerciseOption[];
  submitLabel: string;
  pending: boolean;
  /** The api's message for the last attempt (400, 404, 409, 402...), shown next to the form. */
  apiError: string | null;
  onSubmit: (values: GoalFormValues) => void;
  onCancel: () => void;
}

const FIELD_ORDER: (keyof GoalFormValues)[] = ['exerciseId', 'weight', 'unit', 'reps', 'targetDate'];

/**
 * Setting or editing a goal (docs/product-rules.md, "Goals"): a target weight and unit for 6-10 reps, by a date or
 * not. Checked here first, then by the api, whose message shows under the fields; what was typed is kept either way.
 * The prefilled numbers are selected on focus, so typing replaces them (6 typed over the default 6 is 6, not 66).
 */
export function GoalForm({
  title,
  initialValues,
  exercises,
  submitLabel,
  pending,
  apiError,
  onSubmit,
  onCancel,
}: GoalFormProps) {
  const id = useId();
  const headingId = `${id}-heading`;
  const apiErrorId = `${id}-api-error`;
  const [values, setValues] = useState<GoalFormValues>(initialValues);
  const [errors, setErrors] = useState<GoalFormErrors>({});
  const formRef = useRef<HTMLFormElement>(null);

  // Opened by a button that goes away: the form's first field takes the focus.
  useEffect(() => {
    formRef.current?.querySelector<HTMLElement>('[name]')?.focus();
  }, []);

  function change<K extends keyof GoalFormValues>(field: K, value: GoalFormValues[K]) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _gone, ...rest }) => rest);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const found = validateGoalForm(values, { needsExercise: Boolean(exercises) });
    setErrors(found);
    const first = FIELD_ORDER.find((field) => found[field]);
    if (first) {
      event.currentTarget.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    onSubmit(values);
  }

  return (
    <Form ref={formRef} onSubmit={handleSubmit} noValidate aria-labelledby={headingId}>
      <Heading id={headingId}>{title}</Heading>
      <TwoColumns>
        {exercises && (
          <SelectField>
            <label htmlFor={`${id}-exercise`}>Exercise</label>
            <select
              id={`${id}-exercise`}
              name="exerciseId"
              value={values.exerciseId}
              aria-invalid={errors.exerciseId ? true : undefined}
              aria-describedby={errors.exerciseId ? `${id}-exercise-error` : undefined}
              onChange={(event) => change('exerciseId', event.target.value)}
            >
              {exercises.map((exercise) => (
                <option key={exercise.id} value={String(exercise.id)}>
                  {exercise.name}
                </option>
              ))}
            </select>
            {errors.exerciseId && <p id={`${id}-exercise-error`}>{errors.exerciseId}</p>}
          </SelectField>
        )}
        <TextField
          label="Target weight"
          name="weight"
          type="number"
          inputMode="decimal"
          step="any"
          min="0"
          value={values.weight}
          error={errors.weight}
          onChange={(event) => change('weight', event.target.value)}
          {...selectOnFocus}
        />
        <SelectField>
          <label htmlFor={`${id}-unit`}>Unit</label>
          <select
            id={`${id}-unit`}
            name="unit"
            value={values.unit}
            onChange={(event) => change('unit', event.target.value as WeightUnit)}
          >
            <option value="lbs">{UNIT_LABELS.lbs}</option>
            <option value="kg">{UNIT_LABELS.kg}</option>
          </select>
        </SelectField>
        <TextField
          label="Reps"
          name="reps"
          type="number"
          inputMode="numeric"
          step="1"
          min={GOAL_REPS_MIN}
          max={GOAL_REPS_MAX}
          hint={`${GOAL_REPS_MIN} to ${GOAL_REPS_MAX}`}
          value={values.reps}
          error={errors.reps}
          onChange={(event) => change('reps', event.target.value)}
          {...selectOnFocus}
        />
        <TextField
          label="Target date (optional)"
          name="targetDate"
          type="date"
          value={values.targetDate}
          error={errors.targetDate}
          onChange={(event) => change('targetDate', event.target.value)}
        />
      </TwoColumns>
      {apiError && <Alert id={apiErrorId}>{apiError}</Alert>}
      <Actions>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending} aria-describedby={apiError ? apiErrorId : undefined}>
          {pending ? 'Saving...' : submitLabel}
        </Button>
      </Actions>
    </Form>
  );
}
