import { useId, type ComponentProps, type ReactNode } from 'react';
import styled from 'styled-components';
import { theme } from '../theme';

const CardRoot = styled.section`
  background: ${theme.colors.surface};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.lg};
  box-shadow: ${theme.shadows.card};
  padding: ${theme.space.lg};
  display: flex;
  flex-direction: column;
  gap: ${theme.space.md};
`;

const CardTitle = styled.h2`
  font-size: ${theme.fontSizes.xl};
  font-weight: ${theme.fontWeights.bold};
`;

export type CardProps = Omit<ComponentProps<'section'>, 'title'> & { title?: ReactNode };

/** A surface for one block of content; with a title it is a named region. */
export function Card({ title, children, ...rest }: CardProps) {
  const titleId = useId();
  return (
    <CardRoot aria-labelledby={title ? titleId : undefined} {...rest}>
      {title && <CardTitle id={titleId}>{title}</CardTitle>}
      {children}
    </CardRoot>
  );
}
