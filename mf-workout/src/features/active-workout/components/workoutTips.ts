/** The 12 coaching tips, one shown per workout, in rotation (docs/product-rules.md, "Coaching tips"). */
export interface WorkoutTip {
  title: string;
  text: string;
}

export const WORKOUT_TIPS: readonly WorkoutTip[] = [
  {
    title: 'One all-out set',
    text: 'The working set is the one that counts. After the warm-ups, push it until you cannot do another rep with good form. One truly hard set beats three easy ones.',
  },
  {
    title: 'Own the tempo',
    text: 'Lift in about 2 seconds and lower in 3–4. Slow, controlled reps keep the tension on the muscle and take momentum — and injury risk — out of the lift.',
  },
  {
    title: 'Keep breathing',
    text: 'Breathe out as you push or pull, breathe in as you lower. Brace your core, but never hold your breath through a whole set.',
  },
  {
    title: 'Progressive overload',
    text: 'Muscles grow when the work gets harder over time. When a working set goes past 10 reps, add a little weight next time — small steady jumps win.',
  },
  {
    title: 'Stay in 6–10 reps',
    text: 'Fewer than 6 reps: the weight is too heavy for now. More than 10: it is time to go up. Between 6 and 10 is the sweet spot for strength and size.',
  },
  {
    title: 'Warm up with purpose',
    text: 'Warm-up sets are light and easy: they get blood into the muscle and rehearse the movement. Save your effort for the working set.',
  },
  {
    title: 'Form before ego',
    text: 'End the set when your form breaks down. The last clean rep builds muscle; the sloppy one after it is the one that hurts you.',
  },
  {
    title: 'Fail safely',
    text: 'Pressing to failure? Use a spotter, a machine, or safety pins set just below the bottom of the movement — never go to failure alone under a bar.',
  },
  {
    title: 'Recovery builds muscle',
    text: 'You get stronger while you recover, not while you train. Give each workout day about 48 hours and aim for 7–9 hours of sleep a night.',
  },
  {
    title: 'Protein at every meal',
    text: 'Spread protein over the day: around 1.6 g per kg of body weight (0.7 g per lb) is a good daily target for building muscle.',
  },
  {
    title: 'Hydrate',
    text: 'Drink water before, during and after your workout. Even mild dehydration costs strength and focus.',
  },
  {
    title: 'Beat last time',
    text: 'Log every set honestly. One more rep or a little more weight than last time is the clearest sign you are getting stronger.',
  },
];
