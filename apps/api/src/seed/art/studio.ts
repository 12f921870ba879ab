import type { Backdrop } from './palette';
import { type Defs, ellipse } from './svg';

const SIZE = 1200;

/** What a product drawer returns: the product itself and the shadows it throws on the floor. */
export interface Drawing {
  content: string;
  shadows: Shadow[];
  /** The product's extent as [left, top, right, bottom]; the studio frames it. */
  bounds: readonly [number, number, number, number];
}

/** The product fills at most this much of the frame, centred a little above the middle. */
const FRAME = 880;
const MAX_ZOOM = 1.6;
const CENTRE: readonly [number, number] = [600, 590];

function framing(bounds: Drawing['bounds']): string {
  const [x0, y0, x1, y1] = bounds;
  const zoom = Math.min(FRAME / (x1 - x0), FRAME / (y1 - y0), MAX_ZOOM);
  const fx = (x0 + x1) / 2;
  const fy = (y0 + y1) / 2;
  return `translate(${CENTRE[0]} ${CENTRE[1]}) scale(${zoom.toFixed(3)}) translate(${-fx} ${-fy})`;
}

export interface Shadow {
  cx: number;
  cy: number;
  rx: number;
  ry: number;
  /** How dark the centre of the shadow is, 0..1. */
  strength?: number;
}

/**
 * A product photographed in a studio: a seamless paper backdrop lit from the upper left,
 * a soft contact shadow under the product, and a faint vignette.
 */
export function studio(defs: Defs, backdrop: Backdrop, drawing: Drawing): string {
  const wall = defs.linear([
    [0, backdrop.top],
    [0.62, backdrop.bottom],
    [1, backdrop.bottom],
  ]);
  const light = defs.radial(
    [
      [0, '#ffffff', 0.75],
      [0.55, '#ffffff', 0.2],
      [1, '#ffffff', 0],
    ],
    0.42,
    0.36,
    0.62,
  );
  const vignette = defs.radial(
    [
      [0.55, '#000000', 0],
      [1, '#000000', 0.13],
    ],
    0.5,
    0.48,
    0.75,
  );
  const shadowFill = (strength: number) =>
    defs.radial([
      [0, '#2a2218', strength],
      [0.45, '#2a2218', strength * 0.45],
      [1, '#2a2218', 0],
    ]);
  const shadowXml = drawing.shadows
    .map((s) => ellipse(s.cx, s.cy, s.rx, s.ry, shadowFill(s.strength ?? 0.32)))
    .join('');
  const body = [
    `<rect width="${SIZE}" height="${SIZE}" fill="${wall}"/>`,
    `<rect width="${SIZE}" height="${SIZE}" fill="${light}"/>`,
    `<g transform="${framing(drawing.bounds)}">${shadowXml}${drawing.content}</g>`,
    `<rect width="${SIZE}" height="${SIZE}" fill="${vignette}"/>`,
  ].join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}">${defs}${body}</svg>`;
}
