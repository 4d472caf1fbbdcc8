import { takeNextTipIndex, TIP_INDEX_KEY } from './tipRotation';

describe('tip rotation', () => {
  beforeEach(() => localStorage.clear());

  it('shows the first tip first, then the next one each workout, wrapping after the last', () => {
    const shown = Array.from({ length: 14 }, () => takeNextTipIndex(localStorage, 12));
    expect(shown).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 0, 1]);
    expect(localStorage.getItem(TIP_INDEX_KEY)).toBe('2');
  });

  it('starts over from a stored index that is not a tip', () => {
    localStorage.setItem(TIP_INDEX_KEY, 'banana');
    expect(takeNextTipIndex(localStorage, 12)).toBe(0);
    localStorage.setItem(TIP_INDEX_KEY, '30');
    expect(takeNextTipIndex(localStorage, 12)).toBe(6);
  });

  it('works without storage', () => {
    expect(takeNextTipIndex(null, 12)).toBe(0);
  });
});
