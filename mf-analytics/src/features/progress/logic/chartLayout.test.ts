import { dodgeOffsets, exerciseColor, markerShapes, weightAxisDomain } from './index';

describe('markerShapes: a shape beside each colour (docs/product-rules.md, "Charts and summary")', () => {
  // The program's twelve exercises (docs/product-rules.md, "The program").
  const program = [101, 102, 103, 104, 201, 202, 203, 204, 205, 301, 302, 303];

  it('gives no two of the twelve lifts the same colour and shape', () => {
    const shapes = markerShapes(program);
    const pairs = new Set(program.map((id) => `${exerciseColor(id)} ${shapes.get(id)}`));
    expect(pairs.size).toBe(12);
  });

  it.each([
    [101, 'circle'],
    [201, 'square'],
    [301, 'triangle'],
    [205, 'circle'],
    [204, 'square'],
  ])('gives exercise %s the %s', (id, shape) => {
    expect(markerShapes(program).get(id)).toBe(shape);
  });

  it('depends on the ids, not on the order they come in', () => {
    expect([...markerShapes([...program].reverse())].sort()).toEqual([...markerShapes(program)].sort());
  });
});

describe('weightAxisDomain: the weight axis fits the data', () => {
  it.each([
    ['far from 0', [130, 135, 140], [123, 147]],
    ['one value', [100, 100], [95, 105]],
    ['half a pound apart', [100, 100.5], [94.975, 105.525]],
    ['near 0', [0, 5, 40], [0, 44]],
    ['nothing', [], [0, 10]],
    ['only zeros', [0, 0], [0, 10]],
  ])('%s', (_, values, domain) => {
    const [lo, hi] = weightAxisDomain(values);
    expect(lo).toBeCloseTo(domain[0]);
    expect(hi).toBeCloseTo(domain[1]);
  });
});

describe('dodgeOffsets: markers at the same spot are set side by side', () => {
  it('spreads markers at one spot around it, in input order, and leaves lone ones in place', () => {
    const offsets = dodgeOffsets(
      [
        { x: 50, y: 100 },
        { x: 50, y: 100 },
        { x: 50, y: 30 },
        { x: 50, y: 104 },
      ],
      12,
      200,
    );
    expect(offsets).toEqual([-12, 0, 0, 12]);
  });

  it('keeps a group within the spread allowed', () => {
    const offsets = dodgeOffsets(
      Array.from({ length: 5 }, () => ({ x: 10, y: 10 })),
      12,
      20,
    );
    expect(offsets).toEqual([-10, -5, 0, 5, 10]);
  });

  it('shifts a group whole to stay inside the plot', () => {
    const atLeftEdge = Array.from({ length: 3 }, () => ({ x: 4, y: 50 }));
    expect(dodgeOffsets(atLeftEdge, 12, 100, [0, 300])).toEqual([-4, 8, 20]);
    const atRightEdge = Array.from({ length: 3 }, () => ({ x: 300, y: 50 }));
    expect(dodgeOffsets(atRightEdge, 12, 100, [0, 300])).toEqual([-24, -12, 0]);
  });

  it('leaves markers a gap apart where they are', () => {
    expect(
      dodgeOffsets(
        [
          { x: 0, y: 0 },
          { x: 12, y: 0 },
          { x: 0, y: 12 },
        ],
        12,
        100,
      ),
    ).toEqual([0, 0, 0]);
  });
});
