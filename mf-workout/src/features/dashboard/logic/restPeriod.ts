import type { WorkoutDay } from '@hit/contracts';
import { REST_PERIOD_HOURS } from '../../../constants';

const HOUR_MS = 60 * 60 * 1000;

/** The global recommendation (docs/product-rules.md, "Rest period"). */
export interface RestPeriod {
  inRecommendationPeriod: boolean;
  /** Whole hours of the recommended rest left (0 outside the rest period). */
  hoursRemaining: number;
}

/** The most recent lastCompleted across the days, or null when no day was ever completed. */
export function lastWorkoutAt(days: readonly Pick<WorkoutDay, 'lastCompleted'>[]): Date | null {
  let latest: number | null = null;
  for (const { lastCompleted } of days) {
    if (!lastCompleted) continue;
    const time = Date.parse(lastCompleted);
    if (!Number.isNaN(time) && (latest === null || time > latest)) latest = time;
  }
  return latest === null ? null : new Date(latest);
}

/**
 * Inside the rest period while the latest workout is less than 48 hours ago; hours remaining is 48 minus the whole
 * hours elapsed (so 30 minutes after a workout, 48 remain). Recommended, not required
 * (docs/product-rules.md, "Rest period").
 */
export function restPeriod(days: readonly Pick<WorkoutDay, 'lastCompleted'>[], now: number): RestPeriod {
  const latest = lastWorkoutAt(days);
  if (!latest) return { inRecommendationPeriod: false, hoursRemaining: 0 };
  // A lastCompleted a little in the future (clock skew between server and device) counts as just now.
  const elapsedMs = Math.max(0, now - latest.getTime());
  if (elapsedMs >= REST_PERIOD_HOURS * HOUR_MS) return { inRecommendationPeriod: false, hoursRemaining: 0 };
  return { inRecommendationPeriod: true, hoursRemaining: REST_PERIOD_HOURS - Math.floor(elapsedMs / HOUR_MS) };
}

export function hoursText(hours: number): string {
  return `${hours} ${hours === 1 ? 'hour' : 'hours'}`;
}

/** The rest-period banner. */
export function restBannerText(hoursRemaining: number): string {
  return `Rest period: ${hoursText(hoursRemaining)} remaining before your next workout is recommended`;
}
