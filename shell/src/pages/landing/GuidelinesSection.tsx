import styled from 'styled-components';
import { Container, Eyebrow, Section, SectionIntro, SectionLead, SectionTitle } from './layout';
import { theme } from '@hit/ui';

// The guidelines (docs/product-rules.md, "Screens and routes"), as the numbers a lifter remembers.
const guidelines = [
  { figure: '6-10', label: 'reps per set' },
  { figure: '2', label: 'light warm-up sets first' },
  { figure: '1', label: 'working set to failure' },
  { figure: '3 min', label: 'rest between exercises' },
  { figure: '48 h', label: 'between workout days, recommended' },
];

const Figures = styled.dl`
  margin: 0;
  display: grid;
  gap: ${theme.space.md};
  grid-template-columns: repeat(2, minmax(0, 1fr));

  ${theme.media.tablet} {
    grid-template-columns: repeat(3, minmax(0, 1fr));
  }
  ${theme.media.desktop} {
    grid-template-columns: repeat(5, minmax(0, 1fr));
  }
`;

const Figure = styled.div`
  display: flex;
  flex-direction: column-reverse;
  justify-content: flex-end;
  gap: ${theme.space.xxs};
  padding: ${theme.space.lg} ${theme.space.md};
  border-left: 3px solid ${theme.colors.accent};
  background: linear-gradient(90deg, ${theme.colors.surface}, transparent);
  border-radius: 0 ${theme.radii.md} ${theme.radii.md} 0;

  /* The last of an odd count spans the row on phones, so the grid ends square. */
  &:last-child:nth-child(odd) {
    grid-column: 1 / -1;
  }
  ${theme.media.tablet} {
    &:last-child:nth-child(odd) {
      grid-column: auto;
    }
  }

  dt {
    color: ${theme.colors.textMuted};
    font-size: ${theme.fontSizes.sm};
  }
  dd {
    margin: 0;
    font-size: clamp(1.75rem, 1.4rem + 1.5vw, 2.25rem);
    font-weight: ${theme.fontWeights.black};
    letter-spacing: -0.02em;
    font-variant-numeric: tabular-nums;
  }
`;

export function GuidelinesSection() {
  return (
    <Section aria-labelledby="guidelines-title">
      <Container>
        <SectionIntro>
          <Eyebrow>The HIT method</Eyebrow>
          <SectionTitle id="guidelines-title">Fewer sets. Harder sets. Real progress.</SectionTitle>
          <SectionLead>
            Every workout follows the same simple rules, and the app keeps you on them: exercises in order, nothing
            wasted.
          </SectionLead>
        </SectionIntro>
        <Figures>
          {guidelines.map(({ figure, label }) => (
            <Figure key={label}>
              <dt>{label}</dt>
              <dd>{figure}</dd>
            </Figure>
          ))}
        </Figures>
      </Container>
    </Section>
  );
}
