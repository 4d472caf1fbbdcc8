import { hasForbiddenNameCharacter, NAME_REASONS, nameProblem } from './names';

describe('the name rule', () => {
  it.each([
    ['a plain name', 'Ada'],
    ['letters of any script', 'Zoë Ødegård 李 محمد'],
    ['an apostrophe and a hyphen', "O'Brien-Smith"],
    ['an emoji joined by a zero-width joiner', 'Sam 👩‍🔬'],
    ['a Persian name with a zero-width non-joiner', 'می‌خواهم'],
    ['whitespace around it, tabs and newlines too (trimmed away)', '\t Ada \n'],
    ['60 characters', 'a'.repeat(60)],
    ['60 characters and spaces around', `  ${'a'.repeat(60)}  `],
  ])('accepts %s', (_case, name) => {
    expect(nameProblem(name)).toBeNull();
  });

  it.each([
    ['NUL', 'Ada\u0000'],
    ['a tab inside', 'Ada\tLovelace'],
    ['a newline inside', 'Ada\nLovelace'],
    ['ESC (a terminal escape)', 'Ada\u001b[31m'],
    ['DEL', 'Ada\u007f'],
    ['a C1 control (NEL)', 'Ada\u0085x'],
    ['a C1 control (CSI)', 'Ada\u009bx'],
    ['the right-to-left override', 'Ada\u202egnp.exe'],
    ['the left-to-right embedding', '\u202aAda'],
    ['the pop directional formatting', 'Ada\u202c'],
    ['the right-to-left isolate', 'Ada\u2067x'],
    ['the first strong isolate', 'Ada\u2068x'],
    ['the pop directional isolate', 'Ada\u2069x'],
    ['the left-to-right mark', 'Ada\u200e'],
    ['the right-to-left mark', 'Ada\u200fx'],
    ['the Arabic letter mark', 'Ada\u061cx'],
    ['the line separator', 'Ada\u2028x'],
    ['the paragraph separator', 'Ada\u2029x'],
  ])('refuses %s', (_case, name) => {
    expect(nameProblem(name)).toBe(NAME_REASONS.controlCharacters);
    expect(hasForbiddenNameCharacter(name.trim())).toBe(true);
  });

  it('refuses over 60 characters once trimmed', () => {
    expect(nameProblem('a'.repeat(61))).toBe(NAME_REASONS.tooLong);
  });

  it('says why in words a person reads', () => {
    expect(NAME_REASONS.controlCharacters).toBe('must not contain control or text-direction characters');
  });
});
