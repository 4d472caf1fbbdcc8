/** The rotation's rules, shared by the api (which decides) and the clients (which show and, offline, predict). */
import type { TemplateDayNumber } from './program';

/**
 * "The workout day id modulo 10 if in 1 to 3, else 1" (docs/product-rules.md, "Rotation and cycles"). Precisely: for a
 * positive whole id, its last digit (id % 10) when that is 1, 2 or 3 (1 -> 1, 12 -> 2, 23 -> 3, 21 -> 1); every other
 * id is Day 1. That covers last digits 0 and 4-9 (4, 10, 19) and ids that are not positive whole numbers (0, -2, 2.5,
 * NaN), which the api never hands out: they fall to the spec's "else 1" rather than to a digit of their absolute value.
 */
export function templateDayNumber(dayId: number): TemplateDayNumber {
  if (!Number.isInteger(dayId) || dayId < 1) return 1;
  const lastDigit = dayId % 10;
  return lastDigit === 1 || lastDigit === 2 || lastDigit === 3 ? lastDigit : 1;
}

/** Only the recommended day may be started or completed: anything else would corrupt the rotation. */
export function isRecommendedDay(dayId: number, state: { readonly nextRecommendedDay: number }): boolean {
  return dayId === state.nextRecommendedDay;
}
