/**
 * Moves focus to the first field (in form order) that has a problem, so keyboard and screen-reader users land
 * on it. Returns whether there was one.
 */
export function focusFirstProblem(form: HTMLFormElement, problems: Partial<Record<string, string>>): boolean {
  const first = Array.from(form.elements).find(
    (element): element is HTMLInputElement => element instanceof HTMLInputElement && Boolean(problems[element.name]),
  );
  first?.focus();
  return Object.keys(problems).length > 0;
}
