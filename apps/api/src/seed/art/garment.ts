import { between, METALS, type Rng, type Tone } from './palette';
import { lens } from './shape';
import { type Defs, ellipse, path } from './svg';

export const CX = 600;

/** Fabric over a body: darker at the sides, lit from the upper left, a little darker towards the hem. */
function fabricFill(defs: Defs, tone: Tone): { fill: string; overlay: string } {
  const fill = defs.linear(
    [
      [0, tone.deep],
      [0.14, tone.dark],
      [0.36, tone.light],
      [0.52, tone.base],
      [0.8, tone.dark],
      [1, tone.deep],
    ],
    0,
    0,
    1,
    0,
  );
  const overlay = defs.linear([
    [0, '#ffffff', 0.06],
    [0.5, '#000000', 0],
    [1, '#000000', 0.16],
  ]);
  return { fill, overlay };
}

export interface Fold {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  width: number;
  /** Folds are shadows; ridges catch the light. */
  ridge?: boolean;
}

/** Vertical drapes falling from a line (the waist) to the hem, spread by the seed. */
export function drapes(
  rng: Rng,
  top: number,
  bottom: number,
  topHalf: number,
  bottomHalf: number,
  count: number,
): Fold[] {
  const folds: Fold[] = [];
  for (let i = 0; i < count; i++) {
    const t = (i + 0.5) / count - 0.5 + between(rng, -0.04, 0.04);
    const x1 = CX + t * 2 * topHalf * 0.9;
    const x2 = CX + t * 2 * bottomHalf * 0.95;
    const y1 = top + between(rng, 0, 60);
    folds.push({ x1, y1, x2, y2: bottom + 20, width: between(rng, 10, 26), ridge: i % 2 === 1 });
  }
  return folds;
}

export function foldsXml(defs: Defs, tone: Tone, folds: readonly Fold[], shine = 0.22): string {
  const shadow = defs.linear(
    [
      [0, tone.deep, 0],
      [0.5, tone.deep, 0.55],
      [1, tone.deep, 0],
    ],
    0,
    0,
    1,
    0,
  );
  const ridge = defs.linear(
    [
      [0, tone.shine, 0],
      [0.5, tone.shine, shine],
      [1, tone.shine, 0],
    ],
    0,
    0,
    1,
    0,
  );
  return folds.map((f) => path(lens(f.x1, f.y1, f.x2, f.y2, f.width), f.ridge ? ridge : shadow)).join('');
}

/** A piece of clothing: its outline filled with shaded fabric, folds clipped inside it. */
export function fabricPiece(defs: Defs, tone: Tone, outline: string, inner = ''): string {
  const { fill, overlay } = fabricFill(defs, tone);
  const clip = defs.clip(outline);
  return [
    path(outline, fill),
    `<g clip-path="${clip}">${path(outline, overlay)}${inner}</g>`,
    path(outline, 'none', `stroke="${tone.deep}" stroke-opacity="0.45" stroke-width="2"`),
  ].join('');
}

/**
 * The soft shadow a hanging garment throws on the backdrop behind it. Nested strokes of falling
 * width fake a blur at a fraction of what an SVG blur filter costs to render.
 */
export function wallShadow(outline: string, dx = 26, dy = 30): string {
  const layers = [56, 40, 26, 14, 4]
    .map((width) => path(outline, '#2a2218', `stroke="#2a2218" stroke-width="${width}" opacity="0.04"`))
    .join('');
  return `<g transform="translate(${dx} ${dy})" stroke-linejoin="round">${layers}</g>`;
}

export type HangerStyle = 'wood' | 'gold' | 'black';

/** A hanger seen from the front; the garment is drawn over it. Returns the hook and the bar. */
export function hanger(defs: Defs, style: HangerStyle): string {
  const hook = METALS.silver;
  const hookPath = `M ${CX} 252 L ${CX} 200 C ${CX} 160 ${CX + 46} 150 ${CX + 48} 118 C ${CX + 50} 88 ${CX + 18} 74 ${CX - 6} 84 C ${CX - 22} 92 ${CX - 26} 106 ${CX - 24} 116`;
  const tone =
    style === 'wood'
      ? { base: '#b9854f', light: '#d9a974', dark: '#7d5330' }
      : style === 'gold'
        ? { base: METALS.gold.base, light: METALS.gold.light, dark: METALS.gold.dark }
        : { base: '#2b2b2f', light: '#55555c', dark: '#141416' };
  const bar = `M ${CX - 232} 330 C ${CX - 220} 306 ${CX - 90} 258 ${CX - 30} 240 Q ${CX} 232 ${CX + 30} 240 C ${CX + 90} 258 ${CX + 220} 306 ${CX + 232} 330 C ${CX + 236} 342 ${CX + 222} 346 ${CX + 212} 340 C ${CX + 150} 306 ${CX + 60} 268 ${CX} 262 C ${CX - 60} 268 ${CX - 150} 306 ${CX - 212} 340 C ${CX - 222} 346 ${CX - 236} 342 ${CX - 232} 330 Z`;
  const barFill = defs.linear([
    [0, tone.light],
    [0.5, tone.base],
    [1, tone.dark],
  ]);
  return [
    path(hookPath, 'none', `stroke="${hook.dark}" stroke-width="11" stroke-linecap="round"`),
    path(
      hookPath,
      'none',
      `stroke="${hook.light}" stroke-width="5" stroke-linecap="round" transform="translate(-2 -1)"`,
    ),
    path(bar, barFill, `stroke="${tone.dark}" stroke-width="2"`),
    ellipse(CX, 248, 12, 9, hook.base, `stroke="${hook.dark}" stroke-width="2"`),
  ].join('');
}
