import { EXERCISE_IDS, type ProgramExerciseId } from '@hit/contracts/rules';

/**
 * Form cues, one for each exercise of the program (docs/product-rules.md, "Exercise hints and last time"), shown in the
 * active exercise's card. Keyed by the stable exercise ids of the program the api seeds, so a renamed exercise keeps
 * its hint.
 */
export const EXERCISE_HINTS = {
  [EXERCISE_IDS.inclinePress]:
    'Bench at 30–45°, shoulder blades pinned back and feet planted. Lower under control to the upper chest with elbows about 45° from your body, then press up without bouncing. Taking it to failure? Use a spotter or set the safety pins just below chest height.',
  [EXERCISE_IDS.dumbbellFlys]:
    'Keep a soft, fixed bend in the elbows and open your arms in a wide arc until you feel a stretch across the chest — no lower than shoulder level. Bring the dumbbells back up as if hugging a barrel. Go moderate: the stretched position is hard on the shoulders.',
  [EXERCISE_IDS.underhandPulldowns]:
    'Palms facing you, hands about shoulder-width apart. Lean back slightly, drive your elbows down to pull the bar to your upper chest, pause, then let it rise slowly until your arms are straight. No swinging your torso to move the weight.',
  [EXERCISE_IDS.deadlifts]:
    'Bar over mid-foot, hips back, chest up: keep a neutral spine from the floor to lockout. Brace your core, push the floor away and keep the bar close to your legs; stand tall without leaning back. End the set when your back starts to round — form failure is failure here.',
  [EXERCISE_IDS.sideRaises]:
    'Slight bend in the elbows; raise the dumbbells out to the sides until your arms are level with your shoulders, leading with the elbows. Up in about 2 seconds, down in 3 — no shrugging and no swinging.',
  [EXERCISE_IDS.rearDeltRaises]:
    'Hinge forward with a flat back (or lie chest-down on an incline bench), arms hanging. Raise the dumbbells out to the sides with soft elbows, squeeze the backs of your shoulders, then lower slowly. Light weight, strict form.',
  [EXERCISE_IDS.bicepCurls]:
    'Elbows pinned to your sides: curl the weight up without rocking your body, squeeze at the top, and lower slowly all the way to straight arms. If you need to swing it, the weight is too heavy.',
  [EXERCISE_IDS.tricepPressDowns]:
    'Elbows tucked at your sides and still. Push the bar or rope down until your arms are straight, squeeze, then let it return to about 90° under control. Stand tall — do not lean over the bar to push with your body weight.',
  [EXERCISE_IDS.dips]:
    'Shoulders down, away from your ears. Lower until your upper arms are about parallel to the floor (stop higher if your shoulders complain), then press back to straight arms. Lean forward for more chest, stay upright for more triceps; use an assisted machine until you can do 6 clean reps.',
  [EXERCISE_IDS.legPress]:
    'Feet shoulder-width on the platform. Lower until your knees reach about 90° while your lower back and hips stay flat on the pad, then press through your whole foot with knees tracking over your toes. Never snap the knees into lockout, and keep the safety stops engaged.',
  [EXERCISE_IDS.calfRaises]:
    'Rise onto the balls of your feet as high as you can and hold for a second, then lower slowly into a full stretch below the step. No bouncing: the pause and the slow stretch do the work.',
  [EXERCISE_IDS.situpsOrAbMachine]:
    'Curl up by contracting your abs — ribs toward hips — instead of pulling on your neck or swinging. Breathe out on the way up and lower under control. On the machine, pick a weight you can move slowly for 6–10 reps.',
} satisfies Readonly<Record<ProgramExerciseId, string>>;

const hintsById: Readonly<Partial<Record<number, string>>> = EXERCISE_HINTS;

/** The hint of an exercise id; none for an id outside the program. */
export function exerciseHint(exerciseId: number): string | undefined {
  return hintsById[exerciseId];
}
