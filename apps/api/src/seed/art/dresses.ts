import { CX, drapes, fabricPiece, foldsXml, hanger, wallShadow } from './garment';
import { between, pick, type Rng, type Tone } from './palette';
import { bothSides, mirrored, type Pt, sagCurve, seg } from './shape';
import type { Drawing } from './studio';
import { type Defs, ellipse, path } from './svg';

export const DRESS_KINDS = ['slip', 'wrap', 'a-line', 'shirt', 'gown', 'puff', 'polka-puff'] as const;
export type DressKind = (typeof DRESS_KINDS)[number];

const p = (x: number, y: number): Pt => [x, y];

function slip(defs: Defs, tone: Tone, rng: Rng): Drawing {
  const hem = between(rng, 1040, 1090);
  const flare = between(rng, 215, 265);
  const outline = mirrored(
    CX,
    p(118, 418),
    [seg(p(126, 480), p(106, 560), p(98, 610)), seg(p(112, 770), p(flare - 40, 950), p(flare, hem))],
    (l, r) => `C ${l[0] + 50} 478 ${r[0] - 50} 478 ${r[0]} ${r[1]}`,
    (r, l) => sagCurve(r, l, 22),
  );
  const straps = bothSides((side) =>
    path(
      `M ${CX + side * 86} 268 L ${CX + side * 104} 424`,
      'none',
      `stroke="${tone.dark}" stroke-width="7" stroke-linecap="round"`,
    ),
  );
  const folds = foldsXml(defs, tone, drapes(rng, 600, hem, 100, flare, 7), 0.3);
  const cowl = path(
    `M ${CX - 90} 440 Q ${CX} 500 ${CX + 90} 440`,
    'none',
    `stroke="${tone.deep}" stroke-opacity="0.35" stroke-width="8"`,
  );
  return {
    content:
      wallShadow(outline) +
      hanger(defs, pick(rng, ['wood', 'gold'] as const)) +
      straps +
      fabricPiece(defs, tone, outline, folds + cowl),
    shadows: [],
    bounds: [CX - Math.max(flare, 240) - 20, 74, CX + Math.max(flare, 240) + 20, hem + 30],
  };
}

/** Sleeves hang behind the body of a dress; `cuff` is where the sleeve ends. */
function sleeves(defs: Defs, tone: Tone, shoulder: Pt, cuffOuter: Pt, cuffInner: Pt, underarm: Pt): string {
  return bothSides((side) => {
    const x = (dx: number) => CX + side * dx;
    const d = `M ${x(shoulder[0] - 12)} ${shoulder[1] - 4} C ${x(shoulder[0] + 30)} ${shoulder[1] + 6} ${x(cuffOuter[0] - 6)} ${cuffOuter[1] - 60} ${x(cuffOuter[0])} ${cuffOuter[1]} L ${x(cuffInner[0])} ${cuffInner[1]} C ${x(cuffInner[0] - 10)} ${cuffInner[1] - 40} ${x(underarm[0] + 8)} ${underarm[1] + 20} ${x(underarm[0])} ${underarm[1]} Z`;
    return fabricPiece(defs, tone, d);
  });
}

function wrap(defs: Defs, tone: Tone, rng: Rng): Drawing {
  const hem = between(rng, 1010, 1060);
  const flare = between(rng, 240, 280);
  const outline = mirrored(
    CX,
    p(72, 262),
    [
      seg(p(110, 272), p(145, 284), p(168, 302)),
      seg(p(172, 340), p(160, 390), p(150, 420)),
      seg(p(140, 480), p(110, 550), p(110, 600)),
      seg(p(150, 720), p(flare - 20, 900), p(flare, hem)),
    ],
    (l, r) => sagCurve(l, r, 26),
    (r, l) => `C ${r[0] - 110} ${hem + 34} ${l[0] + 110} ${hem + 34} ${l[0]} ${l[1]}`,
  );
  const inside = path(
    `M ${CX - 72} 262 Q ${CX} 292 ${CX + 72} 262 L ${CX + 30} 420 Q ${CX} 470 ${CX - 40} 500 Z`,
    tone.deep,
    'opacity="0.9"',
  );
  const crossover = path(
    `M ${CX + 72} 262 C ${CX + 40} 380 ${CX - 20} 480 ${CX - 110} 600`,
    'none',
    `stroke="${tone.deep}" stroke-opacity="0.55" stroke-width="5"`,
  );
  const sash = path(
    `M ${CX - 112} 588 Q ${CX} 604 ${CX + 112} 588 L ${CX + 112} 622 Q ${CX} 638 ${CX - 112} 622 Z`,
    tone.dark,
  );
  const ties = [
    path(
      `M ${CX + 96} 606 C ${CX + 130} 680 ${CX + 120} 760 ${CX + 150} 830 L ${CX + 128} 836 C ${CX + 104} 760 ${CX + 110} 690 ${CX + 82} 612 Z`,
      tone.dark,
    ),
    path(
      `M ${CX + 90} 608 C ${CX + 100} 660 ${CX + 70} 720 ${CX + 80} 790 L ${CX + 60} 790 C ${CX + 52} 720 ${CX + 80} 660 ${CX + 76} 612 Z`,
      tone.dark,
    ),
    ellipse(CX + 90, 606, 20, 16, tone.base, `stroke="${tone.deep}" stroke-opacity="0.4" stroke-width="2"`),
  ].join('');
  const folds = foldsXml(defs, tone, drapes(rng, 620, hem, 110, flare, 8));
  const long = rng() < 0.4;
  const arms = long
    ? sleeves(defs, tone, p(168, 302), p(250, 720), p(200, 730), p(150, 420))
    : sleeves(defs, tone, p(168, 302), p(262, 450), p(196, 470), p(150, 420));
  return {
    content:
      wallShadow(outline) +
      hanger(defs, pick(rng, ['wood', 'black'] as const)) +
      arms +
      fabricPiece(defs, tone, outline, inside + folds + crossover + sash + ties),
    shadows: [],
    bounds: [CX - 300, 74, CX + 300, hem + 40],
  };
}

function aLine(defs: Defs, tone: Tone, rng: Rng): Drawing {
  const hem = between(rng, 980, 1040);
  const flare = between(rng, 290, 330);
  const outline = mirrored(
    CX,
    p(66, 262),
    [
      seg(p(100, 272), p(130, 284), p(152, 298)),
      seg(p(146, 340), p(126, 380), p(130, 420)),
      seg(p(136, 480), p(110, 540), p(108, 580)),
      seg(p(160, 700), p(flare - 30, 880), p(flare, hem)),
    ],
    (l, r) => sagCurve(l, r, 22),
    (r, l) => `C ${r[0] - 140} ${hem + 40} ${l[0] + 140} ${hem + 40} ${l[0]} ${l[1]}`,
  );
  const scoop = path(
    `M ${CX - 66} 262 Q ${CX} 288 ${CX + 66} 262 Q ${CX + 60} 350 ${CX} 352 Q ${CX - 60} 350 ${CX - 66} 262 Z`,
    tone.deep,
  );
  const seam = path(
    `M ${CX - 110} 580 Q ${CX} 592 ${CX + 110} 580`,
    'none',
    `stroke="${tone.deep}" stroke-opacity="0.5" stroke-width="4"`,
  );
  const belt =
    rng() < 0.5
      ? path(
          `M ${CX - 112} 566 Q ${CX} 578 ${CX + 112} 566 L ${CX + 110} 590 Q ${CX} 602 ${CX - 110} 590 Z`,
          '#1d1c1f',
          'opacity="0.85"',
        )
      : '';
  const pleats = foldsXml(
    defs,
    tone,
    [-3, -2, -1, 1, 2, 3].map((i) => ({
      x1: CX + i * 30,
      y1: 592,
      x2: CX + i * (flare / 3.3),
      y2: hem + 30,
      width: 14,
      ridge: i % 2 === 0,
    })),
  );
  return {
    content:
      wallShadow(outline) +
      hanger(defs, pick(rng, ['wood', 'gold', 'black'] as const)) +
      fabricPiece(defs, tone, outline, scoop + pleats + seam + belt),
    shadows: [],
    bounds: [CX - flare - 10, 74, CX + flare + 10, hem + 40],
  };
}

function shirt(defs: Defs, tone: Tone, rng: Rng): Drawing {
  const hem = between(rng, 1020, 1060);
  const flare = between(rng, 200, 235);
  const outline = mirrored(
    CX,
    p(58, 258),
    [
      seg(p(100, 270), p(140, 286), p(172, 304)),
      seg(p(172, 350), p(160, 400), p(152, 430)),
      seg(p(142, 500), p(126, 560), p(124, 600)),
      seg(p(140, 720), p(flare - 10, 900), p(flare, hem)),
    ],
    (l, r) => sagCurve(l, r, 18),
    (r, l) => sagCurve(r, l, 16),
  );
  const collar = bothSides((side) => {
    const x = (dx: number) => CX + side * dx;
    return path(
      `M ${x(58)} 256 L ${x(4)} 330 L ${x(14)} 342 L ${x(94)} 318 Z`,
      tone.light,
      `stroke="${tone.deep}" stroke-opacity="0.5" stroke-width="2"`,
    );
  });
  const placket = path(
    `M ${CX - 12} 330 L ${CX + 12} 330 L ${CX + 12} ${hem - 10} L ${CX - 12} ${hem - 10} Z`,
    tone.dark,
    'opacity="0.35"',
  );
  const buttons = [380, 450, 520, 680, 760, 840, 920]
    .filter((y) => y < hem - 40)
    .map((y) => ellipse(CX, y, 8, 8, tone.shine, `stroke="${tone.deep}" stroke-width="2"`))
    .join('');
  const beltColor = tone.base === '#26262b' ? '#8a6a48' : '#2a2420';
  const belt = [
    path(`M ${CX - 126} 586 Q ${CX} 598 ${CX + 126} 586 L ${CX + 124} 618 Q ${CX} 630 ${CX - 124} 618 Z`, beltColor),
    `<rect x="${CX - 24}" y="584" width="48" height="40" rx="5" fill="none" stroke="#d7b66a" stroke-width="6"/>`,
  ].join('');
  const pocket = bothSides((side) =>
    path(
      `M ${CX + side * 50} 390 h ${side * 62} v 64 h ${-side * 62} Z`,
      'none',
      `stroke="${tone.deep}" stroke-opacity="0.45" stroke-width="3"`,
    ),
  );
  const folds = foldsXml(defs, tone, drapes(rng, 630, hem, 124, flare, 6));
  const arms = sleeves(defs, tone, p(172, 304), p(262, 500), p(200, 520), p(152, 430));
  const cuffs = bothSides((side) =>
    path(
      `M ${CX + side * 262} 500 L ${CX + side * 200} 520 L ${CX + side * 204} 490 L ${CX + side * 258} 470 Z`,
      tone.light,
      'opacity="0.7"',
    ),
  );
  return {
    content:
      wallShadow(outline) +
      hanger(defs, 'wood') +
      arms +
      cuffs +
      fabricPiece(defs, tone, outline, placket + folds + pocket + belt + buttons) +
      collar,
    shadows: [],
    bounds: [CX - 270, 74, CX + 270, hem + 20],
  };
}

function puff(defs: Defs, tone: Tone, rng: Rng, polka: boolean): Drawing {
  const hem = between(rng, 1000, 1050);
  const flare = between(rng, 210, 250);
  const outline = mirrored(
    CX,
    p(92, 320),
    [
      seg(p(104, 300), p(130, 300), p(150, 306)),
      seg(p(150, 360), p(124, 400), p(122, 430)),
      seg(p(124, 500), p(104, 550), p(104, 590)),
      seg(p(130, 720), p(flare - 20, 880), p(flare, hem)),
    ],
    (l, r) => `L ${l[0]} 300 L ${r[0]} 300 L ${r[0]} ${r[1]}`,
    (r, l) => sagCurve(r, l, 26),
  );
  const neckline = path(
    `M ${CX - 92} 300 L ${CX + 92} 300 L ${CX + 92} 320 L ${CX - 92} 320 Z`,
    tone.deep,
    'opacity="0.8"',
  );
  const puffs = bothSides((side) => {
    const x = (dx: number) => CX + side * dx;
    const d = `M ${x(120)} 296 C ${x(180)} 250 ${x(250)} 290 ${x(246)} 360 C ${x(244)} 400 ${x(200)} 420 ${x(160)} 410 C ${x(150)} 380 ${x(140)} 340 ${x(120)} 296 Z`;
    return fabricPiece(
      defs,
      tone,
      d,
      path(
        `M ${x(160)} 300 Q ${x(210)} 340 ${x(200)} 400`,
        'none',
        `stroke="${tone.deep}" stroke-opacity="0.35" stroke-width="5"`,
      ),
    );
  });
  const dots = polka
    ? Array.from({ length: 90 }, (_, i) => {
        const col = i % 9;
        const row = Math.floor(i / 9);
        return ellipse(CX - 260 + col * 62 + (row % 2) * 31, 330 + row * 76, 7, 7, tone.shine, 'opacity="0.75"');
      }).join('')
    : '';
  const folds = foldsXml(defs, tone, drapes(rng, 610, hem, 104, flare, 6));
  const bar = path(`M ${CX - 160} 300 Q ${CX} 232 ${CX + 160} 300`, 'none', 'stroke="#b9854f" stroke-width="20"');
  return {
    content:
      wallShadow(outline) +
      hanger(defs, 'wood') +
      bar +
      fabricPiece(defs, tone, outline, dots + folds + neckline) +
      puffs,
    shadows: [],
    bounds: [CX - 260, 74, CX + 260, hem + 30],
  };
}

/** A gown is shown on a dress form, standing on the studio floor. */
function gown(defs: Defs, tone: Tone, rng: Rng): Drawing {
  const hem = 1110;
  const flare = between(rng, 330, 380);
  const form = '#e9dfcf';
  const formFill = defs.linear(
    [
      [0, '#b8ab96'],
      [0.35, form],
      [0.7, '#d9ccb6'],
      [1, '#a89a84'],
    ],
    0,
    0,
    1,
    0,
  );
  const torso = `M ${CX - 42} 210 L ${CX - 40} 260 C ${CX - 120} 278 ${CX - 190} 290 ${CX - 196} 332 C ${CX - 200} 360 ${CX - 170} 390 ${CX - 150} 420 L ${CX + 150} 420 C ${CX + 170} 390 ${CX + 200} 360 ${CX + 196} 332 C ${CX + 190} 290 ${CX + 120} 278 ${CX + 40} 260 L ${CX + 42} 210 Z`;
  const knob = [
    path(`M ${CX - 44} 210 L ${CX + 44} 210 L ${CX + 40} 192 L ${CX - 40} 192 Z`, '#6b5a46'),
    ellipse(CX, 180, 16, 16, '#8a6a48'),
  ].join('');
  const outline = mirrored(
    CX,
    p(150, 380),
    [seg(p(150, 430), p(116, 480), p(110, 530)), seg(p(170, 650), p(flare - 60, 900), p(flare, hem))],
    (l, r) => `C ${l[0] + 40} 344 ${CX - 40} 344 ${CX} 390 C ${CX + 40} 344 ${r[0] - 40} 344 ${r[0]} ${r[1]}`,
    (r, l) => `C ${r[0] - 120} ${hem + 28} ${l[0] + 120} ${hem + 28} ${l[0]} ${l[1]}`,
  );
  const folds = foldsXml(defs, tone, drapes(rng, 550, hem, 110, flare, 10), 0.32);
  const waist = path(
    `M ${CX - 112} 528 Q ${CX} 546 ${CX + 112} 528`,
    'none',
    `stroke="${tone.deep}" stroke-opacity="0.5" stroke-width="5"`,
  );
  return {
    content:
      path(torso, formFill, 'stroke="#9c8d77" stroke-width="2"') +
      knob +
      fabricPiece(defs, tone, outline, folds + waist),
    shadows: [{ cx: CX, cy: hem + 8, rx: flare + 60, ry: 34, strength: 0.4 }],
    bounds: [CX - flare - 20, 160, CX + flare + 20, hem + 40],
  };
}

const DRAW: Record<DressKind, (defs: Defs, tone: Tone, rng: Rng) => Drawing> = {
  slip,
  wrap,
  'a-line': aLine,
  shirt,
  gown,
  puff: (defs, tone, rng) => puff(defs, tone, rng, false),
  'polka-puff': (defs, tone, rng) => puff(defs, tone, rng, true),
};

export function drawDress(kind: DressKind, defs: Defs, tone: Tone, rng: Rng): Drawing {
  return DRAW[kind](defs, tone, rng);
}
