import styled from 'styled-components';
import { Button } from './Button';
import { theme } from '../theme';

/** What Premium unlocks (docs/product-rules.md, "Screens and routes"). */
export const PREMIUM_BENEFITS = [
  'Unlimited workout tracking',
  'Advanced progress analytics',
  'Weight progression insights',
] as const;

const Root = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.space.md};
  text-align: center;
`;

const Emblem = styled.div`
  align-self: center;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 3.5rem;
  height: 3.5rem;
  border-radius: 50%;
  background: ${theme.colors.accentSoft};
  color: ${theme.colors.accent};
`;

const Title = styled.h2`
  font-size: ${theme.fontSizes.xl};
  font-weight: ${theme.fontWeights.bold};
`;

const Description = styled.p`
  color: ${theme.colors.textMuted};
`;

const Benefits = styled.ul`
  list-style: none;
  margin: 0;
  padding: ${theme.space.md};
  display: flex;
  flex-direction: column;
  gap: ${theme.space.xs};
  text-align: left;
  background: ${theme.colors.surfaceRaised};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.md};
`;

const Benefit = styled.li`
  display: flex;
  align-items: center;
  gap: ${theme.space.sm};
  svg {
    flex: none;
    color: ${theme.colors.success};
  }
`;

const Actions = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.space.sm};
`;

export interface UpgradePromptProps {
  title: string;
  description: string;
  onUpgrade: () => void;
  /** The checkout is being created: the upgrade button waits. */
  isPending?: boolean;
  /** Shows 'Back to Home' when given. */
  onBack?: () => void;
  /** The heading's id, for a dialog that is named by it. */
  titleId?: string;
  /** A line under the description about the user's own situation (sets waiting for the upgrade). */
  note?: string;
}

/**
 * The upgrade prompt (docs/product-rules.md, "Screens and routes"): why to upgrade, 'Upgrade to Premium' and optionally
 * 'Back to Home'.
 */
export function UpgradePrompt({
  title,
  description,
  onUpgrade,
  isPending = false,
  onBack,
  titleId,
  note,
}: UpgradePromptProps) {
  return (
    <Root>
      <Emblem aria-hidden="true">
        <svg
          width="28"
          height="28"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
          focusable="false"
        >
          <path d="M3 8l4.5 4L12 5l4.5 7L21 8l-2 11H5L3 8z" />
        </svg>
      </Emblem>
      <Title id={titleId}>{title}</Title>
      <Description>{description}</Description>
      {note && <Description role="status">{note}</Description>}
      <Benefits aria-label="Premium includes">
        {PREMIUM_BENEFITS.map((benefit) => (
          <Benefit key={benefit}>
            <svg
              width="20"
              height="20"
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.5"
              strokeLinecap="round"
              strokeLinejoin="round"
              aria-hidden="true"
              focusable="false"
            >
              <path d="M5 12.5l4.5 4.5L19 7.5" />
            </svg>
            {benefit}
          </Benefit>
        ))}
      </Benefits>
      <Actions>
        <Button size="lg" fullWidth onClick={onUpgrade} disabled={isPending} aria-busy={isPending || undefined}>
          Upgrade to Premium
        </Button>
        {onBack && (
          <Button variant="ghost" fullWidth onClick={onBack}>
            Back to Home
          </Button>
        )}
      </Actions>
    </Root>
  );
}
