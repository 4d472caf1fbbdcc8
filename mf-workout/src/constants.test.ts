import * as contracts from '@hit/contracts';
import { MAX_REPS, MAX_WEIGHT, WEIGHT_UNITS } from './constants';

describe('limits kept equal to @hit/contracts (imported from there, they would pull zod into this remote)', () => {
  it('has the same weight units, heaviest weight and most reps as the api checks', () => {
    expect(WEIGHT_UNITS).toEqual(contracts.WEIGHT_UNITS);
    expect(MAX_WEIGHT).toBe(contracts.MAX_WEIGHT);
    expect(MAX_REPS).toBe(contracts.MAX_REPS);
  });
});
