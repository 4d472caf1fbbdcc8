import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { PlateSettingsBody } from '@hit/contracts';
import { DEFAULT_PLATE_SETTINGS, type PlateSettings as Plates, type Unit } from '@hit/contracts/rules';
import { isNetworkFailure, toast } from '@hit/platform';
import { Alert, Button, DialogActions, Spinner, TextField, VisuallyHidden, selectOnFocus, theme } from '@hit/ui';
import styled from 'styled-components';
import { messageOf } from './accountApi';
import {
  isProblemField,
  MAX_PLATE_SIZES,
  newPlateRow,
  plateProblem,
  toBody,
  toDraft,
  type PlateDraft,
  type PlateField,
  type PlateProblem,
  type UnitDraft,
} from './logic/plateDraft';
import { usePlateSettings, useSavePlateSettings } from './plateSettingsApi';

const UNITS: readonly Unit[] = ['lbs', 'kg'];

const Form = styled.form`
  display: grid;
  gap: ${theme.space.md};
`;

const Note = styled.p`
  font-size: ${theme.fontSizes.sm};
  color: ${theme.colors.textMuted};
`;

/** Empty, it takes no room in the form's grid but stays in the accessibility tree, so what it says next is read out. */
const LiveNote = styled(Note)`
  &:empty {
    position: absolute;
  }
`;

const Fieldset = styled.fieldset`
  display: grid;
  gap: ${theme.space.xs};
  min-width: 0;
  margin: 0;
  padding: 0;
  border: 0;
`;

const Legend = styled.legend`
  padding: 0;
  margin-bottom: ${theme.space.xs};
  font-weight: ${theme.fontWeights.bold};
`;

const UnitChoice = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: ${theme.space.xs};
`;

const UnitOption = styled.label`
  position: relative;
  display: flex;
  align-items: center;
  justify-content: center;
  min-height: ${theme.layout.minTouchTarget};
  border: 2px solid ${theme.colors.border};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.background};
  font-weight: ${theme.fontWeights.bold};
  cursor: pointer;
  input {
    position: absolute;
    /* Over the border too: the radio itself is the whole 44 px option. */
    inset: -2px;
    margin: 0;
    opacity: 0;
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

const BarFields = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(8.5rem, 1fr));
  gap: ${theme.space.sm};
  align-items: start;
`;

/** Plate weight, pairs and the remove button: fits 360 px (the sheet's content is about 300 px wide there). */
const rowColumns = 'minmax(0, 1fr) minmax(0, 1fr) auto';

const ColumnHeads = styled.div`
  display: grid;
  grid-template-columns: ${rowColumns};
  gap: ${theme.space.xs};
  font-size: ${theme.fontSizes.sm};
  color: ${theme.colors.textMuted};
  /* The remove column has a button, not a heading. */
  &::after {
    content: '';
    width: ${theme.layout.minTouchTarget};
  }
`;

const Rows = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${theme.space.xs};
`;

const Row = styled.li`
  display: grid;
  grid-template-columns: ${rowColumns};
  gap: ${theme.space.xs};
  align-items: center;
`;

const SmallInput = styled.input<{ $invalid: boolean }>`
  width: 100%;
  min-width: 0;
  min-height: ${theme.layout.minTouchTarget};
  padding: 0 ${theme.space.sm};
  border: 1px solid ${({ $invalid }) => ($invalid ? theme.colors.dangerText : theme.colors.border)};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.background};
  color: ${theme.colors.text};
  font-variant-numeric: tabular-nums;
  &:focus-visible {
    outline-offset: 0;
    border-color: ${theme.colors.focus};
  }
`;

const RemoveButton = styled(Button)`
  width: ${theme.layout.minTouchTarget};
  padding: 0;
`;

const AddButton = styled(Button)`
  justify-self: start;
  margin-top: ${theme.space.xs};
`;

/** What the form shows for a save that failed. */
function saveProblem(error: unknown): PlateProblem {
  if (isNetworkFailure(error)) {
    return {
      unit: null,
      field: null,
      text: 'No connection: your plates were not saved. Try again when you are online.',
    };
  }
  return plateProblem(messageOf(error));
}

/** A usable answer (an older or odd copy would break the form: the defaults stand in). */
function isComplete(settings: PlateSettingsBody | undefined): settings is PlateSettingsBody {
  return Array.isArray(settings?.lbs?.plates) && Array.isArray(settings?.kg?.plates);
}

/**
 * The account panel's 'Plates' view (docs/product-rules.md, "Plate math"): the lifter's bar, leg press sled and plate
 * pairs per unit, for the set form's plate line. Loads the saved settings first (the defaults when they do not load).
 */
export function PlateSettings({ onSaved }: { onSaved: () => void }) {
  const settings = usePlateSettings();
  if (settings.isPending) return <Spinner label="Loading your plates" />;
  const saved = isComplete(settings.data) ? settings.data : null;
  return <PlateSettingsForm initial={saved ?? DEFAULT_PLATE_SETTINGS} loadFailed={!saved} onSaved={onSaved} />;
}

interface PlateSettingsFormProps {
  initial: Plates;
  loadFailed: boolean;
  onSaved: () => void;
}

function PlateSettingsForm({ initial, loadFailed, onSaved }: PlateSettingsFormProps) {
  const id = useId();
  const save = useSavePlateSettings();
  const [draft, setDraft] = useState<PlateDraft>(() => toDraft(initial));
  const [unit, setUnit] = useState<Unit>('lbs');
  const [problem, setProblem] = useState<PlateProblem | null>(null);
  const [resetNote, setResetNote] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  /** What takes focus once the change that asked for it is on screen (a new plate row, the field a 400 names). */
  const focusNext = useRef<string | null>(null);
  const problemId = `${id}-problem`;

  useEffect(() => {
    if (!focusNext.current) return;
    form.current?.querySelector<HTMLElement>(focusNext.current)?.focus();
    focusNext.current = null;
  });

  const own = draft[unit];

  const change = (next: Partial<UnitDraft>) => {
    setDraft((current) => ({ ...current, [unit]: { ...current[unit], ...next } }));
    setProblem(null);
    setResetNote(false);
  };
  const changeRow = (key: number, next: { weight?: string; pairs?: string }) =>
    change({ plates: own.plates.map((row) => (row.key === key ? { ...row, ...next } : row)) });

  const addRow = () => {
    const row = newPlateRow();
    change({ plates: [...own.plates, row] });
    focusNext.current = `[data-plate-weight="${row.key}"]`;
  };

  const removeRow = (index: number) => {
    const rest = own.plates.filter((_, i) => i !== index);
    change({ plates: rest });
    // Focus stays in the list: on the plate that took this one's place, else the one before, else Add.
    const next = rest[index] ?? rest[index - 1];
    focusNext.current = next ? `[data-plate-remove="${next.key}"]` : '[data-plate-add]';
  };

  const resetToDefaults = () => {
    setDraft(toDraft(DEFAULT_PLATE_SETTINGS));
    setProblem(null);
    setResetNote(true);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setResetNote(false);
    save.mutate(toBody(draft), {
      onSuccess: () => {
        toast({ title: 'Plates Saved', description: 'The set form shows what to load with them.', variant: 'success' });
        onSaved();
      },
      onError: (error) => {
        const next = saveProblem(error);
        setProblem(next);
        // The field the api named comes into view: its unit is shown and it takes focus.
        if (next.unit) setUnit(next.unit);
        focusNext.current = '[aria-invalid="true"]';
      },
    });
  };

  const invalid = (field: PlateField) => isProblemField(problem, unit, field);
  const problemProps = (field: PlateField) =>
    invalid(field) ? { 'aria-invalid': true, 'aria-describedby': problemId } : {};

  return (
    <Form ref={form} onSubmit={submit} noValidate>
      {loadFailed && <Note>Your saved plates did not load: these are the defaults.</Note>}
      <Fieldset>
        <Legend>Unit</Legend>
        <UnitChoice>
          {UNITS.map((option) => (
            <UnitOption key={option}>
              <input
                type="radio"
                name={`${id}-unit`}
                value={option}
                checked={unit === option}
                onChange={() => setUnit(option)}
              />
              {option}
            </UnitOption>
          ))}
        </UnitChoice>
      </Fieldset>

      <BarFields>
        <TextField
          label={`Bar weight (${unit})`}
          inputMode="decimal"
          autoComplete="off"
          value={own.bar}
          onChange={(event) => change({ bar: event.target.value })}
          {...selectOnFocus}
          {...problemProps('bar')}
        />
        <TextField
          label={`Leg press sled (${unit})`}
          hint="0 to log only the plates"
          inputMode="decimal"
          autoComplete="off"
          value={own.sled}
          onChange={(event) => change({ sled: event.target.value })}
          {...selectOnFocus}
          {...problemProps('sled')}
        />
      </BarFields>

      <Fieldset>
        <Legend>Plates ({unit})</Legend>
        {own.plates.length > 0 ? (
          <ColumnHeads aria-hidden="true">
            <span>Plate ({unit})</span>
            <span>Pairs</span>
          </ColumnHeads>
        ) : (
          <Note>No plates: only the bar or the sled.</Note>
        )}
        <Rows>
          {own.plates.map((row, index) => {
            const name = `Plate ${index + 1}`;
            return (
              <Row key={row.key}>
                <VisuallyHidden as="label" htmlFor={`${id}-w${row.key}`}>
                  {`${name} weight (${unit})`}
                </VisuallyHidden>
                <SmallInput
                  id={`${id}-w${row.key}`}
                  data-plate-weight={row.key}
                  inputMode="decimal"
                  autoComplete="off"
                  value={row.weight}
                  $invalid={invalid({ plate: index, part: 'weight' })}
                  onChange={(event) => changeRow(row.key, { weight: event.target.value })}
                  {...selectOnFocus}
                  {...problemProps({ plate: index, part: 'weight' })}
                />
                <VisuallyHidden as="label" htmlFor={`${id}-p${row.key}`}>
                  {`${name} pairs`}
                </VisuallyHidden>
                <SmallInput
                  id={`${id}-p${row.key}`}
                  inputMode="numeric"
                  autoComplete="off"
                  value={row.pairs}
                  $invalid={invalid({ plate: index, part: 'pairs' })}
                  onChange={(event) => changeRow(row.key, { pairs: event.target.value })}
                  {...selectOnFocus}
                  {...problemProps({ plate: index, part: 'pairs' })}
                />
                <RemoveButton
                  variant="ghost"
                  data-plate-remove={row.key}
                  aria-label={`Remove ${name.toLowerCase()}${row.weight.trim() ? ` (${row.weight.trim()} ${unit})` : ''}`}
                  onClick={() => removeRow(index)}
                >
                  <svg
                    width="18"
                    height="18"
                    viewBox="0 0 24 24"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="2.5"
                    strokeLinecap="round"
                    aria-hidden="true"
                    focusable="false"
                  >
                    <path d="M6 6l12 12M18 6L6 18" />
                  </svg>
                </RemoveButton>
              </Row>
            );
          })}
        </Rows>
        <AddButton
          variant="secondary"
          data-plate-add=""
          onClick={addRow}
          disabled={own.plates.length >= MAX_PLATE_SIZES}
        >
          Add plate size
        </AddButton>
      </Fieldset>

      {problem && (
        <Alert id={problemId} title="Not saved">
          {problem.text}
        </Alert>
      )}
      <LiveNote aria-live="polite">{resetNote ? 'The default plates are filled in: Save to keep them.' : ''}</LiveNote>
      <DialogActions>
        <Button variant="secondary" onClick={resetToDefaults} disabled={save.isPending}>
          Reset to defaults
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save'}
        </Button>
      </DialogActions>
    </Form>
  );
}
