import styled from 'styled-components';
import { REST_PERIOD_HOURS } from '../../../constants';
import { restBannerText } from '../logic/restPeriod';
import { MoonIcon } from './icons';

const Banner = styled.aside`
  display: flex;
  gap: ${({ theme }) => theme.space.sm};
  align-items: flex-start;
  padding: ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.warning};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceRaised};

  svg {
    flex: none;
    color: ${({ theme }) => theme.colors.warning};
    margin-top: 2px;
  }
`;

const Text = styled.p`
  font-weight: ${({ theme }) => theme.fontWeights.bold};
`;

const Note = styled.p`
  margin-top: ${({ theme }) => theme.space.xxs};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

/**
 * Shown inside the rest period (docs/product-rules.md, "Rest period"). Rest is recommended, so it informs rather than
 * blocks.
 */
export function RestPeriodBanner({ hoursRemaining }: { hoursRemaining: number }) {
  return (
    <Banner aria-label="Rest period">
      <MoonIcon />
      <div>
        <Text>{restBannerText(hoursRemaining)}</Text>
        <Note>
          {REST_PERIOD_HOURS} hours of rest between workout days is recommended, not required: you can still start your
          next workout now.
        </Note>
      </div>
    </Banner>
  );
}
