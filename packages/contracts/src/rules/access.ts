/**
 * The api refuses a premium action with this status once the trial is over without a running subscription
 * (docs/product-rules.md, "Access gating (402)"); clients recognise a denied access by it.
 */
export const ACCESS_DENIED_STATUS = 402;

/** The trial's length when the api does not say (the spec's 30 days, `TRIAL_DAYS`' default). */
export const DEFAULT_TRIAL_DAYS = 30;

/**
 * The trial-expired prompt's text, naming the trial length the api is configured with (`trialDays` of the
 * subscription status), so a deployment with another `TRIAL_DAYS` never tells its lifters of a 30-day trial.
 */
export function trialExpiredDescription(trialDays: number | undefined): string {
  const days = trialDays ?? DEFAULT_TRIAL_DAYS;
  return `Your ${days}-day free trial has ended. Upgrade to Premium to keep logging workouts and tracking your progress.`;
}
