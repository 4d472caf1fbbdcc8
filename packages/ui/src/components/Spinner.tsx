import styled, { keyframes } from 'styled-components';
import { theme } from '../theme';

const spin = keyframes`to { transform: rotate(360deg); }`;

const diameters = { sm: '1.25rem', md: '2rem', lg: '3rem' };
export type SpinnerSize = keyof typeof diameters;

const SpinnerRoot = styled.div<{ $page: boolean }>`
  display: flex;
  align-items: center;
  justify-content: center;
  ${({ $page }) => $page && 'min-height: 60vh; width: 100%;'}
`;

const Ring = styled.span<{ $size: SpinnerSize }>`
  width: ${({ $size }) => diameters[$size]};
  height: ${({ $size }) => diameters[$size]};
  border-radius: 50%;
  border: 3px solid ${theme.colors.border};
  border-top-color: ${theme.colors.accent};
  animation: ${spin} 0.8s linear infinite;
  @media (prefers-reduced-motion: reduce) {
    animation-duration: 2.4s;
  }
`;

export interface SpinnerProps {
  /** What is loading, for screen readers. */
  label?: string;
  size?: SpinnerSize;
  /** Centre it in the page area (a whole screen is loading). */
  page?: boolean;
}

export function Spinner({ label = 'Loading', size = 'md', page = false }: SpinnerProps) {
  return (
    <SpinnerRoot role="status" aria-label={label} $page={page}>
      <Ring aria-hidden="true" $size={size} />
    </SpinnerRoot>
  );
}
