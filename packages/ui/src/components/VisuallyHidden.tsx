import styled from 'styled-components';

/**
 * Read out by screen readers, hidden from sight (the usual clip pattern). A span by default; pass `as` for
 * another element, e.g. `as="legend"`, `as="p"` for a live region, `as="div"` around a data table.
 */
export const VisuallyHidden = styled.span`
  position: absolute;
  width: 1px;
  height: 1px;
  padding: 0;
  margin: -1px;
  overflow: hidden;
  clip-path: inset(50%);
  white-space: nowrap;
  border: 0;
`;
