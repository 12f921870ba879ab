import type { Color } from '@shop/contract/constants';
import { between, METALS, pick, type Rng, type Tone, toneFrom } from './palette';
import { alongCurve, bead, ellipticBand, gem, roundShade, sparkle } from './solids';
import type { Drawing } from './studio';
import { type Defs, ellipse, num, path } from './svg';

export const JEWELLERY_KINDS = [
  'ring',
  'necklace',
  'drop-earrings',
  'hoop-earrings',
  'gem-earrings',
  'bangles',
  'jewelled-bangles',
] as const;
export type JewelleryKind = (typeof JEWELLERY_KINDS)[number];

const CX = 600;

/** Jewellery takes its colour from the metal or the stone, whichever the catalogue colour names. */
interface JewelleryLook {
  metal: Tone;
  stone: Tone;
  pearl: boolean;
}

function jewelleryLook(color: Color, rng: Rng): JewelleryLook {
  const diamond = toneFrom('#dfe9f3', 0.7);
  switch (color) {
    case 'gold':
      return { metal: METALS.gold, stone: diamond, pearl: false };
    case 'silver':
      return { metal: METALS.silver, stone: diamond, pearl: false };
    case 'red':
      return { metal: pick(rng, [METALS.gold, METALS.rose]), stone: toneFrom('#b3122e'), pearl: false };
    case 'green':
      return { metal: METALS.gold, stone: toneFrom('#138a5a'), pearl: false };
    case 'blue':
      return { metal: METALS.silver, stone: toneFrom('#1f4fb0'), pearl: false };
    case 'black':
      return { metal: pick(rng, [METALS.silver, METALS.dark]), stone: toneFrom('#1b1b20'), pearl: false };
    case 'beige':
      return { metal: METALS.rose, stone: toneFrom('#efe3cf', 0.6), pearl: true };
  }
}

function ring(defs: Defs, look: JewelleryLook, rng: Rng): Drawing {
  const cy = 720;
  const rx = 170;
  const ry = 190;
  const band = 34;
  const metalFill = roundShade(defs, look.metal, 0.9);
  const outer = `M ${CX - rx} ${cy} A ${rx} ${ry} 0 1 0 ${CX + rx} ${cy} A ${rx} ${ry} 0 1 0 ${CX - rx} ${cy} Z`;
  const inner = `M ${CX - rx + band} ${cy + 6} A ${rx - band} ${ry - band} 0 1 0 ${CX + rx - band} ${cy + 6} A ${rx - band} ${ry - band} 0 1 0 ${CX - rx + band} ${cy + 6} Z`;
  const insideWall = defs.linear([
    [0, look.metal.deep],
    [0.6, look.metal.dark],
    [1, look.metal.light],
  ]);
  const stoneWidth = between(rng, 120, 150);
  const setting = `M ${CX - stoneWidth * 0.42} ${cy - ry - 10} L ${CX + stoneWidth * 0.42} ${cy - ry - 10} L ${CX + 30} ${cy - ry + 40} L ${CX - 30} ${cy - ry + 40} Z`;
  const top = cy - ry - 10 - stoneWidth * 0.75;
  // Claw tips hold the stone at its table and its girdle.
  const w = stoneWidth / 2;
  const prongs = [
    [-w, top + stoneWidth * 0.3],
    [w, top + stoneWidth * 0.3],
    [-w * 0.5, top + 3],
    [w * 0.5, top + 3],
  ]
    .map(([x, y]) => bead(defs, CX + (x ?? 0), y ?? 0, 9, look.metal))
    .join('');
  const stone = look.pearl ? bead(defs, CX, cy - ry - 70, 64, look.stone) : gem(defs, CX, top, stoneWidth, look.stone);
  return {
    content:
      `<path d="${outer} ${inner}" fill-rule="evenodd" fill="${metalFill}"/>` +
      `<path d="${inner}" fill="none" stroke="${insideWall}" stroke-width="14"/>` +
      path(setting, roundShade(defs, look.metal)) +
      stone +
      (look.pearl ? '' : prongs) +
      sparkle(CX - rx + 26, cy - 40, 26) +
      sparkle(CX + 40, top + 20, 34),
    shadows: [{ cx: CX + 20, cy: cy + ry + 6, rx: 170, ry: 26, strength: 0.45 }],
    bounds: [CX - rx - 10, top - 10, CX + rx + 10, cy + ry + 20],
  };
}

/** A velvet neck form on a small plinth, the way jewellers show a necklace. */
function bust(defs: Defs, dark: boolean): string {
  const velvet = dark ? toneFrom('#2a2a31') : toneFrom('#e8ddcc', 0.6);
  const d = `M ${CX - 82} 170 C ${CX - 88} 260 ${CX - 78} 340 ${CX - 94} 410 C ${CX - 122} 462 ${CX - 250} 470 ${CX - 306} 536 C ${CX - 346} 584 ${CX - 340} 660 ${CX - 312} 730 C ${CX - 280} 810 ${CX - 230} 880 ${CX - 200} 930 Q ${CX} 960 ${CX + 200} 930 C ${CX + 230} 880 ${CX + 280} 810 ${CX + 312} 730 C ${CX + 340} 660 ${CX + 346} 584 ${CX + 306} 536 C ${CX + 250} 470 ${CX + 122} 462 ${CX + 94} 410 C ${CX + 78} 340 ${CX + 88} 260 ${CX + 82} 170 Z`;
  const top = ellipse(CX, 170, 82, 20, velvet.light);
  const plinth = toneFrom(dark ? '#d9cdb8' : '#3a3a40', 0.7);
  const stand = `M ${CX - 30} 930 L ${CX + 30} 930 L ${CX + 34} 990 L ${CX - 34} 990 Z`;
  const base = ellipse(CX, 1000, 150, 26, plinth.dark) + ellipse(CX, 992, 150, 26, roundShade(defs, plinth, 0.4));
  return base + path(stand, roundShade(defs, plinth, 0.4)) + path(d, roundShade(defs, velvet, 0.2)) + top;
}

function necklace(defs: Defs, look: JewelleryLook, rng: Rng): Drawing {
  // Pale pearls and bright metal show best on dark velvet; dark metal on pale linen.
  const dark = look.metal !== METALS.dark;
  const drop = between(rng, 640, 700);
  const strandBottom = (440 + drop + 150) / 2;
  const chain = `M ${CX - 104} 440 Q ${CX - 60} ${drop + 30} ${CX} ${drop} Q ${CX + 60} ${drop + 30} ${CX + 104} 440`;
  const strand = look.pearl
    ? alongCurve(CX - 104, 440, CX, drop + 150, CX + 104, 440, 23)
        .map(([x, y]) => bead(defs, x, y, 15, look.stone))
        .join('')
    : path(
        chain,
        'none',
        `stroke="${look.metal.dark}" stroke-width="9" stroke-dasharray="11 4" stroke-linecap="round"`,
      ) +
      path(
        chain,
        'none',
        `stroke="${look.metal.light}" stroke-width="4" stroke-dasharray="11 4" stroke-dashoffset="7"`,
      );
  const bail = ellipse(CX, drop + 22, 12, 16, 'none', `stroke="${look.metal.base}" stroke-width="7"`);
  const pendantWidth = between(rng, 90, 120);
  const pendant = look.pearl
    ? bead(defs, CX, strandBottom + 46, 34, look.stone)
    : `<g>${path(
        `M ${CX} ${drop + 30} L ${num(CX + pendantWidth * 0.55)} ${num(drop + 30 + pendantWidth * 0.55)} L ${CX} ${num(drop + 30 + pendantWidth * 1.35)} L ${num(CX - pendantWidth * 0.55)} ${num(drop + 30 + pendantWidth * 0.55)} Z`,
        roundShade(defs, look.metal),
      )}${gem(defs, CX, drop + 52, pendantWidth * 0.72, look.stone)}</g>`;
  return {
    content: bust(defs, dark) + strand + (look.pearl ? '' : bail) + pendant + sparkle(CX + 30, drop + 60, 28),
    shadows: [{ cx: CX, cy: 1010, rx: 220, ry: 34, strength: 0.45 }],
    bounds: [CX - 350, 140, CX + 350, 1040],
  };
}

function earrings(defs: Defs, look: JewelleryLook, style: 'drop' | 'hoop' | 'gem'): Drawing {
  const stand = toneFrom('#c9c2b6', 0.7);
  const bar = `M ${CX - 300} 300 L ${CX + 300} 300 L ${CX + 300} 318 L ${CX - 300} 318 Z`;
  const post = `M ${CX - 10} 318 L ${CX + 10} 318 L ${CX + 14} 950 L ${CX - 14} 950 Z`;
  const one = (x: number) => {
    const hook = path(
      `M ${x} 310 C ${x - 40} 300 ${x - 40} 360 ${x} 380`,
      'none',
      `stroke="${look.metal.base}" stroke-width="7" stroke-linecap="round"`,
    );
    if (style === 'hoop') {
      return (
        hook +
        ellipse(x, 520, 110, 140, 'none', `stroke="${look.metal.dark}" stroke-width="30"`) +
        ellipse(x, 520, 110, 140, 'none', `stroke="${roundShade(defs, look.metal)}" stroke-width="22"`) +
        sparkle(x - 80, 450, 22)
      );
    }
    const link = path(`M ${x} 380 L ${x} 450`, 'none', `stroke="${look.metal.base}" stroke-width="6"`);
    const head = look.pearl
      ? bead(defs, x, 395, 22, look.stone)
      : ellipse(x, 395, 20, 20, roundShade(defs, look.metal));
    const tear = `M ${x} 450 C ${x + 70} 530 ${x + 80} 620 ${x} 650 C ${x - 80} 620 ${x - 70} 530 ${x} 450 Z`;
    const body =
      style === 'drop'
        ? path(
            tear,
            defs.radial(
              [
                [0, look.stone.shine],
                [0.35, look.stone.light],
                [0.75, look.stone.base],
                [1, look.stone.deep],
              ],
              0.4,
              0.45,
              0.6,
            ),
          ) + path(tear, 'none', `stroke="${look.metal.base}" stroke-width="8"`)
        : look.pearl
          ? bead(defs, x, 530, 70, look.stone)
          : gem(defs, x, 470, 110, look.stone);
    return hook + link + head + body + sparkle(x - 24, 520, 24);
  };
  return {
    content:
      path(post, roundShade(defs, stand, 0.3)) +
      path(bar, roundShade(defs, stand, 0.3)) +
      ellipse(CX, 950, 130, 26, stand.dark) +
      one(CX - 170) +
      one(CX + 170),
    shadows: [{ cx: CX, cy: 960, rx: 260, ry: 36, strength: 0.4 }],
    bounds: [CX - 310, 290, CX + 310, 960],
  };
}

function bracelet(defs: Defs, look: JewelleryLook, studded: boolean): Drawing {
  const back = ellipticBand(defs, CX + 60, 600, 230, 96, 46, look.metal);
  const front = ellipticBand(defs, CX - 40, 760, 250, 104, 52, look.metal);
  const studs = studded
    ? Array.from({ length: 7 }, (_, i) => {
        const a = Math.PI * (0.15 + (0.7 * i) / 6);
        const x = CX - 40 + 250 * Math.cos(a);
        const y = 760 + 104 * Math.sin(a) + 26;
        return look.pearl ? bead(defs, x, y, 16, look.stone) : gem(defs, x, y - 18, 40, look.stone);
      }).join('')
    : '';
  return {
    content: back + front + studs + sparkle(CX - 250, 770, 26) + sparkle(CX + 200, 620, 20),
    shadows: [
      { cx: CX + 60, cy: 660, rx: 260, ry: 100, strength: 0.22 },
      { cx: CX - 40, cy: 830, rx: 290, ry: 110, strength: 0.3 },
    ],
    bounds: [CX - 300, 500, CX + 300, 880],
  };
}

const DRAW: Record<JewelleryKind, (defs: Defs, look: JewelleryLook, rng: Rng) => Drawing> = {
  ring,
  necklace,
  'drop-earrings': (defs, look) => earrings(defs, look, 'drop'),
  'hoop-earrings': (defs, look) => earrings(defs, look, 'hoop'),
  'gem-earrings': (defs, look) => earrings(defs, look, 'gem'),
  bangles: (defs, look) => bracelet(defs, look, false),
  'jewelled-bangles': (defs, look) => bracelet(defs, look, true),
};

export function drawJewellery(kind: JewelleryKind, defs: Defs, color: Color, rng: Rng): Drawing {
  return DRAW[kind](defs, jewelleryLook(color, rng), rng);
}
