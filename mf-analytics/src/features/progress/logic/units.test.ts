import { CHART_PALETTE, convertWeight, exerciseColor, formatSigned, isWorkingSet } from './index';

describe('isWorkingSet: working or work, any case (docs/product-rules.md, "Progress entries and sessions")', () => {
  it.each([
    ['working', true],
    ['work', true],
    ['WORK', true],
    ['Working', true],
    ['warmup', false],
    ['Warmup', false],
    ['', false],
    ['workings', false],
  ])('%p -> %p', (setType, expected) => {
    expect(isWorkingSet(setType)).toBe(expected);
  });
});

describe('convertWeight (docs/product-rules.md, "Weight conversions")', () => {
  it.each([
    [100, 'lbs', 'kg', 45.3592],
    [100, 'kg', 'lbs', 220.462],
    [0, 'lbs', 'kg', 0],
    [135, 'lbs', 'lbs', 135],
    [60, 'kg', 'kg', 60],
  ] as const)('%p %s -> %s = %p', (weight, from, to, expected) => {
    expect(convertWeight(weight, from, to)).toBeCloseTo(expected, 6);
  });
});

describe('formatSigned', () => {
  it.each([
    [2.5, '+2.5'],
    [-1, '-1.0'],
    [0, '0.0'],
    [-0.04, '0.0'],
    [0.05, '+0.1'],
    [12.345, '+12.3'],
    [Number.NaN, '0.0'],
  ])('%p -> %p', (value, expected) => {
    expect(formatSigned(value)).toBe(expected);
  });
});

describe('CHART_PALETTE and exerciseColor (docs/product-rules.md, "Charts and summary")', () => {
  it('has 5 distinct hex colours', () => {
    expect(CHART_PALETTE).toHaveLength(5);
    expect(new Set(CHART_PALETTE).size).toBe(5);
    for (const c of CHART_PALETTE) expect(c).toMatch(/^#[0-9a-f]{6}$/i);
  });

  it('colours are light enough to read on the dark #0f1217 background', () => {
    const luminance = (hex: string) => {
      const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
      const lin = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
      return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
    };
    const bg = luminance('#0f1217');
    for (const c of CHART_PALETTE) expect((luminance(c) + 0.05) / (bg + 0.05)).toBeGreaterThan(4.5);
  });

  it.each([1, 2, 7, 42, 1000, 0, -3, 2.5])('exercise %p gets a stable palette colour', (id) => {
    const colour = exerciseColor(id);
    expect(CHART_PALETTE).toContain(colour);
    expect(exerciseColor(id)).toBe(colour);
  });

  it('gives five consecutive exercises five different colours', () => {
    expect(new Set([1, 2, 3, 4, 5].map(exerciseColor)).size).toBe(5);
  });
});
