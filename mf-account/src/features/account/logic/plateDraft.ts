/**
 * The plate settings form as typed (docs/product-rules.md, "Plate math"): text per field, so a half-typed '2,' stays
 * as typed, turned into the `PUT /api/settings/plates` body on save. The api checks the values and names the first
 * field that is wrong ("lbs.plates.0.weight: must be above 0"); `plateProblem` says which field that is.
 */
import type { PlateSettingsBody } from '@hit/contracts';
import type { PlateSettings, Unit } from '@hit/contracts/rules';

export interface PlateRowDraft {
  /** Keeps a row's inputs (and focus) with the row when one above it is removed. */
  key: number;
  weight: string;
  pairs: string;
}

export interface UnitDraft {
  bar: string;
  sled: string;
  plates: PlateRowDraft[];
}

export type PlateDraft = Record<Unit, UnitDraft>;

/** What the api accepts (plateSettingsSchema): at most 12 plate sizes per unit. */
export const MAX_PLATE_SIZES = 12;

let lastKey = 0;

export function newPlateRow(weight = '', pairs = '1'): PlateRowDraft {
  lastKey += 1;
  return { key: lastKey, weight, pairs };
}

export function toDraft(settings: PlateSettings): PlateDraft {
  const unitDraft = ({ bar, sled, plates }: PlateSettings[Unit]): UnitDraft => ({
    bar: String(bar),
    sled: String(sled),
    plates: plates.map((plate) => newPlateRow(String(plate.weight), String(plate.pairs))),
  });
  return { lbs: unitDraft(settings.lbs), kg: unitDraft(settings.kg) };
}

/**
 * '2,5' and '2.5' alike. Anything else is sent as null (JSON has no NaN), so the api's own message says what is
 * wrong: one set of rules, the api's.
 */
export function parseDraftNumber(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (!/^\d*\.?\d+$|^\d+\.$/.test(trimmed)) return null;
  return Number(trimmed);
}

/** The body of `PUT /api/settings/plates`; a field that is not a number goes as null, for the api to name. */
export function toBody(draft: PlateDraft): PlateSettingsBody {
  const unitBody = ({ bar, sled, plates }: UnitDraft) => ({
    bar: parseDraftNumber(bar),
    sled: parseDraftNumber(sled),
    plates: plates.map((row) => ({ weight: parseDraftNumber(row.weight), pairs: parseDraftNumber(row.pairs) })),
  });
  return { lbs: unitBody(draft.lbs), kg: unitBody(draft.kg) } as PlateSettingsBody;
}

export type PlateField = 'bar' | 'sled' | { plate: number; part: 'weight' | 'pairs' };

export interface PlateProblem {
  /** The unit and field the api named; null when its message names none. */
  unit: Unit | null;
  field: PlateField | null;
  /** The message in the form's words: "Plate 1 weight (lbs): must be above 0". */
  text: string;
}

const FIELD_NAMES = { bar: 'Bar weight', sled: 'Leg press sled' } as const;

/** Which field a 400 answer's message is about, and the message naming it as the form does. */
export function plateProblem(message: string): PlateProblem {
  const match = /^(lbs|kg)\.(bar|sled|plates\.(\d+)\.(weight|pairs)|plates(?:\.\d+)?)?:\s*(.*)$/s.exec(message);
  if (!match) return { unit: null, field: null, text: message };
  const [, unit, path, index, part, reason] = match as unknown as [
    string,
    Unit,
    string | undefined,
    string | undefined,
    string | undefined,
    string,
  ];
  if (path === 'bar' || path === 'sled')
    return { unit, field: path, text: `${FIELD_NAMES[path]} (${unit}): ${reason}` };
  if (index !== undefined && part !== undefined) {
    const plate = Number(index);
    return {
      unit,
      field: { plate, part: part as 'weight' | 'pairs' },
      text: `Plate ${plate + 1} ${part} (${unit}): ${reason}`,
    };
  }
  return { unit, field: null, text: `Plates (${unit}): ${reason}` };
}

/** Whether `field` of `unit` is the one `problem` is about. */
export function isProblemField(problem: PlateProblem | null, unit: Unit, field: PlateField): boolean {
  if (!problem || problem.unit !== unit || problem.field === null) return false;
  if (typeof field === 'string' || typeof problem.field === 'string') return field === problem.field;
  return field.plate === problem.field.plate && field.part === problem.field.part;
}
