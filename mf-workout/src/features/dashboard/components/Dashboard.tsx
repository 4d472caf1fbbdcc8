import { useState } from 'react';
import type { WorkoutDay } from '@hit/contracts';
import { INITIAL_WORKOUT_STATE } from '@hit/contracts/rules';
import { useUser } from '@hit/platform';
import { PageContainer, Spinner, theme } from '@hit/ui';
import styled from 'styled-components';
import { useWorkoutView, type WorkoutView } from '../../workouts-api';
import { useAccessGuard, type AccessGuard } from '../hooks/useAccessGuard';
import { useNow } from '../hooks/useNow';
import { usePrefetchHints } from '../hooks/usePrefetchHints';
import { useStartWorkout, type StartedWorkout } from '../hooks/useStartWorkout';
import { useWelcomeModal } from '../hooks/useWelcomeModal';
import { restPeriod, type RestPeriod } from '../logic/restPeriod';
import { findNextDay } from '../logic/rotation';
import { unfinishedWorkout } from '../logic/unfinishedWorkout';
import { ActiveWorkoutScreen, usePreloadActiveWorkout } from './ActiveWorkoutScreen';
import { DangerZoneCard } from './DangerZoneCard';
import { DashboardHeader } from './DashboardHeader';
import { GoalsCard } from './GoalsCard';
import { LoadError } from './LoadError';
import { NextWorkoutCard } from './NextWorkoutCard';
import { RestPeriodBanner } from './RestPeriodBanner';
import { ResumeWorkoutCard } from './ResumeWorkoutCard';
import { StartRuleDialogs } from './StartRuleDialogs';
import { TrialExpiredOverlay } from './TrialExpiredOverlay';
import { WelcomeModal } from './WelcomeModal';
import { WorkoutDaysSection } from './WorkoutDaysSection';
import { WorkoutGuidelinesCard } from './WorkoutGuidelinesCard';

/** The rest period is counted in whole hours; a minute is fine-grained enough to keep it right. */
const CLOCK_REFRESH_MS = 60_000;

const Lower = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${theme.space.lg};
  align-items: start;

  ${theme.media.desktop} {
    grid-template-columns: minmax(0, 2fr) minmax(0, 1fr);
  }
`;

/** The narrow column beside the guidelines on a desktop: the goals above the danger zone. */
const Side = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${theme.space.lg};
`;

/**
 * /home (docs/product-rules.md, "Screens and routes"): the dashboard, replaced by the active workout while one runs.
 */
export function Dashboard() {
  const { data: user } = useUser();
  const guard = useAccessGuard();
  const { access } = guard;
  const { days, state, view } = useWorkoutView({ openSessionEnabled: !access.isLoading && access.canAccessFeatures });
  const now = useNow(CLOCK_REFRESH_MS);
  const [activeWorkout, setActiveWorkout] = useState<StartedWorkout | null>(null);
  usePreloadActiveWorkout();

  const rest = restPeriod(view?.workoutDays ?? [], now);
  const start = useStartWorkout({
    state: view?.workoutState ?? INITIAL_WORKOUT_STATE,
    rest,
    guard,
    onStarted: setActiveWorkout,
  });

  // What the workout did is in the outbox, so the view shows it at once; the api's answer to the sync replaces it.
  const closeActiveWorkout = () => setActiveWorkout(null);

  if (activeWorkout) {
    return <ActiveWorkoutScreen day={activeWorkout.day} session={activeWorkout.session} onClose={closeActiveWorkout} />;
  }

  return (
    <>
      <DashboardContent days={days} state={state} view={view} rest={rest} start={start} guard={guard} />
      {/* Outside the content so a load finishing under them does not remount them. */}
      <TrialExpiredOverlay open={guard.trialOverlayOpen} onDismiss={guard.dismissTrialOverlay} />
      <Welcome userPresent={Boolean(user)} />
    </>
  );
}

/**
 * The welcome modal with its own state: opening it (500 ms after the user is known) renders the modal alone, not the
 * whole dashboard under it again (its longest task at start on a phone's CPU).
 */
function Welcome({ userPresent }: { userPresent: boolean }) {
  const welcome = useWelcomeModal(userPresent);
  return <WelcomeModal open={welcome.open} closing={welcome.closing} onDismiss={welcome.dismiss} />;
}

interface DashboardContentProps {
  days: ReturnType<typeof useWorkoutView>['days'];
  state: ReturnType<typeof useWorkoutView>['state'];
  view: WorkoutView | undefined;
  rest: RestPeriod;
  start: ReturnType<typeof useStartWorkout>;
  guard: AccessGuard;
}

function DashboardContent({ days, state, view, rest, start, guard }: DashboardContentProps) {
  // A refresh that failed keeps the last answer (offline, from the saved copy): the dashboard shows it. Only a read
  // with no answer at all is an error.
  const daysFailed = days.isError && days.data === undefined;
  const stateFailed = state.isError && state.data === undefined;
  if (daysFailed || stateFailed) {
    const retry = () => {
      if (daysFailed) void days.refetch();
      if (stateFailed) void state.refetch();
    };
    return (
      <PageContainer>
        <LoadError onRetry={retry} retrying={days.isFetching || state.isFetching} />
      </PageContainer>
    );
  }

  if (view === undefined) return <Spinner page label="Loading your workouts" />;
  return <DashboardScreen view={view} rest={rest} start={start} guard={guard} />;
}

function DashboardScreen({
  view,
  rest,
  start,
  guard,
}: Omit<DashboardContentProps, 'days' | 'state' | 'view'> & {
  view: WorkoutView;
}) {
  const { workoutDays, workoutState, openSession } = view;
  const nextDay = findNextDay(workoutDays, workoutState);
  usePrefetchHints(nextDay);
  // One state: the hero card and the day's card both offer the unfinished workout, whichever way it was left.
  const unfinished = unfinishedWorkout(workoutDays, workoutState, openSession);
  const requestStart = (day: WorkoutDay) =>
    unfinished && day.id === unfinished.day.id ? start.resume(unfinished) : start.requestStart(day);

  return (
    <PageContainer>
      <DashboardHeader cycleCount={workoutState.cycleCount} nextRecommendedDay={workoutState.nextRecommendedDay} />
      {unfinished ? (
        <ResumeWorkoutCard
          unfinished={unfinished}
          resuming={start.startingDayId === unfinished.day.id}
          onResume={() => start.resume(unfinished)}
        />
      ) : (
        <>
          {rest.inRecommendationPeriod && <RestPeriodBanner hoursRemaining={rest.hoursRemaining} />}
          {nextDay && (
            <NextWorkoutCard
              day={nextDay}
              starting={start.startingDayId === nextDay.id}
              onStart={() => start.requestStart(nextDay)}
            />
          )}
        </>
      )}
      <WorkoutDaysSection
        days={workoutDays}
        state={workoutState}
        rest={rest}
        startingDayId={start.startingDayId}
        unfinishedDayId={unfinished?.day.id ?? null}
        onStart={requestStart}
      />
      <Lower>
        <WorkoutGuidelinesCard />
        <Side>
          <GoalsCard access={guard.access} />
          <DangerZoneCard guard={guard} />
        </Side>
      </Lower>
      <StartRuleDialogs
        dialog={start.dialog}
        days={workoutDays}
        state={workoutState}
        rest={rest}
        starting={start.startingDayId !== null}
        onClose={start.closeDialog}
        onSkipRest={start.skipRestAndStart}
      />
    </PageContainer>
  );
}
