import {
  barSetupFor,
  DEFAULT_BAR_SETUPS,
  DEFAULT_PLATE_SETTINGS,
  perSideText,
  plateLine,
  plateLoading,
  type BarSetup,
} from './plates';
import { EXERCISE_IDS } from './program';

const lbs = DEFAULT_BAR_SETUPS.lbs;
const kg = DEFAULT_BAR_SETUPS.kg;

describe('plate math', () => {
  it.each<[string, number, BarSetup, number[]]>([
    ['135 lbs: one 45 a side', 135, lbs, [45]],
    ['225 lbs: two 45s a side', 225, lbs, [45, 45]],
    ['185 lbs: 45 + 25', 185, lbs, [45, 25]],
    ['140 lbs: 45 + 2.5', 140, lbs, [45, 2.5]],
    ['115 lbs: 35 (fewer than 25 + 10)', 115, lbs, [35]],
    ['45 lbs: the bar alone', 45, lbs, []],
    ['100 kg: 25 + 15', 100, kg, [25, 15]],
    ['62.5 kg: 20 + 1.25', 62.5, kg, [20, 1.25]],
    ['140 kg: 25 + 25 + 10', 140, kg, [25, 25, 10]],
  ])('loads %s', (_case, target, setup, perSide) => {
    expect(plateLoading(target, setup)).toEqual({ exact: true, total: target, perSide });
  });

  it('uses only the plates the lifter has: with two pairs of 45s, 405 lbs takes what is left', () => {
    const fewer: BarSetup = {
      unit: 'lbs',
      bar: 45,
      plates: [
        { weight: 45, pairs: 2 },
        { weight: 35, pairs: 2 },
        { weight: 25, pairs: 2 },
        { weight: 10, pairs: 1 },
      ],
    };
    // 180 a side cannot be made (one pair of 10s, no 5s): 175 below, 185 above, each with the fewest plates.
    expect(plateLoading(405, fewer)).toEqual({
      exact: false,
      below: { total: 395, perSide: [45, 45, 35, 25, 25] },
      above: { total: 415, perSide: [45, 45, 35, 35, 25] },
    });
  });

  it('says when a weight cannot be loaded exactly, with the nearest loadable weights', () => {
    expect(plateLoading(136, lbs)).toEqual({
      exact: false,
      below: { total: 135, perSide: [45] },
      above: { total: 140, perSide: [45, 2.5] },
    });
  });

  it('offers the bar when the weight is lighter than it, and nothing above what the plates make', () => {
    expect(plateLoading(30, lbs)).toEqual({ exact: false, below: null, above: { total: 45, perSide: [] } });
    const heaviest = plateLoading(2000, lbs);
    expect(heaviest.exact).toBe(false);
    expect(heaviest).toMatchObject({
      above: null,
      below: { total: 45 + 2 * (4 * 45 + 35 + 2 * 25 + 2 * 10 + 2 * 5 + 2.5) },
    });
  });

  it.each([
    [[45, 25, 2.5], 'Per side: 45 + 25 + 2.5'],
    [[], 'Just the bar'],
  ])('says %p as %p', (perSide, text) => {
    expect(perSideText(perSide)).toBe(text);
  });

  it.each([
    [225, lbs, 'Per side: 45 + 45'],
    [45, lbs, 'Just the bar'],
    [136, lbs, 'Cannot load 136 lbs exactly with your plates; nearest: 135 lbs or 140 lbs'],
    [30, lbs, 'Below the 45 lbs bar'],
    [102.5, kg, 'Per side: 25 + 15 + 1.25'],
    [101, kg, 'Cannot load 101 kg exactly with your plates; nearest: 100 kg or 102.5 kg'],
  ])('the set form says %p on %p as %p', (weight, setup, text) => {
    expect(plateLine(weight, setup)).toBe(text);
  });
});

describe('barSetupFor', () => {
  it('loads the bar for the barbell lifts and the sled for the leg press, in the unit of the set', () => {
    expect(barSetupFor(DEFAULT_PLATE_SETTINGS, EXERCISE_IDS.deadlifts, 'lbs')).toEqual({
      unit: 'lbs',
      bar: 45,
      kind: 'bar',
      plates: DEFAULT_BAR_SETUPS.lbs.plates,
    });
    expect(barSetupFor(DEFAULT_PLATE_SETTINGS, EXERCISE_IDS.inclinePress, 'kg')).toMatchObject({ unit: 'kg', bar: 20 });
    expect(barSetupFor(DEFAULT_PLATE_SETTINGS, EXERCISE_IDS.legPress, 'lbs')).toMatchObject({ bar: 0, kind: 'sled' });
    const sled = { ...DEFAULT_PLATE_SETTINGS, lbs: { ...DEFAULT_PLATE_SETTINGS.lbs, sled: 100 } };
    expect(plateLine(90, barSetupFor(sled, EXERCISE_IDS.legPress, 'lbs')!)).toBe('Below the 100 lbs sled');
    expect(plateLine(180, barSetupFor(DEFAULT_PLATE_SETTINGS, EXERCISE_IDS.legPress, 'lbs')!)).toBe(
      'Per side: 45 + 45',
    );
  });

  it('has no setup for exercises that are not plate-loaded', () => {
    expect(barSetupFor(DEFAULT_PLATE_SETTINGS, EXERCISE_IDS.bicepCurls, 'lbs')).toBeUndefined();
  });
});
