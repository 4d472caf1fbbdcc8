import type { FocusEvent, MouseEvent } from 'react';

/** Inputs focused by a press whose mouseup has not come yet: that mouseup would put a caret in the selection. */
const justFocused = new WeakSet<HTMLInputElement>();

/**
 * Props for a prefilled number field: focusing it selects its value, so typing replaces it (typing 6 into a field
 * showing 6 gives 6, not 66). Spread them on an input or a TextField: `<TextField {...selectOnFocus} />`, or call
 * `selectOnFocus.onFocus` from a field's own focus handler.
 */
export const selectOnFocus = {
  onFocus(event: FocusEvent<HTMLInputElement>): void {
    const input = event.currentTarget;
    input.select();
    justFocused.add(input);
  },
  onMouseUp(event: MouseEvent<HTMLInputElement>): void {
    // The press that focused the field ends here; without this the browser collapses the selection to a caret.
    if (justFocused.delete(event.currentTarget)) event.preventDefault();
  },
  onBlur(event: FocusEvent<HTMLInputElement>): void {
    justFocused.delete(event.currentTarget);
  },
} as const;
