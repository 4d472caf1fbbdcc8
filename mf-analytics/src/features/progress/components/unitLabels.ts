import type { WeightUnit } from '@hit/contracts';

/** How the unit selectors name each unit (docs/product-rules.md, "Weight conversions"). */
export const UNIT_LABELS: Record<WeightUnit, string> = { lbs: 'Pounds (lbs)', kg: 'Kilograms (kg)' };
