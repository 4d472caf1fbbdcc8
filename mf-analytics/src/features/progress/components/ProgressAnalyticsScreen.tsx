import { useId, useMemo, useState } from 'react';
import styled from 'styled-components';
import type { WeightUnit } from '@hit/contracts';
import { useAccess, useLifterUnit, useSaveLifterUnit } from '@hit/platform';
import { Button, ButtonLink, Card, PageContainer, Spinner, theme } from '@hit/ui';
import { deriveAnalytics, exerciseColor, markerShapes, type ExerciseFilter } from '../logic';
import { useGoals } from '../api/goals';
import { useProgress } from '../hooks/useProgress';
import { ChartMeasureToggle } from './ChartMeasureToggle';
import { GoalsSection } from './GoalsSection';
import { PersonalRecords } from './PersonalRecords';
import { Recommendations } from './Recommendations';
import { SummaryTiles } from './SummaryTiles';
import { TrialExpiredGate } from './TrialExpiredGate';
import { UNIT_LABELS } from './unitLabels';
import { RepConsistencyChart, WeightProgressionChart } from './lazyCharts';
import type { ChartMeasure, WeightSeries } from './WeightProgressionChart';
import { SelectField, TwoColumns } from './formParts';

export const TIP_TEXT = 'Complete 3–4 workout cycles (9–12 sessions) for meaningful trends and recommendations';

const Screen = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${theme.space.md};
  min-width: 0;
  max-width: 100%;
  overflow-x: hidden;
`;

const Header = styled.header`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: ${theme.space.xs};
`;

const Title = styled.h1`
  font-size: ${theme.fontSizes.xxl};
  font-weight: ${theme.fontWeights.black};
  line-height: ${theme.lineHeights.tight};
`;

const Tip = styled.p`
  padding: ${theme.space.sm} ${theme.space.md};
  border-left: 3px solid ${theme.colors.accent};
  background: ${theme.colors.accentSoft};
  border-radius: ${theme.radii.sm};
  font-size: ${theme.fontSizes.sm};
`;

const Charts = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${theme.space.md};
  ${theme.media.desktop} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
`;

const Centered = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${theme.space.sm};
  padding: ${theme.space.xl} 0;
  text-align: center;
`;

const Muted = styled.p`
  color: ${theme.colors.textMuted};
`;

function parseFilter(value: string): ExerciseFilter {
  return value === 'all' ? 'all' : Number(value);
}

/** The Progress Analytics screen (docs/product-rules.md, "Charts and summary"). */
export function ProgressAnalyticsScreen({ onBack }: { onBack?: () => void }) {
  const access = useAccess();
  const denied = !access.isLoading && !access.canAccessFeatures;
  const progress = useProgress(!access.isLoading && access.canAccessFeatures);
  const goals = useGoals(!access.isLoading && access.canAccessFeatures);
  // Opens in the lifter's remembered unit (and follows it until the toggle is used); the toggle's choice is remembered
  // for every device of the lifter (docs/product-rules.md, "The lifter's unit").
  const lifterUnit = useLifterUnit();
  const saveLifterUnit = useSaveLifterUnit();
  const [chosenUnit, setUnit] = useState<WeightUnit | null>(null);
  const unit = chosenUnit ?? lifterUnit;
  const chooseUnit = (next: WeightUnit) => {
    setUnit(next);
    saveLifterUnit(next);
  };
  const [filter, setFilter] = useState<ExerciseFilter>('all');
  const [measure, setMeasure] = useState<ChartMeasure>('weight');
  const titleId = useId();
  const exerciseSelectId = useId();
  const unitSelectId = useId();

  const entries = progress.data;
  const analytics = useMemo(() => (entries ? deriveAnalytics(entries, unit, filter) : null), [entries, unit, filter]);

  if (denied) return <TrialExpiredGate />;

  const nav = onBack ? (
    <Button variant="ghost" onClick={onBack}>
      Back
    </Button>
  ) : (
    <ButtonLink to="/home" variant="ghost">
      Home
    </ButtonLink>
  );

  let body;
  if (access.isLoading || progress.isPending || !analytics) {
    body = progress.isError ? (
      <Card>
        <Centered role="alert">
          <p>Unable to load progress data</p>
          <Button variant="secondary" onClick={() => void progress.refetch()}>
            Try again
          </Button>
        </Centered>
      </Card>
    ) : (
      <Centered role="status">
        <Spinner />
        <p>Loading progress data...</p>
      </Centered>
    );
  } else if (analytics.sessions.length === 0) {
    body = (
      <Card>
        <Centered>
          <p>No progress data available</p>
          <Muted>Complete some workouts to see your progress analytics</Muted>
          <ButtonLink to="/home">Start Your First Workout</ButtonLink>
        </Centered>
      </Card>
    );
  } else {
    // Shapes from every exercise of the history, so a lift keeps its marker whichever exercise is chosen.
    const shapes = markerShapes(analytics.exercises.map((e) => e.id));
    const series: WeightSeries[] = (
      filter === 'all' ? analytics.exercises : analytics.exercises.filter((e) => e.id === filter)
    ).map((e) => ({ id: e.id, name: e.name, color: exerciseColor(e.id), shape: shapes.get(e.id) ?? 'circle' }));
    const lineColor = filter === 'all' ? '#ff7a2f' : exerciseColor(filter);
    body = (
      <>
        <TwoColumns>
          <SelectField>
            <label htmlFor={exerciseSelectId}>Exercise</label>
            <select
              id={exerciseSelectId}
              value={String(filter)}
              onChange={(e) => setFilter(parseFilter(e.target.value))}
            >
              <option value="all">All Exercises</option>
              {analytics.exercises.map((e) => (
                <option key={e.id} value={String(e.id)}>
                  {e.name}
                </option>
              ))}
            </select>
          </SelectField>
          <SelectField>
            <label htmlFor={unitSelectId}>Weight unit</label>
            <select id={unitSelectId} value={unit} onChange={(e) => chooseUnit(e.target.value as WeightUnit)}>
              <option value="lbs">{UNIT_LABELS.lbs}</option>
              <option value="kg">{UNIT_LABELS.kg}</option>
            </select>
          </SelectField>
        </TwoColumns>
        <SummaryTiles summary={analytics.summary} unit={unit} />
        <Charts>
          <Card title="Weight Progression">
            <ChartMeasureToggle measure={measure} onChange={setMeasure} />
            <WeightProgressionChart
              rows={analytics.rows}
              series={series}
              unit={unit}
              showLegend={filter === 'all'}
              measure={measure}
            />
          </Card>
          <Card title="Rep Consistency">
            <RepConsistencyChart points={analytics.points} unit={unit} color={lineColor} />
          </Card>
        </Charts>
        <Card title="Personal Records">
          <PersonalRecords records={analytics.records} unit={unit} />
        </Card>
        <Card title="Goals">
          <GoalsSection goals={goals} entries={entries ?? []} exercises={analytics.exercises} unit={unit} />
        </Card>
        <Card title="Training Recommendations">
          <Recommendations items={analytics.recommendations} unit={unit} />
        </Card>
      </>
    );
  }

  return (
    <PageContainer>
      <Screen aria-labelledby={titleId}>
        <Header>
          {nav}
          <Title id={titleId}>Progress Analytics</Title>
        </Header>
        <Tip>{TIP_TEXT}</Tip>
        {body}
      </Screen>
    </PageContainer>
  );
}
