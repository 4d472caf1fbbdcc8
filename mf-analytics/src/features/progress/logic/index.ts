// Pure derivations for the Progress Analytics screen. Type-only imports from @hit/contracts
// throughout: a value import would pull zod into this remote's bundle (@hit/contracts/rules is zod-free).
export {
  CHART_PALETTE,
  convertWeight,
  estimatedOneRepMax,
  exerciseColor,
  formatSigned,
  isWorkingSet,
  round1,
  type ExerciseFilter,
} from './units';
export { groupSessions, type ProgressSession } from './sessions';
export { chartPoints, cycleRows, exerciseOptions, type ChartPoint, type CycleRow, type ExerciseOption } from './charts';
export {
  dodgeOffsets,
  markerShapes,
  weightAxisDomain,
  MARKER_SHAPES,
  type MarkerPosition,
  type MarkerShape,
} from './chartLayout';
export { recommendations, type Recommendation } from './recommendations';
export { recentComparison, summarize, type Summary } from './summary';
export { exerciseRecords, type ExerciseRecord } from './records';
export { deriveAnalytics, type Analytics } from './analytics';
export { formatDate, formatDay } from './dates';
export {
  goalCyclePoints,
  goalLeftText,
  goalProjection,
  goalTargetText,
  projectionText,
  validateGoalForm,
  EXERCISE_ERROR_TEXT,
  REPS_ERROR_TEXT,
  TARGET_DATE_ERROR_TEXT,
  WEIGHT_ERROR_TEXT,
  type GoalFormErrors,
  type GoalFormValues,
} from './goals';
