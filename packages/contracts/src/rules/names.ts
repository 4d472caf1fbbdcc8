// The rule for a person's first and last name (issue #23), one place for the api's schemas and the browser's forms.

export const NAME_MAX_LENGTH = 60;

/**
 * Characters a name may not hold, even between letters: the C0 and C1 control characters (tab and line breaks among
 * them) and DEL, the line and paragraph separators, and the bidirectional formatting characters (U+061C, U+200E,
 * U+200F, U+202A-U+202E, U+2066-U+2069), which reorder the text shown around a name.
 */
// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const FORBIDDEN_IN_NAME = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/u;

export const NAME_REASONS = {
  tooLong: `must be at most ${NAME_MAX_LENGTH} characters`,
  controlCharacters: 'must not contain control or text-direction characters',
} as const;
export type NameReason = (typeof NAME_REASONS)[keyof typeof NAME_REASONS];

/** Whether a name holds a character of FORBIDDEN_IN_NAME. */
export function hasForbiddenNameCharacter(name: string): boolean {
  return FORBIDDEN_IN_NAME.test(name);
}

/**
 * Why a name (first or last) is refused, or null. It is judged trimmed, as it is stored: whitespace around it, tabs
 * and line breaks included, goes; what is left must be at most 60 characters with none of FORBIDDEN_IN_NAME.
 */
export function nameProblem(name: string): NameReason | null {
  const trimmed = name.trim();
  if (trimmed.length > NAME_MAX_LENGTH) return NAME_REASONS.tooLong;
  if (hasForbiddenNameCharacter(trimmed)) return NAME_REASONS.controlCharacters;
  return null;
}
