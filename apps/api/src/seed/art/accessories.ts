import { between, darken, METALS, pick, type Rng, type Tone, toneFrom } from './palette';
import { ellipticBand, roundShade, sparkle } from './solids';
import type { Drawing } from './studio';
import { type Defs, ellipse, num, path } from './svg';

export const ACCESSORY_KINDS = [
  'tote',
  'flap-bag',
  'quilted-bag',
  'belt',
  'sun-hat',
  'fedora',
  'scarf',
  'cat-eye-sunglasses',
  'round-sunglasses',
  'square-sunglasses',
] as const;
export type AccessoryKind = (typeof ACCESSORY_KINDS)[number];

const CX = 600;

/** Hardware is gold, now and then silver. */
const hardwareFor = (rng: Rng) => (rng() < 0.65 ? METALS.gold : METALS.silver);

function leatherOverlay(defs: Defs): string {
  return defs.linear([
    [0, '#ffffff', 0.12],
    [0.45, '#ffffff', 0],
    [1, '#000000', 0.25],
  ]);
}

const stitch = (d: string, tone: Tone) =>
  path(d, 'none', `stroke="${tone.shine}" stroke-opacity="0.55" stroke-width="2.5" stroke-dasharray="9 7"`);

function tote(defs: Defs, tone: Tone, rng: Rng): Drawing {
  const metal = hardwareFor(rng);
  const top = 520;
  const bottom = between(rng, 920, 950);
  const tw = between(rng, 215, 240);
  const bw = tw + between(rng, 35, 55);
  const body = `M ${CX - tw} ${top} L ${CX + tw} ${top} L ${CX + bw - 4} ${bottom - 40} Q ${CX + bw} ${bottom} ${CX + bw - 40} ${bottom} L ${CX - bw + 40} ${bottom} Q ${CX - bw} ${bottom} ${CX - bw + 4} ${bottom - 40} Z`;
  const gusset = `M ${CX + tw} ${top} L ${CX + tw + 34} ${top + 22} L ${CX + bw + 30} ${bottom - 30} Q ${CX + bw + 24} ${bottom - 4} ${CX + bw - 20} ${bottom} Z`;
  const handle = (lift: number, spread: number, color: string, width: number) =>
    path(
      `M ${CX - spread} ${top + 4} C ${CX - spread} ${top - lift} ${CX + spread} ${top - lift} ${CX + spread} ${top + 4}`,
      'none',
      `stroke="${color}" stroke-width="${width}" stroke-linecap="round"`,
    );
  const handles = [
    handle(250, 110, tone.deep, 26),
    handle(270, 128, tone.dark, 28),
    handle(270, 128, tone.light, 8).replace(
      'stroke-width="8"',
      'stroke-width="6" stroke-opacity="0.6" transform="translate(-3 -6)"',
    ),
  ].join('');
  const tabs = [-128, 128]
    .map((dx) => ellipse(CX + dx, top + 6, 16, 12, metal.base, `stroke="${metal.dark}" stroke-width="3"`))
    .join('');
  const band = path(
    `M ${CX - tw} ${top} L ${CX + tw} ${top} L ${CX + tw + 3} ${top + 40} L ${CX - tw - 3} ${top + 40} Z`,
    darken(tone.base, 0.12),
  );
  const lock = [
    `<rect x="${CX - 34}" y="${top + 70}" width="68" height="52" rx="10" fill="${defs.linear([
      [0, metal.light],
      [1, metal.dark],
    ])}" stroke="${metal.dark}" stroke-width="2"/>`,
    ellipse(CX, top + 96, 12, 12, metal.shine, `stroke="${metal.dark}" stroke-width="2"`),
    sparkle(CX - 18, top + 80, 14),
  ].join('');
  const seams = stitch(
    `M ${CX - tw + 18} ${top + 58} L ${CX + tw - 18} ${top + 58} L ${CX + bw - 22} ${bottom - 44} Q ${CX + bw - 24} ${bottom - 18} ${CX + bw - 50} ${bottom - 18} L ${CX - bw + 50} ${bottom - 18} Q ${CX - bw + 24} ${bottom - 18} ${CX - bw + 22} ${bottom - 44} Z`,
    tone,
  );
  return {
    content:
      handles +
      path(gusset, tone.deep) +
      path(body, roundShade(defs, tone, 0.4)) +
      path(body, leatherOverlay(defs)) +
      band +
      seams +
      tabs +
      lock,
    shadows: [{ cx: CX + 20, cy: bottom + 4, rx: bw + 80, ry: 38, strength: 0.42 }],
    bounds: [CX - bw - 10, top - 280, CX + bw + 40, bottom + 20],
  };
}

function flapBag(defs: Defs, tone: Tone, rng: Rng, quilted: boolean): Drawing {
  const metal = hardwareFor(rng);
  const top = 560;
  const bottom = 890;
  const w = between(rng, 230, 260);
  const body = `M ${CX - w} ${top + 30} Q ${CX - w} ${top} ${CX - w + 30} ${top} L ${CX + w - 30} ${top} Q ${CX + w} ${top} ${CX + w} ${top + 30} L ${CX + w} ${bottom - 40} Q ${CX + w} ${bottom} ${CX + w - 40} ${bottom} L ${CX - w + 40} ${bottom} Q ${CX - w} ${bottom} ${CX - w} ${bottom - 40} Z`;
  const flapBottom = between(rng, 760, 790);
  const flap = `M ${CX - w - 4} ${top + 34} Q ${CX - w - 4} ${top - 4} ${CX - w + 30} ${top - 4} L ${CX + w - 30} ${top - 4} Q ${CX + w + 4} ${top - 4} ${CX + w + 4} ${top + 34} L ${CX + w + 4} ${flapBottom - 60} Q ${CX} ${flapBottom + 50} ${CX - w - 4} ${flapBottom - 60} Z`;
  const quilt = quilted
    ? defs.pattern(
        64,
        64,
        `<path d="M 0 0 L 64 64 M 64 0 L 0 64" stroke="${tone.deep}" stroke-opacity="0.45" stroke-width="3"/>`,
        'rotate(0)',
      )
    : '';
  const chain = `M ${CX - w + 14} ${top + 10} C ${CX - w - 70} 250 ${CX + w + 70} 250 ${CX + w - 14} ${top + 10}`;
  const chainXml = [
    path(chain, 'none', `stroke="${metal.dark}" stroke-width="16" stroke-dasharray="20 6" stroke-linecap="round"`),
    path(chain, 'none', `stroke="${metal.light}" stroke-width="7" stroke-dasharray="20 6" stroke-dashoffset="13"`),
  ].join('');
  const lockY = flapBottom - 10;
  const lock = [
    `<rect x="${CX - 40}" y="${lockY - 26}" width="80" height="50" rx="8" fill="${defs.linear([
      [0, metal.light],
      [1, metal.dark],
    ])}" stroke="${metal.dark}" stroke-width="2"/>`,
    `<rect x="${CX - 14}" y="${lockY - 16}" width="28" height="30" rx="6" fill="${metal.shine}" stroke="${metal.dark}" stroke-width="2"/>`,
    sparkle(CX - 26, lockY - 18, 16),
  ].join('');
  return {
    content:
      chainXml +
      path(body, roundShade(defs, tone, 0.4)) +
      path(body, leatherOverlay(defs)) +
      (quilted ? path(body, quilt) : '') +
      path(flap, roundShade(defs, toneFrom(tone.base, 0.9), 0.5)) +
      (quilted
        ? path(flap, quilt)
        : stitch(
            `M ${CX - w + 18} ${top + 30} L ${CX - w + 18} ${flapBottom - 70} Q ${CX} ${flapBottom + 26} ${CX + w - 18} ${flapBottom - 70} L ${CX + w - 18} ${top + 30}`,
            tone,
          )) +
      path(flap, 'none', `stroke="${tone.deep}" stroke-opacity="0.6" stroke-width="3"`) +
      lock,
    shadows: [{ cx: CX + 16, cy: bottom + 2, rx: w + 90, ry: 36, strength: 0.42 }],
    bounds: [CX - w - 20, 320, CX + w + 20, bottom + 20],
  };
}

function belt(defs: Defs, tone: Tone, rng: Rng): Drawing {
  const metal = hardwareFor(rng);
  const cy = 620;
  const rx = 320;
  const ry = 150;
  const h = 66;
  const front = cy + ry;
  // The free end runs along the front of the loop, from the buckle to the right.
  const tail: string[] = [];
  const steps = 14;
  for (let i = 0; i <= steps; i++) {
    const a = (Math.PI / 2) * (1 - (0.62 * i) / steps);
    tail.push(`${num(CX + rx * Math.cos(a))} ${num(cy + ry * Math.sin(a) - 3)}`);
  }
  const lower = tail.map((pt) => {
    const [x, y] = pt.split(' ').map(Number);
    return `${x} ${num((y ?? 0) + h + 6)}`;
  });
  const tailPath = `M ${tail.join(' L ')} L ${lower.reverse().join(' L ')} Z`;
  const holes = [0.28, 0.4, 0.52, 0.64]
    .map((t) => {
      const a = (Math.PI / 2) * (1 - 0.62 * t);
      return ellipse(CX + rx * Math.cos(a), cy + ry * Math.sin(a) + h / 2, 6, 7, tone.deep);
    })
    .join('');
  const buckleFill = defs.linear([
    [0, metal.shine],
    [0.5, metal.base],
    [1, metal.dark],
  ]);
  const buckle = [
    `<rect x="${CX - 62}" y="${front - 22}" width="124" height="${h + 40}" rx="18" fill="none" stroke="${metal.dark}" stroke-width="20"/>`,
    `<rect x="${CX - 62}" y="${front - 22}" width="124" height="${h + 40}" rx="18" fill="none" stroke="${buckleFill}" stroke-width="13"/>`,
    path(
      `M ${CX - 70} ${front + h / 2} L ${CX + 40} ${front + h / 2}`,
      'none',
      `stroke="${metal.base}" stroke-width="9" stroke-linecap="round"`,
    ),
    sparkle(CX - 50, front - 14, 18),
  ].join('');
  return {
    content:
      ellipticBand(defs, CX, cy, rx, ry, h, tone) +
      path(tailPath, roundShade(defs, tone, 0.5)) +
      stitch(
        `M ${tail.slice(1).join(' L ')}`.replace(
          / (\d+(\.\d+)?)(?= L|$)/g,
          (_m, y: string) => ` ${num(Number(y) + 8)}`,
        ),
        tone,
      ) +
      holes +
      buckle,
    shadows: [{ cx: CX, cy: cy + h + 20, rx: rx + 50, ry: ry + 20, strength: 0.28 }],
    bounds: [CX - rx - 10, cy - ry - 10, CX + rx + 10, cy + ry + h + 30],
  };
}

function hat(defs: Defs, tone: Tone, rng: Rng, fedora: boolean): Drawing {
  const cy = 760;
  const rx = between(rng, 370, 410);
  const ry = 124;
  const brim = defs.radial(
    [
      [0, tone.dark],
      [0.55, tone.base],
      [0.85, tone.light],
      [1, tone.dark],
    ],
    0.5,
    0.45,
    0.55,
  );
  const crownTop = fedora ? 470 : 500;
  const crown = fedora
    ? `M ${CX - 186} ${cy - 10} C ${CX - 190} 620 ${CX - 176} 520 ${CX - 140} 492 Q ${CX - 70} 450 ${CX} 486 Q ${CX + 70} 450 ${CX + 140} 492 C ${CX + 176} 520 ${CX + 190} 620 ${CX + 186} ${cy - 10} Z`
    : `M ${CX - 196} ${cy - 10} C ${CX - 206} 560 ${CX - 120} ${crownTop} ${CX} ${crownTop} C ${CX + 120} ${crownTop} ${CX + 206} 560 ${CX + 196} ${cy - 10} Z`;
  const ribbonTone = tone.base === '#26262b' || tone.base === '#2d2a2e' ? toneFrom('#c9b18a') : toneFrom('#252428');
  const ribbon = `M ${CX - 190} ${cy - 70} Q ${CX} ${cy - 30} ${CX + 190} ${cy - 70} L ${CX + 188} ${cy - 18} Q ${CX} ${cy + 24} ${CX - 188} ${cy - 18} Z`;
  const straw = !fedora && rng() < 0.7;
  const weave = straw
    ? [0.55, 0.68, 0.8, 0.92]
        .map((k) =>
          ellipse(
            CX,
            cy + 4,
            rx * k,
            ry * k,
            'none',
            `stroke="${tone.deep}" stroke-opacity="0.28" stroke-width="3" stroke-dasharray="6 8"`,
          ),
        )
        .join('')
    : '';
  const bow = path(
    `M ${CX + 120} ${cy - 40} C ${CX + 170} ${cy - 90} ${CX + 210} ${cy - 40} ${CX + 170} ${cy - 20} Z M ${CX + 120} ${cy - 40} C ${CX + 150} ${cy + 10} ${CX + 200} ${cy + 40} ${CX + 210} ${cy + 20} Z`,
    ribbonTone.base,
  );
  return {
    content:
      ellipse(CX, cy + 12, rx, ry, tone.deep) +
      ellipse(CX, cy, rx, ry, brim) +
      weave +
      path(crown, roundShade(defs, tone, 0.3)) +
      (fedora
        ? path(
            `M ${CX} 486 Q ${CX - 10} 560 ${CX} 640`,
            'none',
            `stroke="${tone.deep}" stroke-opacity="0.35" stroke-width="14" stroke-linecap="round"`,
          )
        : '') +
      path(ribbon, roundShade(defs, ribbonTone, 0.3)) +
      bow,
    shadows: [{ cx: CX + 30, cy: cy + 96, rx: rx + 40, ry: 60, strength: 0.35 }],
    bounds: [CX - rx, crownTop - 20, CX + rx, cy + ry + 20],
  };
}

function scarf(defs: Defs, tone: Tone, rng: Rng): Drawing {
  const accent = pick(rng, [METALS.gold, toneFrom('#f3ead8'), toneFrom('#1f2a44')]);
  const motif = pick(rng, ['dots', 'diamonds', 'stripes'] as const);
  const tile =
    motif === 'dots'
      ? `<rect width="60" height="60" fill="${tone.base}"/><circle cx="15" cy="15" r="7" fill="${accent.base}"/><circle cx="45" cy="45" r="7" fill="${accent.light}"/>`
      : motif === 'diamonds'
        ? `<rect width="60" height="60" fill="${tone.base}"/><path d="M 30 8 L 52 30 L 30 52 L 8 30 Z" fill="none" stroke="${accent.base}" stroke-width="4"/><circle cx="30" cy="30" r="5" fill="${accent.light}"/>`
        : `<rect width="60" height="60" fill="${tone.base}"/><rect width="60" height="12" fill="${accent.base}"/><rect y="30" width="60" height="5" fill="${accent.light}"/>`;
  const print = defs.pattern(60, 60, tile, 'rotate(-8)');
  const folded = `M ${CX - 300} 610 L ${CX + 250} 566 L ${CX + 330} 800 L ${CX - 250} 858 Z`;
  const edge = `M ${CX - 250} 858 L ${CX + 330} 800 L ${CX + 330} 818 L ${CX - 250} 878 Z`;
  const drape = `M ${CX - 150} 848 C ${CX - 120} 930 ${CX - 40} 980 ${CX + 40} 1040 C ${CX + 70} 1000 ${CX + 150} 940 ${CX + 230} 812 Z`;
  const sheen = defs.linear(
    [
      [0, '#ffffff', 0],
      [0.42, '#ffffff', 0.3],
      [0.55, '#ffffff', 0],
      [1, '#000000', 0.2],
    ],
    0,
    0,
    1,
    1,
  );
  const border = path(
    `M ${CX - 262} 628 L ${CX + 236} 590 L ${CX + 298} 786 L ${CX - 224} 836 Z`,
    'none',
    `stroke="${accent.base}" stroke-width="14"`,
  );
  const fold = path(
    `M ${CX - 270} 734 L ${CX + 290} 684`,
    'none',
    `stroke="${tone.deep}" stroke-opacity="0.35" stroke-width="10"`,
  );
  const drapeShade = defs.linear(
    [
      [0, '#000000', 0.35],
      [0.5, '#000000', 0.05],
      [1, '#000000', 0.3],
    ],
    0,
    0,
    1,
    0,
  );
  return {
    content:
      path(edge, tone.deep) +
      path(folded, print) +
      border +
      path(folded, sheen) +
      fold +
      path(drape, print) +
      path(drape, drapeShade) +
      path(
        `M ${CX - 150} 848 L ${CX + 230} 812`,
        'none',
        `stroke="${tone.deep}" stroke-opacity="0.5" stroke-width="6"`,
      ),
    shadows: [{ cx: CX + 30, cy: 860, rx: 400, ry: 110, strength: 0.3 }],
    bounds: [CX - 310, 560, CX + 340, 1045],
  };
}

function sunglasses(defs: Defs, tone: Tone, shape: 'cat' | 'round' | 'square'): Drawing {
  const cy = 640;
  const lens = (cx: number, side: 1 | -1) => {
    const o = (dx: number) => num(cx + side * dx);
    if (shape === 'round')
      return `M ${o(-112)} ${cy} A 112 104 0 1 0 ${o(112)} ${cy} A 112 104 0 1 0 ${o(-112)} ${cy} Z`;
    if (shape === 'square')
      return `M ${o(-116)} ${cy - 84} L ${o(116)} ${cy - 84} Q ${o(124)} ${cy + 20} ${o(100)} ${cy + 84} Q ${o(0)} ${cy + 100} ${o(-100)} ${cy + 84} Q ${o(-124)} ${cy + 20} ${o(-116)} ${cy - 84} Z`;
    return `M ${o(-112)} ${cy - 50} Q ${o(-40)} ${cy - 96} ${o(138)} ${cy - 110} Q ${o(130)} ${cy + 30} ${o(70)} ${cy + 84} Q ${o(-20)} ${cy + 110} ${o(-92)} ${cy + 60} Q ${o(-124)} ${cy + 10} ${o(-112)} ${cy - 50} Z`;
  };
  const glass = defs.linear([
    [0, darken(tone.base, 0.55)],
    [0.6, darken(tone.base, 0.75)],
    [1, '#050505'],
  ]);
  const reflection = defs.linear(
    [
      [0, '#ffffff', 0],
      [0.35, '#ffffff', 0.32],
      [0.5, '#ffffff', 0.05],
      [1, '#ffffff', 0],
    ],
    0,
    0,
    1,
    1,
  );
  const frame = tone;
  const lenses = ([-1, 1] as const)
    .map((side) => {
      const d = lens(CX + side * 150, side);
      return (
        path(d, glass) +
        path(d, reflection) +
        path(d, 'none', `stroke="${frame.deep}" stroke-width="24" stroke-linejoin="round"`) +
        path(d, 'none', `stroke="${frame.base}" stroke-width="16" stroke-linejoin="round"`) +
        path(d, 'none', `stroke="${frame.light}" stroke-width="4" stroke-opacity="0.7" transform="translate(-2 -4)"`)
      );
    })
    .join('');
  const bridge = path(
    `M ${CX - 44} ${cy - 50} Q ${CX} ${cy - 86} ${CX + 44} ${cy - 50}`,
    'none',
    `stroke="${frame.base}" stroke-width="16" stroke-linecap="round"`,
  );
  // Seen straight on, the temples run away from the camera; only their hinges show.
  const temples = ([-1, 1] as const)
    .map((side) =>
      path(
        `M ${CX + side * 258} ${cy - 58} L ${CX + side * 284} ${cy - 60}`,
        'none',
        `stroke="${frame.dark}" stroke-width="16" stroke-linecap="round"`,
      ),
    )
    .join('');
  return {
    content: lenses + temples + bridge + sparkle(CX - 200, cy - 60, 22, 0.8),
    shadows: [{ cx: CX, cy: cy + 150, rx: 330, ry: 34, strength: 0.36 }],
    bounds: [CX - 300, cy - 130, CX + 300, cy + 150],
  };
}

const DRAW: Record<AccessoryKind, (defs: Defs, tone: Tone, rng: Rng) => Drawing> = {
  tote,
  'flap-bag': (defs, tone, rng) => flapBag(defs, tone, rng, false),
  'quilted-bag': (defs, tone, rng) => flapBag(defs, tone, rng, true),
  belt,
  'sun-hat': (defs, tone, rng) => hat(defs, tone, rng, false),
  fedora: (defs, tone, rng) => hat(defs, tone, rng, true),
  scarf,
  'cat-eye-sunglasses': (defs, tone) => sunglasses(defs, tone, 'cat'),
  'round-sunglasses': (defs, tone) => sunglasses(defs, tone, 'round'),
  'square-sunglasses': (defs, tone) => sunglasses(defs, tone, 'square'),
};

export function drawAccessory(kind: AccessoryKind, defs: Defs, tone: Tone, rng: Rng): Drawing {
  return DRAW[kind](defs, tone, rng);
}
