// Progress history as a user builds it: 3 workouts a week (Mon/Wed/Fri, days 1-2-3), 4 exercises a day,
// about 38.5 sets a workout, so 30k entries are 5 years (780 workouts) and 1k entries about 2 months.
// Mirrors mf-analytics' analytics.perf.test.ts generator, with contract-valid set types (stored in MongoDB).
const SETS_PER_WORKOUT = 30_000 / 780;
const EXERCISE_NAMES = [
  'Leg Press',
  'Pulldown',
  'Chest Press',
  'Overhead Press',
  'Squat',
  'Seated Row',
  'Incline Press',
  'Lateral Raise',
  'Deadlift',
  'Chin-up',
  'Dip',
  'Curl',
];

/** `total` entries: { date (Date), sessionId (string|null), workoutDayId, round, exerciseId, setId, ... }. */
function generateHistory(total) {
  const workouts = Math.max(1, Math.round(total / SETS_PER_WORKOUT));
  const start = Date.UTC(2021, 10, 1, 7, 0, 0);
  const entries = [];
  for (let w = 0; w < workouts; w++) {
    const perWorkout = Math.floor(((w + 1) * total) / workouts) - Math.floor((w * total) / workouts);
    const week = Math.floor(w / 3);
    const day = (w % 3) + 1;
    const workoutStart = start + (week * 7 + (day - 1) * 2) * 86_400_000;
    for (let i = 0; i < perWorkout; i++) {
      const exerciseId = (day - 1) * 4 + (i % 4) + 1;
      const kg = (w + i) % 4 === 0;
      entries.push({
        date: new Date(workoutStart + i * 1_000),
        withSession: w % 2 === 0,
        workoutDayId: day,
        round: week + 1,
        exerciseId,
        setId: `set-${Math.floor(i / 4) + 1}`,
        exerciseName: EXERCISE_NAMES[exerciseId - 1],
        weight: kg ? 40 + week * 0.1 : 90 + week * 0.2,
        weightUnit: kg ? 'kg' : 'lbs',
        reps: 4 + ((w * 7 + i) % 9),
        setType: i < 4 ? 'warmup' : 'working',
        workout: w,
      });
    }
  }
  return entries;
}

/** The same history as GET /api/progress answers it (contracts' ProgressEntry), for the analytics derivations. */
function asProgressEntries(history) {
  return history.map((e) => ({
    date: e.date.toISOString(),
    sessionId: e.withSession ? `session-${e.workout}` : null,
    workoutDayId: e.workoutDayId,
    exerciseId: e.exerciseId,
    exerciseName: e.exerciseName,
    weight: e.weight,
    weightUnit: e.weightUnit,
    reps: e.reps,
    setType: e.setType,
  }));
}

module.exports = { generateHistory, asProgressEntries };
