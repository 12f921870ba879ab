import { num } from './svg';

/** A point as (offset from the centre line, y). */
export type Pt = readonly [number, number];
/** A cubic curve to `to`, with control points c1 and c2, all as (offset, y). */
export interface Seg {
  c1: Pt;
  c2: Pt;
  to: Pt;
}

export const seg = (c1: Pt, c2: Pt, to: Pt): Seg => ({ c1, c2, to });

/**
 * A left-right symmetric outline: `neck` runs from the left start to the right start, the right
 * side follows `right`, `hem` crosses back to the left, and the left side mirrors the right.
 * neck and hem receive absolute points and return path commands after the current point.
 */
export function mirrored(
  cx: number,
  start: Pt,
  right: readonly Seg[],
  neck: (from: Pt, to: Pt) => string,
  hem: (from: Pt, to: Pt) => string,
): string {
  const abs = (p: Pt, side: 1 | -1): Pt => [cx + side * p[0], p[1]];
  const xy = (p: Pt) => `${num(p[0])} ${num(p[1])}`;
  const last = right.length > 0 ? right[right.length - 1]!.to : start;
  const parts = [`M ${xy(abs(start, -1))}`, neck(abs(start, -1), abs(start, 1))];
  for (const s of right) parts.push(`C ${xy(abs(s.c1, 1))} ${xy(abs(s.c2, 1))} ${xy(abs(s.to, 1))}`);
  parts.push(hem(abs(last, 1), abs(last, -1)));
  for (let i = right.length - 1; i >= 0; i--) {
    const s = right[i]!;
    const back = i > 0 ? right[i - 1]!.to : start;
    parts.push(`C ${xy(abs(s.c2, -1))} ${xy(abs(s.c1, -1))} ${xy(abs(back, -1))}`);
  }
  return `${parts.join(' ')} Z`;
}

/** A curve between two absolute points that bows by `sag` at its middle (positive: downwards). */
export function sagCurve(from: Pt, to: Pt, sag: number): string {
  const mx = (from[0] + to[0]) / 2;
  const my = (from[1] + to[1]) / 2 + sag;
  return `Q ${num(mx)} ${num(my)} ${num(to[0])} ${num(to[1])}`;
}

/** A slim lens between two points, for folds and highlights in fabric. */
export function lens(x1: number, y1: number, x2: number, y2: number, width: number): string {
  const mx = (x1 + x2) / 2;
  const my = (y1 + y2) / 2;
  return `M ${num(x1)} ${num(y1)} Q ${num(mx - width)} ${num(my)} ${num(x2)} ${num(y2)} Q ${num(mx + width)} ${num(my)} ${num(x1)} ${num(y1)} Z`;
}

/** The mirror image of a path given in (offset, y) terms as a function of the side. */
export const bothSides = (draw: (side: 1 | -1) => string) => draw(-1) + draw(1);
