import type { deriveAnalytics } from '../logic';

/** The derived shapes, taken from deriveAnalytics so the screen follows the logic's signature. */
export type Analytics = ReturnType<typeof deriveAnalytics>;
export type ChartPoint = Analytics['points'][number];
export type CycleRow = Analytics['rows'][number];
export type Recommendation = Analytics['recommendations'][number];
export type AnalyticsSummary = Analytics['summary'];
export type ExerciseOption = Analytics['exercises'][number];
export type ExerciseRecord = Analytics['records'][number];
