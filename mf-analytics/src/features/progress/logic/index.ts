// Pure derivations for the Progress Analytics screen. Type-only imports from @hit/contracts
// throughout: a value import would pull zod into this remote's bundle (@hit/contracts/rules is zod-free).
export { CHART_PALETTE, convertWeight, exerciseColor, formatSigned, isWorkingSet, type ExerciseFilter } from './units';
export { groupSessions, type ProgressSession } from './sessions';
export { chartPoints, cycleRows, exerciseOptions, type ChartPoint, type CycleRow, type ExerciseOption } from './charts';
export { recommendations, type Recommendation } from './recommendations';
export { recentComparison, summarize, type Summary } from './summary';
export { deriveAnalytics, type Analytics } from './analytics';
