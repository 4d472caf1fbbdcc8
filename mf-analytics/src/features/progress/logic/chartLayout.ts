import { exerciseColor } from './units';

/**
 * Marker shapes beside the spec's 5 colours, so twelve lifts on one chart are told apart (docs/product-rules.md,
 * "Charts and summary"). Names follow d3-shape's symbols; the chart draws them.
 */
export const MARKER_SHAPES = ['circle', 'square', 'triangle', 'diamond', 'star', 'cross', 'wye'] as const;
export type MarkerShape = (typeof MARKER_SHAPES)[number];

/**
 * Each exercise's marker shape: among the exercises sharing a colour (id modulo 5), in id order, the first is a
 * circle, the second a square, and so on. No two exercises then share both colour and shape (up to 35 exercises), and
 * a lift keeps its shape whichever exercise is chosen, since the list is every exercise of the history.
 */
export function markerShapes(exerciseIds: readonly number[]): Map<number, MarkerShape> {
  const shapes = new Map<number, MarkerShape>();
  const usedPerColour = new Map<string, number>();
  for (const id of [...exerciseIds].sort((a, b) => a - b)) {
    const colour = exerciseColor(id);
    const used = usedPerColour.get(colour) ?? 0;
    shapes.set(id, MARKER_SHAPES[used % MARKER_SHAPES.length]);
    usedPerColour.set(colour, used + 1);
  }
  return shapes;
}

/**
 * The Weight Progression y-axis before d3 rounds it to nice ticks: the data's range with a margin, not from 0, so a
 * lifter's progress from 130 to 140 kg is not flattened against the bottom. The margin is at least 5 % of the top
 * value, so a difference of half a pound is not blown up to fill the chart. It never goes below 0.
 */
export function weightAxisDomain(values: readonly number[]): [number, number] {
  const finite = values.filter((v) => Number.isFinite(v));
  if (finite.length === 0) return [0, 10];
  const lo = Math.min(...finite);
  const hi = Math.max(...finite);
  if (hi <= 0) return [0, 10];
  const pad = Math.max((hi - lo) * 0.1, hi * 0.05, 1);
  return [Math.max(0, lo - pad), hi + pad];
}

export interface MarkerPosition {
  x: number;
  y: number;
}

/**
 * Horizontal offsets that keep markers drawn at (nearly) the same spot apart, so none hides another: markers closer
 * than `gap` px to a group's first marker, on both axes, form a group, spread side by side around their own x in input
 * order, `gap` px apart or closer when `maxSpread` px would be exceeded. A group is shifted whole to stay within
 * `bounds` (the plot's x range), so its markers neither leave the plot nor stack at its edge. A lone marker keeps its
 * place (offset 0).
 */
export function dodgeOffsets(
  markers: readonly MarkerPosition[],
  gap: number,
  maxSpread: number,
  bounds: readonly [number, number] = [-Infinity, Infinity],
): number[] {
  const offsets = markers.map(() => 0);
  const groups: { anchor: MarkerPosition; members: number[] }[] = [];
  markers.forEach((marker, index) => {
    const group = groups.find(
      ({ anchor }) => Math.abs(anchor.x - marker.x) < gap && Math.abs(anchor.y - marker.y) < gap,
    );
    if (group) group.members.push(index);
    else groups.push({ anchor: marker, members: [index] });
  });
  for (const { anchor, members } of groups) {
    const k = members.length;
    if (k < 2) continue;
    const spacing = Math.min(gap, maxSpread / (k - 1));
    const half = ((k - 1) / 2) * spacing;
    const shift = Math.max(0, bounds[0] - (anchor.x - half)) - Math.max(0, anchor.x + half - bounds[1]);
    members.forEach((index, j) => {
      offsets[index] = (j - (k - 1) / 2) * spacing + shift;
    });
  }
  return offsets;
}
