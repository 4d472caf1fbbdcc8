import type { ComponentProps } from 'react';
import { Link, type LinkProps } from '@hit/routing';
import styled from 'styled-components';
import { buttonLook, buttonStyles, type ButtonLook, type ButtonStyleProps } from './buttonStyles';

export type { ButtonLook, ButtonSize, ButtonVariant } from './buttonStyles';

const StyledButton = styled.button<ButtonStyleProps>`
  ${buttonStyles}
`;

const StyledLink = styled(Link)<ButtonStyleProps>`
  ${buttonStyles}
`;

export type ButtonProps = ComponentProps<'button'> & ButtonLook;

export function Button({ variant, size, fullWidth, type = 'button', ...rest }: ButtonProps) {
  return <StyledButton type={type} {...buttonLook({ variant, size, fullWidth })} {...rest} />;
}

export type ButtonLinkProps = LinkProps & ButtonLook;

/** A router link that looks like a Button: for actions that go to another screen. */
export function ButtonLink({ variant, size, fullWidth, ...rest }: ButtonLinkProps) {
  return <StyledLink {...buttonLook({ variant, size, fullWidth })} {...rest} />;
}
