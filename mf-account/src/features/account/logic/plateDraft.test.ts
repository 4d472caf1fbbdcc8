import { DEFAULT_PLATE_SETTINGS } from '@hit/contracts/rules';
import { isProblemField, parseDraftNumber, plateProblem, toBody, toDraft } from './plateDraft';

describe('parseDraftNumber', () => {
  it.each<[string, number | null]>([
    ['45', 45],
    ['2.5', 2.5],
    ['2,5', 2.5],
    [' 1.25 ', 1.25],
    ['.5', 0.5],
    ['20.', 20],
    ['0', 0],
    ['', null],
    ['abc', null],
    ['-5', null],
    ['1.2.3', null],
    ['4 5', null],
  ])('%j → %p', (text, value) => {
    expect(parseDraftNumber(text)).toBe(value);
  });
});

describe('toDraft and toBody', () => {
  it('gives back the settings they were made from', () => {
    expect(toBody(toDraft(DEFAULT_PLATE_SETTINGS))).toEqual(DEFAULT_PLATE_SETTINGS);
  });

  it('shows every number as text, each plate with a key of its own', () => {
    const draft = toDraft(DEFAULT_PLATE_SETTINGS);
    expect(draft.lbs).toMatchObject({ bar: '45', sled: '0' });
    expect(draft.kg.plates.at(-1)).toMatchObject({ weight: '1.25', pairs: '1' });
    const keys = [...draft.lbs.plates, ...draft.kg.plates].map((row) => row.key);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('sends what is not a number as null, for the api to name', () => {
    const draft = toDraft(DEFAULT_PLATE_SETTINGS);
    draft.lbs.bar = '';
    draft.kg.plates[0].weight = '2,5';
    draft.kg.plates[1].pairs = 'x';
    const body = toBody(draft);
    expect(body.lbs.bar).toBeNull();
    expect(body.kg.plates[0]).toEqual({ weight: 2.5, pairs: 4 });
    expect(body.kg.plates[1]).toEqual({ weight: 20, pairs: null });
  });
});

describe('plateProblem', () => {
  it.each([
    [
      'lbs.plates.0.weight: must be above 0',
      { unit: 'lbs', field: { plate: 0, part: 'weight' }, text: 'Plate 1 weight (lbs): must be above 0' },
    ],
    [
      'kg.plates.3.pairs: must be a whole number',
      { unit: 'kg', field: { plate: 3, part: 'pairs' }, text: 'Plate 4 pairs (kg): must be a whole number' },
    ],
    ['kg.bar: must not be negative', { unit: 'kg', field: 'bar', text: 'Bar weight (kg): must not be negative' }],
    ['lbs.sled: must be a number', { unit: 'lbs', field: 'sled', text: 'Leg press sled (lbs): must be a number' }],
    ['lbs.plates: at most 12 sizes', { unit: 'lbs', field: null, text: 'Plates (lbs): at most 12 sizes' }],
    ['Plate settings: unknown field "g"', { unit: null, field: null, text: 'Plate settings: unknown field "g"' }],
    ['Not signed in', { unit: null, field: null, text: 'Not signed in' }],
  ])('%j', (message, problem) => {
    expect(plateProblem(message)).toEqual(problem);
  });

  it('tells the field it is about', () => {
    const problem = plateProblem('kg.plates.2.weight: must be above 0');
    expect(isProblemField(problem, 'kg', { plate: 2, part: 'weight' })).toBe(true);
    expect(isProblemField(problem, 'kg', { plate: 2, part: 'pairs' })).toBe(false);
    expect(isProblemField(problem, 'lbs', { plate: 2, part: 'weight' })).toBe(false);
    expect(isProblemField(problem, 'kg', 'bar')).toBe(false);
    expect(isProblemField(plateProblem('kg.bar: must be a number'), 'kg', 'bar')).toBe(true);
    expect(isProblemField(null, 'kg', 'bar')).toBe(false);
  });
});
