import { between, type Rng, type Tone } from './palette';
import { type Defs, ellipse, group, num, path } from './svg';

/** Left-to-right shading of a round object lit from the upper left. */
export function roundShade(defs: Defs, tone: Tone, gloss = 0.8): string {
  return defs.linear(
    [
      [0, tone.dark],
      [0.18, tone.base],
      [0.3, tone.light],
      [0.36, gloss > 0.5 ? tone.shine : tone.light],
      [0.44, tone.light],
      [0.7, tone.base],
      [0.9, tone.dark],
      [1, tone.deep],
    ],
    0,
    0,
    1,
    0,
  );
}

/** An upright cylinder whose top ellipse is seen from slightly above. */
export function cylinder(
  defs: Defs,
  cx: number,
  top: number,
  width: number,
  height: number,
  tone: Tone,
  gloss = 0.8,
): string {
  const rx = width / 2;
  const ry = width * 0.16;
  const bottom = top + height;
  const side = `M ${num(cx - rx)} ${num(top)} L ${num(cx - rx)} ${num(bottom)} A ${num(rx)} ${num(ry)} 0 0 0 ${num(cx + rx)} ${num(bottom)} L ${num(cx + rx)} ${num(top)} Z`;
  const lid = defs.linear([
    [0, tone.light],
    [1, tone.base],
  ]);
  return (
    path(side, roundShade(defs, tone, gloss)) +
    ellipse(cx, top, rx, ry, lid, `stroke="${tone.dark}" stroke-opacity="0.4" stroke-width="1.5"`)
  );
}

/** A flat elliptical band (a belt loop, a bangle lying down) with a visible wall of height h. */
export function ellipticBand(
  defs: Defs,
  cx: number,
  cy: number,
  rx: number,
  ry: number,
  h: number,
  tone: Tone,
  thickness = 0,
): string {
  const inner = defs.linear([
    [0, tone.deep],
    [1, tone.dark],
  ]);
  const front = roundShade(defs, tone);
  // The inside of the back wall shows between the rim and the floor; the front wall shows its outside.
  const back = `M ${num(cx - rx)} ${num(cy)} A ${num(rx)} ${num(ry)} 0 0 1 ${num(cx + rx)} ${num(cy)} L ${num(cx + rx)} ${num(cy + h)} A ${num(rx)} ${num(ry)} 0 0 0 ${num(cx - rx)} ${num(cy + h)} Z`;
  const frontWall = `M ${num(cx - rx)} ${num(cy)} A ${num(rx)} ${num(ry)} 0 0 0 ${num(cx + rx)} ${num(cy)} L ${num(cx + rx)} ${num(cy + h)} A ${num(rx)} ${num(ry)} 0 0 1 ${num(cx - rx)} ${num(cy + h)} Z`;
  const rim =
    thickness > 0
      ? ellipse(cx, cy, rx, ry, 'none', `stroke="${tone.light}" stroke-width="${thickness}"`)
      : ellipse(cx, cy, rx, ry, 'none', `stroke="${tone.shine}" stroke-opacity="0.6" stroke-width="3"`);
  return path(back, inner) + path(frontWall, front) + rim;
}

/** A four-pointed glint, the sparkle of light on metal or a stone. */
export function sparkle(x: number, y: number, size: number, opacity = 0.9): string {
  const s = size;
  const w = size * 0.16;
  return path(
    `M ${num(x)} ${num(y - s)} Q ${num(x + w)} ${num(y - w)} ${num(x + s)} ${num(y)} Q ${num(x + w)} ${num(y + w)} ${num(x)} ${num(y + s)} Q ${num(x - w)} ${num(y + w)} ${num(x - s)} ${num(y)} Q ${num(x - w)} ${num(y - w)} ${num(x)} ${num(y - s)} Z`,
    '#ffffff',
    `opacity="${opacity}"`,
  );
}

/** A brilliant-cut stone seen from the side: table, crown facets and pavilion. */
export function gem(defs: Defs, cx: number, top: number, width: number, stone: Tone): string {
  const h = width * 0.95;
  const crown = width * 0.3;
  const w = width / 2;
  const t = w * 0.55;
  const fill = defs.linear(
    [
      [0, stone.light],
      [0.5, stone.base],
      [1, stone.deep],
    ],
    0,
    0,
    1,
    1,
  );
  const facets = [
    path(
      `M ${num(cx - t)} ${num(top)} L ${num(cx + t)} ${num(top)} L ${num(cx + w)} ${num(top + crown)} L ${num(cx - w)} ${num(top + crown)} Z`,
      defs.linear([
        [0, stone.shine],
        [1, stone.light],
      ]),
    ),
    path(
      `M ${num(cx - w)} ${num(top + crown)} L ${num(cx + w)} ${num(top + crown)} L ${num(cx)} ${num(top + h)} Z`,
      fill,
    ),
    path(
      `M ${num(cx - w)} ${num(top + crown)} L ${num(cx - w * 0.3)} ${num(top + crown)} L ${num(cx)} ${num(top + h)} Z`,
      stone.light,
      'opacity="0.55"',
    ),
    path(
      `M ${num(cx + w * 0.35)} ${num(top + crown)} L ${num(cx + w)} ${num(top + crown)} L ${num(cx)} ${num(top + h)} Z`,
      stone.deep,
      'opacity="0.5"',
    ),
    path(
      `M ${num(cx - t)} ${num(top)} L ${num(cx - w * 0.3)} ${num(top + crown)} M ${num(cx + t)} ${num(top)} L ${num(cx + w * 0.35)} ${num(top + crown)} M ${num(cx)} ${num(top)} L ${num(cx)} ${num(top + crown)}`,
      'none',
      `stroke="${stone.shine}" stroke-opacity="0.5" stroke-width="1.5"`,
    ),
  ].join('');
  return group(facets + sparkle(cx - w * 0.35, top + crown * 0.5, width * 0.28), `stroke-linejoin="round"`);
}

/** A round cabochon or pearl, lit from the upper left. */
export function bead(defs: Defs, cx: number, cy: number, r: number, tone: Tone): string {
  const fill = defs.radial(
    [
      [0, tone.shine],
      [0.25, tone.light],
      [0.7, tone.base],
      [1, tone.dark],
    ],
    0.35,
    0.3,
    0.75,
  );
  return ellipse(cx, cy, r, r, fill);
}

/** Slightly random points along a quadratic curve, for chains and rows of pearls. */
export function alongCurve(
  x1: number,
  y1: number,
  qx: number,
  qy: number,
  x2: number,
  y2: number,
  count: number,
  rng?: Rng,
): [number, number][] {
  return Array.from({ length: count }, (_, i) => {
    const t = count === 1 ? 0.5 : i / (count - 1);
    const jitter = rng ? between(rng, -0.6, 0.6) : 0;
    const x = (1 - t) ** 2 * x1 + 2 * (1 - t) * t * qx + t ** 2 * x2 + jitter;
    const y = (1 - t) ** 2 * y1 + 2 * (1 - t) * t * qy + t ** 2 * y2 + jitter;
    return [x, y];
  });
}
